"""Helpers for the Nisyros tests: fresh games, hand-set positions, seeded dice."""

from __future__ import annotations

import random

from tabletop_tui.engine.game import Event
from tabletop_tui.games.nisyros import round as rnd
from tabletop_tui.games.nisyros.data import place
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions
from tabletop_tui.games.nisyros.state import NisyrosState

G = Nisyros()
MANDRAKI, PALI, EMPORIOS, NIKIA = range(4)
R1, R2, R3, R4, COAST = range(5)
DAM_SITE, SHIPYARD, MEETING, VILLAGE = 4, 5, 6, 7


def new(players: int = 2, level: str = "achilles", seed: int = 1) -> NisyrosState:
    return G.new_state(players, NisyrosOptions(level=level), seed)


def P(zone: int, slot: int) -> int:  # noqa: N802 - reads like the map's names
    return place(zone, slot)


def clear_people(state: NisyrosState) -> None:
    """Take everyone off the island (for hand-set positions)."""
    state.people = [[0] * 32 for _ in range(state.players)]


def stage(state: NisyrosState, name: str) -> list[Event]:
    """Run the round from stage ``name`` until a choice is asked."""
    state.stage = name
    state.phase = "auto"
    state.pending = None
    state.picks_left = 0
    ev: list[Event] = []
    G._run(state, ev)
    return ev


def step(state: NisyrosState, handler: str) -> list[Event]:
    """Run one stage handler alone (no choices answered)."""
    ev: list[Event] = []
    rnd.STAGES[handler](state, ev)
    return ev


def next_rolls(state: NisyrosState, k: int = 1, n: int = 6) -> list[int]:
    """The faces the next chance event of ``state`` will throw (without using it)."""
    rng = random.Random(state.seed * 1_000_003 + state.chance)
    return [rng.randrange(n) for _ in range(k)]


def seed_where(state: NisyrosState, want: list[bool]) -> None:
    """Set ``state.seed`` so the next chance event's red die throws give
    black/red in the order ``want`` (True = black = escape)."""
    black = [True, True, False, False, True, True]
    for seed in range(1, 100_000):
        rng = random.Random(seed * 1_000_003 + state.chance)
        if all(black[rng.randrange(6)] == w for w in want):
            state.seed = seed
            return
    raise AssertionError("no seed found")


def texts(ev: list[Event]) -> str:
    return "\n".join(e.text for e in ev)


def play(state: NisyrosState, action, seat: int | None = None) -> list[Event]:
    who = G.to_act(state)[0] if seat is None else seat
    return G.apply(state, action, who)
