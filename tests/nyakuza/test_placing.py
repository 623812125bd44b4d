"""Placing tokens (N5): where, in which order, forced, forfeited."""

from __future__ import annotations

from tabletop_tui.games.nyakuza import moai

from .util import (
    ANNE, BEN, DAN, GAME, Bid, Erect, Pass, Place, PlaySecret, check_invariants, legal_by_judge, new, palm, play,
    position, put, refused, texts, tile,
)


def hidden_tile(state) -> int:
    """A tile number still face down."""
    return state.stack[0]


def test_where_a_token_may_go():
    state = position(4, placer=DAN, own={DAN: [tile(21)], ANNE: [tile(20)]})
    legal = {a.space for a in GAME.legal_actions(state, DAN)}
    # every turned-up free resource space, anywhere on the island
    for s in range(110):
        if state.revealed[s] and state.occupant[s] is None:
            assert s in legal
    # palms only next to an own token: 21 touches P10, P11, P15
    palms = {s for s in legal if moai.IS_PALM[s]}
    assert palms == {palm("P10"), palm("P11"), palm("P15")}
    assert sorted(legal) == legal_by_judge(state, DAN)
    # a free palm next to another player's token only is not Dan's
    assert palm("P14") not in legal and palm("P23") not in legal


def test_refused_placements_leave_the_state_unchanged():
    state = position(4, placer=DAN, own={DAN: [tile(21)], ANNE: [tile(20)]})
    face_down = hidden_tile(state)
    refused(state, Place(space=tile(face_down)), DAN, f"Space {face_down} is not open")
    refused(state, Place(space=tile(20)), DAN, "already taken")
    refused(state, Place(space=tile(21)), DAN, "You already have a token there")
    refused(state, Place(space=palm("P14")), DAN, "next to one of your own tokens")
    refused(state, Place(space=palm("P10")), ANNE, "not your turn")
    refused(state, Bid(shells=1), DAN, "not now")
    refused(state, Erect(palm=palm("P10"), tiles=(tile(21),)), DAN, "no Moai waiting")
    refused(state, Pass(), DAN, "must place")
    refused(state, PlaySecret(), DAN, "without secret tiles")


def test_one_token_at_a_time_and_palms_open_as_tokens_spread():
    state = position(4, placer=DAN, tokens=3, open_tiles=[35])
    assert palm("P23") not in {a.space for a in GAME.legal_actions(state, DAN)}
    events = play(state, Place(space=tile(35)), DAN)
    assert texts(events) == "{s3} places a token on 35q (quarry)."
    assert state.queue == [(DAN, 2)] and GAME.to_act(state) == [DAN]
    legal = {a.space for a in GAME.legal_actions(state, DAN)}
    assert {palm("P23"), palm("P32"), palm("P33")} <= legal
    play(state, Place(space=palm("P23")), DAN)
    assert state.queue == [(DAN, 1)]
    # the palm next to the new palm token opens too
    assert palm("P14") in {a.space for a in GAME.legal_actions(state, DAN)}
    check_invariants(state)


def test_a_token_with_no_legal_space_goes_back_to_the_supply():
    state = new(2, amulet=1)
    for s in range(110):  # Blue covers every turned-up tile
        if state.revealed[s]:
            put(state, 1, s)
    play(state, Bid(shells=2), 0)
    events = play(state, Bid(shells=0), 1)
    assert "{s0} has no space to place 3 tokens on; they go back to the supply." in texts(events)
    assert state.supply[0] == 40 and state.shells[0] == 22
    assert state.round == 2 and state.phase == "bid"
    check_invariants(state)


def test_only_the_tokens_that_cannot_be_placed_are_forfeited():
    state = new(2, amulet=1)
    spot = next(s for s in range(110) if state.revealed[s])
    for s in range(110):
        if state.revealed[s] and s != spot:
            put(state, 1, s)
    for n in moai.ADJ[spot]:  # the one free tile is walled in by Blue's palms
        if moai.IS_PALM[n] and state.occupant[n] is None:
            put(state, 1, n)
    play(state, Bid(shells=1), 0)
    play(state, Bid(shells=0), 1)
    assert [a.space for a in GAME.legal_actions(state, 0)] == [spot]
    events = play(state, Place(space=spot), 0)
    assert "{s0} has no space to place 2 tokens on; they go back to the supply." in texts(events)
    assert state.supply[0] == 39 and state.occupant[spot] == 0
    check_invariants(state)


def test_forced_placement_lists_no_pass():
    state = position(4, placer=DAN)
    acts = GAME.legal_actions(state, DAN)
    assert acts and all(isinstance(a, Place) for a in acts)
    assert GAME.legal_actions(state, ANNE) == []


def test_legal_actions_agree_with_check_on_every_space():
    state = position(4, placer=BEN, own={BEN: [tile(11), tile(21), palm("P14")], DAN: [tile(26)]},
                     shells=[12, 1, 12, 12], open_tiles=[35, 9, 10])
    legal = {a.space for a in GAME.legal_actions(state, BEN)}
    for s in range(110):
        before = state.model_dump_json()
        try:
            GAME.check(state, Place(space=s), BEN)
            ok = True
        except Exception:
            ok = False
        assert state.model_dump_json() == before
        assert ok == (s in legal), s
