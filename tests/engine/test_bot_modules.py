"""Every game's bot code lives in games/<game>/bot.py, its bot role: the
engine's Game finds it by file name and hands the bot methods to it (issues
20 and 21), so what the search and the coach do is what bot.py says, and
the rules never import it."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import get
from tabletop_tui.games.nayakas import bot as nayakas_bot
from tabletop_tui.games.nisyros import bot as nisyros_bot
from tabletop_tui.games.nyakuza import bot as nyakuza_bot
from tabletop_tui.games.rapa_nui import bot as rapa_nui_bot
from tabletop_tui.games.tiki import bot as tiki_bot

MODULES = {"tiki": tiki_bot, "rapa_nui": rapa_nui_bot, "nayakas": nayakas_bot, "nisyros": nisyros_bot,
           "nyakuza": nyakuza_bot}
#: the Game methods each game's bot.py answers, and the arguments bot.py gets after the state
DELEGATED = {
    "tiki": ["heuristics"],
    "rapa_nui": ["heuristics", "determinize", "search_actions"],
    "nayakas": ["heuristics", "determinize", "search_actions"],
    "nisyros": ["heuristics", "determinize"],
    "nyakuza": ["heuristics", "determinize", "search_actions"],
}
ARGS = {"heuristics": (), "determinize": (0, random.Random(1)), "search_actions": (0,)}


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
    assert seen == [(game, state) + ARGS[method]]


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_the_rules_never_import_the_bot_role(game_id):
    """The Game subclass writes none of the bot methods itself: they are
    the bot role's (a rules.py method would shadow bot.py's)."""
    game = get(game_id)
    written = {name for klass in type(game).__mro__[:-1] if klass.__module__.startswith("tabletop_tui.games")
               for name in vars(klass)}
    assert not written & {"heuristics", "heuristic", "determinize", "search_actions", "bot_for", "playout_depth",
                          "deep_exploration", "deep_normalize"}


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
