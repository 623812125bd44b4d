"""Tiki's, Rapa Nui's and Nayakas' bot code lives in games/<game>/bot.py:
the Game's bot methods hand over to it (issue 20), so what the search and
the coach do is what bot.py says."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import get
from tabletop_tui.games.nayakas import bot as nayakas_bot
from tabletop_tui.games.rapa_nui import bot as rapa_nui_bot
from tabletop_tui.games.tiki import bot as tiki_bot

MODULES = {"tiki": tiki_bot, "rapa_nui": rapa_nui_bot, "nayakas": nayakas_bot}
#: the Game methods each game's bot.py answers, and the arguments bot.py gets after the state
DELEGATED = {
    "tiki": ["heuristics"],
    "rapa_nui": ["heuristics", "determinize", "search_actions"],
    "nayakas": ["heuristics", "determinize", "search_actions", "prosperity_estimate"],
}
ARGS = {"heuristics": (), "determinize": (0, random.Random(1)), "search_actions": (0,),
        "prosperity_estimate": (0,)}


@pytest.mark.parametrize("game_id,method", [(g, m) for g, ms in DELEGATED.items() for m in ms])
def test_the_game_hands_its_bot_methods_to_bot_py(monkeypatch, game_id, method):
    game = get(game_id)
    state = game.new_state(2, None, 3)
    seen = []

    def spy(*args):
        seen.append(args)
        return "from bot.py"

    monkeypatch.setattr(MODULES[game_id], method, spy)
    assert getattr(game, method)(state, *ARGS[method]) == "from bot.py"
    wants_game = game_id != "tiki"  # Tiki's estimate reads the state alone
    assert seen == [((game,) if wants_game else ()) + (state,) + ARGS[method]]


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_the_search_settings_come_from_bot_py(game_id):
    game = get(game_id)
    assert game.playout_depth == MODULES[game_id].PLAYOUT_DEPTH
    if game_id == "nayakas":
        assert game.deep_normalize is nayakas_bot.DEEP_NORMALIZE is True


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_bot_py_plays_a_legal_game(game_id):
    """The moved code still does its job: a short game of the search bot
    (a fixed budget) on a determinized copy keeps to legal moves."""
    from tabletop_tui.engine.bots import SearchBot

    game = get(game_id)
    state = game.new_state(2, None, 5)
    rng = random.Random(5)
    bot = SearchBot(iterations=15, seconds=1e9)
    for _ in range(6):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        action = bot.choose(game, state, seat, rng)
        assert action in game.legal_actions(state, seat)
        assert set(game.search_actions(state, seat)) <= set(game.legal_actions(state, seat))
        game.apply(state, action, seat)
