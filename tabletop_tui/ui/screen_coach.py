"""The game screen's coach and hints: the h key, the coach's panel of
suggestions shown on the board, and a table's single hint. A part of
:class:`~.game_screen.GameScreen` (a mixin)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .coach_panel import CoachPanel

if TYPE_CHECKING:
    from .game_screen import GameScreen

    _Base = GameScreen
else:
    _Base = object


class CoachKeys(_Base):
    """Asks the table's coach (or its hint) for the seat at the keys, and
    shows the answer on the board, with the cursors put back if unused."""

    def _not_your_turn(self, head: str) -> str:
        """``head`` and whom the table waits for ("No hint now: it is Ben's turn.")."""
        up = self.current
        who = [self.table.seats[s].name for s in up.to_act] if up is not None else []
        if not who:
            return f"{head}: the game is moving on; wait for your turn."
        return f"{head}: it is {' and '.join(who)}'s turn."

    def action_hint(self) -> None:
        seat = self.viewer
        up = self.current
        if up is not None and up.over:
            self.say("The game is over: the coach has nothing to suggest.")
            return
        if seat is None or up is None or not up.my_turn:
            self.say(self._not_your_turn("No hint now"))
            return
        if self.query_one(CoachPanel).display:
            self._close_coach(unused=True)
            return
        if not self.table.has_coach:  # a table that gives one hint only
            self.say("Thinking of a hint…")
            self.table.hint(seat, lambda serial, action, label: self.post_message(
                self.Hinted(serial, seat, action, label)))
            return
        self.say("The coach is thinking…")
        self.table.coach(seat, lambda serial, found, reason: self.post_message(self.Coached(serial, seat, found, reason)))

    def on_game_screen_coached(self, message: GameScreen.Coached) -> None:
        message.stop()
        up = self.current
        if up is None or message.serial != up.serial or self.viewer != message.seat:
            return  # the game moved on while the coach thought
        if not message.suggestions:
            self.say(message.reason)
            return
        panel = self.query_one(CoachPanel)
        self._cursor_before = self.board.cursor_state()
        panel.offer(message.suggestions)
        panel.focus()
        self.board.hints = [s.action for s in message.suggestions]
        self.say("Coach: ↑↓ shows each move on the board, Enter takes it, Esc closes.")

    def on_coach_panel_shown(self, message: CoachPanel.Shown) -> None:
        message.stop()
        self.board.show_hint(message.action)

    def on_coach_panel_taken(self, message: CoachPanel.Taken) -> None:
        message.stop()
        self._close_coach()
        self.play(message.action)

    def on_coach_panel_closed(self, message: CoachPanel.Closed) -> None:
        message.stop()
        self._close_coach(unused=True)
        self.say("Coach closed; the cursor is back where it was.")

    def _close_coach(self, unused: bool = False) -> None:
        """Hide the coach; ``unused`` (Esc, or h again): the board's cursors go
        back where they were before it showed its suggestions."""
        panel = self.query_one(CoachPanel)
        if not panel.display:
            return
        panel.hide()
        self.board.hints = []
        if self.board.hint is not None:
            self.board.show_hint(None)
        before, self._cursor_before = self._cursor_before, None
        if unused and before is not None:
            self.board.restore_cursor(before)
        self.board.focus_board()

    def on_game_screen_hinted(self, message: GameScreen.Hinted) -> None:
        message.stop()
        up = self.current
        if up is None or message.serial != up.serial or self.viewer != message.seat:
            return  # the game moved on while the hint was thought of
        if message.action is None:
            self.say(message.label)
            return
        note = self.board.show_hint(message.action)
        self.say(f"Hint: {message.label}" + (f" ({note})" if note else ""))
