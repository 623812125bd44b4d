"""Replays: any saved game, finished or not, step by step.

A :class:`Replay` replays a match's log once from its seed, keeping the
position after every move, and answers what any seat saw at any step with
the same :class:`~.table.Update` a live table sends (so every game's board
draws a replay as it draws a game). Nobody acts in a replay; "play from
here" branches a new match from any step. No Textual.
"""

from __future__ import annotations

import copy
import uuid
from typing import Any

from .errors import IllegalAction
from .game import Seat
from .match import Match
from .updates import SeatInfo, Update, last_move, log_lines


class Replay:
    """Every position of ``match`` (replayed from its seed), by step: step
    ``k`` is the position after the first ``k`` moves (0: the start)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game = match.game
        colours = self.game.seat_names_with(match.players, match.options)
        self.seats = [SeatInfo(s.name, colours[i], s.bot, s.level) for i, s in enumerate(match.seats)]
        state = self.game.new_state(match.players, match.options, match.seed)
        self._states: list[Any] = [self.game.clone(state)]
        for entry in match.log:
            self.game.apply(state, self.game.parse_action(entry.action), entry.seat)
            self._states.append(self.game.clone(state))

    @property
    def moves(self) -> int:
        """How many moves the game has (the last step)."""
        return len(self.match.log)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def finished(self) -> bool:
        """True when the game reached its end (then every seat's secrets may
        be shown: the table wants to see everyone's hands afterwards)."""
        return self.match.is_over()

    def at(self, step: int) -> Match:
        """A read-only look at the match after ``step`` moves."""
        if not 0 <= step <= self.moves:
            raise IllegalAction("There is no such point in this game.")
        snap = copy.copy(self.match)
        snap.state = self._states[step]
        snap.log = self.match.log[:step]
        snap.history = self.match.history[:step]
        snap.rules = self.match.rules[:step]
        snap.autosave = False
        return snap

    def update(self, step: int, seat: Seat | None) -> Update:
        """What ``seat`` (None: the public) saw after ``step`` moves."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise IllegalAction("There is no such seat at this table.")
        m = self.at(step)
        over = m.is_over()
        result = None
        if over:
            res = m.result()
            result = res.model_copy(update={"summary": m.text(res.summary)})
        return Update(serial=step, seat=seat, view=m.view(seat), to_act=[] if over else m.to_act(),
                      status=m.status(seat), log=log_lines(m, seat), last=last_move(m, seat),
                      result=result, public_status=m.status(None) if seat is not None else "")

    def secrets(self, step: int) -> list[str]:
        """Each seat's hidden holdings after ``step`` moves, in words (only
        for a finished game: before the end they are secret)."""
        if not self.finished:
            raise IllegalAction("Everyone's hands are shown only once the game is over.")
        state = self._states[step]
        return [self.game.secrets_text(state, s) for s in range(self.players)]

    def branch(self, step: int, *, autosave: bool = True) -> Match:
        """A new match that goes on from the position after ``step`` moves,
        with the same seats, options and seed (a game of its own: its own
        save file)."""
        if not 0 <= step <= self.moves:
            raise IllegalAction("There is no such point in this game.")
        if step == self.moves and self.match.is_over():
            raise IllegalAction("The game is over at this point; step back to play on from earlier.")
        m = self.match
        new = Match(self.game, list(m.seats), m.options, m.seed, autosave=autosave,
                    match_id=uuid.uuid4().hex[:12], coach_flags=m.coach_flags)
        new._replay(m.log[:step])
        if autosave:
            new.try_save()
        return new
