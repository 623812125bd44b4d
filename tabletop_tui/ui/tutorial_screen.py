"""The tutorial screen: a game screen for the newcomer's seat, with the
step's lesson beside the board (see :mod:`tabletop_tui.engine.tutorial`)."""

from __future__ import annotations

from rich.text import Text
from textual.actions import parse as parse_action
from textual.widgets import Static

from tabletop_tui.engine.tutorial import TutorialTable

from .game_screen import GameScreen
from .seats import HotSeat


class TutorialScreen(GameScreen):
    """The newcomer plays; the lesson says what to do and why."""

    narrate = True

    def __init__(self, table: TutorialTable) -> None:
        super().__init__(table, HotSeat([table.tutorial.you], False), owns_table=True)
        self._lesson_shown = ""

    def on_mount(self) -> None:
        super().on_mount()
        self.title = self.table.tutorial.title
        lesson = Static("", id="lesson")
        self.query_one("#side").mount(lesson, before=self.query_one("#seats"))  # read first
        self.say(self.table.tutorial.intro)

    def on_key(self, event) -> None:
        """A board key that does nothing now (its move is not this step's,
        so the board turned it off) still gets the step's words."""
        board = self.board
        bindings = board._bindings.key_to_bindings.get(event.key, [])
        if bindings and board.has_focus and not self.too_small and not self.table.done:
            if all(board.check_action(*parse_action(b.action)[1:]) is False for b in bindings):
                event.stop()
                event.prevent_default()
                tut, step = self.table.tutorial, self.table.tutorial.steps[self.table.at]
                self.say(f"Not at this step. {step.say}" if step.seat == tut.you
                         else f"Wait: {self.table.seats[step.seat].name} moves next.", error=True)
                return
        super().on_key(event)

    def render_view(self) -> None:
        super().render_view()
        up = self.current
        text = up.lesson if up is not None else ""
        if text != self._lesson_shown and self.query("#lesson"):
            self._lesson_shown = text
            self.query_one("#lesson", Static).update(Text(text))
