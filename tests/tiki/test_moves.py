"""Creating a totem and moving one (T2), with the rulebook's examples.

Villages are numbered in reading order::

    0 1 2
    3 4 5
    6 7 8
"""

from __future__ import annotations

import pytest

from tabletop_tui.games.tiki.rules import Move, Pass, Place, paths

from .util import GAME, PURPLE, YELLOW, check_invariants, play, position, refused


def moves(state, seat):
    return {(a.start, a.path) for a in GAME.legal_actions(state, seat) if a.kind == "move"}


# -- creating a totem ----------------------------------------------------------------

def test_create_a_totem_on_an_empty_village():
    state = position()
    events = play(state, Place(village=4), PURPLE)
    assert state.stacks[4] == [PURPLE]
    assert state.supply(PURPLE) == 7 and state.supply(YELLOW) == 8
    assert state.active == YELLOW and state.phase == "turn", "the turn passes"
    assert events and "totem" in events[0].text
    check_invariants(state)


def test_rulebook_example_seven_empty_villages_to_choose_from():
    # "the yellow player can create a totem ... in one of the 7 villages shown
    # with a green tick because they are EMPTY villages."
    state = position({1: [PURPLE], 5: [YELLOW]}, active=YELLOW)
    places = {a.village for a in GAME.legal_actions(state, YELLOW) if a.kind == "place"}
    assert places == {0, 2, 3, 4, 6, 7, 8}


@pytest.mark.parametrize("stack", [[PURPLE], [YELLOW], [YELLOW, PURPLE]])
def test_create_refused_on_a_village_that_is_not_empty(stack):
    state = position({4: stack})
    refused(state, Place(village=4), PURPLE, "not empty")


def test_create_refused_when_all_eight_tikis_are_on_the_board():
    # Purple's 8 tikis: four 2-tall totems; village 8 is empty.
    state = position({0: [PURPLE, PURPLE], 1: [PURPLE, PURPLE], 2: [PURPLE, PURPLE],
                      3: [PURPLE, PURPLE], 4: [YELLOW]})
    assert state.supply(PURPLE) == 0
    refused(state, Place(village=8), PURPLE, "all your tikis")
    assert not any(a.kind == "place" for a in GAME.legal_actions(state, PURPLE))


# -- whose totem ----------------------------------------------------------------------

def test_a_totem_belongs_to_the_owner_of_its_top_tiki():
    # Rulebook: "Here, all the totems belong to the yellow player."
    stacks = {0: [YELLOW], 2: [PURPLE, YELLOW], 4: [PURPLE, YELLOW], 8: [YELLOW]}
    state = position(stacks, active=YELLOW)
    assert {s for s, _ in moves(state, YELLOW)} == {0, 2, 4, 8}
    state = position(stacks, active=PURPLE)
    assert moves(state, PURPLE) == set()
    refused(state, Move(start=2, path=(1, 0)), PURPLE, "not yours")


def test_only_your_own_totem_moves():
    state = position({4: [PURPLE, YELLOW]}, active=PURPLE)
    refused(state, Move(start=4, path=(1, 0)), PURPLE, "not yours")


def test_no_totem_there():
    refused(position(), Move(start=4, path=(1,)), PURPLE, "no totem")


# -- length, direction, no return ----------------------------------------------------------

@pytest.mark.parametrize("path", [(1,), (1, 0, 3), (1, 2, 5, 8)])
def test_a_totem_of_two_moves_exactly_two_villages(path):
    state = position({4: [YELLOW, PURPLE]})
    refused(state, Move(start=4, path=path), PURPLE, "exactly 2 villages")


def test_a_totem_of_one_moves_exactly_one_village():
    state = position({4: [PURPLE]})
    refused(state, Move(start=4, path=(1, 0)), PURPLE, "exactly 1 village")
    assert moves(state, PURPLE) == {(4, (1,)), (4, (3,)), (4, (5,)), (4, (7,))}


@pytest.mark.parametrize("path", [(0,), (2,), (6,), (8,)])
def test_diagonal_is_forbidden(path):
    state = position({4: [PURPLE]})
    refused(state, Move(start=4, path=path), PURPLE, "diagonal")


@pytest.mark.parametrize("start,path", [(0, (2,)), (0, (8,)), (3, (5,)), (0, (1, 6)), (0, (-1,)), (8, (9,))])
def test_no_jumps_and_no_steps_off_the_board(start, path):
    state = position({start: [PURPLE] * len(path)})
    refused(state, Move(start=start, path=path), PURPLE, "one village at a time")


def test_no_going_back_to_the_start():
    state = position({4: [YELLOW, PURPLE]})
    refused(state, Move(start=4, path=(1, 4)), PURPLE, "back to the village it started from")


def test_no_village_twice():
    # Only a 3-tall totem has a path long enough to revisit a village other
    # than its start (in play a 3-tall stack is resolved at once, so this
    # position is built by hand to reach the check).
    state = position({0: [YELLOW, PURPLE, PURPLE]})
    refused(state, Move(start=0, path=(1, 2, 1)), PURPLE, "same village twice")
    refused(state, Move(start=0, path=(1, 4, 1)), PURPLE, "same village twice")


def test_turns_are_allowed():
    state = position({0: [YELLOW, PURPLE]})
    assert moves(state, PURPLE) == {(0, (1, 2)), (0, (1, 4)), (0, (3, 4)), (0, (3, 6))}
    play(state, Move(start=0, path=(1, 4)), PURPLE)  # right, then down
    assert state.stacks[0] == [] and state.stacks[1] == [YELLOW] and state.stacks[4] == [PURPLE]
    check_invariants(state)


@pytest.mark.parametrize("start,count", [(0, 4), (1, 5), (4, 8)])
def test_every_path_of_a_two_tall_totem(start, count):
    state = position({start: [YELLOW, PURPLE]})
    found = paths(state, start)
    assert len(found) == len(set(found)) == count
    for path in found:
        assert len(path) == 2 and start not in path and path[0] != path[1]


# -- the bottom tiki is left at each village ------------------------------------------------

def test_the_bottom_tiki_is_left_on_top_of_each_village_entered():
    # Purple's totem at 3 is purple-on-yellow (bottom first: yellow, purple).
    state = position({3: [YELLOW, PURPLE], 4: [PURPLE], 5: [YELLOW]}, active=PURPLE)
    play(state, Move(start=3, path=(4, 5)), PURPLE)
    assert state.stacks[3] == []
    assert state.stacks[4] == [PURPLE, YELLOW], "the bottom (yellow) tiki goes on top at the first village"
    assert state.stacks[5] == [YELLOW, PURPLE], "the last village gets the top tiki"
    assert state.active == YELLOW
    check_invariants(state)


def test_any_village_may_be_entered_empty_or_not():
    state = position({4: [PURPLE], 1: [YELLOW], 3: [YELLOW, PURPLE]}, active=PURPLE)
    assert (4, (1,)) in moves(state, PURPLE)
    assert (4, (5,)) in moves(state, PURPLE)


def test_a_three_tall_totem_leaves_one_tiki_per_village():
    # Hand-built (see test_no_village_twice): the general rule for height N.
    state = position({0: [YELLOW, PURPLE, PURPLE]})
    play(state, Move(start=0, path=(1, 2, 5)), PURPLE)
    assert [state.stacks[v] for v in (0, 1, 2, 5)] == [[], [YELLOW], [PURPLE], [PURPLE]]


# -- the rulebook's two worked examples ------------------------------------------------------

def test_rulebook_example_yellow_moves_one_village_onto_purples_tiki():
    state = position({1: [PURPLE], 2: [YELLOW], 6: [YELLOW, PURPLE]}, active=YELLOW)
    play(state, Move(start=2, path=(1,)), YELLOW)
    assert state.stacks[2] == []
    assert state.stacks[1] == [PURPLE, YELLOW], "yellow's tiki is piled on purple's"
    assert state.owner(1) == YELLOW
    assert state.active == PURPLE
    check_invariants(state)


def test_rulebook_example_purple_moves_its_totem_two_villages():
    # Purple's totem of 2 (a yellow tiki under a purple one) moves two
    # villages: the yellow tiki is left on the totem in the first village,
    # the purple one ends the move in the second.
    state = position({1: [PURPLE, YELLOW], 6: [YELLOW, PURPLE], 3: [PURPLE]}, active=PURPLE)
    play(state, Move(start=6, path=(3, 0)), PURPLE)
    assert state.stacks[6] == []
    assert state.stacks[3] == [PURPLE, YELLOW], "the yellow tiki stays in the first village"
    assert state.stacks[0] == [PURPLE]
    assert state.active == YELLOW
    check_invariants(state)


def test_rulebook_examples_in_sequence():
    state = position({0: [PURPLE], 1: [YELLOW], 7: [YELLOW], 8: [PURPLE]}, active=YELLOW)
    # 1. Yellow moves one village and piles it on purple's tiki.
    play(state, Move(start=1, path=(0,)), YELLOW)
    assert state.stacks[0] == [PURPLE, YELLOW]
    # (Purple and yellow each play a tiki elsewhere so that purple gets a totem of 2.)
    play(state, Move(start=8, path=(7,)), PURPLE)  # purple onto yellow at 7
    assert state.stacks[7] == [YELLOW, PURPLE]
    play(state, Place(village=4), YELLOW)
    # 2. Purple moves its totem 2 villages: the yellow tiki is left on the
    # totem in the first village (yellow's at 4), purple's tiki goes on to 3.
    play(state, Move(start=7, path=(4, 3)), PURPLE)
    assert state.stacks[7] == []
    assert state.stacks[4] == [YELLOW, YELLOW]
    assert state.stacks[3] == [PURPLE]
    check_invariants(state)


def test_pass_is_not_a_move_when_moves_exist():
    refused(position(), Pass(), PURPLE, "may not pass")
