"""Pebbles' key driver: the keys a player presses for an action (for a game
of the suite this is tests/ui/drive_<id>.py, named in DRIVERS of
tests/ui/test_board_keys.py)."""

from __future__ import annotations


def pebbles_keys(board, action) -> list[str]:
    return [str(action.count)] if action.kind == "take" else ["s"]
