"""Pebbles: the pile as Rich text (pure Rich, no widgets)."""

from __future__ import annotations

from rich.text import Text

from .view import PebblesView


def pile_text(view: PebblesView, last_taken: int = 0) -> Text:
    """One ``o`` per pebble left, then the last move's pebbles struck out."""
    out = Text("o " * view.pile, style="bold")
    out.append("x " * last_taken, style="reverse")
    return out
