"""Table: one game in progress, and everyone who plays or watches it.

The Table owns one :class:`Match`. Whoever sends an action (a key at the
local keyboard, an ssh client, a bot), it is applied here, one at a time,
under one lock. The Table runs the bots itself (their search in a worker
process, see :mod:`.thinker`), autosaves in the background (just after the
move is drawn), and after every change sends each subscriber an
:class:`Update` per subscribed seat holding only what that seat may see: its
view, its legal actions, the status, the log lines it may read, the last
move and the result. Clients (the app's game
screen, an ssh session, a spectator) never hold the Match or the true state.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Iterable

from . import thinker
from .actions import Action
from .autosave import SAVE_DELAY, Autosave
from .bot_seats import BotSeats
from .bots import RandomBot  # noqa: F401  (tests patch the random bot through this module)
from .errors import IllegalAction
from .game import Game, Seat
from .match import Match
from .runners import Clock, RealClock, Runner, ThreadRunner
from .table_coach import TableCoach
from .table_face import Listener
from .updates import LastMove, LogLine, SeatInfo, Update, last_move, log_lines

__all__ = ["SAVE_DELAY", "LastMove", "LogLine", "SeatInfo", "Subscription", "Table", "Update", "last_move",
           "log_lines"]


class Subscription:
    """A client's interest in some seats (``seats`` empty: the public view)."""

    def __init__(self, table: "Table", seats: Iterable[Seat], listener: Listener) -> None:
        self.table = table
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.listener = listener

    @property
    def keys(self) -> tuple[Seat | None, ...]:
        return self.seats if self.seats else (None,)

    def close(self) -> None:
        self.table.unsubscribe(self)


class Table(TableCoach, BotSeats, Autosave):
    """One game in progress. Thread-safe: every call may come from any thread.

    Its jobs are in modules of their own: the coach (:mod:`.table_coach`),
    the bot seats (:mod:`.bot_seats`) and the saver (:mod:`.autosave`).

    ``bot_delay`` is the least time a bot's move takes, so people can follow.
    ``runner`` runs the bots' moves, the autosave and the coach (by default
    each in a thread of its own) and ``clock`` keeps the table's time (by
    default the machine's); a test gives an inline runner and a fake clock
    (see :mod:`.runners`). ``lean_coach``: the coach judges a move only
    once it is made, cheaply (a server's tables, see :mod:`.table_coach`).
    """

    def __init__(self, match: Match, *, bot_delay: float = 0.0, coach_flags: bool | None = None,
                 runner: Runner | None = None, clock: Clock | None = None, lean_coach: bool = False) -> None:
        self.match = match
        self.runner: Runner = runner or ThreadRunner()
        self.clock: Clock = clock or RealClock()
        self.game: Game = match.game
        #: the coach flags a human's clear blunder after the move (by
        #: default as the match was set up)
        self.coach_flags = match.coach_flags if coach_flags is None else coach_flags
        self._lock = threading.RLock()
        self._subs: list[Subscription] = []
        self._serial = 0
        self._closed = False
        self._alert = ""
        self._alert_detail = ""
        self._alert_holds = False  # the alert stops the bots until a player undoes
        self._alert_seat: Seat | None = None
        self._init_coach(lean_coach)
        self._init_bots(bot_delay)
        self._init_saving()
        colours = self.game.seat_names_with(match.players, match.options)
        self.seats = [SeatInfo(s.name, colours[i], s.bot, s.level) for i, s in enumerate(match.seats)]
        if any(s.bot == "search" for s in match.seats):
            thinker.warm_up()

    # -- who is here ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[Seat]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def subscribe(self, seats: Iterable[Seat] | None, listener: Listener) -> Subscription:
        """Send ``listener`` an update for each of ``seats`` (None or empty:
        the public view) now and after every change."""
        wanted = tuple(seats or ())
        for s in wanted:
            self._check_seat(s)
        sub = Subscription(self, wanted, listener)
        with self._lock:
            self._subs.append(sub)
            sub.listener({k: self._update(k) for k in sub.keys})
            self._kick()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            if sub in self._subs:
                self._subs.remove(sub)

    def update_for(self, seat: Seat | None) -> Update:
        """The current update for ``seat`` (None: public)."""
        if seat is not None:
            self._check_seat(seat)
        with self._lock:
            return self._update(seat)

    # -- input -----------------------------------------------------------------------
    def act(self, action: Action | dict | str, seat: Seat) -> None:
        """Apply ``action`` for ``seat``. Raises IllegalAction with the model's
        sentence (nothing changed) when refused."""
        self._check_seat(seat)
        with self._lock:
            if self._closed:
                raise IllegalAction("This table is closed.")
            if not self.seats[seat].is_human:
                raise IllegalAction(f"{self.seats[seat].name} is played by a bot.")
            serial = self._serial
            before = self.game.clone(self.match.state) if self._coach_sees(seat) else None
            self.match.apply(action, seat, save=False)
            self._applied(seat)
            self._clear_alert()  # a player moved on: what a bot did before is old news
            self._coach_notes.pop(seat, None)
            judge = self._judging(seat, serial, before) if before is not None else None
            self._changed()
            if judge is not None:  # after the move was sent: the check never holds it up
                self.runner.start(judge, "coach-judge")

    def _applied(self, seat: Seat) -> None:
        """(Lock held.) An action of ``seat`` was just applied, before anyone
        is told: a subclass keeps its own count here (a tutorial's script)."""

    def explain(self, action: Action, seat: Seat) -> str | None:
        """Why the model would refuse ``action`` for ``seat`` now (None: it is
        legal). Changes nothing."""
        self._check_seat(seat)
        with self._lock:
            if self.match.is_over():
                return "The game is over."
            try:
                self.game.check(self.match.state, action, seat)
            except IllegalAction as err:
                return err.reason
            return None

    # -- what this table can do (see :class:`.table_face.TableFace`) ----------------------
    #: no chat at a table in this process
    has_chat = False
    #: :meth:`undo` can take moves back (a tutorial's cannot)
    can_undo = True
    #: :meth:`coach` ranks moves
    has_coach = True
    #: every call is answered here and now
    answers_later = False
    #: no chat here (see ``has_chat``)
    chat_lines: list[tuple[str, str]] = []

    def send_chat(self, text: str) -> None:
        raise IllegalAction("This table has no chat.")

    @property
    def save_path(self) -> Any:
        """Where the game is saved (None: it is not)."""
        return self.match.path

    def undo(self, by: Seat | None = None) -> int:
        """Take back the last human move (see :meth:`Match.undo`); returns how
        many actions were removed, or raises IllegalAction with the reason."""
        if by is not None:
            self._check_seat(by)
        with self._lock:
            n = self.match.undo(by=by)
            self._clear_alert()
            self._coach_notes.clear()
            self._changed()
            return n

    # -- pace (a demo) ---------------------------------------------------------------
    def rewind(self, moves: int = 1) -> int:
        """Take back the last ``moves`` actions whatever they revealed, and
        pause: a demo stepping back. Only at a table of bots (no player's
        secret is at stake); returns how many were taken back."""
        with self._lock:
            if self.humans:
                raise IllegalAction("Only a demo steps back; in a game, undo takes back your move.")
            n = min(moves, len(self.match.log))
            if n == 0:
                raise IllegalAction("This is the start of the game.")
            self._paused, self._steps = True, 0
            self.match.truncate(len(self.match.log) - n)
            self._clear_alert()
            self._changed()
            return n

    def set_seat(self, seat: Seat, name: str, bot: str | None = None, level: int = 2) -> None:
        """Seat someone new: a player's name, or a bot in their place (the
        creator of an ssh table may hand an absent player's seat to a bot and
        take it back). Everyone is told; a bot due to act starts thinking."""
        from .match import SeatConfig

        self._check_seat(seat)
        config = SeatConfig(name=name, bot=bot, level=level)  # validates the name
        with self._lock:
            self.match.set_seat(seat, config)
            self.seats[seat] = SeatInfo(config.name, self.seats[seat].colour, config.bot, config.level)
            self._changed()

    def leave_note(self) -> str:
        """What became of the game, for whoever leaves it (after the last save)."""
        self.flush(timeout=5.0)
        with self._lock:
            return self.match.leave_note()

    def leave_loses(self) -> str:
        """Why leaving now would lose a game a player is playing ("" when
        nothing is lost: it is saved, over, or only bots play it)."""
        if not self.humans:
            return ""
        self.flush(timeout=5.0)
        with self._lock:
            return self.match.unsaved_reason()

    def close(self) -> None:
        """Stop the bots and finish the last save."""
        with self._lock:
            self._closed = True
            self._subs.clear()
        self.flush()

    # -- the loop ----------------------------------------------------------------------
    def _check_seat(self, seat: Any) -> None:
        if type(seat) is not int or not (0 <= seat < self.players):
            raise IllegalAction("There is no such seat at this table.")

    def _changed(self) -> None:
        """After every change (lock held): tell everyone, save, wake the bots
        and, when it flags blunders, set the coach thinking about the
        position each human now faces."""
        self._serial += 1
        self._publish()
        self._request_save()
        self._kick()

    def _kick(self) -> None:
        """Start the next bot's move if a bot must act and none is thinking;
        when the coach flags blunders (and looks ahead), set it thinking
        about the position each followed human faces."""
        self._look_ahead()
        self._next_bot()

    def _publish(self) -> None:
        self._saved.notify_all()
        for sub in list(self._subs):
            try:
                sub.listener({k: self._update(k) for k in sub.keys})
            except Exception:  # a broken client must not stop the table
                self._subs.remove(sub)

    def _update(self, seat: Seat | None) -> Update:
        m = self.match
        over = m.is_over()
        to_act = [] if over else m.to_act()
        legal: list[Action] = []
        labels: list[str] = []
        if seat is not None and seat in to_act and self.seats[seat].is_human:
            legal = m.legal_actions(seat)
            labels = [m.text(self.game.describe_action(m.state, a, seat)) for a in legal]
        result = None
        if over:
            res = m.result()
            result = res.model_copy(update={"summary": m.text(res.summary), "condition": m.text(res.condition)})
        return Update.model_construct(
            serial=self._serial, seat=seat, view=m.view(seat), to_act=to_act,
            status=m.status(seat), log=self._log_for(seat), legal=legal, labels=labels,
            last=self._last_for(seat), result=result, thinking=self._thinking,
            note=self._save_problem or "", alert=self._alert_for(seat),
            alert_detail=self._alert_detail if self._alert else "", public_status=m.status(None) if seat is not None else "",
            coach=self._coach_notes.get(seat, "") if seat is not None else "", paused=self._paused, lesson="",
            judged=self.judged(seat))

    # -- alerts (a bot that could not move) --------------------------------------------
    def _raise_alert(self, what: str, detail: str = "") -> None:
        """Hold the table on ``what`` (a bot could not move) until a player
        undoes or a demo steps back; ``detail`` says where the traceback is."""
        self._alert, self._alert_detail, self._alert_holds = what, detail, True
        self._publish()

    def _clear_alert(self) -> None:
        self._alert = self._alert_detail = ""
        self._alert_holds, self._alert_seat = False, None

    def _alert_for(self, seat: Seat | None) -> str:
        """The alert with what ``seat`` can do about it (when it holds the
        table): a player undoes, a spectator waits for one, a table of bots
        (a demo) steps back."""
        if not self._alert or not self._alert_holds:
            return self._alert
        if not self.humans:
            todo = "Press b to step back or Esc to leave."
        elif not self.can_undo:
            todo = "Press Esc to leave."
        elif seat is not None and self.seats[seat].is_human:
            todo = "Press u to undo or Esc to leave."
        else:
            todo = "Waiting for a player to undo."
        return f"{self._alert} {todo}"

    def _log_for(self, seat: Seat | None) -> list[LogLine]:
        return log_lines(self.match, seat)

    def _last_for(self, seat: Seat | None) -> LastMove | None:
        return last_move(self.match, seat)

    @property
    def serial(self) -> int:
        """How many changes the table has seen (every update carries it)."""
        return self._serial

    def idle(self) -> bool:
        """True when no bot is thinking and no bot must act (tests, demos)."""
        with self._lock:
            return self._thinking is None and (self.match.is_over() or not self.match.bots_to_act()
                                               or (self._paused and self._steps <= 0))

    def wait_settled(self, timeout: float = 30.0, saves: bool = True) -> bool:
        """Wait until nothing more happens by itself: the table is
        :meth:`idle` or held by an alert, and (``saves``) its autosave is
        done; False if ``timeout`` seconds pass first. For tests and
        scripts: it wakes on every change, it never polls."""
        with self._lock:
            return self._saved.wait_for(
                lambda: (self.idle() or self._alert_holds) and (not saves or self._saver is None),
                timeout=timeout)

    async def settled(self, timeout: float = 30.0, saves: bool = True) -> None:
        """Await :meth:`wait_settled` without holding up the event loop (an
        app under test draws meanwhile); TimeoutError after ``timeout``."""
        if self.wait_settled(0, saves):  # settled already: no thread to start
            return
        if not await asyncio.to_thread(self.wait_settled, timeout, saves):
            raise TimeoutError(f"the table did not settle in {timeout:g} s (a bot still due: "
                               f"{self.match.bots_to_act()}, thinking: {self._thinking})")
