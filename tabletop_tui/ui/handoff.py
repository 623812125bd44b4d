"""The pass-the-keyboard screen: hides the board between seats with secrets."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static

from .footer import SteadyFooter


class HandoffScreen(Screen[bool]):
    """Full-screen and opaque: nothing of the board shows until the named
    player confirms they are at the keys. Dismisses with True (Enter: the
    player is ready) or False (Esc: back to the menu, the game stays as it is).

    The player's name and the note are outside text: shown as plain text."""

    BINDINGS = [
        Binding("enter", "ready", "I'm ready", priority=True),
        Binding("escape", "menu", "Menu"),
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(id="handoff"):
            with Center():
                yield Static(Text.assemble("Pass the keyboard to ", (self.player, "bold")), id="handoff-title")
            with Center():
                yield Static(Text(self.note or "Everyone else: please look away."), id="handoff-note")
            with Center():
                yield Button(Text(f"I am {self.player} — show my view (Enter)"), id="handoff-ready",
                             variant="primary")
        yield SteadyFooter()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)
