"""Nisyros: lava, eruptions and flight (steps 8 and 9, S7 and S11).

Every throw of the red flight die and the black volcano die is logged in
words. Functions here mutate the state and append events; the one question
they may leave is whose inhabitant flees a buried coast next (``settle``).
"""

from __future__ import annotations

from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import who as name_of

from .chance import Chance
from .data import COAST, DAM_SITE, DAM_SPOTS, ISLAND, MEETING, SHIPYARD, SLOTS, VILLAGE, ZONES, area_name, place
from .log import event
from .places import COVERED, coast_open, meeting, refuges, village
from .state import NisyrosState

RED = ISLAND.red_die
BLACK = ISLAND.black_die


def red_face_text(face: int) -> str:
    f = RED[face]
    return f"{f.events} {'black' if f.black else 'red'}"


#: a flight's throw of each red face: (escapes, the face in words)
_RED_ROLLS = [(RED[face].black, red_face_text(face)) for face in range(6)]


def black_face_text(zones: list[int]) -> str:
    return " or ".join(ZONES[z] for z in zones)


def covered(state: NisyrosState) -> bool:
    """S7: the island is covered when all 20 areas are lava."""
    return min(state.lava) >= COVERED


def _flee_roll(rng: Chance) -> tuple[bool, str]:
    face = rng.randrange(6)
    return _RED_ROLLS[face]


def _refuge(state: NisyrosState, s: int, z: int) -> int | None:
    """Where ``s``'s people fleeing zone ``z`` on foot go: their own village
    if it stands, else the nearest reachable one, which becomes their home."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    h = fs['home'][s]
    if h is not None and coast_open(state, h):
        return h
    options = refuges(state, z)
    if not options:
        return None
    new = options[0]
    if s not in fs['displaced']:
        fs['displaced'].append(s)
    fs['home'][s] = new
    return new


def _who(s: int, citizen: bool) -> str:
    return f"{name_of(s)}'s {'citizen' if citizen else 'worker'}"


def cover(state: NisyrosState, z: int, rng: Chance, ev: list[Event] | None, why: str) -> bool:
    """Turn the next area of zone ``z`` to lava (:func:`turn`) and let its
    people flee (:func:`settle`); False while a coast's flight waits for the
    team's choice."""
    turn(state, z, ev, why)
    return settle(state, rng, ev)


def turn(state: NisyrosState, z: int, ev: list[Event] | None, why: str) -> None:
    """Turn the next area of zone ``z`` to lava: its dams go back (S7); a
    coast's people lose their village. Its people flee in :func:`settle`."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    ring = fs['lava'][z]
    fs['lava'][z] = ring + 1
    returned = fs['dams'][z][ring]
    fs['dams'][z][ring] = 0
    lost = fs['bonus'][z] if ring == 0 else None
    if lost:
        fs['bonus'][z] = None
    if ev is not None:
        extra = (f"; {returned} dam{'s go' if returned != 1 else ' goes'} back to the supply" if returned else "")
        if lost:
            extra += f"; its {lost} bonus is lost"
        ev.append(event(text=f"{why}: lava covers {area_name(z, ring)}{extra}."))
    if ring == COAST:
        for s in range(fs['players']):
            if fs['home'][s] == z and s not in fs['displaced']:
                fs['displaced'].append(s)


def _on(state: NisyrosState, ps: tuple[int, ...] | list[int]) -> bool:
    for row in state.people:
        for p in ps:
            if row[p]:
                return True
    return False


def settle(state: NisyrosState, rng: Chance, ev: list[Event] | None) -> bool:
    """Everyone standing on lava flees (S11), zone by zone clockwise from
    Mandraki, each zone's fields before its coast, and boats off a buried
    coast are lost. False when a coast's flight stops for the team's choice
    of who goes next (asked as "flee"); calling again carries on. Nobody
    stands on lava otherwise, so the people still there are the flight's
    own record."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    lava, people = fs['lava'], fs['people']
    for z in range(4):
        lz = lava[z]
        if not lz:
            continue
        base = z * SLOTS
        top = base + (lz if lz < COAST else COAST)
        for row in people:
            if any(row[base:top]):  # someone on this zone's lava fields
                for p in range(base, top):
                    if _on(state, (p,)):
                        _flee_slope(state, z, p, rng, ev)
                break
        if lz >= COVERED and (fs['boats'][z] or _on(state, _COAST[z])):
            if not _flee_coast(state, z, rng, ev):
                return False
    return True


def flight_zone(state: NisyrosState) -> int | None:
    """The zone whose buried coast still has people to flee, if any."""
    lava = state.lava
    for z in range(4):
        if lava[z] >= COVERED and _on(state, _COAST[z]):
            return z
    return None


def _flee_slope(state: NisyrosState, z: int, p: int, rng: Chance, ev: list[Event] | None) -> None:
    """A worker on a covered slope escapes on black to its own meeting place."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    for s in range(fs['players']):
        for _ in range(fs['people'][s][p]):
            state.take(s, p)
            ok, face = _flee_roll(rng)
            dest = _refuge(state, s, z) if ok else None
            if dest is None:
                fs['hades'][s] += 1
                why = "too slow" if not ok else "nowhere left to run"
                if ev is not None:
                    ev.append(event(text=f"Red die {face} for {_who(s, False)}: {why}, to Hades.", reveals=True))
            else:
                fs['people'][s][meeting(dest)] += 1
                if ev is not None:
                    ev.append(event(text=f"Red die {face} for {_who(s, False)}: escapes to the "
                                         f"{ZONES[dest]} meeting place.", reveals=True))


def _coast_groups(state: NisyrosState, z: int) -> list[tuple[int, int]]:
    """Who still has to flee the buried coast of ``z``, as (seat, count), in
    the rulebook's order: citizens first while any are left (owner's first,
    then clockwise), then the workers, those living in this village first."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    owner = fs['origin'].index(z) if z in fs['origin'] else 0
    order = [(owner + i) % fs['players'] for i in range(fs['players'])]
    v = village(z)
    citizens = [(s, fs['people'][s][v]) for s in order if fs['people'][s][v]]
    if citizens:
        return citizens
    a, b, c = _WORKPLACES[z]
    home, people = fs['home'], fs['people']
    out = []
    for s in [s for s in order if home[s] == z] + [s for s in order if home[s] != z]:
        row = people[s]
        n = row[a] + row[b] + row[c]
        if n:
            out.append((s, n))
    return out


def _workplaces(z: int) -> tuple[int, ...]:
    return _WORKPLACES[z]


#: the coast's workplaces of each zone, and those with its village
_WORKPLACES = [(place(z, DAM_SITE), place(z, SHIPYARD), place(z, MEETING)) for z in range(4)]
_COAST = [(*_WORKPLACES[z], village(z)) for z in range(4)]


def seats_to_sail(state: NisyrosState, z: int) -> int:
    """How many fleeing inhabitants the boats off ``z`` can still take to Kos
    (a wheat each above Achilles)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if ISLAND.levels[fs['level']].wheat_to_sail:
        return min(fs['boats'][z], fs['wheat'])
    return fs['boats'][z]


def fleeing_citizens(state: NisyrosState) -> bool:
    """Whether the next to flee the coast now being buried is a citizen."""
    z = flight_zone(state)
    return z is not None and any(row[village(z)] for row in state.people)


def flee_queue(state: NisyrosState) -> int:
    """How many are next in line to flee the coast being buried (the citizens
    while any are left, then the workers)."""
    z = flight_zone(state)
    return 0 if z is None else sum(n for _, n in _coast_groups(state, z))


def flee_choices(state: NisyrosState) -> list[int]:
    """The seats the team may send next from the coast being buried, when
    the order can matter: people of two or more players are next in line
    and there are boats for some of them but not all (S12: the active player
    decides). Otherwise [] (the rulebook's order is followed unasked)."""
    z = flight_zone(state)
    if z is None:
        return []
    return _choices(state, z, _coast_groups(state, z))


def _choices(state: NisyrosState, z: int, groups: list[tuple[int, int]]) -> list[int]:
    """``flee_choices`` for the coast of ``z``, whose next in line are ``groups``."""
    if len(groups) < 2 or not 0 < seats_to_sail(state, z) < sum(n for _, n in groups):
        return []
    return [s for s, _ in groups]


def _flee_coast(state: NisyrosState, z: int, rng: Chance, ev: list[Event] | None) -> bool:
    """The flight from the buried coast of ``z`` (S11): True when everyone
    has fled; False when the team must choose whose inhabitant flees next
    (the rulebook: "A different fleeing order is allowed if decided
    together"), asked as the choice "flee"."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    v = village(z)
    a, b, c = _WORKPLACES[z]
    people, home = fs['people'], fs['home']
    owner = fs['origin'].index(z) if z in fs['origin'] else 0
    n = fs['players']
    order = [(owner + i) % n for i in range(n)]  # as _coast_groups orders them
    while True:  # z is the flight zone: nobody stands on lava in the zones before it (see settle)
        # the next in line (_coast_groups, and _choices of it, without the lists of pairs)
        seats = [s for s in order if people[s][v]]
        citizen = bool(seats)
        if citizen:
            if len(seats) > 1 and 0 < seats_to_sail(state, z) < sum([people[s][v] for s in seats]):
                fs['phase'] = "flee"
                fs['choices'] = seats
                return False
        else:
            # those living in this village first (a flight on foot may have moved a home since)
            counts = [(s, people[s][a] + people[s][b] + people[s][c])
                      for s in [s for s in order if home[s] == z] + [s for s in order if home[s] != z]]
            seats = [s for s, k in counts if k]
            if not seats:
                break
            if len(seats) > 1 and 0 < seats_to_sail(state, z) < sum([k for _, k in counts]):
                fs['phase'] = "flee"
                fs['choices'] = seats
                return False
        _flee(state, z, seats[0], citizen, rng, ev)
    if fs['boats'][z]:
        if ev is not None:
            ev.append(event(text=f"The {fs['boats'][z]} empty boat{'s' if fs['boats'][z] != 1 else ''} "
                                 f"off {ZONES[z]} are lost to the lava."))
        fs['boats'][z] = 0
    fs['choices'] = []
    return True


def flee_one(state: NisyrosState, s: int, rng: Chance, ev: list[Event] | None) -> None:
    """One inhabitant of ``s`` flees the coast being buried (citizens first):
    it throws the red die; on black it takes a boat of this zone to Kos (a
    wheat too above Achilles), else walks to a reachable village, else goes
    to Hades."""
    z = flight_zone(state)
    assert z is not None
    _flee(state, z, s, fleeing_citizens(state), rng, ev)


def _flee(state: NisyrosState, z: int, s: int, citizen: bool, rng: Chance, ev: list[Event] | None) -> None:
    """``flee_one`` with its flight zone ``z`` and whether a citizen flees
    (``fleeing_citizens``) already known."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    row = fs['people'][s]
    if citizen:
        p = z * SLOTS + VILLAGE
    else:
        a, b, c = _WORKPLACES[z]
        p = a if row[a] else b if row[b] else c
    state.take(s, p)
    ok, face = _RED_ROLLS[rng.randrange(6)]  # _flee_roll
    who = _who(s, citizen) if ev is not None else ""
    if not ok:
        fs['hades'][s] += 1
        if ev is not None:
            ev.append(event(text=f"Red die {face} for {who}: too slow, to Hades.", reveals=True))
        return
    if seats_to_sail(state, z):
        wheat_needed = ISLAND.levels[fs['level']].wheat_to_sail
        fs['boats'][z] -= 1
        fs['wheat'] -= 1 if wheat_needed else 0
        fs['kos'][s] += 1
        paid = " and a wheat" if wheat_needed else ""
        if ev is not None:
            ev.append(event(text=f"Red die {face} for {who}: sails to Kos (a boat{paid}).", reveals=True))
        return
    dest = _refuge(state, s, z)
    if dest is None:
        fs['hades'][s] += 1
        if ev is not None:
            ev.append(event(text=f"Red die {face} for {who}: no boat and no way out, to Hades.", reveals=True))
    else:
        fs['people'][s][village(dest) if citizen else meeting(dest)] += 1
        where = "village" if citizen else "meeting place"
        if ev is not None:
            ev.append(event(text=f"Red die {face} for {who}: runs to the {ZONES[dest]} {where}.", reveals=True))


def flow(state: NisyrosState, rng: Chance, ev: list[Event] | None) -> bool:
    """Step 8 (S7): in every zone with lava the area below its lowest lava
    area turns to lava unless all its dam spots hold dams. All zones flow at
    once; then the people of each new lava area flee, zone by zone. False
    while a flight waits for the team (then :func:`settle` carries on)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    flowing = []
    for z in range(4):
        ring = fs['lava'][z]
        if ring == 0 or ring >= COVERED:
            continue
        if fs['dams'][z][ring] >= DAM_SPOTS[ring]:
            held = fs['dams'][z][ring]
            if ev is not None:
                ev.append(event(text=(f"The {held} dams" if held != 1 else "The dam") +
                                     f" on {area_name(z, ring)} hold{'s' if held == 1 else ''} the lava back."))
        else:
            flowing.append(z)
    if not flowing:
        if ev is not None:
            ev.append(event(text="Step 8: no lava flows this round."))
    for z in flowing:
        turn(state, z, ev, "Lava flows")
    return settle(state, rng, ev)


def open_zones(state: NisyrosState) -> list[int]:
    """Zones not yet covered to the sea."""
    return [z for z in range(4) if state.lava[z] < COVERED]


def throw_black(state: NisyrosState, rng: Chance, ev: list[Event] | None, wanted) -> list[int]:
    """Throw the volcano die until a face names a zone that ``wanted`` accepts;
    returns those zones (one, or two for the team to choose from), or [] when
    no zone can ever be named."""
    allowed = [z for z in range(4) if wanted(z)]  # (throwing changes nothing ``wanted`` reads)
    if not allowed:
        return []
    while True:
        zones = BLACK[rng.randrange(6)]
        ok = [z for z in zones if z in allowed]
        state.black = list(zones)
        if ok:
            if ev is not None:
                ev.append(event(text=f"Black die: {black_face_text(zones)}"
                                     + (" (the team chooses)." if len(ok) > 1 else "."), reveals=True))
            return ok
        if ev is not None:
            ev.append(event(text=f"Black die: {black_face_text(zones)}, already covered; thrown again.",
                            reveals=True))


def eruptions_planned(state: NisyrosState) -> tuple[int, list[str]]:
    """Step 9's number of eruptions and the reasons, from the level, the
    placed +1/-1 dice, events 17/18 and the first round (S5, S8)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    lv = ISLAND.levels[fs['level']]
    n = lv.eruptions
    why = [f"{lv.title} {lv.eruptions}"]
    for face in fs['yellow']:
        if face in ("+1", "-1"):
            n += int(face)
            why.append(f"die {face}")
    if 17 in fs['in_play']:
        n += 1
        why.append("Tremor +1")
    if 18 in fs['in_play']:
        n -= 1
        why.append("Quiet crater -1")
    if fs['round'] == 1:
        n -= 1
        why.append("first round -1")
    return max(0, min(lv.max_eruptions, n)), why


def erupt(state: NisyrosState, z: int, rng: Chance, ev: list[Event] | None) -> bool:
    """S7: the highest area of ``z`` not yet lava turns to lava (dams do not
    help); False while its flight waits for the team."""
    state.eruptions_left -= 1
    return cover(state, z, rng, ev, f"Eruption towards {ZONES[z]}" if ev is not None else "")


def people_left(state: NisyrosState) -> int:
    return sum(map(sum, state.people))


__all__ = ["cover", "turn", "settle", "flight_zone", "flow", "flee_one", "flee_choices", "flee_queue",
           "fleeing_citizens",
           "seats_to_sail", "erupt", "throw_black", "eruptions_planned", "covered", "open_zones",
           "people_left", "red_face_text", "black_face_text"]
