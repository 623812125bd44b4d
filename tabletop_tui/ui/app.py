"""The tabletop app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.resources import stylesheet

from .picker import PickerScreen

if TYPE_CHECKING:
    from tabletop_tui.engine.match import Match


class TabletopApp(App[None]):
    """Picker -> setup -> game -> result, for one table at one keyboard."""

    CSS_PATH = str(stylesheet())
    TITLE = "tabletop"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    def __init__(self, match: "Match | None" = None, setup: str | None = None,
                 bot_delay: float = 0.6) -> None:
        super().__init__()
        self._start_match = match
        self._start_setup = setup
        #: seconds a bot's move stays at least "thinking", so people can follow
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.push_screen(PickerScreen())
        if self._start_setup:
            from .setup import SetupScreen

            self.push_screen(SetupScreen(self._start_setup))
        if self._start_match:
            self.start_match(self._start_match)

    def start_match(self, match: "Match", replace: Screen | None = None) -> None:
        """Seat ``match`` at a new Table and open its game screen for the
        humans at this keyboard (replacing ``replace`` if given)."""
        from tabletop_tui.engine.table import Table

        from .game_screen import GameScreen

        screen = GameScreen(Table(match, bot_delay=self.bot_delay))
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def back_to_picker(self, note: str = "") -> None:
        """Close everything above the picker."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, PickerScreen):
            self.pop_screen()
        if isinstance(self.screen, PickerScreen):
            self.screen.refresh_list()
            if note:
                self.screen.query_one("#picker-message").update(note)
