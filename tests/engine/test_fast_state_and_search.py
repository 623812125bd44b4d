"""The engine's hot-path shortcuts keep pydantic's and the search's
meaning: BaseState sets a plain field as pydantic would (and leaves
validated or frozen fields to pydantic); the search finds a move's
statistics for an equal move object that is not the one it stored."""

from __future__ import annotations

import random

import pytest
from pydantic import ConfigDict, Field, ValidationError

from tabletop_tui.engine.bots import SearchBot, _Moves, _Node
from tabletop_tui.engine.game import BaseState


class Plain(BaseState):
    phase: str = "a"
    items: list[int] = Field(default_factory=list)


class Checked(BaseState):
    model_config = ConfigDict(validate_assignment=True)
    turn: int = 0


class Partly(BaseState):
    fixed: int = Field(default=1, frozen=True)
    free: int = 0


def test_a_plain_field_is_set_and_marked_set_as_pydantic_does():
    state = Plain(players=2, seed=1)
    assert "phase" not in state.model_fields_set
    state.phase = "b"
    assert state.phase == "b" and "phase" in state.model_fields_set
    assert state.model_dump()["phase"] == "b"
    assert state == Plain(players=2, seed=1, phase="b")


def test_validated_and_frozen_fields_keep_pydantic_s_checks():
    checked = Checked(players=2, seed=1)
    with pytest.raises(ValidationError):
        checked.turn = "many"  # type: ignore[assignment]
    checked.turn = "3"  # type: ignore[assignment]
    assert checked.turn == 3  # validated (and coerced) by pydantic
    partly = Partly(players=2, seed=1)
    with pytest.raises(ValidationError):
        partly.fixed = 2
    partly.free = 5
    assert partly.free == 5
    with pytest.raises(ValueError):
        Plain(players=2, seed=1).not_a_field = 1  # type: ignore[attr-defined]


def test_the_search_finds_a_move_s_statistics_for_an_equal_new_object():
    from tabletop_tui.games.tiki.actions import Place

    bot = SearchBot(level=1)
    stats = _Moves()
    first = [Place(village=v) for v in range(3)]
    for a in first:  # every move tried once
        node = stats[a] = _Node()
        node.visits, node.value, node.seen = 1, 0.5, 1
    again = [Place(village=v) for v in range(3)]  # equal, not the same objects
    move, stat, new = bot._select(stats, again, random.Random(0))
    assert not new and stat is stats[move]
    assert all(stats[a].seen == 2 for a in first)
    move, stat, new = bot._select(stats, first, random.Random(0))  # the stored objects: by identity
    assert not new and all(stats[a].seen == 3 for a in first)
    assert len(stats) == 3
