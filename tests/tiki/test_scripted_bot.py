"""Tiki's scripted bot (issue 20's ladder): a rule of thumb a newcomer
would recognise, always legal."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.tiki.actions import Move, Place, Shaman
from tabletop_tui.games.tiki.bot import ScriptedBot
from tabletop_tui.games.tiki.rules import TikiOptions

from .util import CURSED, GAME, HARBOUR, JUNGLE, PURPLE, YELLOW, position


@pytest.mark.parametrize("shaman", [False, True])
def test_it_plays_whole_games_with_legal_moves_only(shaman):
    for k in range(6):
        state = GAME.new_state(2, TikiOptions(shaman=shaman), 40 + k)
        bots = [ScriptedBot(), RandomBot()] if k % 2 else [RandomBot(), ScriptedBot()]
        rng = random.Random(k)
        for _ in range(2000):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            action = bots[seat].choose(GAME, state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            GAME.apply(state, action, seat)
        assert GAME.is_over(state)


def test_it_takes_the_harbour_when_it_can():
    # Purple tops a 2-totem on the jungle beside the harbour, which holds 2 tikis:
    # moving onto it would not top it; placing nowhere gains fruit. The one move
    # that gains 2 fruit: a 1-totem of Purple's stepping onto the harbour's stack.
    state = position({HARBOUR: [YELLOW, YELLOW], 3: [PURPLE], JUNGLE: [YELLOW]}, active=PURPLE)
    action = ScriptedBot().choose(GAME, state, PURPLE, random.Random(1))
    assert action == Move(start=3, path=(HARBOUR,))


def test_it_stays_off_a_cursed_village_it_would_top():
    # the only way to influence a village is to top the cursed one's 2-stack; the
    # scripted bot places a tiki elsewhere instead
    state = position({CURSED: [YELLOW, YELLOW], 6: [PURPLE]}, active=PURPLE)
    action = ScriptedBot().choose(GAME, state, PURPLE, random.Random(1))
    assert action != Move(start=6, path=(CURSED,))
    assert isinstance(action, Place) and action.village == HARBOUR, "the richest empty village"


def test_it_leaves_the_shaman_where_it_is():
    state = position({}, shaman_variant=True, phase="shaman", shaman_seat=PURPLE)
    assert ScriptedBot().choose(GAME, state, PURPLE, random.Random(1)) == Shaman(edge=None)
