"""The Shaman variant (expert game, T4): after a marshland is influenced its
owner may place the shaman on an edge between two villages, move it, or leave
it; no move may cross that edge.

Layout (reading order)::

    0 harbour | 1 jungle | 2 jungle
    3 jungle  | 4 marsh  | 5 marsh
    6 marsh   | 7 cursed | 8 cursed
"""

from __future__ import annotations

import pytest

from tabletop_tui.games.tiki.rules import EDGES, NEIGHBOURS, Move, Place, Resolve, Shaman, paths

from .util import GAME, JUNGLE, MARSH, PURPLE, YELLOW, check_invariants, play, position, refused


def marsh_influenced(owner=PURPLE, shaman=None, **kw):
    """``owner`` influences the centre marshland (4) from village 3 in an expert game."""
    state = position({MARSH: [YELLOW, PURPLE], 3: [owner]}, active=owner,
                     shaman_variant=True, shaman=shaman, **kw)
    play(state, Move(start=3, path=(MARSH,)), owner)
    return state


@pytest.mark.parametrize("owner", [PURPLE, YELLOW])
def test_marshland_owner_may_place_the_shaman(owner):
    state = marsh_influenced(owner)
    assert state.phase == "shaman" and GAME.to_act(state) == [owner]
    assert state.fruit == [0, 0] and state.stacks[MARSH] == []
    legal = GAME.legal_actions(state, owner)
    assert Shaman(edge=None) in legal
    assert {a.edge for a in legal if a.edge is not None} == set(EDGES)
    assert len(EDGES) == 12
    check_invariants(state)
    play(state, Shaman(edge=(1, 4)), owner)
    assert state.shaman == (1, 4)
    assert state.phase == "turn" and state.active == 1 - owner, "then the turn passes"
    check_invariants(state)


def test_the_shaman_may_be_moved_to_another_edge():
    state = marsh_influenced(PURPLE, shaman=(1, 4))
    edges = {a.edge for a in GAME.legal_actions(state, PURPLE) if a.edge is not None}
    assert edges == set(EDGES) - {(1, 4)}
    refused(state, Shaman(edge=(1, 4)), PURPLE, "already there")
    play(state, Shaman(edge=(3, 6)), PURPLE)
    assert state.shaman == (3, 6)


def test_the_shaman_may_be_left_where_it_is():
    state = marsh_influenced(PURPLE, shaman=(1, 4))
    events = play(state, Shaman(edge=None), PURPLE)
    assert state.shaman == (1, 4) and state.phase == "turn" and state.active == YELLOW
    assert "leaves the shaman" in events[-1].text


def test_the_shaman_may_stay_off_the_board():
    state = marsh_influenced(YELLOW)
    play(state, Shaman(), YELLOW)
    assert state.shaman is None and state.active == PURPLE


def test_an_edge_has_no_direction():
    state = marsh_influenced(PURPLE)
    action = GAME.parse_action({"kind": "shaman", "edge": [4, 1]})
    assert action == Shaman(edge=(1, 4))
    play(state, action, PURPLE)
    assert state.shaman == (1, 4)


@pytest.mark.parametrize("edge", [(0, 4), (0, 2), (2, 3), (4, 4), (1, 10), (-1, 5), (9, 8)])
def test_the_shaman_goes_between_two_neighbouring_villages(edge):
    state = marsh_influenced(PURPLE)
    # model_construct keeps the raw pair (parsing would sort it).
    refused(state, Shaman.model_construct(kind="shaman", edge=edge), PURPLE, "neighbouring villages")


def test_only_the_marshland_owner_decides_and_nothing_else_happens_first():
    state = marsh_influenced(PURPLE)
    refused(state, Shaman(edge=(1, 4)), YELLOW, "turn")
    refused(state, Place(village=0), PURPLE, "shaman")
    refused(state, Move(start=0, path=(1,)), PURPLE, "shaman")


def test_no_shaman_phase_without_the_variant():
    state = position({MARSH: [YELLOW, PURPLE], 1: [PURPLE]}, active=PURPLE, shaman_variant=False)
    play(state, Move(start=1, path=(MARSH,)), PURPLE)
    assert state.phase == "turn" and state.active == YELLOW
    assert not any(a.kind == "shaman" for a in GAME.legal_actions(state, YELLOW))
    refused(state, Shaman(edge=(0, 1)), YELLOW, "marshland")


def test_only_a_marshland_calls_the_shaman():
    state = position({JUNGLE: [YELLOW, PURPLE], 0: [PURPLE]}, active=PURPLE, shaman_variant=True)
    play(state, Move(start=0, path=(JUNGLE,)), PURPLE)
    assert state.phase == "turn" and state.fruit == [1, 0]


# -- moves and the shaman ---------------------------------------------------------------

@pytest.mark.parametrize("start,path", [(1, (4,)), (4, (1,))])
def test_a_move_across_the_shaman_is_refused_both_ways(start, path):
    state = position({start: [PURPLE]}, shaman_variant=True, shaman=(1, 4))
    refused(state, Move(start=start, path=path), PURPLE, "shaman blocks")


def test_a_move_that_cannot_be_completed_is_forbidden():
    # The first step is free; the second would cross the shaman.
    state = position({0: [YELLOW, PURPLE]}, shaman_variant=True, shaman=(1, 4))
    refused(state, Move(start=0, path=(1, 4)), PURPLE, "shaman blocks")
    play(state, Move(start=0, path=(1, 2)), PURPLE)


def test_the_shaman_blocks_its_owner_too():
    state = position({1: [YELLOW]}, active=YELLOW, shaman_variant=True, shaman=(1, 4))
    refused(state, Move(start=1, path=(4,)), YELLOW, "shaman")


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("height", [1, 2])
def test_legal_paths_are_exactly_those_not_crossing_the_shaman(edge, height):
    for start in range(9):
        free = position({start: [PURPLE] * height}, shaman_variant=True)
        blocked = position({start: [PURPLE] * height}, shaman_variant=True, shaman=edge)

        def crosses(path):
            steps = zip((start,) + path, path)
            return any(tuple(sorted(s)) == edge for s in steps)

        expected = {p for p in paths(free, start) if not crosses(p)}
        assert set(paths(blocked, start)) == expected
        legal = {a.path for a in GAME.legal_actions(blocked, PURPLE) if a.kind == "move"}
        assert legal == expected
        # On a 3x3 board one shaman never blocks every path of a totem.
        assert expected


def test_a_totem_with_no_completable_path_cannot_move():
    # Every path of a 9-tall totem would need 9 other villages: none exists,
    # so the totem cannot move. (Built by hand; in play totems are 1 or 2 tall.)
    state = position({4: [PURPLE] * 8 + [YELLOW]}, active=YELLOW, shaman_variant=True, shaman=(1, 4))
    assert paths(state, 4) == []
    assert not any(a.kind == "move" for a in GAME.legal_actions(state, YELLOW))
    ring = (1, 2, 5, 8, 7, 6, 3, 0)
    refused(state, Move(start=4, path=ring + (1,)), YELLOW)


# -- the shaman during a choice of order ------------------------------------------------

def marsh_and_jungle():
    """Purple's totem goes 0 -> 1 (jungle, yellow on top) -> 4 (marsh, purple on top)."""
    state = position({0: [YELLOW, PURPLE], 1: [PURPLE, YELLOW], 4: [YELLOW, PURPLE]},
                     active=PURPLE, shaman_variant=True)
    play(state, Move(start=0, path=(1, 4)), PURPLE)
    assert state.phase == "order" and GAME.to_act(state) == [YELLOW]
    return state


def test_marsh_first_then_the_shaman_then_the_rest():
    state = marsh_and_jungle()
    play(state, Resolve(village=4), YELLOW)
    assert state.phase == "shaman" and GAME.to_act(state) == [PURPLE]
    assert state.pending == [1] and len(state.stacks[1]) == 3, "the jungle waits for the shaman"
    check_invariants(state)
    play(state, Shaman(edge=(4, 5)), PURPLE)
    assert state.shaman == (4, 5)
    assert state.stacks[1] == [] and state.fruit == [0, 1], "then the jungle is resolved"
    assert state.phase == "turn" and state.active == YELLOW
    check_invariants(state)


def test_jungle_first_then_the_marsh_and_its_shaman():
    state = marsh_and_jungle()
    play(state, Resolve(village=1), YELLOW)
    assert state.fruit == [0, 1]
    assert state.phase == "shaman" and GAME.to_act(state) == [PURPLE] and state.pending == []
    play(state, Shaman(), PURPLE)
    assert state.phase == "turn" and state.active == YELLOW


def test_neighbours_are_orthogonal():
    assert NEIGHBOURS[4] == [1, 3, 5, 7]
    assert sorted(NEIGHBOURS[0]) == [1, 3]
    assert all(b in NEIGHBOURS[a] for a, b in EDGES)
