"""The pass-the-keyboard screen: hides the board between seats with secrets."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class HandoffScreen(Screen[bool]):
    """Full-screen and opaque: nothing of the board shows until the named
    player confirms they are at the keys. Dismisses with True."""

    BINDINGS = [Binding("enter", "ready", "I'm ready", priority=True)]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(id="handoff"):
            with Center():
                yield Static(f"Pass the keyboard to [b]{self.player}[/b]", id="handoff-title")
            with Center():
                yield Static(self.note or "Everyone else: please look away.", id="handoff-note")
            with Center():
                yield Button(f"I am {self.player} — show my view (Enter)", id="handoff-ready", variant="primary")

    def action_ready(self) -> None:
        self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)
