"""Tiki: the rules model (pure Python, no Textual): who acts, what is legal,
and what a move does.

Rulebook: shared/rules/tiki.txt; rulings T1-T6 in DECISIONS.md. The board,
options and state are in ``state``, the actions in ``actions``, what a seat
sees in ``view``, the words of the log and status in ``text``.
"""

from __future__ import annotations

import functools
import random
from typing import Sequence

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng, shuffle
from tabletop_tui.engine.text import plural
from tabletop_tui.games.tiki import INFO

from .actions import Move, Pass, Place, Resolve, Shaman, TikiAction
from .data import (COLOURS, EDGES, FRUIT, INFLUENCE, KIND_NAME, NEIGHBOURS, TIKIS_PER_PLAYER, VALUE, VILLAGE_KINDS,
                   WIN_FRUIT, neighbours, village_name)
from .state import TikiOptions, TikiState

__all__ = [
    "COLOURS", "EDGES", "FRUIT", "INFLUENCE", "KIND_NAME", "NEIGHBOURS", "TIKIS_PER_PLAYER", "VALUE",
    "VILLAGE_KINDS", "WIN_FRUIT", "Move", "Pass", "Place", "Resolve", "Shaman", "Tiki", "TikiAction",
    "TikiOptions", "TikiState", "neighbours", "paths", "village_name",
]


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
def _path_set(start: int, n: int, shaman: tuple[int, int] | None) -> frozenset[tuple[int, ...]]:
    return frozenset(_paths(start, n, shaman))


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
    action_rules = {"place": "Raise a totem", "move": "Move a totem", "resolve": "Order of influence",
                    "shaman": "The shaman", "pass": "Passing"}

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    def new_state(self, players: int, options: TikiOptions | None, seed: int) -> TikiState:
        if players != 2:
            raise IllegalAction("Tiki is for exactly 2 players.")
        opts = options or TikiOptions()
        state = TikiState(players=2, seed=seed, villages=[], shaman_variant=opts.shaman)
        rng = chance_rng(state)
        kinds = list(VILLAGE_KINDS)
        shuffle(rng, kinds)
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

    def _actor(self, state: TikiState) -> Seat | None:
        """The one seat ``to_act`` names, or None (the game is over)."""
        phase = state.phase
        if phase == "turn":
            return state.active
        if phase == "order":
            return 1 - state.active
        if phase == "shaman":
            return state.shaman_seat
        return None

    def legal_actions(self, state: TikiState, seat: Seat) -> list[Action]:
        phase = state.phase
        if seat != self._actor(state):
            return []
        if phase == "order":
            return [RESOLVE[v] for v in state.pending]
        if phase == "shaman":
            acts: list[Action] = [LEAVE_SHAMAN]
            acts += [SHAMAN_AT[e] for e in EDGES if e != state.shaman]
            return acts
        stacks = state.stacks
        acts = []
        on_board = 0
        shaman = state.shaman
        for v in range(9):
            stack = stacks[v]
            if stack:
                on_board += stack.count(seat)
                if stack[-1] == seat:
                    acts.extend(_moves(v, len(stack), shaman))
        if on_board < TIKIS_PER_PLAYER:
            acts[:0] = [PLACE[v] for v in range(9) if not stacks[v]]
        if not acts:
            acts.append(PASS)
        return acts

    # -- validation --------------------------------------------------------------------
    def check(self, state: TikiState, action: Action, seat: Seat) -> None:
        phase = state.phase
        if phase == "over":
            raise IllegalAction("The game is over.")
        if seat != self._actor(state):  # not in to_act(state)
            raise IllegalAction("It is not your turn to choose.")
        if phase == "turn":  # the commonest moves first; the rest below, in the order of the refusals
            cls = action.__class__
            if cls is Move:
                why = self._path_problem(state, seat, action.start, action.path)  # type: ignore[attr-defined]
                if why:
                    raise IllegalAction(why)
                return
            if cls is Place:
                self._check_place(state, action, seat)  # type: ignore[arg-type]
                return
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
            self._check_place(state, action, seat)
            return
        if isinstance(action, Move):
            why = self._path_problem(state, seat, action.start, action.path)
            if why:
                raise IllegalAction(why)
            return
        if isinstance(action, Pass):
            if any(a.kind != "pass" for a in self.legal_actions(state, seat)):
                raise IllegalAction("You can still place or move, so you may not pass.")
            return
        raise IllegalAction("That move is not part of Tiki.")

    def _check_place(self, state: TikiState, action: Place, seat: Seat) -> None:
        if state.supply(seat) == 0:
            raise IllegalAction("All your tikis are on the board; move a totem instead.")
        if state.stacks[action.village]:
            raise IllegalAction("That village is not empty: a new totem needs an empty village.")

    def _path_problem(self, state: TikiState, seat: Seat, start: int, path: tuple[int, ...],
                      partial: bool = False) -> str | None:
        """Why the totem on ``start`` may not move along ``path`` (T2), or
        None. ``partial``: ``path`` is the beginning of a move still being
        built; it is refused when it is already wrong or no legal move goes
        on from it."""
        if not 0 <= start <= 8:
            return "There is no such village."
        stack = state.stacks[start]
        if not stack:
            return "There is no totem there to move."
        if stack[-1] != seat:  # state.owner(start)
            return "That totem is not yours: its top tiki belongs to your opponent."
        n = len(stack)
        if not partial and path in _path_set(start, n, state.shaman):
            return None  # one of the legal paths (worked out once); the rest says why not
        if len(path) > n or (not partial and len(path) != n):
            return f"A totem of {plural(n, 'tiki')} moves exactly {plural(n, 'village')}."
        at = start
        seen = {start}
        for step in path:
            if not (0 <= step <= 8) or step not in NEIGHBOURS[at]:
                return "A totem moves one village at a time, up, down, left or right; never diagonally."
            if step == start:
                return "A totem may not go back to the village it started from."
            if step in seen:
                return "A totem may not enter the same village twice."
            if blocked(state, at, step):
                return "The shaman blocks the way between those villages."
            seen.add(step)
            at = step
        k = len(path)
        if partial and not any(p[:k] == tuple(path) for p in _paths(start, n, state.shaman)):
            return (f"From there the totem cannot finish its {plural(n, 'step')} without going back or "
                    f"crossing the shaman.")
        return None

    def explain_step(self, state: TikiState, seat: Seat, start: int, path: tuple[int, ...] | list[int]) -> str | None:
        """Why the move being built, the totem on ``start`` along the
        beginning ``path``, cannot go on (check's own sentences), or None
        when some legal move begins with it. For a board that moves a totem
        one step at a time; never raises, never changes the state."""
        if state.phase != "turn" or seat not in self.to_act(state):
            return self.explain(state, Move.model_construct(kind="move", start=start, path=(start,)), seat)
        return self._path_problem(state, seat, start, tuple(path), partial=True)

    # -- play ----------------------------------------------------------------------------
    def _play(self, state: TikiState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) builds no events."""
        events: list[Event] | None = None if quiet else []
        if isinstance(action, Move):  # the commonest first
            stacks = state.stacks
            totem = stacks[action.start]  # type: ignore[attr-defined]
            stacks[action.start] = []  # type: ignore[attr-defined]
            for v, tiki in zip(action.path, totem):  # type: ignore[attr-defined]
                stacks[v].append(tiki)  # the bottom tiki first (T2)
            if events is not None:
                events.append(Event(seat=seat, text=self.text.moved(seat, action.start, action.path)))  # type: ignore[attr-defined]
            self._after_move(state, action.path, events)  # type: ignore[attr-defined]
        elif isinstance(action, Place):
            state.stacks[action.village].append(seat)
            if events is not None:
                events.append(Event(seat=seat, text=self.text.placed(state, seat, action.village)))
            self._after_move(state, [action.village], events)
        elif isinstance(action, Pass):
            if events is not None:
                events.append(Event(seat=seat, text=self.text.passed(seat)))
            self._end_turn(state)
        elif isinstance(action, Resolve):
            state.pending.remove(action.village)
            self._resolve(state, action.village, events)
            self._continue(state, events)
        elif isinstance(action, Shaman):
            if action.edge is not None:
                a, b = action.edge
                state.shaman = (min(a, b), max(a, b))
            if events is not None:
                events.append(Event(seat=seat, text=self.text.shaman_moved(seat, action.edge)))
            state.shaman_seat = None
            state.phase = "turn"
            self._continue(state, events)
        return events or []

    def play_silent(self, state: TikiState, action: Action, seat: Seat) -> None:
        self._play(state, action, seat, quiet=True)

    def _after_move(self, state: TikiState, touched: Sequence[int], events: list[Event] | None) -> None:
        # (a model's field assignment is dear: none when nothing is, or was, pending)
        pending = [v for v in touched if len(state.stacks[v]) >= INFLUENCE]
        if not pending and not state.pending:  # nothing influenced: what _continue does then
            self._end_turn(state)
            return
        state.pending = pending
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
        if state.phase != "turn":
            state.phase = "turn"
        state.active = 1 - state.active
        state.turn += 1

    def _resolve(self, state: TikiState, v: int, events: list[Event] | None) -> None:
        """T4: resolve an influenced village fully, then check the end (T5)."""
        owner = state.stacks[v][-1]
        kind = state.villages[v]
        gained = lost = 0
        if kind in ("harbour", "jungle"):
            gained = min(VALUE[kind], state.reserve)
            state.reserve -= gained
            state.fruit[owner] += gained
            outcome = "gain" if gained else "empty"
        elif kind == "cursed":
            if state.fruit[owner] > 0:
                state.fruit[owner] -= 1
                state.spoiled += 1
                lost = 1
                outcome = "spoil"
            elif state.reserve > 0:
                state.reserve -= 1
                state.spoiled += 1
                outcome = "spoil_reserve"
            else:
                outcome = "nothing_to_spoil"
        else:
            outcome = "nothing"
        if events is not None:
            events.append(Event(seat=owner, text=self.text.influenced(state, owner, v, outcome, gained)))
        state.stacks[v] = []  # the 3 tikis go back to their owners
        if self._check_end(state, owner, gained, lost, events):
            return
        if kind == "marsh" and state.shaman_variant:
            state.phase = "shaman"
            state.shaman_seat = owner

    def _check_end(self, state: TikiState, seat: int, gained: int, lost: int, events: list[Event] | None) -> bool:
        """T5, checked after every resolution."""
        if state.sudden_death:
            if gained:
                return self._finish(state, seat, self.text.sudden_death_win(seat), events)
            if lost:
                return self._finish(state, 1 - seat, self.text.sudden_death_loss(seat), events)
        if state.fruit[seat] >= WIN_FRUIT:
            return self._finish(state, seat, self.text.fruit_win(seat, state.fruit[seat]), events)
        if state.reserve == 0:
            a, b = state.fruit
            if a != b:
                w = 0 if a > b else 1
                return self._finish(state, w, self.text.reserve_win(w, max(a, b), min(a, b)), events)
            # A tie: 7 fruit are odd, so with the reserve empty at least one is
            # spoiled. It returns and play goes on in sudden death (also when a
            # sudden-death cursed village spoiled the reserve's last fruit).
            state.spoiled -= 1
            state.reserve += 1
            state.sudden_death = True
            if events is not None:
                events.append(Event(text=self.text.sudden_death(a)))
        return False

    def _finish(self, state: TikiState, winner: int, reason: str, events: list[Event] | None) -> bool:
        state.phase = "over"
        state.winner = winner
        state.end_reason = reason
        state.pending = []
        state.shaman_seat = None
        if events is not None:
            events.append(Event(seat=winner, text=self.text.won(reason, winner)))
        return True

    # -- end -----------------------------------------------------------------------------
    def is_over(self, state: TikiState) -> bool:
        return state.phase == "over"

    def result(self, state: TikiState) -> Result:
        winners = [state.winner] if state.winner is not None else ([0, 1] if state.phase == "over" else [])
        return Result(winners=winners, scores={0: state.fruit[0], 1: state.fruit[1]},
                      details={s: {"fruit": state.fruit[s]} for s in (0, 1)}, summary=state.end_reason,
                      condition="The first to 4 fruit wins; when the reserve runs out, the one with more "
                                f"fruit (a tie goes to sudden death). Fruit: {state.fruit[0]} to {state.fruit[1]}.")

    # -- information -----------------------------------------------------------------------
    def clone(self, state: TikiState) -> TikiState:
        # one model_copy with the mutable fields copied (an update is set as
        # given, without validation or one __setattr__ per field)
        return state.model_copy(update={
            "stacks": [list(s) for s in state.stacks],
            "fruit": list(state.fruit),
            "pending": list(state.pending),
            "villages": state.villages,  # never mutated after set-up
        })
