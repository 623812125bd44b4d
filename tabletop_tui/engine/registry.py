"""The registry of games.

The engine knows no game by name. Each game package *announces* a light
:class:`GameInfo` (title, seats, blurb, where its rules live) when
``tabletop_tui.games`` is imported; the rules module, with its pydantic
models, is imported only when the game is first asked for with :func:`get`.
So the picker can list every game without paying for every rules model, and
the app's first frame comes quickly. This module imports no pydantic.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameInfo:
    """What the picker and `tabletop list` need to know of a game, and
    ``loader`` ("package.module:ClassName") to build its :class:`Game`."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str = ""
    loader: str = ""

    @property
    def players_text(self) -> str:
        lo, hi = self.min_players, self.max_players
        return f"{lo} players" if lo == hi else f"{lo}-{hi} players"


_INFOS: dict[str, GameInfo] = {}
_GAMES: dict[str, "Game"] = {}


def announce(info: GameInfo) -> GameInfo:
    """Make a game known by its info; its rules load on first :func:`get`."""
    _INFOS[info.id] = info
    return info


def register(game: "Game") -> "Game":
    """Add a built ``game`` to the registry (idempotent by id)."""
    _GAMES[game.id] = game
    if game.id not in _INFOS:
        _INFOS[game.id] = GameInfo(game.id, game.title, game.min_players, game.max_players, game.blurb)
    return game


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)
    _INFOS.pop(game_id, None)


def _load() -> None:
    # Importing the games package announces every built game.
    import tabletop_tui.games  # noqa: F401


def catalogue() -> list[GameInfo]:
    """Every known game's info, in the order the games package lists them."""
    _load()
    return list(_INFOS.values())


def games() -> list["Game"]:
    """Every registered game (loading each rules model)."""
    return [get(info.id) for info in catalogue()]


def get(game_id: str) -> "Game":
    """The game with this id, or IllegalAction naming the known ones."""
    _load()
    key = game_id.strip().lower().replace("-", "_").replace(" ", "_")
    if key in _GAMES:
        return _GAMES[key]
    info = _INFOS.get(key)
    if info is None or not info.loader:
        known = ", ".join(sorted(_INFOS)) or "none"
        from .outside_text import quote  # imported here: it brings pydantic, kept off the picker's path

        raise IllegalAction(f"There is no game called {quote(game_id, 30)}. Known games: {known}.")
    module, _, cls = info.loader.partition(":")
    game = getattr(importlib.import_module(module), cls)()
    if (game.id, game.title, game.min_players, game.max_players) != (
            info.id, info.title, info.min_players, info.max_players):
        raise RuntimeError(f"{info.loader} does not match its announced info {info}")
    return register(game)
