"""The engine: game interface, actions, Match, bots, registry. Knows no game
and imports no Textual.

Names are imported on first use (PEP 562), so that code which needs only the
registry (the picker's first frame) does not pay for pydantic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "Action": "actions", "parse_action": "actions",
    "Bot": "bots", "RandomBot": "bots", "SearchBot": "bots", "make_bot": "bots",
    "IllegalAction": "errors", "SaveError": "errors",
    "BaseState": "game", "Event": "game", "Game": "game", "Options": "game", "Result": "game", "Seat": "game",
    "LogEntry": "match", "Match": "match", "SaveFile": "match", "SeatConfig": "match", "list_saves": "match",
    "GameInfo": "registry", "announce": "registry", "catalogue": "registry", "games": "registry",
    "get": "registry", "register": "registry",
    "chance_rng": "rng", "new_seed": "rng",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    from .actions import Action, parse_action
    from .bots import Bot, RandomBot, SearchBot, make_bot
    from .errors import IllegalAction, SaveError
    from .game import BaseState, Event, Game, Options, Result, Seat
    from .match import LogEntry, Match, SaveFile, SeatConfig, list_saves
    from .registry import GameInfo, announce, catalogue, games, get, register
    from .rng import chance_rng, new_seed
