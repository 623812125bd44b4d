"""Tiki's scripted bot (issue 20's ladder): a rule of thumb a newcomer
would recognise, always legal."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.tiki.actions import Move, Place, Shaman
from tabletop_tui.games.tiki.bot import ScriptedBot
from tabletop_tui.games.tiki.rules import TikiOptions

from ..bot_games import play_checked

from .util import CURSED, GAME, HARBOUR, JUNGLE, PURPLE, YELLOW, position


@pytest.mark.parametrize("shaman", [False, True])
def test_it_plays_whole_games_with_legal_moves_only(shaman):
    for k in range(6):
        state = GAME.new_state(2, TikiOptions(shaman=shaman), 40 + k)
        bots = [ScriptedBot(), RandomBot()] if k % 2 else [RandomBot(), ScriptedBot()]
        play_checked(GAME, state, bots, random.Random(k), limit=2000)


def test_it_takes_fruit_before_building_a_totem():
    # Purple can influence the jungle at 2 (its 1-totem steps onto Yellow's two
    # tikis: 1 fruit), or start a totem on the empty harbour (worth more on the
    # board, no fruit yet): fruit first
    state = position({JUNGLE: [PURPLE], 2: [YELLOW, YELLOW]}, active=PURPLE)
    action = ScriptedBot().choose(GAME, state, PURPLE, random.Random(1))
    assert action == Move(start=JUNGLE, path=(2,))


def test_it_stays_off_a_cursed_village_it_would_top():
    # stepping onto Yellow's tiki on the cursed village would make Purple the
    # owner of a 2-totem there; the scripted bot starts one on the harbour instead
    state = position({CURSED: [YELLOW], 6: [PURPLE]}, active=PURPLE)
    action = ScriptedBot().choose(GAME, state, PURPLE, random.Random(1))
    assert action == Place(village=HARBOUR)


def test_it_leaves_the_shaman_where_it_is():
    state = position({}, shaman_variant=True, phase="shaman", shaman_seat=PURPLE)
    assert ScriptedBot().choose(GAME, state, PURPLE, random.Random(1)) == Shaman(edge=None)
