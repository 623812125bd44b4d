"""The game screen's lines of words: the status line, the players panel and
the message line (the prompt, the standing notes, what a refused key was
told). A part of :class:`~.game_screen.GameScreen` (a mixin: it works on the
screen's table, board, policy and current update).

The message line is one row high, always: a sentence that changed its
height would lay the whole screen out again (on a move key that pass cost
more than the move). A sentence longer than the row ends in an ellipsis
there and is written in full in the game log (once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.text import and_list
from tabletop_tui.engine.updates import Update

from .fit import same_height, wrapped_lines

if TYPE_CHECKING:
    from .game_screen import GameScreen

    _Base = GameScreen
else:
    _Base = object


class MessageLines(_Base):
    """Writes the screen's status, players and message lines, each redrawn
    only when its text changed (and laid out only when its height did)."""

    def _show_prompt(self) -> None:
        msg = self.query_one("#message", Static)
        msg.set_class(False, "error")
        up = self.current
        text = ""
        if up is not None:
            if up.coach:
                text = up.coach
            elif up.my_turn:
                text = self.board.prompt()
            elif up.thinking is not None and not up.over:
                text = f"{self.table.seats[up.thinking].name} is thinking…"
            elif up.to_act and not up.over and not any(s in self.policy.seats for s in up.to_act):
                text = "Waiting for " + and_list([self._waiting_for(s) for s in up.to_act]) + "."
            if up.note or up.alert:
                alert = f"{up.alert} {up.alert_detail}" if up.alert_detail else up.alert
                text = self._with_notes(alert, up.note, text, msg.content_size.width, self.app.console)
        self._show_message(text)

    @staticmethod
    def _with_notes(alert: str, note: str, text: str, width: int, console) -> str:
        """The alert, the standing note and the line they stand before, on
        the message line's row (``width`` cells). What gives way when they
        do not fit: first the note's later sentences, then, behind an alert
        (which says what to do), the line itself. What is still too long
        ends in an ellipsis, and the log has it whole (:meth:`_show_message`)."""
        def join(*parts: str) -> str:
            return " ".join(p for p in parts if p)

        first, dot, _ = note.partition(". ")
        short = f"{first}{dot.strip()}"
        for whole in (join(alert, note, text), join(alert, short, text)):
            if width <= 0 or Text(whole).cell_len <= width:
                return whole
        return join(alert, short) if alert else join(short, text)

    def _waiting_for(self, seat: Seat) -> str:
        """"Ana", "Ana (away)" or "a player to take the Blue seat"."""
        info = self.table.seats[seat]
        if info.presence == "open":
            return f"a player to take the {info.colour} seat"
        return f"{info.name} (away)" if info.presence == "away" else info.name

    def _render_seats(self, up: Update) -> None:
        acting = set(up.to_act)
        width = self.query_one("#seats", Static).content_size.width
        if width > 0:  # laid out: the board words its lines for the panel's width
            self.board.summary_width = max(20, width - 2)
        lines = Text()
        for i, s in enumerate(self.table.seats):
            mark = "▶ " if i in acting else "  "
            lines.append(mark, style="bold")
            lines.append(s.name, style="bold " + self.board.seat_style(i))
            lines.append(f" · {s.colour} · {s.label}\n")
            extra = self.board.seat_summary(i)
            if extra:
                lines.append(f"  {extra}\n")
        lines.rstrip()  # no empty line under the last seat
        self._update_static("#seats", lines)

    def _update_static(self, selector: str, text: Text) -> None:
        """Update a Static only when its text changed, and lay the screen out
        again only when its height changes: a move key redraws only what
        moved (a layout pass of the whole screen costs more than the move)."""
        widget = self.query_one(selector, Static)
        key = (text.plain, tuple(text.spans))
        shown, shown_lines = self._static_shown.get(selector, (None, -2))
        if shown == key:
            return
        size = widget.content_size
        lines = wrapped_lines(text, self.app.console, size.width)
        same = same_height(widget, shown_lines, lines)
        self._static_shown[selector] = (key, lines)
        widget.update(text, layout=not same)

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the message line (cleared by the next move)."""
        self._said = bool(text)
        if not text:
            self._show_prompt()
            return
        msg = self.query_one("#message", Static)
        msg.set_class(error, "error")
        self._show_message(text)

    def _show_message(self, text: str) -> None:
        """``text`` on the message line's one row, with no layout pass;
        longer than the row, it ends in an ellipsis (the CSS's) and the log
        has it in full."""
        widget = self.query_one("#message", Static)
        key = (text, ())
        if self._static_shown.get("#message", (None, 0))[0] == key:
            return
        self._static_shown["#message"] = (key, 1)
        width = widget.content_size.width
        if text and width > 0 and Text(text).cell_len > width:
            self.log_pane.add_note(text, self.viewer)
        widget.update(Text(text), layout=False)
