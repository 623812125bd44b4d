"""The game screen: a client of one Table.

It subscribes for the seats at its keyboard, and its seat policy (hot-seat,
one fixed seat, or spectator) says whose update is shown. The board gets that
seat's view and legal actions and nothing else; the screen sends the board's
actions to the Table and shows its sentences. It never holds the Match or the
true state: the status, the log, the last move and the result all come in
the Table's updates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult, ScreenStackError
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
from tabletop_tui.engine.text import and_list

from .board import Board
from .boards import board_class
from .coach_panel import CoachPanel
from .handoff import HandoffScreen
from .result_screen import ResultScreen
from .seats import HotSeat, SeatPolicy, Spectator
from .fit import same_height, wrapped_lines
from .footer import FittingFooter
from .game_log import GameLog

if TYPE_CHECKING:
    from tabletop_tui.engine.table_face import TableFace


#: seconds after a move that its log line is drawn (about one frame)
LOG_DELAY = 0.02


class GameScreen(Screen[None]):
    """One table seen from this keyboard.

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

    @property
    def chatty(self) -> bool:
        """The table has chat (a server's table)."""
        return self.table.has_chat

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
        """What the board asks why a move would be refused: the table's own
        ``explain``, or, at a table that answers later (a server's, whose
        ``explain`` waits for the socket), the legal moves this screen
        already holds, so no key waits for the network (the server still
        says why when the move is sent)."""
        if not self.table.answers_later:
            return self.table.explain

        def from_update(action: Action, seat: Seat) -> str | None:
            up = self.updates.get(seat)
            if up is not None and action in up.legal:
                return None
            return "That is not one of your moves now."

        return from_update

    def on_unmount(self) -> None:
        kept, self._handoff_kept = self._handoff_kept, None
        if kept is not None:
            try:
                self.app.uninstall_screen(kept)
            except ScreenStackError:  # still on the stack (the app is closing): it goes with it
                pass
            else:
                if kept.is_mounted:
                    kept.remove()
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
        message.stop()
        names = [s.name for s in self.table.seats]
        if names != self.board.names:  # a seat was taken, or handed to a bot
            if self.board.names:  # lines written under the old names are written again
                self.log_pane.forget()
            self.board.bind(names, [s.colour for s in self.table.seats], self._explainer())
        was_mine = any(u.my_turn for u in self.updates.values())
        before = self.current.serial if self.current is not None else None
        was_over = self.current is not None and self.current.over
        self.updates.update(message.updates)
        if self.current is not None and self.current.over != was_over:
            self.refresh_bindings()  # the coach's key goes (or comes back on undo)
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
        mine = message.updates.get(self.viewer)
        if mine is not None and mine.last is not None and mine.last.seat == self.viewer:
            self._moved = mine.last.reveals
        self.advance()

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
        self.say(f"Your move is made. Look at the board, then press Enter to pass the keyboard to {name}.")

    def _handoff(self, seat: Seat | None) -> None:
        self._handoff_open = True
        self._review_for = None
        # nothing of the last player's view stays drawn behind the hand-off
        self.board.show(None)
        self._update_static("#status", Text(""))
        self._update_static("#seats", Text(""))
        self.query_one("#message", Static).update("")
        self.log_pane.blank()

        def done(ready: bool | None) -> None:
            self._handoff_open = False
            self._moved = False
            self.viewer = seat
            if ready is False:  # Esc on the hand-off: back to the menu
                self.action_leave()
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
        # the log a frame later: the frame that shows the move comes sooner
        self.set_timer(LOG_DELAY, self._render_log)

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
        self._update_static("#message", Text(text))

    @staticmethod
    def _with_notes(alert: str, note: str, text: str, width: int, console) -> str:
        """The alert, the standing note and the line they stand before, on
        the message line's two rows (as wrapped at ``width``). What gives
        way when they do not fit: first the note's later sentences, then,
        behind an alert (which says what to do), the line itself."""
        def join(*parts: str) -> str:
            return " ".join(p for p in parts if p)

        first, dot, _ = note.partition(". ")
        short = f"{first}{dot.strip()}"
        for whole in (join(alert, note, text), join(alert, short, text)):
            if width <= 0 or len(Text(whole).wrap(console, width)) <= 2:
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

    def _render_log(self, up: Update | None = None) -> None:
        up = up or self.current
        if up is None or self._handoff_open:  # nothing of anyone's log behind the hand-off
            return
        self.log_pane.show(up.log, up.seat)

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the message line (cleared by the next move)."""
        self._said = bool(text)
        if not text:
            self._show_prompt()
            return
        msg = self.query_one("#message", Static)
        msg.set_class(error, "error")
        self._update_static("#message", Text(text))

    # -- input ----------------------------------------------------------------------
    def on_board_chosen(self, message: Board.Chosen) -> None:
        message.stop()
        self.play(message.action)

    def on_board_said(self, message: Board.Said) -> None:
        message.stop()
        self.say(message.text, error=message.error)

    def _not_your_turn(self, head: str) -> str:
        """``head`` and whom the table waits for ("No hint now: it is Ben's turn.")."""
        up = self.current
        who = [self.table.seats[s].name for s in up.to_act] if up is not None else []
        if not who:
            return f"{head}: the game is moving on; wait for your turn."
        return f"{head}: it is {' and '.join(who)}'s turn."

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

    def on_game_screen_coached(self, message: Coached) -> None:
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

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Undo and hints are for players, and nothing but leaving, the rules
        and quitting works while the terminal is too small."""
        if action in ("undo", "hint") and not self.policy.seats:
            return False  # a spectator: not shown in the footer
        if action == "chat" and not self.chatty:
            return False  # chat is for a server's tables
        if action in ("undo", "hint") and self.current is not None and self.current.over:
            return False  # the game is over: nothing to coach or take back
        if self.too_small and action not in ("leave", "rules", "quit"):
            return False
        return True

    def on_key(self, event) -> None:
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
        if self._review_for is not None and event.key in ("enter", "space"):
            event.stop()
            event.prevent_default()
            seat = self._review_for
            self._review_for = None
            self._moved = False
            self.say("")
            self._handoff(seat)

    def hear_chat(self, name: str, text: str) -> None:
        """A line of table chat (over ssh; the app calls this as it arrives)."""
        self.log_pane.add_chat(name, text, shown=not self._handoff_open)

    def on_game_screen_hinted(self, message: Hinted) -> None:
        message.stop()
        up = self.current
        if up is None or message.serial != up.serial or self.viewer != message.seat:
            return  # the game moved on while the hint was thought of
        if message.action is None:
            self.say(message.label)
            return
        note = self.board.show_hint(message.action)
        self.say(f"Hint: {message.label}" + (f" ({note})" if note else ""))

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen  # Markdown is heavy: load on first use

        self.app.push_screen(RulesScreen(self.game.id))

    def action_leave(self) -> None:
        """Back to the picker (or the lobby); it says what became of the game."""
        note = self.table.leave_note()  # after the last autosave
        self.app.back_to_picker(note=note)

    def _after_result(self, choice: str | None) -> None:
        if choice == "menu":
            self.action_leave()  # the picker then says the game is over, not "saved"
        else:
            self.say("The game is over. Press Esc for the menu.")
