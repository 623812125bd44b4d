"""The one interface every game implements.

A game is a pure rules model: no Textual import, no I/O. The UI, the bots, the
save files, the ssh server and the tests all talk to it through :class:`Game`.

State objects are pydantic models (so they serialise for save snapshots and
compare with ``==``). ``apply`` validates first and raises
:class:`IllegalAction` without touching the state; only then does it mutate
the state in place and return the :class:`Event` list describing what happened.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar, Generic, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .actions import Action, parse_action
from .errors import IllegalAction

Seat = int
S = TypeVar("S", bound="BaseState")


class Options(BaseModel):
    """Base of a game's options (variants, levels). Unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class BaseState(BaseModel):
    """Fields every game state carries: the seat count and seeded chance
    (see :mod:`tabletop_tui.engine.rng`). Games subclass it."""

    model_config = ConfigDict(defer_build=True)

    players: int
    seed: int
    chance: int = 0


class Event(BaseModel):
    """One thing that happened, in plain words, for the game log.

    ``reveals`` marks an event that showed chance (a shuffle, a die, a drawn
    card) or hidden information (a bid, a hand); undo may not step back over it.
    ``seat`` is who it concerns, if anyone. ``private`` events are shown only to
    ``seat`` (e.g. "You drew a Priest").
    """

    text: str
    seat: Seat | None = None
    reveals: bool = False
    private: bool = False


class Result(BaseModel):
    """The outcome of a finished game.

    ``winners`` is every seat that won (shared wins list several; a co-operative
    game lists all seats on a team win and none on a loss). ``scores`` maps a
    seat to its final score when the game has one; ``details`` holds per-seat
    score components for the final table; ``summary`` is one sentence.
    """

    winners: list[Seat]
    scores: dict[Seat, float] = {}
    details: dict[Seat, dict[str, Any]] = {}
    summary: str = ""


class Game(Generic[S]):
    """A game's rules. Subclass once per game and register an instance.

    Subclasses set the class attributes and implement the abstract methods.
    ``Action`` must be a pydantic ``Annotated`` union discriminated by ``kind``.
    """

    #: the GameInfo the game's package announced; fills the five fields below
    info: ClassVar[Any] = None
    id: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]] = Options
    state_model: ClassVar[type[BaseModel]]
    action_type: ClassVar[Any]
    #: True when some seat holds information another may not see (hands,
    #: bids, shells); the UI then hides the board between seats.
    hidden_information: ClassVar[bool] = False
    #: True for a co-operative game: the result is the team's.
    cooperative: ClassVar[bool] = False
    #: Short headings of ``Result.details`` keys for the final table
    #: (others are shown capitalised), so a wide table fits 80 columns.
    result_columns: ClassVar[dict[str, str]] = {}

    _adapter: ClassVar[TypeAdapter | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game may take its id, title, blurb and seat counts from the
        ``info`` its package announced (see engine.registry), so they are
        written once."""
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.id, cls.title, cls.blurb = info.id, info.title, info.blurb
            cls.min_players, cls.max_players = info.min_players, info.max_players

    # -- set-up -------------------------------------------------------------
    def new_state(self, players: int, options: Options | None, seed: int) -> S:
        """A fresh game for ``players`` seats (0..players-1)."""
        raise NotImplementedError

    def default_options(self) -> Options:
        return self.options_model()

    def parse_options(self, data: dict | None) -> Options:
        """Options from untrusted data; raises IllegalAction with a reason."""
        try:
            return self.options_model.model_validate(data or {})
        except ValidationError as err:
            # One line for a player, not pydantic's multi-line report.
            e = err.errors()[0]
            where = ".".join(str(p) for p in e.get("loc", ()))
            msg = e.get("msg", "invalid")
            raise IllegalAction(f"Those options are not valid ({where + ': ' if where else ''}{msg}).") from None

    def seat_names(self, players: int) -> list[str]:
        """Default colour/role name of each seat, e.g. ["Purple", "Yellow"]."""
        return [f"Player {i + 1}" for i in range(players)]

    # -- play ---------------------------------------------------------------
    def to_act(self, state: S) -> list[Seat]:
        """Seats that must give input now (several for simultaneous choices)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every legal input for ``seat`` now; empty if the seat is not to act."""
        raise NotImplementedError

    def check(self, state: S, action: Action, seat: Seat) -> None:
        """Raise IllegalAction with a reason if ``action`` is not legal.

        The default checks membership in ``legal_actions``; games override it
        to give a more specific reason first.
        """
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("That move is not allowed now.")

    def apply(self, state: S, action: Action, seat: Seat) -> list[Event]:
        """Validate ``action`` for ``seat`` and, if legal, play it on ``state``.

        Raises IllegalAction (state untouched) when it is refused.
        """
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        self.check(state, action, seat)
        return self._play(state, action, seat)

    def _play(self, state: S, action: Action, seat: Seat) -> list[Event]:
        """Play an action already checked legal. Mutates ``state``."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def result(self, state: S) -> Result:
        """Outcome; only meaningful when ``is_over``."""
        raise NotImplementedError

    # -- information ----------------------------------------------------------
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What ``seat`` may see (``None``: the public/spectator view).

        Must not contain another seat's hidden cards, bids or shells, nor the
        order of any face-down stack.
        """
        raise NotImplementedError

    def determinize(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A copy of ``state`` whose hidden parts are re-sampled from ``seat``'s
        point of view: everything ``seat`` cannot see is replaced by a random
        arrangement consistent with its view, and future chance is re-seeded.

        The search bot plans only on such copies, so it never reads what its
        seat cannot see. The default (perfect information) re-seeds chance.
        """
        new = self.clone(state)
        if hasattr(new, "seed"):
            new.seed = rng.getrandbits(48)
            new.chance = 0
        return new

    def clone(self, state: S) -> S:
        """An independent copy of ``state`` (games may override for speed)."""
        return copy.deepcopy(state)

    # -- text -----------------------------------------------------------------
    def describe_action(self, state: S, action: Action, seat: Seat) -> str:
        """A short phrase for an action, used in menus and hints."""
        return action.kind

    def status(self, state: S, seat: Seat | None) -> str:
        """One line saying whose turn it is and what they must do."""
        return ""

    # -- parsing --------------------------------------------------------------
    @classmethod
    def action_adapter(cls) -> TypeAdapter:
        if cls.__dict__.get("_adapter") is None:
            cls._adapter = TypeAdapter(cls.action_type)
        return cls._adapter  # type: ignore[return-value]

    def parse_action(self, data: Any) -> Action:
        """An action from JSON text or a dict; IllegalAction if malformed."""
        return parse_action(self.action_adapter(), data)

    def state_from_json(self, text: str | bytes) -> S:
        return self.state_model.model_validate_json(text)  # type: ignore[return-value]

    def heuristic(self, state: S, seat: Seat) -> float | None:
        """Optional evaluation in [0, 1] of ``state`` for ``seat`` used by the
        search bot to cut playouts short; ``None`` means play out to the end."""
        return None

