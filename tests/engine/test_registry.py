"""The registry: games by id; an unknown id names the known games."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import IllegalAction, games, get, register, registry
from tabletop_tui.games.tiki.rules import Tiki

from .secret_game import SecretGame, registered


def test_get_by_id():
    game = get("tiki")
    assert isinstance(game, Tiki) and game.id == "tiki" and game.title == "Tiki"
    assert get(" Tiki ") is game and get("TIKI") is game


def test_every_registered_game_is_listed_and_complete():
    listed = games()
    assert get("tiki") in listed
    ids = [g.id for g in listed]
    assert len(ids) == len(set(ids))
    for game in listed:
        assert get(game.id) is game
        assert game.title and 1 <= game.min_players <= game.max_players
        assert game.action_type is not None and game.state_model is not None


def test_unknown_id_lists_the_known_games():
    with pytest.raises(IllegalAction) as info:
        get("chess")
    reason = info.value.reason
    assert reason.startswith("There is no game called 'chess'.")
    assert "Known games:" in reason and "tiki" in reason
    for game in games():
        assert game.id in reason


def test_register_and_unregister_a_test_game():
    game = SecretGame()
    with pytest.raises(IllegalAction):
        get(game.id)
    with registered(game):
        assert get(game.id) is game and game in games()
        assert register(game) is game, "registering twice is harmless"
        assert [g.id for g in games()].count(game.id) == 1
    with pytest.raises(IllegalAction):
        get(game.id)
    registry.unregister(game.id)  # unregistering an absent id is harmless
