"""Pebbles: every sentence: the log's lines, the menus, the status line
and the coach's ``why``. Seats are named by ``{s0}``.. placeholders."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import plural, who

from .actions import Skip, Take
from .data import MOST
from .state import PebblesState

if TYPE_CHECKING:
    from .rules import Pebbles


def took(seat: int, count: int, left: int) -> str:
    return f"{who(seat)} takes {plural(count, 'pebble')}; {left} left."


def skipped(seat: int) -> str:
    return f"{who(seat)} skips, and may not skip again."


def won(seat: int) -> str:
    return f"{who(seat)} takes the last pebble and wins."


def describe_action(game: "Pebbles", state: PebblesState, action: Action, seat: int) -> str:
    if isinstance(action, Take):
        return f"take {plural(action.count, 'pebble')}"
    return "skip (once a game)"


def status(game: "Pebbles", state: PebblesState, seat: int | None) -> str:
    if state.phase == "over":
        return won(state.winner) if state.winner is not None else ""
    return f"{who(state.turn)} to take: {plural(state.pile, 'pebble')} left."


def opening(game: "Pebbles", state: PebblesState) -> list[Event]:
    return [Event(text=f"A pile of {plural(state.pile, 'pebble')}; {who(state.turn)} starts.")]


def why(game: "Pebbles", state: PebblesState, action: Action, seat: int, rng: random.Random) -> str:
    """Leaving a multiple of four (with no skip left to anyone) wins."""
    left = state.pile - (action.count if isinstance(action, Take) else 0)
    if isinstance(action, Take) and left == 0:
        return "takes the last pebble"
    if isinstance(action, Skip):
        return "hands the same pile on"
    if left % (MOST + 1) == 0:
        return f"leaves {left}, a multiple of {MOST + 1}"
    return f"leaves {left}"
