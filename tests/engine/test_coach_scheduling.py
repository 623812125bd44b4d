"""When the coach's blunder check runs: only for a seat whose word someone
will read, never before the move is sent, and on a server (a lean table)
only once the move is made, a quick look first and a closer one only when
the quick look suspects a slip."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from tabletop_tui.engine import Match, SeatConfig, coach, get, thinker
from tabletop_tui.engine.runners import FakeClock, InlineRunner
from tabletop_tui.engine.table import Table

from .test_table import Inbox


class Looks:
    """Stands in for ``thinker.rank``: records each look (its iterations,
    None for the level's full budget) and answers with the ranking the test
    set for that budget; ``events`` also holds what the subscriber saw when."""

    def __init__(self, events: list) -> None:
        self.events = events
        self.asked: list[int | None] = []
        self.answers: dict[int | None, list] = {}

    def __call__(self, game_id, state, seat, level, seed, *, later=False, iterations=None) -> Future:
        self.asked.append(iterations)
        self.events.append(("look", iterations))
        f: Future = Future()
        ranked = self.answers.get(iterations)
        if ranked is None:  # a full look nobody set: the legal moves, the first best
            game = get(game_id)
            ranked = [(a, 0.5, 10) for a in game.legal_actions(state, seat)]
        f.set_result([(a.model_dump(mode="json"), v, n) for a, v, n in ranked])
        return f


@pytest.fixture
def looks(monkeypatch):
    events: list = []
    fake = Looks(events)
    monkeypatch.setattr(thinker, "rank", fake)
    return fake


def tiki(coach_flags: bool = True, lean: bool = False) -> tuple[Match, Table]:
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4,
              options={"first_player": "Purple"}, autosave=False, coach_flags=coach_flags)
    return m, Table(m, runner=InlineRunner(), clock=FakeClock(), lean_coach=lean)


def recording(looks: Looks) -> Inbox:
    class Recorder(Inbox):
        def __call__(self, updates: dict) -> None:
            super().__call__(updates)
            looks.events.append(("update", max(u.serial for u in updates.values())))
    return Recorder()


def slip_and_best(m: Match, seat: int):
    legal = m.legal_actions(seat)
    return legal[-1], legal[0]


def test_a_lean_table_tells_the_mover_of_a_slip_after_two_looks_and_only_after_the_move_was_sent(looks):
    m, table = tiki(lean=True)
    inbox = recording(looks)
    table.subscribe([0, 1], inbox)
    seat = m.to_act()[0]
    assert looks.asked == [], "a lean table does not look ahead"
    slip, best = slip_and_best(m, seat)
    looks.answers[coach.SCREEN_ITERATIONS] = [(best, 0.9, 150), (slip, 0.6, 20)]
    looks.answers[coach.CHECK_ITERATIONS] = [(best, 0.95, 600), (slip, 0.1, 40)]
    before = len(looks.events)
    table.act(slip, seat)
    assert looks.asked == [coach.SCREEN_ITERATIONS, coach.CHECK_ITERATIONS]
    after = looks.events[before:]
    assert after[0] == ("update", 1), f"the move was sent before any look: {after}"
    assert inbox.last[seat].coach.startswith("Coach: that move looks like a slip")
    assert m.text(m.game.describe_action(table.game.clone(m.state), best, seat)).split()[0] in inbox.last[seat].coach
    assert inbox.last[1 - seat].coach == ""


def test_a_move_the_quick_look_does_not_suspect_gets_no_closer_look(looks):
    m, table = tiki(lean=True)
    table.subscribe([0, 1], Inbox())
    seat = m.to_act()[0]
    slip, best = slip_and_best(m, seat)
    looks.answers[coach.SCREEN_ITERATIONS] = [(best, 0.7, 150), (slip, 0.6, 40)]
    table.act(slip, seat)
    assert looks.asked == [coach.SCREEN_ITERATIONS]
    assert table.update_for(seat).coach == ""


def test_a_hint_asked_at_that_position_stands_for_both_looks(looks):
    m, table = tiki(lean=True)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    seat = m.to_act()[0]
    slip, best = slip_and_best(m, seat)
    looks.answers[None] = [(best, 0.9, 500), (slip, 0.2, 30)]
    table.coach(seat, lambda *a: None)
    table.act(slip, seat)
    assert looks.asked == [None], "the hint's full look judged the move"
    assert inbox.last[seat].coach.startswith("Coach:")


@pytest.mark.parametrize("lean", [False, True])
def test_no_look_for_a_seat_no_client_follows_or_a_table_without_the_coach(looks, lean):
    m, table = tiki(lean=lean)
    table.subscribe([], Inbox())  # a spectator reads no seat's word
    ben = Inbox()
    table.subscribe([1], ben)  # Ben's client; Ana (seat 0, to move) has none here
    seat = m.to_act()[0]
    assert seat == 0
    table.act(m.legal_actions(seat)[-1], seat)
    # Ana's move gets no look; a table that looks ahead looks at Ben's position
    want = [] if lean else [None]
    assert looks.asked == want
    off_m, off = tiki(coach_flags=False, lean=lean)
    off.subscribe([0, 1], Inbox())
    off.act(off_m.legal_actions(0)[-1], 0)
    assert looks.asked == want
    table.act(m.legal_actions(1)[-1], 1)  # Ben is followed: his move is looked at
    assert looks.asked


def test_a_table_that_looks_ahead_does_so_only_for_followed_seats(looks):
    m, table = tiki(lean=False)
    table.subscribe([1], Inbox())
    assert looks.asked == [], "Ana to move, and nobody follows her seat"
    table.act(m.legal_actions(0)[0], 0)
    assert looks.asked == [None], "Ben faces a position and his client follows it"
    table.subscribe([0], Inbox())
    assert looks.asked == [None]
