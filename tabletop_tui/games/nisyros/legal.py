"""Nisyros: who is asked, and every legal input of the current choice.

``legal(state, seat)`` lists each input the rules allow now, finite and
enumerable; the bots, the hints, the board and ``check`` all use it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, compress
from operator import itemgetter

from tabletop_tui.engine.actions import Action

from .actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker, PickPlayer, PickWorker,
                      PickZone, PlaceDie, RemoveDam, Reroll, Volunteer)
from .data import COAST, DAM_SITE, DAM_SPOTS, ISLAND, MEETING, PLACES, SHIPYARD, SLOTS, VILLAGE, place
from .places import COVERED, LIMITS, coast_open, reach, total_boats, total_dams, village, village_open
from .state import NisyrosState

DONE = Done.model_construct(kind="done")
VOLUNTEER = Volunteer.model_construct(kind="volunteer")
PICK_ZONE = [PickZone.model_construct(kind="pick_zone", zone=z) for z in range(4)]
PICK_PLAYER = [PickPlayer.model_construct(kind="pick_player", player=s) for s in range(4)]
BUILD_BOAT = [BuildBoat.model_construct(kind="build_boat", zone=z) for z in range(4)]
BUILD_DAM = [[BuildDam.model_construct(kind="build_dam", zone=z, ring=r) for r in range(5)] for z in range(4)]
#: the faces that double a workplace, and the slots each may go on
DIE_SLOTS = {"dam": (DAM_SITE,), "boat": (SHIPYARD,), "meeting": (MEETING,),
             "hermes": (0, 1, 2, 3, DAM_SITE, SHIPYARD, MEETING)}
SEAT_PHASES = ("move", "volunteer", "drizzle", "home")
#: the choices that can always be finished with Done
DONE_PHASES = frozenset(("move", "reroll", "dice", "marathon", "build", "volunteer", "drizzle", "evacuate"))
#: every place but the villages (where workers stand)
WORKPLACES = tuple(p for p in range(PLACES) if p % SLOTS != VILLAGE)
#: the zones a home village reaches (its own and the two beside it), in zone order
REACH_SORTED = [tuple(sorted((h, (h + 1) % 4, (h + 3) % 4))) for h in range(4)]
SHIPYARD_LIMIT = LIMITS[SHIPYARD] if LIMITS[SHIPYARD] is not None else 1 << 30


@lru_cache(maxsize=None)
def _move_worker(player: int, src: int, dst: int) -> MoveWorker:
    return MoveWorker.model_construct(kind="move_worker", player=player, src=src, dst=dst)


@lru_cache(maxsize=None)
def _move_boat(src: int, dst: int, carry: int | None) -> MoveBoat:
    return MoveBoat.model_construct(kind="move_boat", src=src, dst=dst, carry=carry)


#: every seat's pick of a worker on every place, built once (``PICK_WORKER[seat][place]``)
PICK_WORKER = [[PickWorker.model_construct(kind="pick_worker", player=q, place=p) for p in range(PLACES)]
               for q in range(4)]


#: every die's placement on every place, built once (``PLACE_DIE[die][place]``)
PLACE_DIE = [[PlaceDie.model_construct(kind="place_die", die=d, place=p) for p in range(PLACES)] for d in range(5)]


@lru_cache(maxsize=None)
def _remove_dam(z: int, ring: int) -> RemoveDam:
    return RemoveDam.model_construct(kind="remove_dam", zone=z, ring=ring)


@lru_cache(maxsize=None)
def _evacuate(player: int, p: int, boat: int) -> Evacuate:
    return Evacuate.model_construct(kind="evacuate", player=player, place=p, boat=boat)


@lru_cache(maxsize=None)
def _reroll(dice: tuple[int, ...]) -> Reroll:
    return Reroll.model_construct(kind="reroll", dice=dice)


def actor(state: NisyrosState) -> int | None:
    """The seat asked now: the head of the queue for per-player choices,
    otherwise the round's active player (S12); None while nobody is asked."""
    d = state.__dict__  # the fields, without pydantic's attribute hook: asked several times a decision
    ph = d["phase"]
    if ph in SEAT_PHASES:
        q = d["queue"]
        return q[0] if q else None
    if ph == "auto" or ph == "over":
        return None
    return d["active"]


def work_targets(state: NisyrosState, player: int) -> list[int]:
    """The workplaces a worker of ``player`` may go to now, in place order:
    ``[p for p in range(32) if can_work_at(state, player, p)]``: the usable
    places of the player's reach read from a table (``_reachable``), those
    with a limit kept while they have room."""
    f = state.__dict__  # the fields, without pydantic's attribute hook
    h = f["home"][player]
    lava = f["lava"]
    if h is None or lava[h] >= COVERED:
        return []
    people = f["people"]
    out = []
    for p, lim in _reachable(h, *lava, *f["origin"]):
        if lim is not None:  # room left: the workers of every seat there (a loop: cheaper than sum(map(...)))
            n = 0
            for row in people:
                n += row[p]
            if n >= lim:
                continue
        out.append(p)
    return out


@lru_cache(maxsize=None)
def _reachable(h: int, *key: int) -> tuple[tuple[int, int | None], ...]:
    """The places a worker living at ``h`` may work at with the lava at
    ``key[:4]`` and the villages in use at ``key[4:]`` (our ruling: only the
    own meeting place), each with its limit, in place order: a table worked
    out once for each such island."""
    lava, origin = key[:4], key[4:]
    out: list[tuple[int, int | None]] = []
    for z in REACH_SORTED[h]:
        lz, base = lava[z], z * SLOTS
        out.extend((base + s, LIMITS[s]) for s in range(lz, COAST))  # R1-R4 not under lava
        if lz < COVERED:
            out.append((base + DAM_SITE, None))
            if z in origin:  # a village in use: its shipyard, and the own meeting place
                out.append((base + SHIPYARD, SHIPYARD_LIMIT))
                if z == h:
                    out.append((base + MEETING, None))
    return tuple(out)


def _worker_row(player: int, src: int) -> tuple:
    """The move of a worker of ``player`` from ``src`` to each place (built once)."""
    key = player * PLACES + src
    row = _WORKER_ROWS[key]
    if row is None:
        row = _WORKER_ROWS[key] = tuple(MoveWorker.model_construct(kind="move_worker", player=player, src=src, dst=d)
                                        for d in range(PLACES))
    return row


_WORKER_ROWS: list[tuple | None] = [None] * (4 * PLACES)


def _movers(state: NisyrosState, player: int, fresh_only: bool) -> list[int]:
    """The places (not villages) where ``player`` has a worker free to move."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    row, idle, moved = fs['people'][player], fs['idle'][player], fs['moved'][player]
    if fresh_only:
        return [src for src in WORKPLACES if row[src] and row[src] - idle[src] - moved[src] > 0]
    return [src for src in WORKPLACES if row[src] and row[src] - idle[src] > 0]


def worker_moves(state: NisyrosState, player: int, fresh_only: bool) -> list[Action]:
    """Moves of ``player``'s workers: in step 1 each worker moves once
    (``fresh_only``); sleepers (event 9) never move."""
    out: list[Action] = []
    targets = work_targets(state, player)
    if not targets:
        return out
    table = _move_table(player, tuple(targets))
    f = state.__dict__
    row, idle = f["people"][player], f["idle"][player]
    moved = f["moved"][player] if fresh_only else _NONE_MOVED
    for src in compress(WORKPLACES, _AT_WORKPLACES(row)):  # _movers, asked inline: places with a worker
        if row[src] - idle[src] - moved[src] > 0:
            moves = table[src]
            if moves is None:  # the first move from there with these targets
                acts = _worker_row(player, src)
                moves = table[src] = tuple([acts[dst] for dst in targets if dst != src])
            out += moves
    return out


@lru_cache(maxsize=1 << 14)
def _move_table(player: int, targets: tuple[int, ...]) -> list[tuple[Action, ...] | None]:
    """The moves of a worker of ``player`` from each place to each of
    ``targets`` but its own place (``_move_table(...)[src]``), filled in by
    ``worker_moves`` at a place's first use: a table for each list of
    workplaces open to the player (a pure function of its key, so nothing in
    it goes stale)."""
    return [None] * PLACES


#: a row of no worker moved (``worker_moves`` outside step 1)
_NONE_MOVED = (0,) * PLACES
#: a row's counts on the workplaces, in ``WORKPLACES`` order
_AT_WORKPLACES = itemgetter(*WORKPLACES)


def has_worker_move(state: NisyrosState, player: int, fresh_only: bool) -> bool:
    """Whether ``worker_moves(state, player, fresh_only)`` is not empty: a
    worker free to move, and a workplace other than its own to go to. A
    home village standing offers two that are never full (its dam site and
    meeting place), so then a free worker is enough."""
    f = state.__dict__  # the fields, without pydantic's attribute hook
    h = f["home"][player]
    if h is None or f["lava"][h] >= COVERED:
        return False
    if h in f["origin"]:
        # free workers, counted at once: sleepers and those moved this step are
        # each a worker on a workplace (never more on a place than stand there)
        row = f["people"][player]
        free = sum(row) - sum(row[VILLAGE::SLOTS]) - sum(f["idle"][player])
        return (free - sum(f["moved"][player]) if fresh_only else free) > 0
    targets = work_targets(state, player)
    srcs = _movers(state, player, fresh_only)
    return bool(srcs) and (len(targets) > 1 or len(srcs) > 1 or srcs[0] != targets[0])


def drizzle_targets(state: NisyrosState, player: int) -> list[int]:
    """Event 6: the meeting places ``player``'s workers may be sent to: those
    in use in the player's reach (own zone and the two beside it)."""
    return [place(z, MEETING) for z in reach(state, player) if village_open(state, z)]


def drizzle_moves(state: NisyrosState, player: int) -> list[Action]:
    """Event 6: send one of ``player``'s workers not yet sent this drizzle
    (asleep or awake: the card moves each worker) to a meeting place."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    targets = drizzle_targets(state, player)
    row, moved = fs['people'][player], fs['moved'][player]
    return [_move_worker(player, src, dst) for src in range(32)
            if src % SLOTS != VILLAGE and row[src] - moved[src] > 0 for dst in targets if dst != src]


def has_boat_move(state: NisyrosState) -> bool:
    """Whether ``boat_moves(state)`` is not empty: a boat that has not
    sailed, and an open coast it may sail to (a neighbour, or with event 24
    any other zone; a boat carrying a worker needs its plain move too)."""
    f = state.__dict__
    boats, sailed, lava = f["boats"], f["boats_moved"], f["lava"]
    for src in range(4):
        if boats[src] - sailed[src] > 0:
            near = ((src + 1) % 4, (src + 3) % 4)
            if any(lava[dst] < COVERED for dst in (near + ((src + 2) % 4,) if f["current"] else near)):
                return True
    return False


def boat_moves(state: NisyrosState) -> list[Action]:
    """Step 1, the active player: a boat sails to a neighbouring zone (our
    ruling; event 24: to any zone, carrying a worker between meeting places)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    out: list[Action] = []
    f = state.__dict__
    boats, sailed = f["boats"], f["boats_moved"]
    for src in range(4):
        if boats[src] - sailed[src] <= 0:
            continue
        for dst in range(4):
            if dst == src or not coast_open(state, dst):
                continue
            if not fs['current'] and (dst - src) % 4 == 2:
                continue
            out.append(_move_boat(src, dst, None))
            if fs['current'] and village_open(state, dst):
                m = place(src, MEETING)
                for q in range(fs['players']):
                    if fs['people'][q][m] - fs['moved'][q][m] - fs['idle'][q][m] > 0:
                        out.append(_move_boat(src, dst, q))
    return out


def die_targets(state: NisyrosState, face: str) -> list[int]:
    """Workplaces a yellow die showing ``face`` may double."""
    f = state.__dict__
    lava = f["lava"]
    if face in ("stone", "wood", "wheat"):
        return [z * SLOTS + r for z, kinds in enumerate(f["kinds"]) for r in range(lava[z], COAST)
                if kinds[r] == face]
    return list(_slot_targets(face, *lava, *f["origin"]))


@lru_cache(maxsize=None)
def _slot_targets(face: str, *key: int) -> tuple[int, ...]:
    """The workplaces a die showing ``face`` (not a resource) may double
    with the lava at ``key[:4]`` and the villages in use at ``key[4:]``: a
    table worked out once for each such island."""
    lava, origin = key[:4], key[4:]
    slots = DIE_SLOTS.get(face, ())
    out = []
    for z in range(4):
        lz = lava[z]
        open_village = lz < COVERED and z in origin
        for s in slots:  # usable(state, place(z, s)), slot by slot
            if s < COAST and lz <= s or s == DAM_SITE and lz < COVERED or s > DAM_SITE and open_village:
                out.append(z * SLOTS + s)
    return tuple(out)


def dam_capacity(state: NisyrosState, z: int) -> int:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    p = place(z, DAM_SITE)
    return _working(state, p) * (2 if p in fs['yellow_on'] else 1) - fs['dams_built'][z]


def boat_capacity(state: NisyrosState, z: int) -> int:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    p = place(z, SHIPYARD)
    return _working(state, p) * (2 if p in fs['yellow_on'] else 1) - fs['boats_built'][z]


def _working(state: NisyrosState, p: int) -> int:
    """Workers on ``p`` who work this round: not asleep (event 9), not in the fumes (event 10)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if p in fs['stupor']:
        return 0
    return _awake(fs['people'], fs['idle'], p)


def _awake(people: list[list[int]], idle: list[list[int]], p: int) -> int:
    """Workers of every seat on ``p`` less its sleepers."""
    n = 0
    for row in people:
        n += row[p]
    for row in idle:
        n -= row[p]
    return n


def dam_spots(state: NisyrosState, z: int) -> list[int]:
    """Rings of zone ``z`` with a free dam spot, not under lava (S3)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    return [r for r in range(1, COAST + 1) if r >= fs['lava'][z] and fs['dams'][z][r] < DAM_SPOTS[r]]


def build_options(state: NisyrosState, one: bool = False) -> list[Action]:
    """Step 5: each dam (a free spot of a zone whose dam site has a worker
    left to build) and each boat (a shipyard with one) the stock pays for.
    (``dam_capacity``, ``boat_capacity`` and ``dam_spots``, asked inline.)
    ``one``: stop at the first zone that offers something (is there a choice?)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    out: list[Action] = []
    dams = fs['stone'] > 0 and ISLAND.dams > total_dams(state)
    boats = fs['wood'] > 0 and ISLAND.boats > total_boats(state)
    if not (dams or boats):
        return out
    lava, people, idle, stupor, on = fs['lava'], fs['people'], fs['idle'], fs['stupor'], fs['yellow_on']
    for z in range(4):
        lz = lava[z]
        if lz >= COVERED:  # neither a dam site nor a shipyard on a buried coast
            continue
        base = z * SLOTS
        if dams:
            p = base + DAM_SITE
            if p not in stupor:  # the fumes: nobody there works (and nothing built is ever negative)
                if _awake(people, idle, p) * (2 if p in on else 1) > fs['dams_built'][z]:
                    row, held = BUILD_DAM[z], fs['dams'][z]
                    out.extend([row[r] for r in range(lz if lz > 1 else 1, COAST + 1) if held[r] < DAM_SPOTS[r]])
        if boats and z in fs['origin']:
            p = base + SHIPYARD
            if p not in stupor:
                if _awake(people, idle, p) * (2 if p in on else 1) > fs['boats_built'][z]:
                    out.append(BUILD_BOAT[z])
        if one and out:
            break
    return out


def can_evacuate(state: NisyrosState) -> bool:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if not total_boats(state) or (22 in fs['in_play'] and fs['evacuated'] >= 3):
        return False
    return fs['wheat'] > 0 or not ISLAND.levels[fs['level']].wheat_to_sail


def boat_zones(state: NisyrosState, z: int) -> list[int]:
    """Zones with a boat at sea, zone ``z`` first (the boat nearest to hand)."""
    return [q for q in (z, (z + 1) % 4, (z + 3) % 4, (z + 2) % 4) if state.boats[q]]


def evacuations(state: NisyrosState) -> list[Action]:
    """Step 10: every inhabitant on the island, in a boat of any zone."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    zones = [boat_zones(state, z) for z in range(4)]
    out: list[Action] = []
    for q in range(fs['players']):
        for p in compress(_EVERY_PLACE, fs['people'][q]):  # the places where q has someone
            acts = _evacuate_row(q, p)
            out.extend([acts[b] for b in zones[p // SLOTS]])
    return out


def _evacuate_row(player: int, p: int) -> tuple:
    """The evacuation of an inhabitant of ``player`` from ``p`` in a boat of each zone (built once)."""
    key = player * PLACES + p
    row = _EVACUATE_ROWS[key]
    if row is None:
        row = _EVACUATE_ROWS[key] = tuple(_evacuate(player, p, b) for b in range(4))
    return row


_EVACUATE_ROWS: list[tuple | None] = [None] * (4 * PLACES)
_EVERY_PLACE = range(PLACES)


def legal(state: NisyrosState, seat: int) -> list[Action]:
    """Every legal input of ``seat`` now; empty when ``seat`` is not asked."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    f = state.__dict__  # the fields, without pydantic's attribute hook
    ph = f["phase"]
    if ph in SEAT_PHASES:  # actor(state), asked inline
        q = f["queue"]
        if not q or q[0] != seat:
            return []
    elif ph == "auto" or ph == "over" or seat != f["active"]:
        return []
    if ph == "move":
        acts = worker_moves(state, seat, fresh_only=True)  # a new list
        if seat == f["active"]:
            acts += boat_moves(state)
        acts.append(DONE)
        return acts
    if ph == "dice":
        on = f["yellow_on"]  # a workplace takes one die (a die's place is never None)
        acts = []
        for d, face in enumerate(f["yellow"]):
            if on[d] is None and face != "+1" and face != "-1":
                row = PLACE_DIE[d]
                acts.extend([row[p] for p in die_targets(state, face) if p not in on])
        acts.append(DONE)
        return acts
    if ph == "build":
        acts = build_options(state)
        acts.append(DONE)
        return acts
    if ph in ("stupor", "boat_gift", "crevice", "direction", "home"):
        return [PICK_ZONE[z] for z in fs['choices']]
    if ph in ("rescue", "flee"):
        return [PICK_PLAYER[s] for s in fs['choices']]
    if ph in ("siesta", "sick"):
        out: list[Action] = []
        for q in range(fs['players']):
            row, picks = fs['people'][q], PICK_WORKER[q]
            if ph == "siesta":  # a sleeper is not picked twice
                idle = fs['idle'][q]
                out.extend([picks[p] for p in WORKPLACES if row[p] > idle[p]])
            else:
                out.extend([picks[p] for p in WORKPLACES if row[p]])
        return out
    if ph == "dam_loss":
        return [_remove_dam(z, r) for z in range(4) for r in range(5) if fs['dams'][z][r]]
    if ph == "reroll":
        free = [d for d in range(5) if fs['yellow'][d] != "+1"]
        return [_reroll(c) for k in (1, 2) for c in combinations(free, k)] + [DONE]
    if ph == "marathon":
        return [a for q in range(fs['players']) for a in worker_moves(state, q, fresh_only=False)] + [DONE]
    if ph == "volunteer":
        return [VOLUNTEER, DONE]
    if ph == "drizzle":
        return drizzle_moves(state, seat) + [DONE]
    if ph == "evacuate":
        if not can_evacuate(state):
            return [DONE]
        return evacuations(state) + [DONE]
    return []


def has_choice(state: NisyrosState, seat: int) -> bool:
    """Whether a choice that can be finished with Done (``DONE_PHASES``)
    offers ``seat`` anything else, so that it needs asking: the automatic
    steps' cheap test instead of listing every move."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    ph = state.__dict__["phase"]
    if ph == "move":
        return has_worker_move(state, seat, True) or (seat == state.__dict__["active"] and has_boat_move(state))
    if ph == "volunteer":
        return True
    if ph == "reroll":
        return any(fs['yellow'][d] != "+1" for d in range(5))
    if ph == "marathon":
        return any(has_worker_move(state, q, False) for q in range(fs['players']))
    if ph == "evacuate":
        return can_evacuate(state) and any(map(any, fs['people']))
    if ph == "dice":  # a die not yet placed with a workplace free of dice
        on = fs['yellow_on']
        for d, face in enumerate(fs['yellow']):
            if on[d] is None and face != "+1" and face != "-1":
                for p in die_targets(state, face):
                    if p not in on:  # (a die's place is never None)
                        return True
        return False
    if ph == "build":
        return bool(build_options(state, one=True))
    return len(legal(state, seat)) > 1  # the drizzle: a short list


def home_village(state: NisyrosState, s: int) -> int | None:
    """The village place of ``s``'s home, if it stands."""
    h = state.home[s]
    return village(h) if h is not None and coast_open(state, h) else None
