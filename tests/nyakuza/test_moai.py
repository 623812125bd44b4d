"""Erecting Moai (N6) and the Ceremonial Moai at Orongo (N7).

The places named here are on our island (assets/nyakuza/island.json):

    P10 (coastal palm) touches 11 food, 21 food, 20 birdman, P11
    P14 (coastal palm) touches 11 food, 20 birdman, 26 food, P23
    P22 (coastal palm) touches 26 food, 34 nest
    26 food touches 35 quarry, P14, P22, P23;   P23 is an inland palm
    35 quarry touches P32 (coastal palm) and P23
    P13 (coastal palm) touches 9 god, 10 temple, 19 birdman, 25 nest
    19 birdman touches 25 nest;   Orongo touches 3 quarry and 10 temple
"""

from __future__ import annotations

import pytest

from tabletop_tui.games.nyakuza import moai

from .util import (
    ANNE, DAN, GAME, ORONGO, Erect, Pass, Place, check_invariants, kind, palm, play, position, refused, texts, tile,
)


def test_the_map_holds_what_these_tests_use():
    adj = lambda s: set(moai.ADJ[s])  # noqa: E731
    assert {tile(11), tile(21), tile(20), palm("P11")} == adj(palm("P10"))
    assert {tile(11), tile(20), tile(26), palm("P23")} == adj(palm("P14"))
    assert {tile(26), tile(34)} == adj(palm("P22"))
    assert {tile(35), palm("P14"), palm("P22"), palm("P23")} <= adj(tile(26))
    assert {palm("P32"), palm("P23")} <= adj(tile(35))
    assert {tile(9), tile(10), tile(19), tile(25)} <= adj(palm("P13"))
    assert tile(25) in adj(tile(19))
    assert {tile(3), tile(10)} == adj(ORONGO)
    kinds = {n: kind(tile(n)) for n in (3, 9, 10, 11, 19, 20, 21, 25, 26, 34, 35)}
    assert kinds == {3: "quarry", 9: "god", 10: "temple", 11: "food", 19: "birdman", 20: "birdman",
                     21: "food", 25: "nest", 26: "food", 34: "nest", 35: "quarry"}
    for p in ("P10", "P14", "P22", "P13", "P32"):
        assert moai.MOAI_SITE[palm(p)]
    assert not moai.MOAI_SITE[palm("P23")] and not moai.MOAI_SITE[ORONGO]


def test_rulebook_example_dan_erects_two_moai():
    """Dan places his first token on a coastal palm in a group with his two
    food tokens: a Moai rises there and a shell goes on each food tile. He
    places his other two tokens; now his connected tokens hold a nest, a
    birdman and another coastal palm: a second Moai, shells on both tiles.
    (The rulebook's tiles 4 & 8 food, 1 nest, 2 birdman are 11 & 21, 25, 19
    on our island.)"""
    state = position(4, placer=DAN, tokens=3, own={DAN: [tile(11), tile(21), tile(25)]}, open_tiles=[19])
    events = play(state, Place(space=palm("P10")), DAN)
    assert state.moai[palm("P10")] and state.occupant[palm("P10")] == DAN
    assert state.spent[tile(11)] and state.spent[tile(21)]
    assert state.shells[DAN] == 10 and state.moai_left[DAN] == 4
    assert ("{s3} erects a Moai on coastal palm P10, putting a shell on each of 11f (food) and 21f (food) "
            "(4 Moai left).") in texts(events)
    assert state.phase == "place" and state.queue == [(DAN, 2)]
    play(state, Place(space=tile(19)), DAN)  # birdman next to his nest: no coastal palm yet
    assert state.moai_left[DAN] == 4
    events = play(state, Place(space=palm("P13")), DAN)
    assert state.moai[palm("P13")] and state.spent[tile(19)] and state.spent[tile(25)]
    assert state.shells[DAN] == 8 and state.moai_left[DAN] == 3
    assert "putting a shell on each of 19m (birdman) and 25n (nest)" in texts(events)
    assert state.queue == [] and state.phase != "place"
    check_invariants(state)


def test_several_palms_the_player_chooses():
    state = position(4, placer=DAN, own={DAN: [tile(11), tile(21), palm("P14")]})
    play(state, Place(space=palm("P10")), DAN)
    assert state.phase == "erect" and GAME.to_act(state) == [DAN]
    choices = GAME.legal_actions(state, DAN)
    assert {(a.palm, a.tiles) for a in choices} == {(palm("P10"), (tile(11), tile(21))),
                                                     (palm("P14"), (tile(11), tile(21)))}
    view = GAME.view(state, DAN)
    assert view.chooser == DAN and len(view.erection_options) == 2
    assert GAME.view(state, ANNE).erection_options == [] and GAME.view(state, ANNE).chooser == DAN
    refused(state, Place(space=palm("P11")), DAN, "First choose where your Moai goes")
    refused(state, Erect(palm=palm("P22"), tiles=(tile(11), tile(21))), DAN, "cannot erect a Moai that way")
    refused(state, Erect(palm=palm("P14"), tiles=(tile(11), tile(21))), ANNE, "not your turn")
    play(state, Erect(palm=palm("P14"), tiles=(tile(11), tile(21))), DAN)
    assert state.moai[palm("P14")] and not state.moai[palm("P10")]
    assert state.phase == "place" and state.queue == [(DAN, 2)]
    check_invariants(state)


def test_several_recipes_and_repeats_while_the_group_qualifies():
    own = [tile(11), tile(21), palm("P14"), tile(26), tile(35), palm("P22")]
    state = position(4, placer=DAN, own={DAN: own})
    play(state, Place(space=palm("P10")), DAN)
    first = {(a.palm, a.tiles) for a in GAME.legal_actions(state, DAN)}
    recipes = {(tile(35),), (tile(11), tile(21)), (tile(11), tile(26)), (tile(21), tile(26))}
    assert first == {(p, r) for p in (palm("P10"), palm("P14"), palm("P22")) for r in recipes}
    play(state, Erect(palm=palm("P22"), tiles=(tile(35),)), DAN)
    assert state.phase == "erect", "the group still qualifies: another Moai"
    second = {(a.palm, a.tiles) for a in GAME.legal_actions(state, DAN)}
    assert second == {(p, r) for p in (palm("P10"), palm("P14")) for r in recipes - {(tile(35),)}}
    play(state, Erect(palm=palm("P10"), tiles=(tile(11), tile(26))), DAN)
    # one food left: no recipe, so no third Moai
    assert state.phase == "place" and state.moai_left[DAN] == 3 and state.shells[DAN] == 9
    assert not state.spent[tile(21)]
    check_invariants(state)


def test_a_single_way_is_taken_without_asking():
    state = position(4, placer=DAN, own={DAN: [tile(35)]})
    play(state, Place(space=tile(26)), DAN)
    assert state.phase == "place"
    play(state, Place(space=palm("P22")), DAN)
    assert state.moai[palm("P22")] and state.spent[tile(35)] and not state.spent[tile(26)]
    assert state.shells[DAN] == 11


def test_refused_when_the_forced_moai_cannot_be_paid():
    state = position(4, placer=DAN, own={DAN: [tile(9), tile(10)]}, shells=[12, 12, 12, 1])
    reason = refused(state, Place(space=palm("P13")), DAN, "You need 2 shells to spend temple + god; you have 1")
    assert reason == ("A token there would make you erect a Moai you cannot pay for. "
                      "You need 2 shells to spend temple + god; you have 1.")
    assert palm("P13") not in {a.space for a in GAME.legal_actions(state, DAN)}
    # the token goes somewhere else; with 2 shells it may go there
    state.shells[DAN] = 2
    state.reef -= 1
    play(state, Place(space=palm("P13")), DAN)
    assert state.moai[palm("P13")] and state.shells[DAN] == 0


def test_refused_quarry_with_no_shell():
    state = position(4, placer=DAN, own={DAN: [tile(35)]}, shells=[12, 12, 12, 0])
    refused(state, Place(space=palm("P32")), DAN, "You need 1 shell to spend the quarry; you have none")
    play(state, Place(space=palm("P23")), DAN)  # an inland palm: never a Moai, so no shell needed
    assert not any(state.moai)


def test_a_further_moai_that_cannot_be_paid_is_not_erected():
    own = [tile(11), tile(21), palm("P14"), tile(26), tile(35), palm("P22")]
    state = position(4, placer=DAN, own={DAN: own}, shells=[12, 12, 12, 2])
    play(state, Place(space=palm("P10")), DAN)
    assert state.phase == "erect"
    events = play(state, Erect(palm=palm("P10"), tiles=(tile(11), tile(21))), DAN)
    assert "{s3}'s group could raise another Moai, but {s3} cannot pay for it: it is not erected." in texts(events)
    assert state.shells[DAN] == 0 and state.moai_left[DAN] == 4 and not state.spent[tile(35)]
    assert state.phase == "place" and state.queue == [(DAN, 2)]
    # the group still qualifies: adding to it would force that Moai, unpaid (own ruling)
    refused(state, Place(space=palm("P23")), DAN, "You need 1 shell to spend the quarry; you have none")
    check_invariants(state)


def test_spent_tiles_and_moai_connect_but_are_not_used_again():
    state = position(4, placer=DAN, own={DAN: [tile(11), tile(21), palm("P10")]}, spent=[tile(11), tile(21)],
                     moai_at=[palm("P10")], open_tiles=[26, 35], shells=[12, 12, 12, 10])
    assert state.moai_left[DAN] == 4
    play(state, Place(space=palm("P14")), DAN)  # free coastal palm, but only spent tiles
    play(state, Place(space=tile(26)), DAN)  # one unspent food
    assert not state.moai[palm("P14")] and state.phase == "place"
    play(state, Place(space=tile(35)), DAN)  # a quarry joins through the spent tiles' group
    assert state.moai[palm("P14")] and state.spent[tile(35)] and not state.spent[tile(26)]
    assert state.moai_left[DAN] == 3
    check_invariants(state)


def test_no_moai_left_no_erection_and_no_shell_needed():
    state = position(4, placer=DAN, own={DAN: [tile(35)]}, shells=[12, 12, 12, 0], moai_left=[5, 5, 5, 0])
    play(state, Place(space=palm("P32")), DAN)
    assert not any(state.moai) and state.phase == "place"


def test_inland_palms_never_carry_a_moai():
    state = position(4, placer=DAN, own={DAN: [tile(35)]})
    play(state, Place(space=palm("P23")), DAN)
    assert not any(state.moai) and not state.spent[tile(35)]


# -- Orongo and the Ceremonial Moai (N7) -------------------------------------------------


def test_orongo_is_kept_for_the_ceremonial_moai():
    state = position(4, placer=DAN, own={DAN: [tile(3)]}, moai_left=[5, 5, 5, 1])
    refused(state, Place(space=ORONGO), DAN, "Orongo is kept for the Ceremonial Moai", "1 left")
    assert ORONGO not in {a.space for a in GAME.legal_actions(state, DAN)}


def test_orongo_needs_a_neighbouring_token_a_recipe_and_the_shells():
    state = position(4, placer=DAN, own={DAN: [tile(35)]}, moai_left=[5, 5, 5, 0])
    refused(state, Place(space=ORONGO), DAN, "next to one of your own tokens")
    state = position(4, placer=DAN, own={DAN: [tile(10)]}, moai_left=[5, 5, 5, 0])
    refused(state, Place(space=ORONGO), DAN, "must hold an unspent quarry, temple + god, birdman + nest or two food")
    state = position(4, placer=DAN, own={DAN: [tile(3)]}, moai_left=[5, 5, 5, 0], shells=[12, 12, 12, 0])
    refused(state, Place(space=ORONGO), DAN, "You need 1 shell to spend the quarry; you have none",
            "cannot erect the Ceremonial Moai")


def test_the_ceremonial_moai_wins_at_once():
    state = position(4, placer=DAN, tokens=3, own={DAN: [tile(3)]}, moai_left=[5, 5, 5, 0])
    state.queue.append((ANNE, 2))
    state.supply[ANNE] -= 2
    events = play(state, Place(space=ORONGO), DAN)
    assert GAME.is_over(state) and state.winners == [DAN] and state.ceremonial == DAN
    assert state.moai[ORONGO] and state.spent[tile(3)] and state.shells[DAN] == 11
    assert state.queue == [] and GAME.to_act(state) == []
    assert state.supply[ANNE] == 40 and state.supply[DAN] == 38, "unplaced tokens go back to the supply"
    assert "{s3} erects the Ceremonial Moai at Orongo" in texts(events)
    res = GAME.result(state)
    assert res.winners == [DAN] and res.details[DAN]["ceremonial_moai"] is True
    assert res.summary == "{s3} erected the Ceremonial Moai at Orongo."
    refused(state, Place(space=tile(35)), ANNE, "game is over")


def test_ceremonial_moai_with_a_choice_of_recipes():
    state = position(4, placer=DAN, own={DAN: [tile(3), tile(10), tile(9)]}, moai_left=[5, 5, 5, 0])
    play(state, Place(space=ORONGO), DAN)
    assert state.phase == "erect"
    ways = {(a.palm, a.tiles) for a in GAME.legal_actions(state, DAN)}
    assert ways == {(ORONGO, (tile(3),)), (ORONGO, (tile(10), tile(9)))}
    play(state, Erect(palm=ORONGO, tiles=(tile(10), tile(9))), DAN)
    assert state.winners == [DAN] and state.spent[tile(9)] and not state.spent[tile(3)]
    assert state.shells[DAN] == 10


@pytest.mark.parametrize("shells,expected", [(0, None), (1, "the quarry"), (2, "temple + god")])
def test_cheapest_recipe(shells, expected):
    v = [0] * 7
    if expected == "the quarry":
        v[moai.Q] = 1
    elif expected == "temple + god":
        v[moai.T] = v[moai.G] = 1
    got = moai.cheapest_recipe(v)
    assert (got[1] if got else None) == expected


def test_pass_is_refused_while_a_token_can_be_placed():
    state = position(4, placer=DAN)
    refused(state, Pass(), DAN, "You must place your token")
