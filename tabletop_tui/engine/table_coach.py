"""The Table's coach: hints and suggestions for a seat, and the blunder check.

A part of :class:`~.table.Table` (a mixin: it works on the table's match,
lock, serial, subscribers and runner). The coach thinks from the asking
seat's information only; its search runs in the worker process
(:mod:`.thinker`), its answer comes from another thread.

The blunder check looks only at moves whose word someone will read: the
table flags blunders, a human plays the seat, and a client follows that
seat (a player who left reads nothing). It never holds up a move: the
check starts after everyone was told of it. At a table of this process
(``lean`` off) the coach looks at each position a human faces as it comes,
a look the hint shares; on a server (``lean``) it looks only once the move
is made, quickly first and closer only when that look suspects a slip
(:data:`.coach.SCREEN_ITERATIONS`).
"""

from __future__ import annotations

from concurrent.futures import CancelledError, Future
from typing import Any, Callable

from . import coach, thinker
from .actions import Action
from .coach import Suggestion
from .errors import IllegalAction
from .game import Seat


class TableCoach:
    """Hints, the coach's suggestions and its word after a clear blunder."""

    def _init_coach(self, lean: bool = False) -> None:
        #: the coach's analysis of the position each human seat faces:
        #: seat -> (serial, Future of the ranking)
        self._analyses: dict[Seat, tuple[int, Future]] = {}
        self._coach_notes: dict[Seat, str] = {}
        #: judge a move only once made, quick look first (a server's tables)
        self.lean_coach = lean
        #: the seats whose players turned the coach's word on their moves off
        #: (each player's own choice, kept while the table lives, not saved)
        self._unjudged: set[Seat] = set()

    def _coach_sees(self, seat: Seat) -> bool:
        """(Lock held.) The coach's word after a move of ``seat`` would be
        read: the table flags blunders, a human plays ``seat`` and a client
        follows it."""
        return (bool(self.coach_flags) and self.seats[seat].is_human  # type: ignore[attr-defined]
                and seat not in self._unjudged
                and any(seat in sub.seats for sub in self._subs))  # type: ignore[attr-defined]

    def judged(self, seat: Seat | None) -> bool | None:
        """Whether the coach judges ``seat``'s moves (its player's switch,
        on by default); None where it judges nobody's: the table does not
        flag blunders, or a bot (or nobody: the public view) plays ``seat``."""
        if seat is None or not self.coach_flags or not self.seats[seat].is_human:  # type: ignore[attr-defined]
            return None
        return seat not in self._unjudged

    def judge_moves(self, seat: Seat, on: bool) -> None:
        """``seat``'s player's own switch: whether the coach judges their
        moves (and says so after a clear blunder). The other players' stay
        as they are; IllegalAction where the coach judges nobody's moves."""
        self._check_seat(seat)
        with self._lock:
            if self.judged(seat) is None:
                raise IllegalAction("The coach does not judge moves at this table.")
            if on:
                self._unjudged.discard(seat)
            else:
                self._unjudged.add(seat)
                self._coach_notes.pop(seat, None)
                self._analyses.pop(seat, None)
            self._publish()
            if on:
                self._look_ahead()

    def _look_ahead(self) -> None:
        """(Lock held, after a change.) At a table that is not lean, start
        the analysis of the position each followed human now faces."""
        if self.lean_coach or not self.coach_flags or self._closed or self.match.is_over():
            return
        for seat in self.match.humans_to_act():
            if self._coach_sees(seat):
                self._analysis(seat)

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
            thinker.hurry(future)  # a player waits for it now
            if future.cancelled():  # dropped a moment before: ask again
                future = self._analysis(seat)
                thinker.hurry(future)

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
        one per position, shared by the hint and the blunder check; asked
        for ``later`` (a hint hurries it), dropped on a busy server."""
        known = self._analyses.get(seat)
        if known is not None and known[0] == self._serial and not known[1].cancelled():
            return known[1]
        state = self.game.clone(self.match.state)
        future = thinker.rank(self.game.id, state, seat, coach.COACH_LEVEL, self._bot_rng.getrandbits(63),
                              later=True)
        self._analyses[seat] = (self._serial, future)
        return future

    def _ranked(self, data: list) -> list[tuple[Action, float, int]]:
        return [(self.game.parse_action(a), v, n) for a, v, n in data]

    def _judging(self, seat: Seat, serial: int, before: Any) -> Callable[[], None] | None:
        """(Lock held, just after ``seat`` moved from the position ``before``
        of change ``serial``.) The check of that move, to start once everyone
        was told of it: it tells the seat (and only it) if the move was a
        clear blunder. None: nothing to check."""
        if not self.match.log:
            return None
        known = self._analyses.get(seat)
        full = known[1] if known is not None and known[0] == serial else None
        if full is None and not self.lean_coach:
            return None  # the look ahead at that position was never asked for
        chosen = self.game.parse_action(self.match.log[-1].action)
        moves = len(self.match.log)
        seeds = self._bot_rng.getrandbits(63), self._bot_rng.getrandbits(63)  # type: ignore[attr-defined]

        def look(iterations: int, seed: int) -> list:
            return self._ranked(thinker.rank(self.game.id, before, seat, coach.COACH_LEVEL, seed, later=True,
                                             iterations=iterations).result())

        def run() -> None:
            try:
                if full is not None:
                    ranked = self._ranked(full.result())
                elif coach.suspect(look(coach.SCREEN_ITERATIONS, seeds[0]), chosen):
                    ranked = look(coach.CHECK_ITERATIONS, seeds[1])
                else:
                    return
                said = coach.blunder(self.game, before, seat, ranked, chosen, self.match.text, serial)
            except (Exception, CancelledError):  # no word from the coach this time; the game goes on
                return
            with self._lock:
                if said and len(self.match.log) >= moves and not self._closed:
                    self._coach_notes[seat] = said
                    self._publish()

        return run
