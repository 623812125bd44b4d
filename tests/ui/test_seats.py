"""Seat policies: whose view a client shows, and when the keyboard is handed over."""

from __future__ import annotations

from tabletop_tui.ui.seats import FixedSeat, HotSeat, Spectator


def test_hot_seat_shows_whoever_of_its_seats_must_act():
    p = HotSeat([0, 2], secret=True)
    assert p.pick([2], None) == 2
    assert p.pick([0, 2], 2) == 2  # simultaneous bids: the one at the keys goes on
    assert p.pick([1], 2) == 2  # a bot or a remote player acts: keep the board
    assert p.pick([1], None) is None  # secrets and two people here: the public view
    assert p.needs_handoff(0, 2) and not p.needs_handoff(2, 2)


def test_hot_seat_without_secrets_never_hides_the_board():
    p = HotSeat([0, 1], secret=False)
    assert p.pick([1], 0) == 1 and not p.needs_handoff(1, 0)
    assert p.pick([], None) == 0


def test_one_player_among_bots_needs_no_handoff():
    p = HotSeat([1], secret=True)
    assert p.pick([0], None) == 1 and not p.needs_handoff(1, None)


def test_fixed_seat_and_spectator():
    assert FixedSeat(3).pick([0], None) == 3 and FixedSeat(3).seats == (3,)
    s = Spectator()
    assert s.seats == () and s.pick([0], None) is None and not s.needs_handoff(None, None)
