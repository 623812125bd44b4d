"""Which board widget draws which game.

A game folder may hold ``board.py`` exposing ``BOARD`` (a :class:`Board`
subclass). The engine's registry stays free of Textual; this module looks
the board up by the game's id.
"""

from __future__ import annotations

import importlib

from .board import Board, GenericBoard


def board_class(game_id: str) -> type[Board]:
    """The board widget class for ``game_id`` (GenericBoard if it has none)."""
    target = f"tabletop_tui.games.{game_id}.board"
    try:
        mod = importlib.import_module(target)
    except ModuleNotFoundError as err:
        if err.name and target.startswith(err.name):
            return GenericBoard  # no such folder or no board.py: the generic board
        raise
    return getattr(mod, "BOARD", GenericBoard)
