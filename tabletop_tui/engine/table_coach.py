"""The Table's coach: hints and suggestions for a seat, and the blunder check.

A part of :class:`~.table.Table` (a mixin: it works on the table's match,
lock, serial and runner). The coach thinks from the asking seat's
information only; its search runs in the worker process (:mod:`.thinker`),
its answer comes from another thread.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable

from . import coach, thinker
from .actions import Action
from .coach import Suggestion
from .game import Seat


class TableCoach:
    """Hints, the coach's suggestions and its word after a clear blunder."""

    def _init_coach(self) -> None:
        #: the coach's analysis of the position each human seat faces:
        #: seat -> (serial, Future of the ranking)
        self._analyses: dict[Seat, tuple[int, Future]] = {}
        self._coach_notes: dict[Seat, str] = {}

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
