"""Pebbles: the board widget: the pile, and keys 1-3 to take, s to skip."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tabletop_tui.ui.board import Board

from .actions import Skip, Take
from .render import pile_text


class PebblesBoard(Board):
    DEFAULT_CSS = """
    PebblesBoard { height: auto; }
    PebblesBoard #pile { padding: 1 2; }
    """
    BINDINGS = [Binding("1", "take(1)", "Take 1"), Binding("2", "take(2)", "Take 2"),
                Binding("3", "take(3)", "Take 3"), Binding("s", "skip", "Skip")]
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static(id="pile")

    def update_board(self) -> None:
        if self.view is None:
            self.query_one("#pile", Static).update("")
            return
        last = self.last.action if self.last is not None else None
        taken = last.count if isinstance(last, Take) else 0
        self.query_one("#pile", Static).update(pile_text(self.view, taken))

    def _try(self, action) -> None:
        if action in self.legal:
            self.choose(action)
        else:
            self.say(self.explain(action) or "That move is not allowed now.", error=True)

    def action_take(self, n: int) -> None:
        self._try(Take(count=n))

    def action_skip(self) -> None:
        self._try(Skip())


BOARD = PebblesBoard
