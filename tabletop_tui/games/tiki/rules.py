"""Tiki: the rules model (pure Python, no Textual).

Rulebook: shared/rules/tiki.txt; rulings T1-T6 in DECISIONS.md.

Board: villages 0..8 in reading order on a 3x3 grid (row = i // 3,
col = i % 3). A stack is a list of seat numbers, bottom first; the top tiki
owns the totem. The shaman, when on the board, sits on one edge between two
orthogonally adjacent villages, stored as the sorted pair ``(a, b)``.
"""

from __future__ import annotations

import functools
from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, field_validator

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import BaseState, Event, Game, Options, Result, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.engine.text import plural, who
from tabletop_tui.games.tiki import INFO

TIKIS_PER_PLAYER = 8
FRUIT = 7
WIN_FRUIT = 4
INFLUENCE = 3

VILLAGE_KINDS = ["harbour"] + ["jungle"] * 3 + ["marsh"] * 3 + ["cursed"] * 2  # T1
VALUE = {"harbour": 2, "jungle": 1, "marsh": 0, "cursed": -1}
KIND_NAME = {"harbour": "harbour", "jungle": "jungle", "marsh": "marshland", "cursed": "cursed village"}
COLOURS = ["Purple", "Yellow"]


def neighbours(v: int) -> list[int]:
    """Orthogonally adjacent villages of village ``v``."""
    r, c = divmod(v, 3)
    out = []
    if r > 0:
        out.append(v - 3)
    if c > 0:
        out.append(v - 1)
    if c < 2:
        out.append(v + 1)
    if r < 2:
        out.append(v + 3)
    return out


NEIGHBOURS = [neighbours(v) for v in range(9)]
EDGES: list[tuple[int, int]] = sorted({tuple(sorted((a, b))) for a in range(9) for b in NEIGHBOURS[a]})  # type: ignore[misc]


def village_name(v: int) -> str:
    """"top-left", "centre", ... for village ``v``."""
    rows = ["top", "middle", "bottom"]
    cols = ["left", "centre", "right"]
    r, c = divmod(v, 3)
    if r == 1 and c == 1:
        return "centre"
    return f"{rows[r]}-{cols[c]}"


class TikiOptions(Options):
    """Tiki's options: the Shaman (expert) variant and who starts."""

    shaman: bool = Field(default=False, description="Expert game: marshlands carry the Shaman")
    first_player: Literal["random", "Purple", "Yellow"] = Field(
        default="random", description="Who starts")


class Place(Action):
    """Create a new totem: put one of your tikis on an empty village."""

    kind: Literal["place"] = "place"
    village: int = Field(ge=0, le=8)


class Move(Action):
    """Move your totem from ``start`` along ``path`` (one village per tiki)."""

    kind: Literal["move"] = "move"
    start: int = Field(ge=0, le=8)
    path: tuple[int, ...] = Field(min_length=1, max_length=16)


class Resolve(Action):
    """The player who did not move picks the next influenced village to resolve."""

    kind: Literal["resolve"] = "resolve"
    village: int = Field(ge=0, le=8)


class Shaman(Action):
    """After a marshland resolution (expert game): put the shaman on an edge,
    or leave it where it is (``edge`` None)."""

    kind: Literal["shaman"] = "shaman"
    edge: tuple[int, int] | None = None

    @field_validator("edge")
    @classmethod
    def _sorted(cls, edge: tuple[int, int] | None) -> tuple[int, int] | None:
        # An edge has no direction: (4, 1) and (1, 4) are the same input.
        return None if edge is None else (min(edge), max(edge))


class Pass(Action):
    """T6: pass when no move is possible."""

    kind: Literal["pass"] = "pass"


TikiAction = Annotated[Union[Place, Move, Resolve, Shaman, Pass], Field(discriminator="kind")]


class TikiState(BaseState):
    """Everything about a Tiki game. ``phase`` is "turn" (the active player
    places or moves), "order" (the other player picks which influenced village
    resolves next), "shaman" (a marshland's owner may place the shaman) or
    "over"."""

    villages: list[str]
    stacks: list[list[int]] = Field(default_factory=lambda: [[] for _ in range(9)])
    reserve: int = FRUIT
    fruit: list[int] = Field(default_factory=lambda: [0, 0])
    spoiled: int = 0
    shaman_variant: bool = False
    shaman: tuple[int, int] | None = None
    active: int = 0
    phase: Literal["turn", "order", "shaman", "over"] = "turn"
    pending: list[int] = Field(default_factory=list)
    shaman_seat: int | None = None
    sudden_death: bool = False
    winner: int | None = None
    end_reason: str = ""
    turn: int = 1

    def supply(self, seat: int) -> int:
        """Tikis ``seat`` still has in front of them."""
        return TIKIS_PER_PLAYER - sum(s.count(seat) for s in self.stacks)

    def owner(self, v: int) -> int | None:
        s = self.stacks[v]
        return s[-1] if s else None


class TikiView(BaseModel):
    """Tiki has no hidden information: every seat sees the whole state, but
    for the seed of chance (``seed`` and ``chance`` read 0)."""

    state: TikiState
    seat: int | None


def blocked(state: TikiState, a: int, b: int) -> bool:
    """True if the shaman sits on the edge between ``a`` and ``b``."""
    return state.shaman is not None and state.shaman == (min(a, b), max(a, b))


def _walk(start: int, n: int, shaman: tuple[int, int] | None, at: int, path: list[int],
          out: list[tuple[int, ...]]) -> None:
    if len(path) == n:
        out.append(tuple(path))
        return
    for nb in NEIGHBOURS[at]:
        if nb == start or nb in path or (shaman is not None and shaman == (min(at, nb), max(at, nb))):
            continue
        path.append(nb)
        _walk(start, n, shaman, nb, path, out)
        path.pop()


@functools.lru_cache(maxsize=None)
def _paths(start: int, n: int, shaman: tuple[int, int] | None) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    if n:
        _walk(start, n, shaman, start, [], out)
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _moves(start: int, n: int, shaman: tuple[int, int] | None) -> tuple["Move", ...]:
    return tuple(Move.model_construct(kind="move", start=start, path=p) for p in _paths(start, n, shaman))


def paths(state: TikiState, start: int) -> list[tuple[int, ...]]:
    """Every legal path for the totem on ``start`` (T2): exactly N orthogonal
    steps through N distinct villages, never re-entering ``start`` and never
    crossing the shaman. (Paths depend only on start, height and the shaman's
    edge, so they are computed once per such triple.)"""
    return list(_paths(start, len(state.stacks[start]), state.shaman))


# Actions are frozen values: build each once and hand out the same objects.
PLACE = [Place.model_construct(kind="place", village=v) for v in range(9)]
RESOLVE = [Resolve.model_construct(kind="resolve", village=v) for v in range(9)]
LEAVE_SHAMAN = Shaman.model_construct(kind="shaman", edge=None)
SHAMAN_AT = {e: Shaman.model_construct(kind="shaman", edge=e) for e in EDGES}
PASS = Pass.model_construct(kind="pass")


class Tiki(Game[TikiState]):
    """Tiki for two gods (seats 0 and 1)."""

    info = INFO
    options_model = TikiOptions
    state_model = TikiState
    action_type = TikiAction

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    def new_state(self, players: int, options: TikiOptions | None, seed: int) -> TikiState:
        if players != 2:
            raise IllegalAction("Tiki is for exactly 2 players.")
        opts = options or TikiOptions()
        state = TikiState(players=2, seed=seed, villages=[], shaman_variant=opts.shaman)
        rng = chance_rng(state)
        kinds = list(VILLAGE_KINDS)
        rng.shuffle(kinds)
        state.villages = kinds
        state.active = rng.randrange(2) if opts.first_player == "random" else COLOURS.index(opts.first_player)
        return state

    # -- who acts ------------------------------------------------------------------
    def to_act(self, state: TikiState) -> list[Seat]:
        if state.phase == "turn":
            return [state.active]
        if state.phase == "order":
            return [1 - state.active]
        if state.phase == "shaman":
            return [state.shaman_seat]  # type: ignore[list-item]
        return []

    def legal_actions(self, state: TikiState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "order":
            return [RESOLVE[v] for v in state.pending]
        if state.phase == "shaman":
            acts: list[Action] = [LEAVE_SHAMAN]
            acts += [SHAMAN_AT[e] for e in EDGES if e != state.shaman]
            return acts
        stacks = state.stacks
        acts = []
        on_board = 0
        for v in range(9):
            stack = stacks[v]
            if stack:
                on_board += stack.count(seat)
                if stack[-1] == seat:
                    acts.extend(_moves(v, len(stack), state.shaman))
        if on_board < TIKIS_PER_PLAYER:
            acts[:0] = [PLACE[v] for v in range(9) if not stacks[v]]
        if not acts:
            acts.append(PASS)
        return acts

    # -- validation --------------------------------------------------------------------
    def check(self, state: TikiState, action: Action, seat: Seat) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn to choose.")
        phase = state.phase
        if isinstance(action, Resolve):
            if phase != "order":
                raise IllegalAction("There is no village waiting to be resolved.")
            if action.village not in state.pending:
                raise IllegalAction(f"The {village_name(action.village)} village is not waiting to be resolved.")
            return
        if isinstance(action, Shaman):
            if phase != "shaman":
                raise IllegalAction("You may only move the shaman after influencing a marshland.")
            if action.edge is not None:
                a, b = action.edge
                if not (0 <= a <= 8 and 0 <= b <= 8) or b not in NEIGHBOURS[a]:
                    raise IllegalAction("The shaman must go between two neighbouring villages.")
                if (min(a, b), max(a, b)) == state.shaman:
                    raise IllegalAction("The shaman is already there; choose to leave it instead.")
            return
        if phase != "turn":
            if phase == "order":
                raise IllegalAction("First choose which influenced village is resolved next.")
            raise IllegalAction("First decide where the shaman goes.")
        if isinstance(action, Place):
            if state.supply(seat) == 0:
                raise IllegalAction("All your tikis are on the board; move a totem instead.")
            if state.stacks[action.village]:
                raise IllegalAction("That village is not empty: a new totem needs an empty village.")
            return
        if isinstance(action, Move):
            start = action.start
            if not state.stacks[start]:
                raise IllegalAction("There is no totem there to move.")
            if state.owner(start) != seat:
                raise IllegalAction("That totem is not yours: its top tiki belongs to your opponent.")
            n = len(state.stacks[start])
            if len(action.path) != n:
                raise IllegalAction(
                    f"A totem of {plural(n, 'tiki')} moves exactly {plural(n, 'village')}.")
            at = start
            seen = {start}
            for step in action.path:
                if not (0 <= step <= 8) or step not in NEIGHBOURS[at]:
                    raise IllegalAction("A totem moves one village at a time, up, down, left or right; never diagonally.")
                if step == start:
                    raise IllegalAction("A totem may not go back to the village it started from.")
                if step in seen:
                    raise IllegalAction("A totem may not enter the same village twice.")
                if blocked(state, at, step):
                    raise IllegalAction("The shaman blocks the way between those villages.")
                seen.add(step)
                at = step
            return
        if isinstance(action, Pass):
            if any(a.kind != "pass" for a in self.legal_actions(state, seat)):
                raise IllegalAction("You can still place or move, so you may not pass.")
            return
        raise IllegalAction("That move is not part of Tiki.")

    # -- play ----------------------------------------------------------------------------
    def _play(self, state: TikiState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) builds no events."""
        name = who(seat)
        events: list[Event] | None = None if quiet else []
        if isinstance(action, Place):
            state.stacks[action.village].append(seat)
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} created a totem on the {village_name(action.village)} "
                                                     f"{KIND_NAME[state.villages[action.village]]}."))
            self._after_move(state, [action.village], events)
        elif isinstance(action, Move):
            totem = state.stacks[action.start]
            state.stacks[action.start] = []
            for v in action.path:
                state.stacks[v].append(totem.pop(0))
            if events is not None:
                route = " → ".join(village_name(v) for v in (action.start, *action.path))
                events.append(Event(seat=seat, text=f"{name} moved a totem of {len(action.path)}: {route}."))
            self._after_move(state, list(action.path), events)
        elif isinstance(action, Pass):
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} cannot move and passes."))
            self._end_turn(state)
        elif isinstance(action, Resolve):
            state.pending.remove(action.village)
            self._resolve(state, action.village, events)
            self._continue(state, events)
        elif isinstance(action, Shaman):
            if action.edge is None:
                if events is not None:
                    events.append(Event(seat=seat, text=f"{name} leaves the shaman where it is."))
            else:
                a, b = action.edge
                state.shaman = (min(a, b), max(a, b))
                if events is not None:
                    events.append(Event(seat=seat, text=f"{name} puts the shaman between the "
                                                         f"{village_name(a)} and {village_name(b)} villages."))
            state.shaman_seat = None
            state.phase = "turn"
            self._continue(state, events)
        return events or []

    def play_silent(self, state: TikiState, action: Action, seat: Seat) -> None:
        self._play(state, action, seat, quiet=True)

    def _after_move(self, state: TikiState, touched: list[int], events: list[Event] | None) -> None:
        state.pending = [v for v in touched if len(state.stacks[v]) >= INFLUENCE]
        if len(state.pending) == 1:
            v = state.pending.pop()
            self._resolve(state, v, events)
        self._continue(state, events)

    def _continue(self, state: TikiState, events: list[Event] | None) -> None:
        """After a resolution step: ask for the order, the shaman, or end the turn."""
        if state.phase == "over" or state.phase == "shaman":
            return
        if len(state.pending) > 1:
            state.phase = "order"
            return
        if len(state.pending) == 1:
            v = state.pending.pop()
            self._resolve(state, v, events)
            if state.phase in ("over", "shaman"):
                return
        self._end_turn(state)

    def _end_turn(self, state: TikiState) -> None:
        state.phase = "turn"
        state.active = 1 - state.active
        state.turn += 1

    def _resolve(self, state: TikiState, v: int, events: list[Event] | None) -> None:
        """T4: resolve an influenced village fully, then check the end (T5)."""
        owner = state.stacks[v][-1]
        kind = state.villages[v]
        name = who(owner)
        where = f"the {village_name(v)} {KIND_NAME[kind]}" if events is not None else ""
        state.stacks[v] = []  # the 3 tikis go back to their owners
        gained = lost = 0
        if kind in ("harbour", "jungle"):
            gained = min(VALUE[kind], state.reserve)
            state.reserve -= gained
            state.fruit[owner] += gained
            if events is not None:
                events.append(Event(seat=owner, text=f"{name} influences {where} and gains {gained} fruit."
                                    if gained else f"{name} influences {where}, but the reserve is empty."))
        elif kind == "cursed":
            if state.fruit[owner] > 0:
                state.fruit[owner] -= 1
                state.spoiled += 1
                lost = 1
                if events is not None:
                    events.append(Event(seat=owner, text=f"{name} influences {where} and loses a fruit, which spoils."))
            elif state.reserve > 0:
                state.reserve -= 1
                state.spoiled += 1
                if events is not None:
                    events.append(Event(seat=owner, text=f"{name} influences {where}; having no fruit, "
                                                         f"a fruit from the reserve spoils."))
            else:
                if events is not None:
                    events.append(Event(seat=owner, text=f"{name} influences {where}; there is no fruit to spoil."))
        else:
            if events is not None:
                events.append(Event(seat=owner, text=f"{name} influences {where}; it yields nothing."))
        if self._check_end(state, owner, gained, lost, events):
            return
        if kind == "marsh" and state.shaman_variant:
            state.phase = "shaman"
            state.shaman_seat = owner

    def _check_end(self, state: TikiState, seat: int, gained: int, lost: int, events: list[Event] | None) -> bool:
        """T5, checked after every resolution."""
        if state.sudden_death:
            if gained:
                return self._finish(state, seat, f"{who(seat)} wins the sudden-death fruit.", events)
            if lost:
                return self._finish(state, 1 - seat, f"{who(seat)} lost a fruit in sudden death.", events)
        if state.fruit[seat] >= WIN_FRUIT:
            return self._finish(state, seat, f"{who(seat)} has {state.fruit[seat]} fruit.", events)
        if state.reserve == 0:
            a, b = state.fruit
            if a != b:
                w = 0 if a > b else 1
                return self._finish(state, w, f"The reserve is empty and {who(w)} has more fruit "
                                              f"({max(a, b)} to {min(a, b)}).", events)
            # A tie: 7 fruit are odd, so with the reserve empty at least one is
            # spoiled. It returns and play goes on in sudden death (also when a
            # sudden-death cursed village spoiled the reserve's last fruit).
            state.spoiled -= 1
            state.reserve += 1
            state.sudden_death = True
            if events is not None:
                events.append(Event(text=f"The reserve is empty with a tie at {a} fruit each: one spoiled "
                                         f"fruit returns and play goes on in sudden death."))
        return False

    def _finish(self, state: TikiState, winner: int, reason: str, events: list[Event] | None) -> bool:
        state.phase = "over"
        state.winner = winner
        state.end_reason = reason
        state.pending = []
        state.shaman_seat = None
        if events is not None:
            events.append(Event(seat=winner, text=f"{reason} {who(winner)} wins!"))
        return True

    # -- end -----------------------------------------------------------------------------
    def is_over(self, state: TikiState) -> bool:
        return state.phase == "over"

    def result(self, state: TikiState) -> Result:
        winners = [state.winner] if state.winner is not None else ([0, 1] if state.phase == "over" else [])
        return Result(winners=winners, scores={0: state.fruit[0], 1: state.fruit[1]},
                      details={s: {"fruit": state.fruit[s]} for s in (0, 1)}, summary=state.end_reason)

    # -- information -----------------------------------------------------------------------
    def view(self, state: TikiState, seat: Seat | None) -> TikiView:
        shown = state.model_copy(deep=True, update={"seed": 0, "chance": 0})
        return TikiView(state=shown, seat=seat)

    def clone(self, state: TikiState) -> TikiState:
        new = state.model_copy()
        new.stacks = [list(s) for s in state.stacks]
        new.fruit = list(state.fruit)
        new.pending = list(state.pending)
        new.villages = state.villages  # never mutated after set-up
        return new

    def heuristic(self, state: TikiState, seat: Seat) -> float | None:
        diff = state.fruit[seat] - state.fruit[1 - seat]
        return max(0.0, min(1.0, 0.5 + diff / 8))

    # -- text ------------------------------------------------------------------------------
    def describe_action(self, state: TikiState, action: Action, seat: Seat) -> str:
        if isinstance(action, Place):
            return f"new totem on the {village_name(action.village)} village"
        if isinstance(action, Move):
            return "move " + " → ".join(village_name(v) for v in (action.start, *action.path))
        if isinstance(action, Resolve):
            return f"resolve the {village_name(action.village)} village"
        if isinstance(action, Shaman):
            if action.edge is None:
                return "leave the shaman"
            return f"shaman between {village_name(action.edge[0])} and {village_name(action.edge[1])}"
        return "pass"

    def status(self, state: TikiState, seat: Seat | None) -> str:
        if state.phase == "over":
            return state.end_reason
        actor = who(self.to_act(state)[0])
        if state.phase == "order":
            return f"{actor}: choose which influenced village resolves first."
        if state.phase == "shaman":
            return f"{actor}: place or move the shaman, or leave it."
        sd = " (sudden death)" if state.sudden_death else ""
        return f"{actor} to play: create a totem or move one of yours{sd}."
