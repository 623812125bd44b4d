"""The pass-the-keyboard screen: hides the board between seats with secrets."""

from __future__ import annotations

from rich.text import Text
from textual import events
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
        #: the theme and size its styles were last worked out for
        self._styled_for: tuple | None = None

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown again (it is kept between hand-offs): its styles are worked
        out again only if the theme or the terminal's size changed since
        (Textual restyles every widget of a screen on each showing, a third
        of a hand-off key's CPU). Textual calls its own handler (Screen's)
        after this one, with the same event."""
        styled_for = (self.app.theme, self.app.size)
        if event.refresh_styles and styled_for == self._styled_for:
            event.refresh_styles = False
        self._styled_for = styled_for

    def _title(self) -> Text:
        return Text.assemble("Pass the keyboard to ", (self.player, "bold"))

    def _note(self) -> Text:
        return Text(self.note or "Everyone else: please look away.")

    def _ready(self) -> Text:
        return Text(f"I am {self.player} — show my view (Enter)")

    def compose(self) -> ComposeResult:
        with Middle(id="handoff"):
            with Center():
                yield Static(self._title(), id="handoff-title")
            with Center():
                yield Static(self._note(), id="handoff-note")
            with Center():
                yield Button(self._ready(), id="handoff-ready", variant="primary")
        yield SteadyFooter()

    def pass_to(self, name: str, note: str = "") -> None:
        """Say whom the keyboard goes to now: the game screen keeps one
        hand-off screen and shows it again for each player (building a
        screen anew on every move costs more than the move)."""
        self.player, self.note = name, note
        if self.is_mounted:
            self.query_one("#handoff-title", Static).update(self._title())
            self.query_one("#handoff-note", Static).update(self._note())
            self.query_one("#handoff-ready", Button).label = self._ready()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)
