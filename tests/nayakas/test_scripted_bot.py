"""Nayakas' scripted bot (issue 20's ladder): a rule of thumb, no search,
always legal."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.nayakas.actions import Build
from tabletop_tui.games.nayakas.bot import ScriptedBot

from ..bot_games import play_checked

from .util import GAME, check_invariants, fresh, set_res, to_build_phase


@pytest.mark.parametrize("players", [2, 3])
def test_it_plays_a_whole_game_with_legal_moves_only(players):
    state = fresh(players, seed=11 + players)
    bots = [ScriptedBot()] + [RandomBot() for _ in range(players - 1)]
    moves = play_checked(GAME, state, bots, random.Random(players))
    built = sum(seat == 0 and isinstance(action, Build) for seat, action in moves)
    check_invariants(state)
    assert built >= 2, "it builds"


def test_it_builds_whenever_a_section_can_be_paid():
    state = fresh(2, seed=5)
    to_build_phase(state)
    seat = GAME.to_act(state)[0]
    set_res(state, seat, stone=8, clay=8, gold=2, architect=2, mason=2, sculptor=2)
    assert any(isinstance(a, Build) for a in GAME.legal_actions(state, seat))
    assert isinstance(ScriptedBot().choose(GAME, state, seat, random.Random(3)), Build)
