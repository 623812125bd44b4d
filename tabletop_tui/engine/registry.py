"""The registry of games. The engine knows no game by name: each game package
registers its :class:`Game` instance, and ``tabletop_tui.games`` lists the
packages to import (one line per game)."""

from __future__ import annotations

from .errors import IllegalAction
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (idempotent by id)."""
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def _load() -> None:
    # Importing the games package registers every built game.
    import tabletop_tui.games  # noqa: F401


def games() -> list[Game]:
    """Every registered game, in registration order."""
    _load()
    return list(_GAMES.values())


def get(game_id: str) -> Game:
    """The game with this id, or IllegalAction naming the known ones."""
    _load()
    key = game_id.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise IllegalAction(f"There is no game called {game_id!r}. Known games: {known}.")
    return _GAMES[key]
