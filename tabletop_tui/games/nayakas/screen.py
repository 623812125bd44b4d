"""Where ``ui.boards`` looks for a game's board today: Nayakas' board lives
in ``board.py`` (the board API's name for it)."""

from .board import BOARD, NayakasBoard

__all__ = ["BOARD", "NayakasBoard"]
