"""The engine's shortcuts say what the full rules say: the workplaces read
zone by zone (``work_targets``) are those ``can_work_at`` allows, the cheap
"does Done have company?" test (``has_choice``) agrees with the legal list,
and a player is never asked a choice that has a single answer."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.nisyros.legal import (DONE_PHASES, actor, boat_moves, has_boat_move, has_choice, legal,
                                               work_targets)
from tabletop_tui.games.nisyros.places import can_work_at
from tabletop_tui.games.nisyros.rules import NisyrosOptions

from .util import G


@pytest.mark.parametrize("players,level", [(2, "achilles"), (3, "heracles"), (4, "zeus")])
def test_shortcuts_agree_with_the_rules_through_random_games(players, level):
    rng = random.Random(players)
    asked = 0
    for seed in range(12):
        state = G.new_state(players, NisyrosOptions(level=level), seed)
        while not G.is_over(state):
            for seat in range(players):
                assert work_targets(state, seat) == [p for p in range(32) if can_work_at(state, seat, p)]
            seat = actor(state)
            acts = legal(state, seat)
            assert len(acts) > 1, (state.phase, acts)  # one answer is given automatically
            if state.phase in DONE_PHASES:
                assert has_choice(state, seat)
                asked += 1
            G.apply(state, rng.choice(acts), seat)
    assert asked > 100


def test_has_choice_is_false_where_done_is_the_only_answer():
    state = G.new_state(2, None, 1)
    seat = actor(state)
    assert state.phase == "move" and has_choice(state, seat)
    state.people[seat] = [0] * 32  # nobody left to move, and no boat at sea
    assert state.boats == [0, 0, 0, 0]
    assert legal(state, seat) == [legal(state, seat)[-1]] and not has_choice(state, seat)


def test_the_cheap_boat_test_agrees_with_the_list_of_boat_moves():
    """``has_boat_move`` (step 1's "may a boat still sail?") is the list's
    emptiness, with and without the strong current, on every coast."""
    rng = random.Random(7)
    checked = with_boats = 0
    for seed in range(10):
        state = G.new_state(2 + seed % 3, None, seed)
        while not G.is_over(state):
            for current in (False, True):
                twin = G.clone(state)
                twin.current = current
                twin.boats = [rng.randrange(3) for _ in range(4)]
                twin.boats_moved = [min(b, rng.randrange(2)) for b in twin.boats]
                assert has_boat_move(twin) == bool(boat_moves(twin)), (twin.lava, twin.boats, current)
                checked += 1
                with_boats += has_boat_move(twin)
            seat = actor(state)
            G.apply(state, rng.choice(legal(state, seat)), seat)
    assert checked > 500 and 0 < with_boats < checked
