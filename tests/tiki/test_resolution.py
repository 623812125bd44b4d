"""Influence and resolution (T3, T4): 3 tikis influence a village; its top
tiki's owner takes the village's effect; the tikis go home; several villages
in one turn are resolved in the order the player who did NOT move chooses.

Layout of the hand-built positions (villages in reading order)::

    0 harbour | 1 jungle | 2 jungle
    3 jungle  | 4 marsh  | 5 marsh
    6 marsh   | 7 cursed | 8 cursed
"""

from __future__ import annotations

import pytest

from tabletop_tui.games.tiki.rules import Move, Place, Resolve

from .util import (
    CURSED, GAME, HARBOUR, JUNGLE, MARSH, PURPLE, YELLOW, check_invariants, influence, play, position,
    refused,
)


def test_three_tikis_influence_a_village_and_go_back_to_their_owners():
    state = position({JUNGLE: [YELLOW, PURPLE], 0: [PURPLE]}, active=PURPLE)
    assert (state.supply(PURPLE), state.supply(YELLOW)) == (6, 7)
    play(state, Move(start=0, path=(JUNGLE,)), PURPLE)
    assert state.stacks[JUNGLE] == [], "the 3 tikis are removed"
    assert (state.supply(PURPLE), state.supply(YELLOW)) == (8, 8), "... and given back to their owners"
    assert state.fruit == [1, 0] and state.reserve == 6
    assert state.active == YELLOW and state.phase == "turn"
    check_invariants(state)


def test_two_tikis_do_not_influence():
    state = position({JUNGLE: [YELLOW], 0: [PURPLE]}, active=PURPLE)
    play(state, Move(start=0, path=(JUNGLE,)), PURPLE)
    assert state.stacks[JUNGLE] == [YELLOW, PURPLE]
    assert state.fruit == [0, 0] and state.reserve == 7


def test_the_owner_of_the_top_tiki_wins_even_if_the_other_player_moved():
    # Yellow moves its totem (purple under yellow) through the jungle, leaving
    # the purple tiki on top of two yellow ones: purple owns the 3-stack.
    state = position({0: [PURPLE, YELLOW], JUNGLE: [YELLOW, YELLOW]}, active=YELLOW)
    play(state, Move(start=0, path=(JUNGLE, 2)), YELLOW)
    assert state.fruit == [1, 0]
    assert state.stacks[JUNGLE] == [] and state.stacks[2] == [YELLOW]


def test_harbour_gives_two():
    state, events = influence(HARBOUR, YELLOW)
    assert state.fruit == [0, 2] and state.reserve == 5
    assert "gains 2 fruit" in events[-1].text


def test_harbour_gives_what_the_reserve_holds():
    # Reserve 1: the harbour gives only 1 (and the empty reserve then ends the game).
    state, _ = influence(HARBOUR, PURPLE, fruit=(2, 2), spoiled=2)
    assert state.fruit == [3, 2] and state.reserve == 0
    assert state.winner == PURPLE
    check_invariants(state)


def test_jungle_gives_one():
    state, events = influence(JUNGLE, PURPLE)
    assert state.fruit == [1, 0] and state.reserve == 6
    assert "gains 1 fruit" in events[-1].text


def test_marshland_gives_nothing_and_no_shaman_in_the_beginner_game():
    state, events = influence(MARSH, PURPLE, fruit=(1, 1))
    assert state.fruit == [1, 1] and state.reserve == 5 and state.spoiled == 0
    assert state.stacks[MARSH] == []
    assert state.phase == "turn" and state.active == YELLOW, "no shaman phase without the variant"
    assert state.shaman is None
    assert "nothing" in events[-1].text


def test_cursed_village_spoils_one_of_the_owners_fruit():
    state, events = influence(CURSED, PURPLE, fruit=(2, 1))
    assert state.fruit == [1, 1] and state.spoiled == 1 and state.reserve == 4
    assert "loses a fruit" in events[-1].text
    check_invariants(state)


def test_cursed_village_with_no_fruit_spoils_one_from_the_reserve():
    state, events = influence(CURSED, PURPLE, fruit=(0, 2))
    assert state.fruit == [0, 2] and state.spoiled == 1 and state.reserve == 4
    assert "reserve spoils" in events[-1].text


def test_cursed_village_with_no_fruit_and_an_empty_reserve_spoils_nothing():
    # Hand-built: in play an empty reserve ends the game (or returns a fruit
    # in sudden death) before another village is resolved; the rule still holds.
    state, events = influence(CURSED, PURPLE, fruit=(0, 3), spoiled=4)
    assert state.reserve == 0 and state.spoiled == 4 and state.fruit == [0, 3]
    assert any("no fruit to spoil" in e.text for e in events)
    assert state.winner == YELLOW, "the reserve is empty: more fruit wins"


# -- several villages in one turn (T3) ------------------------------------------------------------

def two_at_once(active=PURPLE, **kw):
    """``active`` moves its totem (other under own) from the harbour through
    villages 1 and 2 (both jungles): village 1 gets the other player's tiki on
    top, village 2 the mover's. Both then hold 3 tikis."""
    other = 1 - active
    state = position({0: [other, active], 1: [active, other], 2: [other, active]}, active=active, **kw)
    events = play(state, Move(start=0, path=(1, 2)), active)
    return state, events


@pytest.mark.parametrize("mover", [PURPLE, YELLOW])
def test_the_player_who_did_not_move_chooses_the_order(mover):
    state, _ = two_at_once(active=mover)
    chooser = 1 - mover
    assert state.phase == "order"
    assert GAME.to_act(state) == [chooser]
    assert sorted(state.pending) == [1, 2]
    assert set(GAME.legal_actions(state, chooser)) == {Resolve(village=1), Resolve(village=2)}
    assert GAME.legal_actions(state, mover) == []
    assert state.fruit == [0, 0], "nothing is resolved before the choice"
    check_invariants(state)
    refused(state, Resolve(village=1), mover, "turn")
    refused(state, Resolve(village=4), chooser, "not waiting")
    refused(state, Place(village=5), chooser, "first choose")


@pytest.mark.parametrize("first", [1, 2])
def test_each_village_is_resolved_fully_in_the_chosen_order(first):
    state, _ = two_at_once(active=PURPLE)
    events = play(state, Resolve(village=first), YELLOW)
    # Both resolved (the second needs no choice), tikis home, turn passes.
    assert state.stacks[1] == state.stacks[2] == [] and state.pending == []
    assert state.supply(PURPLE) == state.supply(YELLOW) == 8
    assert state.fruit == [1, 1] and state.reserve == 5
    assert state.phase == "turn" and state.active == YELLOW
    texts = [e.text for e in events]
    first_at = next(i for i, t in enumerate(texts) if ("top-centre" if first == 1 else "top-right") in t)
    other_at = next(i for i, t in enumerate(texts) if ("top-right" if first == 1 else "top-centre") in t)
    assert first_at < other_at
    check_invariants(state)


@pytest.mark.parametrize("first,winner", [(1, YELLOW), (2, PURPLE)])
def test_the_end_is_checked_after_each_single_resolution(first, winner):
    # 3 fruit each: the first village resolved gives its owner the 4th fruit,
    # and the game ends before the second village is resolved.
    state, _ = two_at_once(active=PURPLE, fruit=(3, 3))
    play(state, Resolve(village=first), YELLOW)
    assert state.phase == "over" and state.winner == winner
    assert state.fruit[winner] == 4 and state.fruit[1 - winner] == 3
    second = 2 if first == 1 else 1
    assert len(state.stacks[second]) == 3, "the second village was never resolved"
    assert state.pending == []
    check_invariants(state)


def test_an_empty_reserve_after_the_first_resolution_ends_the_game():
    # Reserve 1: yellow resolves its own jungle first and takes the last fruit.
    state, _ = two_at_once(active=PURPLE, fruit=(1, 2), spoiled=3)
    play(state, Resolve(village=1), YELLOW)
    assert state.reserve == 0 and state.fruit == [1, 3]
    assert state.phase == "over" and state.winner == YELLOW
    assert len(state.stacks[2]) == 3


def test_the_order_can_matter():
    # Purple, with no fruit, influences a cursed village and the harbour at once.
    layout = ["harbour", "cursed", "jungle", "jungle", "jungle", "marsh", "marsh", "marsh", "cursed"]

    def build():
        state = position({4: [PURPLE, PURPLE], 1: [YELLOW, PURPLE], 0: [YELLOW, PURPLE]},
                         active=PURPLE, villages=layout)
        play(state, Move(start=4, path=(1, 0)), PURPLE)
        assert state.phase == "order" and sorted(state.pending) == [0, 1]
        return state

    cursed_first = build()
    play(cursed_first, Resolve(village=1), YELLOW)
    # No fruit to lose: a reserve fruit spoils; then the harbour gives 2.
    assert cursed_first.fruit == [2, 0] and cursed_first.spoiled == 1 and cursed_first.reserve == 4

    harbour_first = build()
    play(harbour_first, Resolve(village=0), YELLOW)
    # The harbour gives 2; then the curse spoils one of them.
    assert harbour_first.fruit == [1, 0] and harbour_first.spoiled == 1 and harbour_first.reserve == 5
    for state in (cursed_first, harbour_first):
        check_invariants(state)
