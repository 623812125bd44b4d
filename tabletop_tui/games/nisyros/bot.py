"""Nisyros: the bot's code — the team's estimate of a position, the copies
the search plans on, and the team bot (below).

``rules.Nisyros`` delegates its search hooks here in one line each.
"""

from __future__ import annotations

import random
from typing import Any

from .data import CARDS, ISLAND
from .state import NisyrosState

#: S13 (as round.check_end judges it): the saved count every player needs
#: for a small and for a big victory, of each player's inhabitants
SMALL_VICTORY, BIG_VICTORY = 7, 9
INHABITANTS = ISLAND.inhabitants


def determinize(game: Any, state: NisyrosState, rng: random.Random) -> NisyrosState:
    """The deck order is the one secret: re-deal it from its (public)
    contents, keeping star cards on top while some set-aside ones are
    known to be there, and re-seed chance."""
    new = game.clone(state)
    cards = sorted(new.deck)
    top = rng.sample(sorted(set(c for c in cards if CARDS[c].star)), new.top_known)
    for c in top:
        cards.remove(c)
    rng.shuffle(cards)
    new.deck = cards + top
    new.seed = rng.getrandbits(48)
    new.chance = 0
    return new


def heuristic(state: NisyrosState) -> float:
    """The team's graded outcome (:func:`graded`): of a finished game, or
    expected from the people on Kos and those still on the island, who
    count by the boats, wood and wheat there are to ship them and the
    land the lava has left (our estimate). The same for every seat."""
    if state.phase == "over":
        return graded(state.kos)
    land = 1 - sum(state.lava) / 20
    boats = sum(state.boats) + state.wood * 0.7
    island = sum(state.on_island(s) for s in range(state.players)) or 1
    ship = min(1.0, 0.35 + 0.65 * min(1.0, boats / island) * (0.4 + 0.6 * land))
    return graded([state.kos[s] + ship * state.on_island(s) for s in range(state.players)])


def graded(saved: list[float]) -> float:
    """The team's outcome in [0, 1] from each player's saved count (S13):
    mostly the share of inhabitants saved, where the worst-off player weighs
    as much as the whole team (every player needs 7 for a victory), plus a
    tenth for a small victory and another for a big one (soft below them,
    for expected counts). 10 saved each is 1; nobody saved is 0."""
    mean, worst = sum(saved) / len(saved), min(saved)
    share = (mean + worst) / (2 * INHABITANTS)
    return 0.8 * share + 0.1 * _step(worst, SMALL_VICTORY) + 0.1 * _step(worst, BIG_VICTORY)


def _step(x: float, at: int) -> float:
    """1 from ``at`` saved on, 0 a whole inhabitant below it, linear between."""
    return max(0.0, min(1.0, x - at + 1))
