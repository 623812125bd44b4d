"""The game screen: one board bound to the seat at the keys, a status line,
the players, the log, and the keys every game shares (undo, hint, rules)."""

from __future__ import annotations

import random
import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from tabletop_tui.engine import Action, IllegalAction, Match, SearchBot, Seat
from tabletop_tui.engine.game import Event

from .board import Board
from .boards import board_class
from .handoff import HandoffScreen
from .result_screen import ResultScreen


def report_bug(err: BaseException) -> str:
    """Write the traceback of an unexpected error to ``crash.log`` in the data
    folder and return a sentence for the player (no traceback on screen)."""
    import traceback

    from tabletop_tui.engine.storage import data_dir

    try:
        path = data_dir() / "crash.log"
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
            fh.write("".join(traceback.format_exception(err)))
        where = f" Details are in {path}."
    except OSError:
        where = ""
    return f"Something went wrong ({type(err).__name__}); nothing was changed and the game is saved.{where}"


class GameScreen(Screen[None]):
    """Drives a Match: asks it who acts, shows the right view, runs bots off
    the UI thread, and hands players' actions to it."""

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        #: The seat whose view is on screen (None: the public view).
        self.viewer: Seat | None = None
        self._log_count = 0
        self._log_viewer: Seat | None = None
        self._handoff_open = False
        self._result_shown = False
        self._bot_busy = False
        self._said = False

    # -- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            self.board: Board = board_class(self.match.game.id)(self.match, id="board")
            yield self.board
            with Vertical(id="side"):
                yield Static("", id="seats")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.match.game.title
        self.advance()

    def on_resize(self) -> None:
        # RichLog wraps lines when they are written: write them again at the
        # log's new width (after this resize is laid out).
        self.call_after_refresh(self._rewrap_log)

    def _rewrap_log(self) -> None:
        if self._handoff_open:
            return
        self.query_one("#log", RichLog).clear()
        self._log_count = 0
        self._render_log()

    @property
    def humans(self) -> list[Seat]:
        return [i for i, s in enumerate(self.match.seats) if s.is_human]

    # -- the loop -----------------------------------------------------------------
    def advance(self) -> None:
        """Show whoever must act now: a hand-off first if secrets are at stake,
        or start a bot thinking. Called after every change."""
        m = self.match
        if m.is_over():
            self.render_view()
            if not self._result_shown:
                self._result_shown = True
                self.app.push_screen(ResultScreen(m), self._after_result)
            return
        humans = m.humans_to_act()
        if humans:
            seat = self.viewer if self.viewer in humans else humans[0]
            if self._needs_handoff(seat):
                self._handoff(seat)
                return
            self.viewer = seat
            self.render_view()
            self.board.focus_board()
            return
        self.render_view()
        if m.bots_to_act():
            self._think()

    def _needs_handoff(self, seat: Seat) -> bool:
        if not self.match.game.hidden_information or seat == self.viewer:
            return False
        # One human among bots: nobody else at the keys to hide from.
        return len(self.humans) > 1 or self.viewer is not None

    def _handoff(self, seat: Seat) -> None:
        if self._handoff_open:
            return
        self._handoff_open = True
        # nothing of the last player's view stays drawn behind the hand-off
        self.board.show(None, None, [])
        self.query_one("#status", Static).update("")
        self.query_one("#message", Static).update("")
        self.query_one("#log", RichLog).clear()
        self._log_count, self._log_viewer = 0, None

        def done(_: bool | None) -> None:
            self._handoff_open = False
            self.viewer = seat
            self.advance()

        note = self.match.status(None)  # the public status: nothing hidden
        self.app.push_screen(HandoffScreen(self.match.seats[seat].name,
                                           f"{note}\nEveryone else: please look away." if note else ""), done)

    def render_view(self) -> None:
        m = self.match
        seat = self.viewer
        legal = m.legal_actions(seat) if seat is not None and seat in m.to_act() else []
        self.board.show(m.view(seat), seat, legal)
        self.query_one("#status", Static).update(Text(m.status(seat)))
        self._render_seats()
        self._render_log()
        if not self._said:
            self._show_prompt()

    def _show_prompt(self) -> None:
        msg = self.query_one("#message", Static)
        msg.set_class(False, "error")
        msg.update(Text(self.board.prompt() if self.viewer in self.match.to_act() else ""))

    def _render_seats(self) -> None:
        m = self.match
        acting = set(m.to_act())
        colours = m.game.seat_names(m.players)
        lines = Text()
        for i, s in enumerate(m.seats):
            mark = "▶ " if i in acting else "  "
            who = "human" if s.is_human else ("random bot" if s.bot == "random" else f"bot L{s.level}")
            lines.append(mark, style="bold")
            lines.append(f"{s.name}", style="bold " + self.board.seat_style(i))
            lines.append(f" · {colours[i]} · {who}\n")
            extra = self.board.seat_summary(i)
            if extra:
                lines.append(f"  {extra}\n")
        self.query_one("#seats", Static).update(lines)

    def _render_log(self) -> None:
        log = self.query_one("#log", RichLog)
        events = self.match.events_for(self.viewer)
        if self._log_viewer != self.viewer or len(events) < self._log_count:
            log.clear()
            self._log_count = 0
            self._log_viewer = self.viewer
        for e in events[self._log_count:]:
            log.write(self._event_text(e))
        self._log_count = len(events)

    def _event_text(self, e: Event) -> Text:
        t = Text(self.match.text(e.text))
        if e.seat is not None:
            t.stylize(self.board.seat_style(e.seat), 0, len(t))
        return t

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the message line (cleared by the next move)."""
        self._said = bool(text)
        if not text:
            self._show_prompt()
            return
        msg = self.query_one("#message", Static)
        msg.set_class(error, "error")
        msg.update(Text(self.match.text(text)))

    # -- input ----------------------------------------------------------------------
    def on_board_chosen(self, message: Board.Chosen) -> None:
        message.stop()
        self.play(message.action)

    def on_board_said(self, message: Board.Said) -> None:
        message.stop()
        self.say(message.text)

    def play(self, action: Action) -> bool:
        """Hand the viewer's action to the match; show the reason if refused."""
        seat = self.viewer
        if seat is None or self._bot_busy and seat not in self.match.to_act():
            self.say("Wait for the bots to finish.", error=True)
            return False
        try:
            self.match.apply(action, seat)
        except IllegalAction as err:
            self.say(err.reason, error=True)
            return False
        except Exception as err:  # a bug must not throw the table out of the game
            self.say(report_bug(err), error=True)
            return False
        self.say("")
        self.advance()
        return True

    # -- bots --------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self) -> None:
        m = self.match
        self._bot_busy = True
        try:
            bots = m.bots_to_act()
            if not bots:
                return
            seat = bots[0]
            token = len(m.log)
            started = time.perf_counter()
            action = m.bot_choose(seat)
            delay = getattr(self.app, "bot_delay", 0.0) - (time.perf_counter() - started)
            if delay > 0:
                time.sleep(delay)
            self.app.call_from_thread(self._bot_apply, seat, action, token)
        except Exception as err:  # a bot bug: say so, keep the game
            self.app.call_from_thread(self.say, report_bug(err), True)
        finally:
            self._bot_busy = False

    def _bot_apply(self, seat: Seat, action: Action, token: int) -> None:
        if token != len(self.match.log) or seat not in self.match.to_act():
            return  # the game moved on (an undo) while the bot thought
        try:
            self.match.apply(action, seat)
        except IllegalAction as err:  # a bot bug must not crash the table
            self.say(f"A bot tried an illegal move ({err.reason}); it passes the choice back.", error=True)
            return
        except Exception as err:
            self.say(report_bug(err), error=True)
            return
        self.advance()

    # -- shared keys -------------------------------------------------------------------------
    def action_undo(self) -> None:
        try:
            n = self.match.undo(by=self.viewer)
        except IllegalAction as err:
            self.say(err.reason, error=True)
            return
        self._result_shown = False
        self.workers.cancel_group(self, "bot")
        self.say(f"Undid {n} move{'s' if n != 1 else ''}.")
        self.advance()

    def action_hint(self) -> None:
        seat = self.viewer
        if seat is None or seat not in self.match.to_act():
            self.say("No hint now: it is not your turn.")
            return
        self.say("Thinking of a hint…")
        self._hint(seat)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _hint(self, seat: Seat) -> None:
        m = self.match
        token = len(m.log)
        try:
            action = SearchBot(level=1).choose(m.game, m.game.clone(m.state), seat, random.Random())
        except Exception as err:
            self.app.call_from_thread(self.say, report_bug(err), True)
            return
        self.app.call_from_thread(self._show_hint, seat, action, token)

    def _show_hint(self, seat: Seat, action: Action, token: int) -> None:
        if token != len(self.match.log) or self.viewer != seat:
            return
        text = self.match.game.describe_action(self.match.state, action, seat)
        self.say(f"Hint: {self.match.text(text)}")
        self.board.show_hint(action)

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen  # Markdown is heavy: load on first use

        self.app.push_screen(RulesScreen(self.match.game.id))

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.app.back_to_picker(note="The game is saved; resume it from this list.")

    def _after_result(self, choice: str | None) -> None:
        if choice == "menu":
            self.app.back_to_picker()
        else:
            self.say("The game is over. Press Esc for the menu, u to undo the last move.")
