"""The game screen's table chat (a server's tables): the / key, the line
to type in, and the lines said at the table, written in the log. A part of
:class:`~.game_screen.GameScreen` (a mixin)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from tabletop_tui.engine.errors import IllegalAction

if TYPE_CHECKING:
    from .game_screen import GameScreen

    _Base = GameScreen
else:
    _Base = object


class TableChat(_Base):
    """Chat at a table that has it; nothing at one that has not."""

    @property
    def chatty(self) -> bool:
        """The table has chat (a server's table)."""
        return self.table.has_chat

    def action_chat(self) -> None:
        if not self.chatty:
            return
        box = self.query_one("#chat", Input)
        box.display = True
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "chat":
            return
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        event.input.display = False
        self.board.focus_board()
        if text:
            try:
                self.table.send_chat(text)
            except IllegalAction as err:  # the server is gone: the app is told separately
                self.say(err.reason, error=True)
            except Exception:
                self.say("The message was not sent.", error=True)

    def hear_chat(self, name: str, text: str) -> None:
        """A line of table chat (over ssh; the app calls this as it arrives)."""
        self.log_pane.add_chat(name, text, shown=not self._handoff_open)
