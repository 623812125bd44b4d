"""The game screen's turn passing: who of this keyboard's players sees the
board now, the look at one's own move before the keyboard goes on, the
hand-off screen between players with secrets, and the end of the game. A
part of :class:`~.game_screen.GameScreen` (a mixin)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ScreenStackError

from tabletop_tui.engine.game import Seat

from .handoff import HandoffScreen
from .result_screen import ResultScreen

if TYPE_CHECKING:
    from .game_screen import GameScreen

    _Base = GameScreen
else:
    _Base = object


class TurnPassing(_Base):
    """Shows whoever of ours must act, behind a hand-off when secrets are at
    stake, and the result when the game ends."""

    def advance(self) -> None:
        """Show whoever of ours must act now, behind a hand-off when secrets
        are at stake. Called after every update."""
        if self._handoff_open or not self.updates:
            return
        any_update = next(iter(self.updates.values()))
        to_act = any_update.to_act
        seat = self.policy.pick(to_act, self.viewer)
        if self.policy.needs_handoff(seat, self.viewer) and not any_update.over:
            if self._moved and self.viewer is not None:
                self._review(seat)
                return
            self._handoff(seat)
            return
        self._review_for = None
        self.viewer = seat
        self.render_view()
        if any_update.over:
            if self._result_serial != any_update.serial:
                self._result_serial = any_update.serial
                self.app.push_screen(ResultScreen(any_update.result, self.table.seats, self.game.cooperative,
                                                  self.game.id), self._after_result)
            return
        if seat is not None and seat in to_act and not self.has_class("-too-small"):
            self.board.focus_board()

    def _review(self, seat: Seat | None) -> None:
        """The viewer has moved and the next player is someone else at this
        keyboard: show the outcome first, then hand over on Enter."""
        self._review_for = seat
        self.render_view()
        name = self.table.seats[seat].name if seat is not None else "the next player"
        self.say(f"Move made: look at the board, then press Enter to pass the keyboard to {name}.")

    def _handoff(self, seat: Seat | None) -> None:
        self._handoff_open = True
        self._review_for = None
        # nothing of the last player's view stays drawn behind the hand-off
        self.board.show(None)
        self._update_static("#status", Text(""))
        self._update_static("#seats", Text(""))
        self._show_message("")
        self.log_pane.blank()

        def done(ready: bool | None) -> None:
            self._handoff_open = False
            self._moved = False
            self.viewer = seat
            if ready is False:  # Esc on the hand-off: back to the menu (asked if unsaved)
                self.action_leave(stay=lambda: self._handoff(seat))
                return
            self.advance()

        up = self.current
        note = (up.public_status or up.status) if up is not None else ""  # nothing hidden
        name = self.table.seats[seat].name if seat is not None else ""
        self.app.push_screen(self._handoff_screen(name, f"{note}\nEveryone else: please look away." if note else ""),
                             done)

    def _handoff_screen(self, name: str, note: str) -> HandoffScreen:
        """The hand-off screen, passing the keyboard to ``name``: one per
        game screen, installed so that it stays built between hand-offs."""
        screen = self._handoff_kept
        if screen is None:
            screen = self._handoff_kept = HandoffScreen(name, note)
            self.app.install_screen(screen, f"handoff-{id(self)}")
        else:
            screen.pass_to(name, note)
        return screen

    def _drop_handoff_screen(self) -> None:
        """(Unmounting) the kept hand-off screen goes with its game screen."""
        kept, self._handoff_kept = self._handoff_kept, None
        if kept is None:
            return
        try:
            self.app.uninstall_screen(kept)
        except ScreenStackError:  # still on the stack (the app is closing): it goes with it
            return
        if kept.is_mounted:
            kept.remove()

    def _review_key(self, event) -> None:
        """Enter (or space) while the viewer looks at their move: hand over."""
        if self._review_for is not None and event.key in ("enter", "space"):
            event.stop()
            event.prevent_default()
            seat = self._review_for
            self._review_for = None
            self._moved = False
            self.say("")
            self._handoff(seat)

    def _after_result(self, choice: str | None) -> None:
        if choice == "menu":
            self.action_leave()  # the picker then says the game is over, not "saved"
        else:
            self.say("The game is over. Press Esc for the menu.")
