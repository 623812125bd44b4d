"""The secret tile variant (N9), for 3 and 4 players."""

from __future__ import annotations

from tabletop_tui.games.nyakuza import moai
from tabletop_tui.games.nyakuza.data import ISLAND

from .util import (
    ANNE, BEN, CARA, DAN, GAME, Bid, Pass, Place, PlaySecret, check_invariants, kind, new, palm, play, position,
    put, refused, texts, tile,
)


def give_secret(state, seat: int, number: int) -> None:
    """Make ``number`` the secret tile of ``seat`` (swapping tiles around so
    that all 60 stay accounted for)."""
    assert not state.revealed[tile(number)]
    old = state.secret[seat]
    if number in state.stack:
        i = state.stack.index(number)
        state.stack[i] = old
    else:
        other = state.secret.index(number)
        state.secret[other] = old
    state.secret[seat] = number


def test_lay_the_secret_tile_during_a_placement():
    state = new(3, secret=True, amulet=2, seed=4)
    own = state.secret[ANNE]
    for seat, bid in [(ANNE, 3), (BEN, 1), (CARA, 0)]:
        play(state, Bid(shells=bid), seat)
    assert GAME.to_act(state) == [ANNE]
    acts = GAME.legal_actions(state, ANNE)
    assert PlaySecret() in acts and Pass() not in acts
    assert GAME.view(state, ANNE).can_play_secret
    play(state, Place(space=GAME.legal_actions(state, ANNE)[0].space), ANNE)
    events = play(state, PlaySecret(), ANNE)
    assert state.secret[ANNE] is None
    assert state.revealed[tile(own)] and state.occupant[tile(own)] == ANNE
    assert state.supply[ANNE] == 40 - 3 - 1, "the extra token comes from the supply"
    assert state.queue[0] == (ANNE, 2), "the regular tokens are still to place"
    assert any(e.reveals and f"lays their secret tile {ISLAND.space_of(own).name} ({kind(tile(own))})" in e.text for e in events)
    assert PlaySecret() not in GAME.legal_actions(state, ANNE)
    refused(state, PlaySecret(), ANNE, "already laid your secret tile")
    check_invariants(state)


def test_who_placed_nothing_may_lay_it_after_the_placements():
    state = new(3, secret=True, amulet=2, seed=4)
    for seat, bid in [(ANNE, 3), (BEN, 1), (CARA, 0)]:
        play(state, Bid(shells=bid), seat)
    refused(state, PlaySecret(), CARA, "not your turn")
    while state.phase == "place":
        (seat,) = GAME.to_act(state)
        play(state, next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Place)), seat)
    assert state.phase == "secret" and GAME.to_act(state) == [CARA], "Anne and Ben placed: only Cara is asked"
    assert GAME.legal_actions(state, CARA) == [PlaySecret(), Pass()]
    refused(state, Place(space=palm("P10")), CARA, "no token to place now")
    held = state.secret[CARA]
    events = play(state, PlaySecret(), CARA)
    assert state.occupant[tile(held)] == CARA and state.supply[CARA] == 39
    assert state.round == 2 and state.phase == "bid"
    assert "Round 2" in texts(events)
    check_invariants(state)


def test_the_secret_tile_may_be_kept():
    state = new(4, secret=True, amulet=0, seed=2)
    for seat in range(4):
        play(state, Bid(shells=0), seat)
    # nobody placed: everyone is asked, clockwise from the player left of the amulet
    assert state.phase == "secret" and state.offers == [1, 2, 3, 0]
    events = play(state, Pass(), BEN)
    assert "{s1} keeps their secret tile for later." in texts(events)
    assert state.secret[BEN] is not None and GAME.to_act(state) == [CARA]
    for seat in (CARA, DAN, ANNE):
        play(state, Pass(), seat)
    assert state.round == 2 and all(t is not None for t in state.secret)


def test_the_secret_tile_obeys_the_moai_rules():
    state = position(4, secret=True, placer=DAN, own={DAN: [tile(11), palm("P10")]}, shells=[12, 12, 12, 1])
    give_secret(state, DAN, 21)
    refused(state, PlaySecret(), DAN, "You cannot lay your secret tile now",
            "You need 2 shells to spend two food; you have 1")
    state.shells[DAN] = 2
    state.reef -= 1
    events = play(state, PlaySecret(), DAN)
    assert state.moai[palm("P10")] and state.spent[tile(11)] and state.spent[tile(21)]
    assert "erects a Moai on coastal palm P10" in texts(events)
    assert state.queue == [(DAN, 3)]


def test_no_token_left_for_the_secret_tile():
    state = position(4, secret=True, placer=DAN, tokens=1)
    state.supply[DAN] = 0
    refused(state, PlaySecret(), DAN, "no token left in your supply")
    assert PlaySecret() not in GAME.legal_actions(state, DAN)


def test_when_only_the_secret_tile_can_be_played():
    state = new(3, secret=True, amulet=2, seed=4)
    for s in range(110):  # Ben covers every turned-up tile
        if state.revealed[s]:
            put(state, BEN, s)
    for seat, bid in [(ANNE, 2), (BEN, 0), (CARA, 0)]:
        play(state, Bid(shells=bid), seat)
    assert GAME.to_act(state) == [ANNE]
    assert GAME.legal_actions(state, ANNE) == [PlaySecret(), Pass()]
    events = play(state, Pass(), ANNE)
    assert "{s0} cannot place 3 tokens and returns them to the supply." in texts(events)
    assert state.supply[ANNE] == 40 and state.secret[ANNE] is not None
    check_invariants(state)


def test_laying_the_secret_tile_opens_palms_for_the_other_tokens():
    state = new(3, secret=True, amulet=2, seed=4)
    for s in range(110):
        if state.revealed[s]:
            put(state, BEN, s)
    for seat, bid in [(ANNE, 2), (BEN, 0), (CARA, 0)]:
        play(state, Bid(shells=bid), seat)
    held = state.secret[ANNE]
    play(state, PlaySecret(), ANNE)
    assert state.occupant[tile(held)] == ANNE
    assert state.phase == "place" and GAME.to_act(state) == [ANNE] and state.queue == [(ANNE, 3)]
    palms = {n for n in moai.ADJ[tile(held)] if moai.IS_PALM[n] and state.occupant[n] is None}
    assert palms, "every resource space touches a palm"
    assert {a.space for a in GAME.legal_actions(state, ANNE)} == palms
    check_invariants(state)


def test_without_the_variant_there_is_no_secret_tile():
    state = position(4, placer=DAN)
    refused(state, PlaySecret(), DAN, "without secret tiles")
    assert state.secret == [None] * 4
    assert GAME.view(state, DAN).secret_tile is None
