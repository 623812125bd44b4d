"""The game screen: a client of one Table.

It subscribes for the seats at its keyboard, and its seat policy (hot-seat,
one fixed seat, or spectator) says whose update is shown. The board gets that
seat's view and legal actions and nothing else; the screen sends the board's
actions to the Table and shows its sentences. It never holds the Match or the
true state: the status, the log, the last move and the result all come in
the Table's updates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.crash import report_crash
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.updates import Update

from .board import Board
from .boards import board_class
from .coach_panel import CoachPanel
from .footer import NARROW, FittingFooter
from .game_log import GameLog
from .handoff import HandoffScreen
from .message_line import MessageLines
from .screen_chat import TableChat
from .screen_coach import CoachKeys
from .seats import HotSeat, SeatPolicy, Spectator
from .turn_passing import TurnPassing

if TYPE_CHECKING:
    from tabletop_tui.engine.table_face import TableFace



class GameScreen(MessageLines, CoachKeys, TurnPassing, TableChat, Screen[None]):
    """One table seen from this keyboard.

    Its jobs beside the layout, the table's updates and the keys every game
    shares are in modules of their own: the status, players and message
    lines (:mod:`.message_line`), the coach and hints (:mod:`.screen_coach`),
    passing the turn and the end of the game (:mod:`.turn_passing`) and the
    table chat (:mod:`.screen_chat`); the log is :mod:`.game_log`.

    Below the board's ``MIN_SIZE`` the screen says the size the game needs
    instead of drawing a broken board (and keys wait until it fits).
    """

    DEFAULT_CSS = """
    GameScreen #too-small { display: none; }
    GameScreen.-too-small #too-small {
        display: block; width: 100%; height: 1fr; content-align: center middle; text-align: center;
        padding: 0 2;
    }
    GameScreen.-too-small #main, GameScreen.-too-small #status, GameScreen.-too-small #message,
    GameScreen.-too-small #chat { display: none; }
    """

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Coach"),
        Binding("j", "judge", "Judge"),
        Binding("j", "judge_unshown", "Judge", show=False),  # j works where the footer has no room for it
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("escape", "leave", "Menu"),
        Binding("slash", "chat", "Chat", key_display="/"),
    ]

    class Updated(Message):
        """The table changed: the updates for this client's seats."""

        def __init__(self, updates: dict[Seat | None, Update]) -> None:
            super().__init__()
            self.updates = updates

    class Hinted(Message):
        """The table's hint for ``seat`` (``action`` None: ``label`` says why not)."""

        def __init__(self, serial: int, seat: Seat, action: Action | None, label: str) -> None:
            super().__init__()
            self.serial, self.seat, self.action, self.label = serial, seat, action, label

    class Coached(Message):
        """The coach's suggestions for ``seat`` (none: ``reason`` says why)."""

        def __init__(self, serial: int, seat: Seat, suggestions: list, reason: str) -> None:
            super().__init__()
            self.serial, self.seat, self.suggestions, self.reason = serial, seat, suggestions, reason

    #: the log says which rule of the rules page each move followed (a demo)
    narrate = False

    def __init__(self, table: "TableFace", policy: SeatPolicy | None = None, *, owns_table: bool = True) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        if policy is None:
            humans = table.humans
            policy = HotSeat(humans, table.game.hidden_information) if humans else Spectator()
        self.policy = policy
        self.owns_table = owns_table
        #: the latest update of each subscribed seat (None: the public view)
        self.updates: dict[Seat | None, Update] = {}
        #: the seat whose view is on screen (None: the public view)
        self.viewer: Seat | None = None
        self._sub = None
        self._handoff_open = False
        #: the hand-off screen, kept built between hand-offs (see :meth:`_handoff_screen`)
        self._handoff_kept: HandoffScreen | None = None
        self._result_serial = -1
        self._said = False
        #: the viewer's move showed them something (a drawn card, a die) since
        #: the keyboard came to them: let them see it before the board is
        #: hidden for the next player
        self._moved = False
        self._review_for: Seat | None = None
        #: the board's cursors before the coach moved them onto its suggestion
        self._cursor_before: dict | None = None
        #: "Your turn." is on the message line
        self._turn_said = False
        #: what each Static updated by :meth:`_update_static` shows: (its text, its lines)
        self._static_shown: dict[str, tuple[tuple | None, int]] = {}
        #: the latest key; and the key refused on a server's provisional
        #: sentence, pressed again once the server said why (:meth:`explained`)
        self._last_key = ""
        self._ask_again: tuple | None = None

    # -- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._width_class_now()
        yield Static("", id="status")
        with Horizontal(id="main"):
            self.board: Board = board_class(self.game.id)(id="board")
            yield self.board
            with Vertical(id="side"):
                yield Static("", id="seats")
                yield CoachPanel(id="coach")
                self.log_pane = GameLog(id="log", wrap=True, markup=False, min_width=20)
                self.log_pane.setup(self.game.id, self.board.seat_style, self.narrate)
                yield self.log_pane
        yield Static("", id="message")
        yield Static("", id="too-small")
        if self.chatty:
            yield Input(placeholder="Say something to the table (Enter sends, Esc closes)", id="chat",
                        max_length=200)
        yield FittingFooter()

    def _width_class_now(self) -> None:
        """Give the screen its width class (``-narrow``…, the app's
        breakpoints) before the first layout: Textual sets it on the first
        resize, after a layout that boards would draw for the wrong width
        (a frame of cut labels at startup)."""
        width = self.app.size.width
        marks = sorted(self.app.HORIZONTAL_BREAKPOINTS or [])
        fits = [name for least, name in marks if width >= least]
        self.update_classes({name: name == (fits[-1] if fits else None) for _, name in marks})

    def on_mount(self) -> None:
        self.title = self.game.title
        self.query_one(CoachPanel).hide()
        self.board.bind([s.name for s in self.table.seats], [s.colour for s in self.table.seats],
                        self._explainer())
        if self.chatty:
            self.query_one("#chat", Input).display = False
            for name, text in self.table.chat_lines:  # said before we came:
                self.log_pane.add_chat(name, text, before=True)  # after the log as we find it
        self._sub = self.table.subscribe(self.policy.seats, lambda ups: self.post_message(self.Updated(ups)))
        self._fit()

    def _explainer(self):
        """What the board asks why a move would be refused: the table's
        ``explain``. A server's table (``answers_later``) never waits for
        the socket: until the server has said why, it gives a provisional
        sentence and asks, and the key is pressed again once the answer
        came (:meth:`explained`), so the player reads the model's words (a
        click keeps the provisional sentence: it is not pressed again)."""
        if not self.table.answers_later:
            return self.table.explain

        def asking(action: Action, seat: Seat) -> str | None:
            guesses = self.table.guesses
            why = self.table.explain(action, seat)
            if self.table.guesses != guesses and self.current is not None:
                self._ask_again = (self._last_key, self.app.focused, self.current.serial)
            return why

        return asking

    def explained(self) -> None:
        """The server answered an explain of ours (the app calls this): once
        it owes none, the refused key is pressed again (if nothing moved)."""
        if self._ask_again is None or self.table.explaining():
            return
        key, focused, serial = self._ask_again
        self._ask_again = None
        if key and self.app.focused is focused and self.current is not None and self.current.serial == serial:
            self.app.simulate_key(key)

    def on_unmount(self) -> None:
        self._drop_handoff_screen()
        if self._sub is not None:
            self._sub.close()
            self._sub = None
        if self.owns_table:
            self.table.close()

    def on_game_log_rewrap(self, _message: GameLog.Rewrap) -> None:
        self.call_after_refresh(self._rewrap_log)

    def on_resize(self) -> None:
        self._fit()
        # RichLog wraps lines when they are written: write them again at the
        # log's new width (after this resize is laid out).
        self.call_after_refresh(self._rewrap_log)

    @property
    def too_small(self) -> bool:
        """The terminal is smaller than the board needs."""
        return self.has_class("-too-small")

    def _fit(self) -> None:
        """Below the board's ``MIN_SIZE`` the game is hidden (no key reaches
        the board unseen) and one sentence says the size it needs."""
        width, height = self.app.size
        need_w, need_h = self.board.MIN_SIZE
        small = width < need_w or height < need_h
        if small:
            self.query_one("#too-small", Static).update(Text(
                f"{self.game.title} needs a terminal of at least {need_w}x{need_h}.\n"
                f"This one is {width}x{height}.\n"
                "Make the window larger (or the font smaller) to play.\n\n"
                "Esc leaves the game (it stays saved)."))
        if small == self.too_small:
            return
        self.set_class(small, "-too-small")
        self.query_one("#main").disabled = small  # hidden and deaf: no key plays unseen
        self.refresh_bindings()  # the footer: only leaving and the rules while small
        if small:
            self.set_focus(None)
        elif self.current is not None and self.current.my_turn:
            self.call_after_refresh(self.board.focus_board)  # hiding the board took its focus

    def _rewrap_log(self) -> None:
        if self._handoff_open:
            return
        if self.current is not None:  # the players panel too, for its new width
            self._render_seats(self.current)
        up = self.current
        self.log_pane.rewrap(up.log if up is not None else None, up.seat if up is not None else None)

    @property
    def current(self) -> Update | None:
        """The update on screen (the viewer's, or the public one)."""
        return self.updates.get(self.viewer) or self.updates.get(None) or (
            next(iter(self.updates.values()), None))

    # -- updates from the table ------------------------------------------------------
    def on_game_screen_updated(self, message: Updated) -> None:
        """The table's update: the board, the status, the players panel,
        the message line and the log's new lines, all in one frame (a
        frame costs the app and the player's terminal more than any one of
        them; nothing here lays the screen out unless a line's height changed)."""
        message.stop()
        with self.app.batch_update():
            self._take_update(message.updates)

    def _take_update(self, updates: dict[Seat | None, Update]) -> None:
        names = [s.name for s in self.table.seats]
        if names != self.board.names:  # a seat was taken, or handed to a bot
            if self.board.names:  # lines written under the old names are written again
                self.log_pane.forget()
            self.board.bind(names, [s.colour for s in self.table.seats], self._explainer())
        was_mine = any(u.my_turn for u in self.updates.values())
        before = self.current.serial if self.current is not None else None
        was_over = self.current is not None and self.current.over
        was_judged = self.current.judged if self.current is not None else None
        self.updates.update(updates)
        if self.current is not None and (self.current.over != was_over or self.current.judged != was_judged):
            self.refresh_bindings()  # the coach's keys go (or come back on undo)
        if self.current is not None and self.current.serial != before:
            self._close_coach()  # the position changed: the suggestions are stale
        mine_now = any(u.my_turn for u in self.updates.values())
        if self.chatty and not was_mine and mine_now:
            self.app.bell()  # over ssh the turn comes to you: ring and say so
            self.say("Your turn.")
            self._turn_said = True
        elif self._turn_said and not mine_now:
            self._turn_said = False  # the turn went on: say who we wait for instead
            self.say("")
        mine = updates.get(self.viewer)
        if mine is not None and mine.last is not None and mine.last.seat == self.viewer:
            self._moved = mine.last.reveals
        self.advance()

    def render_view(self) -> None:
        up = self.current
        if up is None:
            return
        self.board.away = frozenset(i for i, s in enumerate(self.table.seats) if s.presence == "away")
        self.board.show(up if up.seat == self.viewer else None)
        self._update_static("#status", Text(up.status))
        self._render_seats(up)
        if not self._said:
            self._show_prompt()
        self._render_log()  # in the same frame as the move

    def _render_log(self, up: Update | None = None) -> None:
        up = up or self.current
        if up is None or self._handoff_open:  # nothing of anyone's log behind the hand-off
            return
        self.log_pane.show(up.log, up.seat)

    # -- input ----------------------------------------------------------------------
    def on_board_chosen(self, message: Board.Chosen) -> None:
        message.stop()
        self.play(message.action)

    def on_board_said(self, message: Board.Said) -> None:
        message.stop()
        self.say(message.text, error=message.error)

    def play(self, action: Action) -> bool:
        """Send the viewer's action to the table; show the reason if refused."""
        seat = self.viewer
        up = self.current
        if seat is None or up is None or seat not in up.to_act:
            who = ", ".join(self.table.seats[s].name for s in up.to_act) if up and up.to_act else ""
            self.say(f"Wait: it is {who}'s turn." if who else "It is not your turn.", error=True)
            return False
        try:
            self.table.act(action, seat)  # a table that answers later: a refusal comes to :meth:`answered`
        except IllegalAction as err:
            self.say(err.reason, error=True)
            return False
        except Exception as err:  # a bug must not throw the table out of the game
            self.say(report_crash(err), error=True)
            return False
        if self.table.answers_later:
            # the table's update (or its refusal) rewrites the message line
            # soon: clearing it now would be a frame of its own, showing
            # the prompt for a few milliseconds between "Your turn." and the move
            self._said = False
        else:
            self.say("")
        return True

    def answered(self, answer) -> None:
        """A table that answers later (a server's) answered an act or an
        undo of ours (the app calls this; ``answer`` has ``request``,
        ``ok``, ``reason`` and ``reply``)."""
        if not answer.ok:
            self.say(answer.reason, error=True)
        elif answer.request == "undo":
            self._undone(int(answer.reply.get("count", 1)))

    # -- shared keys -------------------------------------------------------------------------
    def action_undo(self) -> None:
        try:
            n = self.table.undo(by=self.viewer)
        except IllegalAction as err:
            self.say(err.reason, error=True)
            return
        except Exception as err:
            self.say(report_crash(err), error=True)
            return
        if not self.table.answers_later:  # else the answer says how many
            self._undone(n)

    def _undone(self, n: int) -> None:
        self._result_serial = -1
        self.say(f"Undid {n} move{'s' if n != 1 else ''}.")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Undo and hints are for players, and nothing but leaving, the rules
        and quitting works while the terminal is too small."""
        if action in ("judge", "judge_unshown"):  # only where the coach judges the viewer's moves (or would)
            up = self.current
            if up is None or up.judged is None or up.seat != self.viewer or up.over or self.too_small:
                return False
            # in the footer when it has room (a 100-column terminal; at 80
            # a game's own keys fill it), or to say how to turn it back on
            return action == "judge_unshown" or self.app.size.width >= NARROW or not up.judged
        if action in ("undo", "hint") and not self.policy.seats:
            return False  # a spectator: not shown in the footer
        if action == "chat" and not self.chatty:
            return False  # chat is for a server's tables
        if action in ("undo", "hint") and self.current is not None and self.current.over:
            return False  # the game is over: nothing to coach or take back
        if self.too_small and action not in ("leave", "rules", "quit"):
            return False
        return True

    def on_mouse_down(self, _event) -> None:
        self._last_key, self._ask_again = "", None  # a click: no key to press again

    def on_key(self, event) -> None:
        self._last_key, self._ask_again = event.key, None
        if self.too_small and event.key not in ("escape", "ctrl+q", "question_mark", "f1"):
            event.stop()
            event.prevent_default()  # the board is hidden: its keys wait until the terminal fits
            return
        if self.chatty and event.key == "escape" and self.query_one("#chat", Input).has_focus:
            event.stop()
            event.prevent_default()
            self.query_one("#chat", Input).display = False
            self.board.focus_board()
            return
        self._review_key(event)

    def action_judge_unshown(self) -> None:
        self.action_judge()

    def action_judge(self) -> None:
        """j: the viewer's own switch for the coach's word on their moves
        (the other players keep theirs)."""
        up, seat = self.current, self.viewer
        if up is None or seat is None or up.judged is None:
            return
        on = not up.judged
        try:
            self.table.judge_moves(seat, on)
        except IllegalAction as err:
            self.say(err.reason, error=True)
            return
        self.say("The coach judges your moves again: it says so after a clear slip." if on
                 else "The coach no longer judges your moves (j to have it back).")

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen  # Markdown is heavy: load on first use

        self.app.push_screen(RulesScreen(self.game.id))

    def action_leave(self, stay: Callable[[], None] | None = None) -> None:
        """Back to the picker (or the lobby); it says what became of the game.
        A game that could not be resumed (not saved) is left only when the
        player says so; ``stay`` runs if they go back to it."""
        reason = self.table.leave_loses()
        if reason:
            from .leave_screen import LeaveScreen

            def answered(leave: bool | None) -> None:
                if leave:
                    self._leave()
                elif stay is not None:
                    stay()

            self.app.push_screen(LeaveScreen(reason), answered)
            return
        self._leave()

    def _leave(self) -> None:
        note = self.table.leave_note()  # after the last autosave
        self.app.back_to_picker(note=note)
