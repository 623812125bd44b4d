"""Demo mode: bots play every seat at a pace people can follow, and the log
says which rule of the rules page each move followed.

A demo is a game screen with the spectator's public view and its own keys:
pause, step, step back, faster, slower, and "take over this seat", which
turns the demo into a game at that point with you in that seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine.errors import IllegalAction

from .game_screen import GameScreen
from .seats import HotSeat, Spectator
from .footer import FittingFooter

if TYPE_CHECKING:
    from tabletop_tui.engine.table import Table

#: seconds a bot's move takes, slowest to fastest
PACES = (4.0, 2.5, 1.5, 0.8, 0.3)
DEFAULT_PACE = 2


class DemoScreen(GameScreen, inherit_bindings=False):
    """Bots at every seat, narrated; the keys steer the pace."""

    BINDINGS = [
        # priority: the board (not played in a demo) must not take these keys
        Binding("space", "pause", "Pause", priority=True),
        Binding("n,right", "step", "Step", priority=True),
        Binding("b,left", "back", "Back", priority=True),
        Binding("plus,equals_sign", "faster", "Faster", priority=True),
        Binding("minus", "slower", "Slower", priority=True),
        Binding("t", "take_over", "Take over", priority=True),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("escape", "leave", "Menu"),
    ]

    narrate = True

    def __init__(self, table: "Table", pace: int = DEFAULT_PACE) -> None:
        super().__init__(table, Spectator(), owns_table=True)
        self.pace = max(0, min(len(PACES) - 1, pace))
        table.bot_delay = PACES[self.pace]

    def on_mount(self) -> None:
        super().on_mount()
        self.title = f"{self.game.title} — demo"
        self.board.can_focus = False  # nobody plays the board: its keys stay out of the footer
        for widget in self.board.query("*"):  # nor those of its lists (Nisyros' choices)
            widget.can_focus = False
        self.set_focus(None)
        self.set_focus(None)
        self._say_pace()

    def _say_pace(self, extra: str = "") -> None:
        state = "paused" if self.table.paused else f"a move every {PACES[self.pace]:g} s"
        self.say(f"Demo, {state}. Space pauses, n steps, b steps back, +/- change the pace, "
                 f"t takes over a seat." + (f" {extra}" if extra else ""))

    def action_pause(self) -> None:
        self.table.pause(not self.table.paused)
        self._say_pace()

    def action_step(self) -> None:
        if not self.table.paused:
            self.table.pause(True)
        self.table.step()
        self._say_pace()

    def action_back(self) -> None:
        try:
            self.table.rewind(1)
        except IllegalAction as err:
            self._say_pace(err.reason)
            return
        self._result_serial = -1
        self._say_pace("Stepped back one move.")

    def action_faster(self) -> None:
        self._set_pace(self.pace + 1)

    def action_slower(self) -> None:
        self._set_pace(self.pace - 1)

    def _set_pace(self, pace: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, pace))
        self.table.bot_delay = PACES[self.pace]
        self._say_pace()

    def action_take_over(self) -> None:
        up = self.current
        if up is not None and up.over:
            self._say_pace("The game is over: there is no seat left to take.")
            return
        self.table.pause(True)
        self.app.push_screen(TakeOverScreen([s.name for s in self.table.seats]), self._took)

    def _took(self, seat: int | None) -> None:
        if seat is None:
            self.table.pause(False)
            self._say_pace()
            return
        info = self.table.seats[seat]
        self.table.set_seat(seat, info.name)  # a human now: the demo becomes a game
        self.table.keep_saved()
        self.owns_table = False  # the game screen takes the table over
        self.table.pause(False)
        policy = HotSeat([seat], self.game.hidden_information)
        screen = GameScreen(self.table, policy, owns_table=True)
        self.app.switch_screen(screen)
        screen.call_after_refresh(screen.say, f"You play {info.name} from here. The others are bots.")

    def _after_result(self, choice: str | None) -> None:
        if choice == "menu":
            self.app.back_to_picker()
        else:
            self._say_pace("The game is over: b steps back through it.")

    def action_leave(self) -> None:
        self.app.back_to_picker()


class TakeOverScreen(ModalScreen[int | None]):
    """Which seat to take over (Esc: none)."""

    BINDINGS = [Binding("escape", "cancel", "Back to the demo")]

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="take-over"):
            yield Static("Take over which seat? You play it from this point; the others stay bots.",
                         id="take-over-title")
            yield OptionList(*[Option(Text(f"{i + 1}. {n}"), id=str(i)) for i, n in enumerate(self.names)],
                             id="take-over-list")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
