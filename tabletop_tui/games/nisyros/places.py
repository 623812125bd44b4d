"""Nisyros: questions about places asked of a state (who may work where, who
can reach which coast). Pure functions; nothing here changes the state."""

from __future__ import annotations

from .data import COAST, DAM_SITE, MEETING, RINGS, SHIPYARD, SLOTS, VILLAGE, ISLAND, place
from .state import NisyrosState

COVERED = 5
LIMITS = [RINGS[0].limit, RINGS[1].limit, RINGS[2].limit, RINGS[3].limit, None, ISLAND.shipyard_limit, None, None]


def coast_open(state: NisyrosState, z: int) -> bool:
    return state.lava[z] < COVERED


def village_open(state: NisyrosState, z: int) -> bool:
    """A village in use (some player's starting village) not under lava (S10)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    return z in fs['origin'] and fs['lava'][z] < COVERED


def usable(state: NisyrosState, p: int) -> bool:
    """Whether workplace ``p`` can be worked now (S10: an empty village's
    zone keeps its resource areas and dam site only)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    z, s = divmod(p, SLOTS)
    if s < COAST:
        return fs['lava'][z] <= s
    if s == DAM_SITE:
        return fs['lava'][z] < COVERED
    if s in (SHIPYARD, MEETING):
        return village_open(state, z)
    return False


def reach(state: NisyrosState, seat: int) -> tuple[int, ...]:
    """The zones ``seat``'s workers may work in: their home's and the two beside it (S10)."""
    h = state.home[seat]
    if h is None or not coast_open(state, h):
        return ()
    return (h, (h + 1) % 4, (h + 3) % 4)


def crowd(state: NisyrosState, p: int) -> int:
    """Workers of every seat on place ``p`` (a loop over the 2-4 rows: cheaper
    than ``sum(map(itemgetter(p), ...))``, whose getter is called through
    CPython's slow generic call)."""
    n = 0
    for row in state.__dict__["people"]:
        n += row[p]
    return n


def has_room(state: NisyrosState, p: int) -> bool:
    lim = LIMITS[p % SLOTS]
    return lim is None or crowd(state, p) < lim


def can_work_at(state: NisyrosState, seat: int, p: int) -> bool:
    """Whether a worker of ``seat`` may go to workplace ``p``: usable, in
    reach, with room; a meeting place only at the worker's own village
    (our ruling: it is where a worker calls up its own citizens)."""
    z, s = divmod(p, SLOTS)
    if s == VILLAGE or not usable(state, p) or z not in reach(state, seat):
        return False
    if s == MEETING and z != state.home[seat]:
        return False
    return has_room(state, p)


def passable(state: NisyrosState, z: int) -> bool:
    """S11: people on foot cannot cross a zone whose coast (and so its R4) is lava."""
    return state.lava[z] < COVERED


def refuges(state: NisyrosState, z: int) -> list[int]:
    """Open villages reachable on foot from zone ``z``, nearest first:
    the clockwise neighbour, the other neighbour, then the far side when a
    neighbour can be crossed (our ruling on the order)."""
    out = []
    for d in (1, 3, 2):
        t = (z + d) % 4
        if not village_open(state, t):
            continue
        if d == 2 and not (passable(state, (z + 1) % 4) or passable(state, (z + 3) % 4)):
            continue
        out.append(t)
    return out


def total_boats(state: NisyrosState) -> int:
    return sum(state.boats)


def total_dams(state: NisyrosState) -> int:
    return sum(map(sum, state.dams))


def village(z: int) -> int:
    return place(z, VILLAGE)


def meeting(z: int) -> int:
    return place(z, MEETING)
