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
import functools
import importlib
import random
import typing
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .actions import Action, first_error, parse_action
from .errors import IllegalAction
from .outside_text import clean_line

Seat = int
S = TypeVar("S", bound="BaseState")

NO_SUCH_SEAT = "There is no such seat at this table."


def check_seat(seat: object, players: int) -> None:
    """Refuse anything but an int seat number 0..players-1 (not a bool, a
    float such as 1.0, None or -1) with IllegalAction."""
    if seat.__class__ is not int or not 0 <= seat < players:  # type: ignore[operator]
        raise IllegalAction(NO_SUCH_SEAT)


def _guard_seat(method: Any, public_allowed: bool) -> Any:
    """Wrap a game's ``method(state, seat)`` / ``check(state, action, seat)``
    so that a bad seat is refused before the game's code sees it."""
    if getattr(method, "_seat_guarded", False):
        return method
    if method.__code__.co_argcount == 4:  # check(self, state, action, seat)
        @functools.wraps(method)
        def guarded_check(self, state, action, seat):
            if seat.__class__ is not int or not 0 <= seat < state.players:
                raise IllegalAction(NO_SUCH_SEAT)
            return method(self, state, action, seat)
        guarded = guarded_check
    elif public_allowed:
        @functools.wraps(method)
        def guarded_view(self, state, seat):
            if seat is not None and (seat.__class__ is not int or not 0 <= seat < state.players):
                raise IllegalAction(NO_SUCH_SEAT)
            return method(self, state, seat)
        guarded = guarded_view
    else:
        @functools.wraps(method)
        def guarded_seat(self, state, seat):
            if seat.__class__ is not int or not 0 <= seat < state.players:
                raise IllegalAction(NO_SUCH_SEAT)
            return method(self, state, seat)
        guarded = guarded_seat
    guarded._seat_guarded = True  # type: ignore[attr-defined]
    return guarded


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

    #: the fields ``__setattr__`` sets itself: every field of a state class
    #: without ``validate_assignment``, ``frozen`` or a frozen field (worked
    #: out once per class, in ``__pydantic_init_subclass__``)
    __plain_fields__: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        config = cls.model_config
        if config.get("validate_assignment") or config.get("frozen"):
            cls.__plain_fields__ = frozenset()
        else:
            cls.__plain_fields__ = frozenset(n for n, f in cls.model_fields.items() if not f.frozen)

    def __setattr__(self, name: str, value: Any) -> None:
        """A plain field is set as pydantic sets it (into ``__dict__``,
        marked as set), in one call instead of pydantic's two: the rules
        assign state fields at almost every move, and the search plays
        thousands of moves. Anything else goes through pydantic."""
        if name in self.__plain_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)


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
    score components for the final table; ``summary`` is one sentence;
    ``condition`` says what winning takes and the numbers that decided it.
    """

    winners: list[Seat]
    scores: dict[Seat, float] = {}
    details: dict[Seat, dict[str, Any]] = {}
    summary: str = ""
    condition: str = ""


class BotSetting:
    """A search setting of a game, read from its bot role (``bot.py``'s
    upper-case constant ``name``), else ``default``; a game class may still
    set the attribute itself, which then wins."""

    def __init__(self, name: str, default: Any) -> None:
        self.name, self.default = name, default

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return self.default
        role = game.roles("bot")
        return getattr(role, self.name, self.default) if role is not None else self.default


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
    #: names of state fields no view may carry (the deck, other hands, the
    #: seed): the conformance tests look for them in every serialised view
    hidden_fields: ClassVar[tuple[str, ...]] = ()
    #: True for a co-operative game: the result is the team's.
    cooperative: ClassVar[bool] = False
    #: Short headings of ``Result.details`` keys for the final table
    #: (others are shown capitalised), so a wide table fits 80 columns.
    result_columns: ClassVar[dict[str, str]] = {}
    #: Raised when a change of the rules can change how a logged game
    #: replays; saves record it, so a save from earlier rules that no longer
    #: replays is told apart from a damaged one.
    rules_version: ClassVar[int] = 1

    _adapter: ClassVar[TypeAdapter | None] = None
    _action_classes: ClassVar[frozenset | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game may take its id, title, blurb and seat counts from the
        ``info`` its package announced (see engine.registry), so they are
        written once.

        The seat checks live here, once for every game: ``legal_actions``,
        ``view`` and ``check`` as a game writes them are wrapped so that a seat
        which is not an int in range (a bool, 1.0, None, -1, 7) is refused
        with IllegalAction before the game's code sees it (``view`` also
        takes None, the public view)."""
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.id, cls.title, cls.blurb = info.id, info.title, info.blurb
            cls.min_players, cls.max_players = info.min_players, info.max_players
        for name in ("legal_actions", "view", "check"):
            # the game's own method, in its class or in a part it is made of
            # (rules.py may mix in legal.py's Legality): the first in the MRO
            owner = next(k for k in cls.__mro__ if name in k.__dict__)
            method = owner.__dict__[name]
            if owner is Game or getattr(method, "_seat_guarded", False):
                continue
            if name == "check":
                cls._check = method  # apply has checked the seat already
            setattr(cls, name, _guard_seat(method, public_allowed=name == "view"))

    # -- set-up -------------------------------------------------------------
    def new_state(self, players: int, options: Options | None, seed: int) -> S:
        """A fresh game for ``players`` seats (0..players-1)."""
        raise NotImplementedError

    def default_options(self) -> Options:
        return self.options_model()

    def saved_options(self, data: dict) -> dict:
        """A save's options in today's terms (a game whose option values
        changed reads its old saves here); unchanged by default."""
        return data

    def parse_options(self, data: dict | None) -> Options:
        """Options from untrusted data (typed words are read as the model's
        values: see :func:`~.options_text.coerce_options`); raises
        IllegalAction with a reason."""
        from .options_text import coerce_options

        if isinstance(data, dict):
            data = coerce_options(self.options_model, data)
        try:
            return self.options_model.model_validate(data or {})
        except ValidationError as err:
            # One line for a player, not pydantic's multi-line report.
            raise IllegalAction(self.options_problem(err)) from None

    def options_problem(self, err: ValidationError) -> str:
        """One sentence in a player's words for a refused options dict,
        listing the valid options (see :func:`options_help`)."""
        from .options_text import options_problem

        return options_problem(self.options_model, err)

    def seat_names(self, players: int) -> list[str]:
        """Default colour/role name of each seat, e.g. ["Purple", "Yellow"]."""
        return [f"Player {i + 1}" for i in range(players)]

    def seat_names_with(self, players: int, options: Any) -> list[str]:
        """The seats' names as ``options`` set them (Nayakas' kingdoms);
        by default :meth:`seat_names`."""
        return self.seat_names(players)

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

    def explain(self, state: S, action: Action, seat: Seat) -> str | None:
        """Why ``action`` by ``seat`` would be refused now (the sentence
        ``apply`` would give), or None when it is legal. Never raises and never
        changes the state: a board asks it why a key does nothing, instead
        of playing the move to see."""
        if self.is_over(state):
            return "The game is over."
        try:
            self.check(state, action, seat)
        except IllegalAction as err:
            return err.reason
        return None

    def apply(self, state: S, action: Action, seat: Seat) -> list[Event]:
        """Validate ``seat`` and ``action`` and, if legal, play it on ``state``.

        This is the checked path, for input from anywhere: the seat must be an
        int in range, and the action an exact instance of one of the game's
        action classes whose fields pass validation (an action built with
        ``model_construct`` is re-validated, see :meth:`trusted_action`).
        Raises IllegalAction (state untouched) when it is refused. The search
        bot plays actions taken from ``legal_actions`` through the unchecked
        ``_play``.
        """
        if seat.__class__ is not int or not 0 <= seat < state.players:  # type: ignore[attr-defined]
            raise IllegalAction(NO_SUCH_SEAT)
        if self._trusted.get(id(action)) is not action:
            action = self._refuse_untrusted(state, action, seat)
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        self._check(state, action, seat)
        return self._play(state, action, seat)

    def _check(self, state: S, action: Action, seat: Seat) -> None:
        """The game's own ``check`` without the seat guard (``apply`` has
        checked the seat); set by ``__init_subclass__``."""
        Game.check(self, state, action, seat)

    def _refuse_untrusted(self, state: S, action: Any, seat: Seat) -> Action:
        """:meth:`trusted_action`, but a refused action gets the game's own
        sentence when its ``check`` has one (checks must not change the
        state, and may fail on values they never expected)."""
        try:
            return self.trusted_action(action)
        except IllegalAction as refusal:
            try:
                self._check(state, action, seat)
            except IllegalAction as own:  # it may quote the bad value: clean it
                raise IllegalAction(clean_line(own.reason, 200)) from None
            except Exception:
                pass
            raise refusal from None

    def trusted_action(self, action: Any) -> Action:
        """``action`` if it is one this game's rules may read, else
        IllegalAction: an exact instance of one of the game's action classes
        whose field values pass strict validation (so ``Place(village=-1)``
        or a bid of 2.5 shells built without validation is refused).

        Validated objects are remembered by identity (held, so the identity
        stays theirs), which keeps the cost off the hot path: the actions a
        game's ``legal_actions`` hands out are mostly the same objects."""
        memo = self._trusted
        if memo.get(id(action)) is action:
            return action
        cls = action.__class__
        if cls not in self.action_classes():
            raise IllegalAction(f"That move is not part of {self.title}.")
        try:
            cls.model_validate(action.__dict__, strict=True)
        except ValidationError as err:
            raise IllegalAction(f"That input is not understood ({first_error(err)}).") from None
        if len(memo) >= 20_000:
            memo.clear()
        memo[id(action)] = action
        return action

    @functools.cached_property
    def _trusted(self) -> dict[int, Action]:
        return {}

    @classmethod
    def action_classes(cls) -> frozenset:
        """The concrete action classes of ``action_type`` (a class or an
        ``Annotated`` union of classes)."""
        if cls.__dict__.get("_action_classes") is None:
            found, todo = set(), [cls.action_type]
            while todo:
                t = todo.pop()
                if isinstance(t, type):
                    found.add(t)
                    continue
                args = typing.get_args(t)
                if typing.get_origin(t) is typing.Annotated:
                    args = args[:1]
                todo.extend(args)
            cls._action_classes = frozenset(found)
        return cls._action_classes  # type: ignore[return-value]

    def _play(self, state: S, action: Action, seat: Seat) -> list[Event]:
        """Play an action already checked legal. Mutates ``state``."""
        raise NotImplementedError

    def play_silent(self, state: S, action: Action, seat: Seat) -> None:
        """Play an action already checked legal, as ``_play`` does, without
        the log: the search bot's tree walks and playouts call it thousands
        of times and never read the events. The default calls ``_play`` and
        drops its events; a game whose log text costs time overrides it
        (Tiki, Rapa Nui and Nyakuza pass ``quiet=True`` to their ``_play``,
        which then builds no Event and no text). It must change the state
        exactly as ``_play`` does."""
        self._play(state, action, seat)

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def result(self, state: S) -> Result:
        """Outcome; only meaningful when ``is_over``."""
        raise NotImplementedError

    # -- information ----------------------------------------------------------
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What ``seat`` may see (``None``: the public/spectator view).

        Must not contain another seat's hidden cards, bids or shells, nor the
        order of any face-down stack. The default asks the game's view role:
        ``build_view(game, state, seat)`` in its ``view.py``.
        """
        role = self.roles("view")
        if role is None:
            raise NotImplementedError(f"{type(self).__name__} has no view.py and no view method")
        return role.build_view(self, state, seat)

    def view_model(self) -> type[BaseModel]:
        """The class of this game's views, so a remote client can read a view
        sent as JSON (worked out once from a fresh game's public view)."""
        cls = self.__dict__.get("_view_model")
        if cls is None:
            cls = type(self.view(self.new_state(self.min_players, None, 0), None))
            self.__dict__["_view_model"] = cls
        return cls

    def determinize(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A copy of ``state`` whose hidden parts are re-sampled from ``seat``'s
        point of view: everything ``seat`` cannot see is replaced by a random
        arrangement consistent with its view, and future chance is re-seeded.

        The search bot plans only on such copies, so it never reads what its
        seat cannot see. The default asks the bot role's
        ``determinize(game, state, seat, rng)``; without one (perfect
        information) it re-seeds chance.
        """
        own = self._bot_fn("determinize")
        if own is not None:
            return own(self, state, seat, rng)
        new = self.clone(state)
        if hasattr(new, "seed"):
            new.seed = rng.getrandbits(48)
            new.chance = 0
        return new

    def clone(self, state: S) -> S:
        """An independent copy of ``state`` (games may override for speed)."""
        return copy.deepcopy(state)

    # -- the game's other roles ------------------------------------------------
    def roles(self, name: str) -> ModuleType | None:
        """The module of role ``name`` ("text", "view", "data", "bot") in the
        folder of this game's rules, or None when the folder has no such
        file (see docs/adding-a-game.md). The rules sit at the bottom of
        their folder and import no view or text: the engine finds those
        roles here, by the template's file names, so the Game's ``view``,
        ``why``, ``describe_action``, ``status`` ... and the words of its log
        reach them (``self.text.placed(...)``) without an import circle."""
        found = self.__dict__.setdefault("_roles", {})
        if name not in found:
            found[name] = None
            for cls in type(self).__mro__:  # a subclass elsewhere keeps its game's roles
                if cls is Game:
                    break
                package = cls.__module__.rpartition(".")[0]
                if not package:
                    continue
                try:
                    found[name] = importlib.import_module(f"{package}.{name}")
                    break
                except ModuleNotFoundError as err:
                    if err.name != f"{package}.{name}":
                        raise
        return found[name]

    @functools.cached_property
    def text(self) -> Any:
        """The game's text role (its ``text.py``: every sentence), whose
        functions take the game first: ``why(game, state, action, seat,
        rng)``, ``describe_action(game, state, action, seat)``,
        ``status(game, state, seat)`` and, where the game has them,
        ``opening``, ``rule_of``, ``secrets_text``, ``estimate_text``."""
        return self.roles("text")

    def _words(self, name: str) -> Any:
        """The text role's function ``name``, or None."""
        return getattr(self.text, name, None) if self.text is not None else None

    # -- text -----------------------------------------------------------------
    def describe_action(self, state: S, action: Action, seat: Seat) -> str:
        """A short phrase for an action, used in menus and hints: the text
        role's ``describe_action(game, state, action, seat)``, else the kind."""
        words = self._words("describe_action")
        return words(self, state, action, seat) if words is not None else action.kind

    def status(self, state: S, seat: Seat | None) -> str:
        """One line saying whose turn it is and what they must do: the text
        role's ``status(game, state, seat)``."""
        words = self._words("status")
        return words(self, state, seat) if words is not None else ""

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

    # -- teaching -------------------------------------------------------------
    #: the "In brief" rule (its name on the game's rules page, see
    #: :mod:`tabletop_tui.engine.rules_index`) behind each action kind
    action_rules: ClassVar[dict[str, str]] = {}

    def rule_of(self, state: S, action: Action, seat: Seat) -> str | None:
        """The name of the rules page's "In brief" rule that ``action`` (about
        to be played on ``state``) follows, for the demo's narration. The
        default asks the text role's ``rule_of(game, state, action, seat)``,
        else looks the action's kind up in ``action_rules``."""
        words = self._words("rule_of")
        return words(self, state, action, seat) if words is not None else self.action_rules.get(action.kind)

    def why(self, state: S, action: Action, seat: Seat, rng: random.Random) -> str:
        """One line, in the game's words, saying what ``action`` does for
        ``seat`` (the coach shows it beside the move), from the seat's own
        information only. Every game says it in its text role, with this one
        signature: ``why(game, state, action, seat, rng)`` in ``text.py``
        (:func:`why_from_log` is a start a game may use)."""
        words = self._words("why")
        return words(self, state, action, seat, rng) if words is not None else why_from_log(self, state, action, seat, rng)

    def estimate_text(self, state: S, seat: Seat, value: float) -> str:
        """The search's estimate ``value`` (in [0, 1]) in a player's words
        (the text role's ``estimate_text(game, state, seat, value)``); by
        default, for a competitive game, the chance to win."""
        words = self._words("estimate_text")
        return words(self, state, seat, value) if words is not None else f"{round(value * 100)}% to win"

    def opening(self, state: S) -> list[Event]:
        """What the set-up dealt, in words, for the first lines of the log
        (the villages, the first market, the fields): only what everyone
        sees, or ``private`` events for their seat. The text role's
        ``opening(game, state)``; default: nothing."""
        words = self._words("opening")
        return words(self, state) if words is not None else []

    def secrets_text(self, state: S, seat: Seat) -> str:
        """What ``seat`` holds that others cannot see, in words (a replay of
        a finished game shows everyone's): the text role's
        ``secrets_text(game, state, seat)``; "" for a game without secrets."""
        words = self._words("secrets_text")
        return words(self, state, seat) if words is not None else ""

    # -- for the search bot ---------------------------------------------------
    #: How many random actions the search bot plays after its tree before it
    #: scores the position with ``heuristics`` (a game tunes it: short enough
    #: to leave time for many iterations, long enough for the heuristic to
    #: see what a move leads to). Without a heuristic, playouts go to the end.
    playout_depth: ClassVar[int] = BotSetting("PLAYOUT_DEPTH", 200)  # type: ignore[assignment]

    #: How the deep level (level 3, ``SearchLevel.deep``) explores this
    #: game's tree, where it has the iterations to look further down fewer
    #: lines: the UCB constant (None: the other levels' 0.7), and whether a
    #: node's move values are first scaled to their own spread (for a
    #: heuristic whose values lie close together). Tuned by the benchmark.
    deep_exploration: ClassVar[float | None] = BotSetting("DEEP_EXPLORATION", None)  # type: ignore[assignment]
    deep_normalize: ClassVar[bool] = BotSetting("DEEP_NORMALIZE", False)  # type: ignore[assignment]

    def _bot_fn(self, name: str) -> Any:
        """The bot role's function ``name`` (it takes the game first), or None."""
        role = self.roles("bot")
        return getattr(role, name, None) if role is not None else None

    def bot_for(self, level: int) -> Any:
        """The game's own bot for search level ``level`` (a
        ``engine.bots.SearchBot`` subclass, so the coach can ``rank`` with
        it), or None for the generic search bot. A game whose play needs
        more than the generic search (a team plan, a bid policy) returns its
        bot from its ``bot.py`` (``bot_for(game, level)``); every bot seat,
        the demo and the coach then play through it."""
        own = self._bot_fn("bot_for")
        return own(self, level) if own is not None else None

    def search_actions(self, state: S, seat: Seat) -> list[Action]:
        """The moves the search bot considers for ``seat`` (in its tree and
        its playouts): by default every legal move. A game may leave out
        moves a good player never makes (e.g. bids far above the prize), so
        the search's time goes to the others; never empty when a legal move
        exists, and always a subset of ``legal_actions``. The bot role's
        ``search_actions(game, state, seat)`` when it has one."""
        own = self._bot_fn("search_actions")
        return own(self, state, seat) if own is not None else self.legal_actions(state, seat)

    def heuristic(self, state: S, seat: Seat) -> float | None:
        """Estimated chance, in [0, 1], that ``seat`` wins from ``state``
        (co-operative: the team's expected graded outcome, the same for every
        seat; at the end of a co-operative game, the graded outcome itself).
        The search bot scores cut-off playouts with it and the coach shows it.
        ``None``: no estimate, play out to the end."""
        values = self.heuristics(state)
        return None if values is None else values[seat]

    def heuristics(self, state: S) -> list[float] | None:
        """Every seat's ``heuristic`` at once (the search bot's call, once per
        playout; a game overrides this or ``heuristic``, not both need be).
        For a competitive game the values should sum to about 1 (the bot
        scales them to exactly 1). The bot role's ``heuristics(game, state)``
        when it has one."""
        own = self._bot_fn("heuristics")
        if own is not None:
            return own(self, state)
        if type(self).heuristic is Game.heuristic:
            return None
        values = [self.heuristic(state, s) for s in range(state.players)]  # type: ignore[attr-defined]
        return None if any(v is None for v in values) else values  # type: ignore[return-value]



# ``view`` as the base class writes it (delegating to the view role) takes
# the same seat guard a game's own ``view`` gets in ``__init_subclass__``.
Game.view = _guard_seat(Game.view, public_allowed=True)  # type: ignore[method-assign]


def why_from_log(game: Game, state: Any, action: Action, seat: Seat, rng: random.Random) -> str:
    """A coach's line read from the log: play ``action`` on a ``determinize``
    copy for ``seat`` and join what followed, leaving out anything random or
    hidden (a sampled card is not a real one); "" when nothing followed. A
    game's ``text.why`` may start from it."""
    sim = game.determinize(state, seat, rng)
    try:
        events = game._play(sim, action, seat)
    except Exception:  # a move legal for the seat's view but not in this sample
        return ""
    seen = [e.text for e in events if not e.reveals and (not e.private or e.seat == seat)]
    if len(seen) > 1:
        seen = seen[1:]  # the first line only restates the move
    else:
        return ""
    text = "; ".join(t.rstrip(".") for t in seen[:3])
    return text if len(text) <= 160 else text[:157] + "…"
