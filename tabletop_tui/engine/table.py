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
import random
import threading
from concurrent.futures import Future
from typing import Any, Callable, Iterable

from . import thinker
from . import coach
from .actions import Action
from .bots import RandomBot
from .coach import Suggestion
from .errors import IllegalAction
from .game import Game, Result, Seat
from .match import Match
from .runners import Clock, RealClock, Runner, ThreadRunner
from .updates import LastMove, LogLine, SeatInfo, Update, last_move, log_lines

__all__ = ["LastMove", "LogLine", "SeatInfo", "Subscription", "Table", "Update", "last_move", "log_lines"]

#: Seconds the background save waits after a change before it starts, so the
#: frame that shows a move is drawn first; a move is on disk about this much
#: later (``flush`` and ``close`` do not wait).
SAVE_DELAY = 0.06


Listener = Callable[[dict["Seat | None", Update]], None]


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


class Table:
    """One game in progress. Thread-safe: every call may come from any thread.

    ``bot_delay`` is the least time a bot's move takes, so people can follow.
    ``runner`` runs the bots' moves, the autosave and the coach (by default
    each in a thread of its own) and ``clock`` keeps the table's time (by
    default the machine's); a test gives an inline runner and a fake clock
    (see :mod:`.runners`).
    """

    def __init__(self, match: Match, *, bot_delay: float = 0.0, coach_flags: bool | None = None,
                 runner: Runner | None = None, clock: Clock | None = None) -> None:
        self.match = match
        self.runner: Runner = runner or ThreadRunner()
        self.clock: Clock = clock or RealClock()
        self.game: Game = match.game
        #: seconds a bot's move takes at least (a demo changes it as it runs)
        self.bot_delay = bot_delay
        #: the coach flags a human's clear blunder after the move (by
        #: default as the match was set up)
        self.coach_flags = match.coach_flags if coach_flags is None else coach_flags
        self._paused = False
        self._steps = 0
        #: the coach's analysis of the position each human seat faces:
        #: seat -> (serial, Future of the ranking)
        self._analyses: dict[Seat, tuple[int, Future]] = {}
        self._coach_notes: dict[Seat, str] = {}
        self._lock = threading.RLock()
        self._subs: list[Subscription] = []
        self._serial = 0
        self._thinking: Seat | None = None
        self._bot_rng = random.Random(match.seed ^ 0x7AB1E)
        self._closed = False
        self._alert = ""
        self._alert_detail = ""
        self._alert_holds = False  # the alert stops the bots until a player undoes
        self._alert_seat: Seat | None = None
        self._save_problem: str | None = None
        # the Table saves, in the background (the Match is told not to)
        self._autosave = match.autosave
        self._save_wanted = False
        self._saver: Callable[[], None] | None = None  # the save loop while it runs
        #: notified after every change, when a bot's move is dropped and when
        #: the saver stops (see :meth:`wait_settled`)
        self._saved = threading.Condition(self._lock)
        self._save_now = threading.Event()  # set by flush: no more waiting
        colours = self.game.seat_names_with(match.players, match.options)
        self.seats = [SeatInfo(s.name, colours[i], s.bot, s.level) for i, s in enumerate(match.seats)]
        if any(s.bot == "search" for s in match.seats):
            thinker.warm_up()

    # -- who is here ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def saving(self) -> bool:
        """True when the table autosaves after every change."""
        return self._autosave

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
            before = self.game.clone(self.match.state) if self.coach_flags else None
            self.match.apply(action, seat, save=False)
            self._applied(seat)
            self._clear_alert()  # a player moved on: what a bot did before is old news
            self._coach_notes.pop(seat, None)
            if self.coach_flags:
                self._judge(seat, serial, before)
            self._changed()

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

    def hint(self, seat: Seat, reply: Callable[[int, Action | None, str], None]) -> None:
        """The coach's best move for ``seat`` (see :meth:`coach`) as
        ``reply(serial, action, label)``; ``action`` is None with a reason
        in ``label`` if there is none."""
        def one(serial: int, found: list[Suggestion], reason: str) -> None:
            if found:
                reply(serial, found[0].action, found[0].line())
            else:
                reply(serial, None, reason)

        self.coach(seat, one)

    def coach(self, seat: Seat, reply: Callable[[int, list[Suggestion], str], None]) -> None:
        """The coach's best moves for ``seat`` (at most three, best first),
        each with its estimate and why, thought of from that seat's
        information only (the search plans on determinized copies for the
        seat), as ``reply(serial, suggestions, reason)`` from another
        thread; with no suggestions, ``reason`` says why."""
        self._check_seat(seat)
        with self._lock:
            serial = self._serial
            if self.match.is_over() or seat not in self.match.to_act():
                reply(serial, [], "No hint now: it is not your turn.")
                return
            state = self.game.clone(self.match.state)
            future = self._analysis(seat)

        def run() -> None:
            try:
                found = coach.suggestions(self.game, state, seat, self._ranked(future.result()),
                                          self.match.text, serial)
            except Exception as err:  # the hint failed: say so, the game goes on
                reply(serial, [], f"No hint this time ({type(err).__name__}).")
                return
            reply(serial, found, "" if found else "No hint this time.")

        self.runner.start(run, "coach")

    def _analysis(self, seat: Seat) -> Future:
        """(Lock held.) The search's ranking of the moves ``seat`` faces now:
        one per position, shared by the hint and the blunder check."""
        known = self._analyses.get(seat)
        if known is not None and known[0] == self._serial:
            return known[1]
        state = self.game.clone(self.match.state)
        future = thinker.rank(self.game.id, state, seat, coach.COACH_LEVEL, self._bot_rng.getrandbits(63))
        self._analyses[seat] = (self._serial, future)
        return future

    def _ranked(self, data: list) -> list[tuple[Action, float, int]]:
        return [(self.game.parse_action(a), v, n) for a, v, n in data]

    def _judge(self, seat: Seat, serial: int, before: Any) -> None:
        """(Lock held, after ``seat`` moved.) Once the analysis of the
        position it faced is ready, tell the seat (and only it) if the move
        was a clear blunder."""
        known = self._analyses.get(seat)
        if known is None or known[0] != serial or not self.match.log:
            return
        future, chosen = known[1], self.game.parse_action(self.match.log[-1].action)
        moves = len(self.match.log)

        def run() -> None:
            try:
                said = coach.blunder(self.game, before, seat, self._ranked(future.result()), chosen,
                                     self.match.text, serial)
            except Exception:  # no word from the coach this time; the game goes on
                return
            with self._lock:
                if said and len(self.match.log) >= moves and not self._closed:
                    self._coach_notes[seat] = said
                    self._publish()

        self.runner.start(run, "coach-judge")

    # -- pace (a demo) ---------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return self._paused

    def pause(self, paused: bool = True) -> None:
        """Hold the bots (True) or let them play on (False)."""
        with self._lock:
            self._paused = paused
            self._steps = 0
            self._publish()
            self._kick()

    def step(self) -> None:
        """While paused: let the next bot make one move."""
        with self._lock:
            self._steps += 1
            self._kick()

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

    def keep_saved(self) -> None:
        """Autosave from now on (a demo that became a game is worth resuming)."""
        with self._lock:
            if self._autosave:
                return
            self.match.autosave = self._autosave = True
            self._request_save()

    def leave_note(self) -> str:
        """What became of the game, for whoever leaves it (after the last save)."""
        self.flush(timeout=5.0)
        with self._lock:
            return self.match.leave_note()

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
        when the coach flags blunders, set it thinking about the position
        each human faces."""
        if self.coach_flags and not self._closed and not self.match.is_over():
            for seat in self.match.humans_to_act():
                self._analysis(seat)
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
            coach=self._coach_notes.get(seat, "") if seat is not None else "", paused=self._paused, lesson="")

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

    # -- bots ------------------------------------------------------------------------------
    def _next_bot(self) -> None:
        m = self.match
        if self._closed or self._thinking is not None or not self._subs or m.is_over():
            return
        if self._paused and self._steps <= 0:
            return
        bots = m.bots_to_act()
        if not bots:
            return
        stepped = self._paused
        if stepped:
            self._steps -= 1
        seat = bots[0]
        cfg = self.seats[seat]
        state = self.game.clone(m.state)
        seed = self._bot_rng.getrandbits(63)
        self._thinking = seat
        serial = self._serial
        self.runner.start(lambda: self._bot_move(serial, seat, cfg, state, seed, stepped), f"bot-{seat}")

    def _bot_move(self, serial: int, seat: Seat, cfg: SeatInfo, state: Any, seed: int,
                  stepped: bool = False) -> None:
        """Think (in the worker), wait out the table's pace, then play. A
        pause holds a move already thought of until play goes on or a step
        lets it through (``stepped``: it was let through already)."""
        started = self.clock.monotonic()
        fallback: tuple[str, str] | None = None
        try:
            if cfg.bot == "random":
                action: Action = RandomBot().choose(self.game, state, seat, random.Random(seed))
            else:
                data = thinker.think(self.game.id, state, seat, cfg.bot or "search", cfg.level, seed).result()
                action = self.game.parse_action(data)
        except Exception as err:
            from .crash import where_sentence, write_crash_log

            detail = where_sentence(write_crash_log(err))
            what = f"{cfg.name} (a bot) could not move: something went wrong ({type(err).__name__})"
            action = self._stand_in(state, seat, seed) if cfg.bot != "random" else None
            if action is None:  # not even a random move: the table holds
                with self._lock:
                    self._thinking = None
                    self._raise_alert(f"{what}.", detail)
                return
            fallback = (f"{what}, so it played a random legal move instead.", detail)
        while not self._closed:  # a demo may change the pace, or pause, meanwhile
            wait = self.bot_delay - (self.clock.monotonic() - started)
            with self._lock:  # judged and played under one lock: a pause never lets one more move through
                if self._paused and not stepped:
                    if self._steps > 0:
                        self._steps -= 1
                        stepped = True
                        continue
                elif wait <= 0:
                    self._bot_plays(serial, seat, action, f"{cfg.name} (a bot)", fallback, seed)
                    return
            self.clock.sleep(0.02 if wait <= 0 else min(wait, 0.05))
        self._bot_plays(serial, seat, action, f"{cfg.name} (a bot)", fallback, seed)

    def _stand_in(self, state: Any, seat: Seat, seed: int) -> Action | None:
        """A random legal move for a bot that failed (None if even that fails)."""
        try:
            return RandomBot().choose(self.game, state, seat, random.Random(seed))
        except Exception as err:
            from .crash import write_crash_log

            write_crash_log(err)
            return None

    def _bot_plays(self, serial: int, seat: Seat, action: Action, who: str,
                   fallback: tuple[str, str] | None = None, seed: int = 0, stand_in: bool = True) -> None:
        """Play the move a bot (or a script) chose at ``serial``, unless the
        game moved on meanwhile; a refused move is said, never raised: a
        random legal move stands in for it (``stand_in``; a script's move
        has none: it holds the table), and only if none can be found does
        the table hold for a player. ``fallback``: the move is already a
        stand-in, and this alert says why."""
        with self._lock:
            self._thinking = None
            if self._closed:
                return
            if serial != self._serial or seat not in self.match.to_act():
                self._saved.notify_all()
                self._kick()  # the game moved on (an undo) while the bot thought
                return
            try:
                self.match.apply(action, seat, save=False)
            except IllegalAction as err:  # a bot bug must not stop the table
                other = self._stand_in(self.match.state, seat, seed) if stand_in and fallback is None else None
                if other is None:
                    self._raise_alert(f"{who} tried an illegal move: {err.reason}")
                    return
                self.match.apply(other, seat, save=False)
                fallback = (f"{who} tried an illegal move ({err.reason}), so it played a random legal move "
                            f"instead.", "")
            self._applied(seat)
            if fallback is not None:
                self._alert, self._alert_detail, self._alert_holds = fallback[0], fallback[1], False
                self._alert_seat = seat
            elif not self.humans and seat == self._alert_seat:  # a demo: said for a whole round
                self._clear_alert()
            self._changed()

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

    # -- saving ---------------------------------------------------------------------------
    def _request_save(self) -> None:
        if not self._autosave:
            return
        self._save_wanted = True
        if self._saver is None:
            self._saver = self._save_loop
            self.runner.start(self._save_loop, "autosave")

    def _save_loop(self) -> None:
        while True:
            # Let the frame that shows the move go out first: the save's
            # serialising holds the GIL, and a thread that holds it makes the
            # UI thread wait (up to the 5 ms switch interval at a time).
            # Moves made meanwhile are saved together.
            self.clock.wait(self._save_now, SAVE_DELAY)
            with self._lock:
                if not self._save_wanted:
                    self._saver = None
                    self._saved.notify_all()
                    return
                self._save_wanted = False
            # the match takes its snapshot under its own lock and writes
            # outside ours, so a key press never waits for the disk
            problem = self.match.try_save()
            with self._lock:
                if problem != self._save_problem:
                    self._save_problem = problem
                    self._publish()

    def flush(self, timeout: float = 10.0) -> str | None:
        """Wait for the background save to finish; returns the save problem, if any."""
        self._save_now.set()
        try:
            with self._lock:
                self._saved.wait_for(lambda: self._saver is None, timeout=timeout)
                return self._save_problem
        finally:
            self._save_now.clear()

