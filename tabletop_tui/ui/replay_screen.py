"""The replay viewer: any save, step by step, as any seat saw it.

The board is the game's own board, drawn from the update of the chosen seat
at the chosen step (see :class:`~tabletop_tui.engine.replay.Replay`); nobody
acts. The log lists every move: Enter on one jumps there. For a finished
game "everyone" shows every seat's secrets beside the board; before the end,
a seat's own view is behind the hand-off screen, as in a game.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.replay import Replay

from .boards import board_class
from .handoff import HandoffScreen
from .footer import FittingFooter

#: the viewer key of "every seat at once" (a finished game only)
EVERYONE = "everyone"


class ReplayScreen(Screen[None]):
    """Step through a game: ←/→ a move, PgUp/PgDn ten, Home/End the ends."""

    BINDINGS = [
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("v", "viewer", "Seen by"),
        Binding("p", "branch", "Play from here"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, replay: Replay, step: int | None = None) -> None:
        super().__init__()
        self.replay = replay
        self.game = replay.game
        self.step = replay.moves if step is None else step
        #: whose view is shown: None (the public), a seat, or EVERYONE
        self.viewer: int | str | None = EVERYONE if replay.finished else None
        self._listed_for: object = ()

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            self.board = board_class(self.game.id)(id="board")
            yield self.board
            with Vertical(id="side"):
                yield Static("", id="seats")
                yield Static("", id="secrets")
                yield OptionList(id="replay-log")
        yield Static("", id="message")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.title = f"{self.game.title} — replay"
        self.board.bind([s.name for s in self.replay.seats], [s.colour for s in self.replay.seats], None)
        self.board.can_focus = False
        self.query_one("#replay-log", OptionList).focus()
        self.show()
        self.call_after_refresh(self._follow)

    def on_resize(self) -> None:
        self.call_after_refresh(self._follow)

    def _follow(self) -> None:
        """Scroll the log to the current move once its lines have their width
        (before the first layout, it scrolls by guessed line heights)."""
        self.query_one("#replay-log", OptionList).scroll_to_highlight()

    # -- drawing ------------------------------------------------------------------------
    def _seat(self) -> int | None:
        return self.viewer if isinstance(self.viewer, int) else None

    def show(self) -> None:
        """Draw the position after ``step`` moves for the viewer."""
        up = self.replay.update(self.step, self._seat())
        self.board.show(up)
        who = self._viewer_name()
        self.query_one("#status", Static).update(Text(
            f"Move {self.step} of {self.replay.moves} · seen by {who} · {up.status}"))
        seats = Text()
        for i, s in enumerate(self.replay.seats):
            seats.append("▶ " if i in up.to_act else "  ", style="bold")
            seats.append(s.name, style="bold " + self.board.seat_style(i))
            seats.append(f" · {s.colour} · {s.label}\n")
            extra = self.board.seat_summary(i)
            if extra:
                seats.append(f"  {extra}\n")
        self.query_one("#seats", Static).update(seats)
        secrets = self.query_one("#secrets", Static)
        if self.viewer == EVERYONE:
            lines = Text()
            for s, said in zip(self.replay.seats, self.replay.secrets(self.step)):
                if said:
                    lines.append(f"{s.name}: ", style="bold")
                    lines.append(f"{said}\n")
            secrets.update(lines)
            secrets.display = bool(lines.plain)
        else:
            secrets.display = False
        self._list_log()
        if up.last is not None:
            self.say(f"Last move: {up.last.text}")
        else:
            self.say("The start of the game. → steps forward.")

    def _viewer_name(self) -> str:
        if self.viewer == EVERYONE:
            return "everyone"
        if self.viewer is None:
            return "the table (public)"
        return self.replay.seats[self.viewer].name

    def _list_log(self) -> None:
        """One entry per move, as the viewer may read it; the current move
        highlighted."""
        ol = self.query_one("#replay-log", OptionList)
        if self._listed_for != self.viewer:
            self._listed_for = self.viewer
            whole = self.replay.update(self.replay.moves, self._seat())
            moves: dict[int, list[str]] = {}
            for line in whole.log:
                if line.move is not None:
                    moves.setdefault(line.move, []).append(line.text)
            ol.clear_options()
            ol.add_option(Option(Text("0. The start"), id="0"))
            for k in range(self.replay.moves):
                text = " ".join(moves.get(k, [])) or "(a secret move)"
                ol.add_option(Option(Text(f"{k + 1}. {text}"), id=str(k + 1)))
        if ol.highlighted != self.step:
            ol.highlighted = self.step

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text))

    # -- keys ------------------------------------------------------------------------------
    def action_step(self, by: int) -> None:
        self._go(self.step + by)

    def action_jump(self, to: int) -> None:
        self._go(self.replay.moves if to < 0 else to)

    def _go(self, step: int) -> None:
        step = max(0, min(self.replay.moves, step))
        if step != self.step:
            self.step = step
            self.show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._go(int(event.option.id or 0))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # moving through the list only reads it; Enter jumps

    def action_viewer(self) -> None:
        order: list[int | str | None] = [None, *range(self.replay.players)]
        if self.replay.finished:
            order.append(EVERYONE)
        nxt = order[(order.index(self.viewer) + 1) % len(order)]
        if (isinstance(nxt, int) and self.game.hidden_information and not self.replay.finished):
            # before the end a seat's view holds its secrets: pass the keyboard
            name = self.replay.seats[nxt].name
            self.app.push_screen(HandoffScreen(name, "This replay will show this seat's hidden cards."),
                                 lambda ok: self._set_viewer(nxt))
            return
        self._set_viewer(nxt)

    def _set_viewer(self, viewer: int | str | None) -> None:
        self.viewer = viewer
        self.show()

    def action_branch(self) -> None:
        """Play on from this step as a new game (its own save)."""
        try:
            self.app.start_branch(self.replay, self.step, replace=self)
        except IllegalAction as err:
            self.say(err.reason)

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id))

    def action_leave(self) -> None:
        self.app.back_to_picker()
