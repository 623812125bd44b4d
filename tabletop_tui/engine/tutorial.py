"""Tutorials: a short scripted game on a fixed seed in which the newcomer
makes the moves, each step saying what to do and why.

A tutorial is a data file, ``assets/tutorials/<game>.json`` (validated by
:class:`Tutorial` on load): the seed, options and seats, and the steps in
order. A step is one action of one seat: the newcomer's steps carry what to
do (``say``) and why (``why``); the other seats' steps are played for them,
with a line saying what they did. A :class:`TutorialTable` is a
:class:`~.table.Table` that runs the script: it offers the newcomer only the
step's action (so the board highlights only its spaces), explains any other
input in words without changing anything, and after the last step lets the
game go on with ordinary bots. No Textual.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import registry
from .actions import Action
from .coach import Suggestion
from .errors import IllegalAction
from .game import Seat
from .match import Match, SeatConfig
from .table import Table, Update


class Step(BaseModel):
    """One move of the script. ``say`` is what the newcomer is asked to do
    (or, for another seat, what it did); ``why`` is the reason, in the
    game's terms; ``rule`` names the rules page's "In brief" rule."""

    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=7)
    action: dict[str, Any]
    say: str = Field(default="", max_length=400)
    why: str = Field(default="", max_length=400)


class Tutorial(BaseModel):
    """A game's tutorial, as its data file holds it."""

    model_config = ConfigDict(extra="forbid")

    game: str
    title: str = Field(max_length=80)
    intro: str = Field(max_length=600)
    seed: int = Field(ge=0)
    options: dict[str, Any] = Field(default_factory=dict)
    #: the seats' names; the newcomer's seat is ``you``
    names: list[str] = Field(min_length=1, max_length=8)
    you: int = Field(default=0, ge=0)
    steps: list[Step] = Field(min_length=1, max_length=400)
    #: what the last words say, once every step is played
    end: str = Field(max_length=600)
    #: action kinds a short game cannot reach, each with the sentence the
    #: tutorial's end says about it (e.g. passing, when no move is left)
    explained: dict[str, str] = Field(default_factory=dict)


def tutorial_path(game_id: str):
    from tabletop_tui.resources import assets_dir

    return assets_dir() / "tutorials" / f"{game_id}.json"


def load_tutorial(game_id: str) -> Tutorial:
    """The tutorial of ``game_id``; IllegalAction with a sentence when the
    game has none or its file is damaged."""
    game = registry.get(game_id)
    try:
        raw = tutorial_path(game.id).read_text(encoding="utf-8")
    except OSError:
        raise IllegalAction(f"{game.title} has no tutorial yet; try its demo instead.") from None
    try:
        tut = Tutorial.model_validate(json.loads(raw))
    except (ValueError, ValidationError):
        raise IllegalAction(f"The tutorial of {game.title} is damaged in this installation.") from None
    if tut.game != game.id or tut.you >= len(tut.names):
        raise IllegalAction(f"The tutorial of {game.title} is damaged in this installation.")
    return tut


def tutorial_match(tut: Tutorial) -> Match:
    """The tutorial's game: the newcomer human, the others bots (the script
    moves them until it ends, then the bots do), not saved."""
    seats = [SeatConfig(name=n) if i == tut.you else SeatConfig(name=n, bot="search", level=1)
             for i, n in enumerate(tut.names)]
    return Match(tut.game, seats, tut.options, tut.seed, autosave=False)


class TutorialTable(Table):
    """A table that plays a tutorial's script (see the module's docstring)."""

    def __init__(self, tutorial: Tutorial, *, bot_delay: float = 1.0, **pace: Any) -> None:
        """``pace``: the table's ``runner`` and ``clock``, if not the usual ones."""
        match = tutorial_match(tutorial)
        self.tutorial = tutorial
        self._actions = [match.game.parse_action(s.action) for s in tutorial.steps]
        self.at = 0  # the next step
        super().__init__(match, bot_delay=bot_delay, **pace)

    def leave_loses(self) -> str:
        """Nothing is lost on leaving a lesson: it starts again from the menu."""
        return ""

    # -- where the script stands -------------------------------------------------------
    @property
    def done(self) -> bool:
        """Every step of the script has been played."""
        return self.at >= len(self.tutorial.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.tutorial.steps[self.at]

    def expected(self) -> tuple[Seat, Action] | None:
        """The next scripted (seat, action), None once the script is over."""
        if self.done:
            return None
        return self.tutorial.steps[self.at].seat, self._actions[self.at]

    def lesson(self) -> str:
        """What the newcomer reads now."""
        tut = self.tutorial
        if self.done:
            return " ".join([tut.end, *tut.explained.values()])
        step = self.tutorial.steps[self.at]
        head = f"Step {self._mine_before(self.at) + 1} of {self._mine_before(len(tut.steps))}. "
        if step.seat != tut.you:
            return head + (step.say or f"Wait: {self.seats[step.seat].name} moves next.")
        return head + step.say + (f" Why: {step.why}" if step.why else "")

    def _mine_before(self, k: int) -> int:
        return sum(1 for s in self.tutorial.steps[:k] if s.seat == self.tutorial.you)

    # -- input ---------------------------------------------------------------------------
    def act(self, action: Action | dict | str, seat: Seat) -> None:
        """The step's action goes on as at any table; anything else is
        refused with a sentence saying what this step asks (nothing changes)."""
        with self._lock:
            want = self.expected()
            if want is not None:
                self._check_seat(seat)
                if not isinstance(action, Action):
                    action = self.game.parse_action(action)
                if (seat, action) != want:
                    raise IllegalAction(self._wrong(action, seat))
            super().act(action, seat)

    def _applied(self, seat: Seat) -> None:
        if not self.done:
            self.at += 1

    def _wrong(self, action: Action, seat: Seat) -> str:
        """Why ``action`` is not this step's move, in words."""
        step = self.tutorial.steps[self.at]
        if seat != step.seat:
            return f"Wait: {self.seats[step.seat].name} moves next."
        own = super().explain(action, seat)
        if own is not None:
            return f"{own} This step: {step.say}"
        return f"That move is allowed, but this step asks something else: {step.say}"

    def explain(self, action: Action, seat: Seat) -> str | None:
        with self._lock:
            want = self.expected()
            if want is None:
                return super().explain(action, seat)
            return None if (seat, action) == want else self._wrong(action, seat)

    can_undo = False

    def undo(self, by: Seat | None = None) -> int:
        raise IllegalAction("A tutorial goes one way: each step comes once. Esc leaves it.")

    def coach(self, seat: Seat, reply: Callable[[int, list[Suggestion], str], None]) -> None:
        with self._lock:
            want = self.expected()
            if want is None:
                return super().coach(seat, reply)
            serial, step = self._serial, self.tutorial.steps[self.at]
            if want[0] != seat:
                reply(serial, [], f"Wait: {self.seats[want[0]].name} moves next.")
                return
            label = self.match.text(self.game.describe_action(self.match.state, want[1], seat))
        reply(serial, [Suggestion(want[1], label, 1.0, "this step", step.why or step.say)], "")

    def idle(self) -> bool:
        """True when nothing is thinking and the script waits for the
        newcomer (or, once it is over, as at any table)."""
        with self._lock:
            want = self.expected()
            if want is None:
                return super().idle()
            return self._thinking is None and (want[0] == self.tutorial.you or self.match.is_over())

    # -- updates and the scripted seats ------------------------------------------------------
    def _update(self, seat: Seat | None) -> Update:
        up = super()._update(seat)
        want = self.expected()
        if want is not None:
            if seat == want[0] and seat == self.tutorial.you:
                up.legal = [want[1]]
                up.labels = [self.match.text(self.game.describe_action(self.match.state, want[1], seat))]
            elif seat == self.tutorial.you:
                up.legal, up.labels = [], []
        up.lesson = self.lesson() if seat == self.tutorial.you else ""
        return up

    def _next_bot(self) -> None:
        want = self.expected()
        if want is None:
            return super()._next_bot()
        seat, action = want
        if (self._closed or self._thinking is not None or not self._subs or seat == self.tutorial.you
                or self.match.is_over()):
            return
        self._thinking = seat
        serial = self._serial
        self.runner.start(lambda: self._scripted(serial, seat, action), "tutorial")

    def _scripted(self, serial: int, seat: Seat, action: Action) -> None:
        """A scripted seat's move, after the table's delay."""
        end = self.clock.monotonic() + self.bot_delay
        while self.clock.monotonic() < end and not self._closed:
            self.clock.sleep(0.02)
        self._bot_plays(serial, seat, action, "The tutorial's script", stand_in=False)
