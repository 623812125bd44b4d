"""Asked before a game that cannot be resumed is left: y leaves, n or Esc
stays. Nothing asks when the game is saved (it waits in the picker's list)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from .footer import FittingFooter


class LeaveScreen(ModalScreen[bool]):
    """Leave a game that is not saved? Dismissed with True to leave."""

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen > Vertical { width: 60; max-width: 100%; height: auto; max-height: 100%;
        border: thick $warning; background: $surface; padding: 0 1; }
    """

    BINDINGS = [
        Binding("y", "leave", "Leave it"),
        Binding("n,escape", "stay", "Keep playing"),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.reason} This game cannot be resumed once you leave it."),
                         id="leave-reason")
            yield Static(Text("Leave it anyway? y leaves, n or Esc goes back to the game."),
                         id="leave-question")
        yield FittingFooter()

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)
