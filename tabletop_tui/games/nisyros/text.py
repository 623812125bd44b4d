"""Nisyros: names and phrases for the log, menus and the board."""

from __future__ import annotations

from tabletop_tui.engine.text import plural  # noqa: F401 (the game's modules take it from here)
from tabletop_tui.engine.text import who as name_of  # noqa: F401 (the placeholder of a seat's name)

from .actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker, PickPlayer, PickWorker, PickZone,
                      PlaceDie, RemoveDam, Reroll, Volunteer)
from .data import (CARDS, DAM_SITE, DAM_SPOTS, MEETING, RINGS, SHIPYARD, SLOT_NAMES, VILLAGE, ZONES, place, slot_of,
                   zone_of)

STEP_NAMES = ["Move workers and boats", "Events", "Action dice", "Gather", "Build dams and boats",
              "Summon workers", "Feed workers", "Lava flows", "Eruptions", "Evacuate"]

FACE_NAMES = {"stone": "stone x2", "wood": "wood x2", "wheat": "wheat x2", "dam": "dam x2",
              "boat": "boat x2", "meeting": "meeting x2", "hermes": "Hermes x2",
              "+1": "+1 eruption", "-1": "-1 eruption"}


def place_name(p: int) -> str:
    """"Pali R2", "Nikia shipyard", "Mandraki village"."""
    return f"{ZONES[zone_of(p)]} {SLOT_NAMES[slot_of(p)]}"


def area_name(zone: int, ring: int) -> str:
    """"Pali R3", "the Pali coast"."""
    return f"the {ZONES[zone]} coast" if ring == 4 else f"{ZONES[zone]} {RINGS[ring].name}"


def card_line(cid: int) -> str:
    c = CARDS[cid]
    return f"Event {cid} ({'+' if c.good else '-'}) {c.title}: {c.text}"


NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"]


# -- teaching: the coach's line and the set-up's deal ------------------------------------------
def _next_flow(state, z: int) -> int | None:
    """The ring the lava flows onto next in zone ``z`` (None: no lava yet,
    or the zone is covered); it is safe only when its dam spots are full."""
    r = state.lava[z]
    if r == 0 or r >= 5:
        return None
    return None if DAM_SPOTS[r] and state.dams[z][r] >= DAM_SPOTS[r] else r


def _in_danger(state, z: int, ring: int) -> bool:
    """Whether the lava flows onto area ``ring`` of zone ``z`` next round
    (an eruption may bury any highest land, so that is no warning)."""
    return ring == _next_flow(state, z)


def _work_of(state, p: int) -> str:
    """What a worker on place ``p`` does this round ("gathering 2 stone")."""
    z, s = zone_of(p), slot_of(p)
    if s < 4:
        return f"gathering {RINGS[s].yield_ * (2 if p in state.yellow_on else 1)} {state.kinds[z][s]}"
    return {DAM_SITE: "building a dam", SHIPYARD: "building a boat", MEETING: "calling a citizen up"}.get(s, "working")


def why(state, action, seat: int) -> str:
    """What ``action`` does for the team, in a few words, for the coach.
    Reads only the open board: nothing of the deck's order."""
    a = action
    if isinstance(a, MoveWorker) and state.phase == "drizzle":
        return f"in the drizzle this worker waits at the {place_name(a.dst)}, ready to call up a citizen"
    if isinstance(a, MoveWorker):
        z, s = zone_of(a.dst), slot_of(a.dst)
        if s < 4:
            kind, per = state.kinds[z][s], RINGS[s].yield_
            bonus = f" (+1 {state.bonus[z]} bonus)" if s == 0 and state.bonus[z] else ""
            said = f"gathers {per} {kind} a round on {place_name(a.dst)}{bonus}"
        elif s == DAM_SITE:
            said = f"builds a dam in {ZONES[z]} for a stone (the team has {state.stone} stone)"
        elif s == SHIPYARD:
            said = f"builds a boat off {ZONES[z]} for a wood (the team has {state.wood} wood)"
        else:
            left = state.people[a.player][place(z, VILLAGE)]
            said = (f"calls one of {plural(left, 'citizen')} to work in step 6" if left
                    else "waits at the meeting place: no citizen is left to call")
        zs, ss = zone_of(a.src), slot_of(a.src)
        if _in_danger(state, z, min(s, 4)):
            return said + ", but the lava flows there next"
        if ss < VILLAGE and _in_danger(state, zs, min(ss, 4)):
            return "out of the lava's way; " + said
        return said
    if isinstance(a, MoveBoat):
        waiting = sum(state.people[s][place(a.dst, VILLAGE)] + state.people[s][place(a.dst, MEETING)]
                      for s in range(state.players))
        said = f"a boat waits off {ZONES[a.dst]}"
        if waiting:
            return said + f", where {plural(waiting, 'islander')} may have to flee by sea"
        homes = [z for z in ((a.dst + 1) % 4, (a.dst + 3) % 4) if z in state.home and z != a.src]
        return said + (f", one sail from {ZONES[homes[0]]}" if homes else "")
    if isinstance(a, Done):
        return {"move": "the round goes on: events, then the dice",
                "dice": "the other dice stay unused",
                "build": f"keeps {state.stone} stone and {state.wood} wood for later rounds",
                "evacuate": f"keeps {plural(sum(state.boats), 'boat')} at sea for the rounds to come",
                "reroll": "keeps the dice as they fell",
                "marathon": "every worker stays where it is",
                "volunteer": "the citizens stay in the village",
                "drizzle": "the other workers walk to their own meeting place"}.get(state.phase, "")
    if isinstance(a, Reroll):
        faces = ", ".join(f"{'ABCDE'[d]} ({FACE_NAMES[state.yellow[d]]})" for d in a.dice)
        return f"a fresh throw for {faces}, hoping for a face that helps more"
    if isinstance(a, PlaceDie):
        z, s = zone_of(a.place), slot_of(a.place)
        n = sum(state.people[t][a.place] - state.idle[t][a.place] for t in range(state.players))
        if not n:
            return f"nobody works the {place_name(a.place)} this round: the die adds nothing"
        if s < 4:
            return f"doubles {place_name(a.place)}: {n * RINGS[s].yield_} more {state.kinds[z][s]}"
        if s == MEETING:
            left = sum(state.people[t][place(z, VILLAGE)] for t in range(state.players))
            more = min(2, 2 * n, left) - min(2, n, left)
            return (f"the {place_name(a.place)} calls {plural(more, 'more citizen')} to work" if more
                    else "the meeting place already calls all it may (2 a round)")
        what = "dam" if s == DAM_SITE else "boat"
        return f"each worker on the {place_name(a.place)} may build two {what}s instead of one"
    if isinstance(a, BuildDam):
        have, spots = state.dams[a.zone][a.ring] + 1, DAM_SPOTS[a.ring]
        where = area_name(a.zone, a.ring)
        if have >= spots:
            return f"every dam spot of {where} is full: the lava cannot flow onto it"
        return f"{have} of {spots} dams on {where}; with all of them the lava flow stops there"
    if isinstance(a, BuildBoat):
        return f"one more islander can sail to Kos; the boat waits off {ZONES[a.zone]}"
    if isinstance(a, PickZone):
        z = a.zone
        if state.phase == "direction":
            ring = state.lava[z]
            there = sum(state.people[t][place(z, slot)] for t in range(state.players)
                        for slot in ((ring,) if ring < 4 else (4, 5, 6, 7)))
            return f"buries {area_name(z, ring)}" + (f", where {plural(there, 'islander')} must flee"
                                                      if there else ", where nobody stands")
        if state.phase == "home":
            return f"your people move in at {ZONES[z]} and work from there"
        if state.phase == "boat_gift":
            return f"a boat to wait off {ZONES[z]}"
        if state.phase == "crevice":
            return f"{area_name(z, state.lava[z] - 1)} becomes land again"
        if state.phase == "stupor":
            return f"the fumes fall on {ZONES[z]}"
        return ""
    if isinstance(a, PickPlayer) and state.phase == "flee":
        return f"{name_of(a.player)}'s inhabitant flees first, while the boats can still take them"
    if isinstance(a, PickPlayer):
        return f"{name_of(a.player)} gets a worker back from Hades"
    if isinstance(a, PickWorker):
        if state.phase == "siesta":
            return f"it rests this round instead of {_work_of(state, a.place)}"
        return "it goes home to its village, a citizen until it is called up again"
    if isinstance(a, RemoveDam):
        left, spots = state.dams[a.zone][a.ring] - 1, DAM_SPOTS[a.ring]
        said = f"{area_name(a.zone, a.ring)} keeps {left} of {spots} dams"
        return said + (", and the lava above it may flow on" if a.ring == state.lava[a.zone] else "")
    if isinstance(a, Volunteer):
        return "one more worker from the village, at no cost"
    if isinstance(a, Evacuate):
        what = "citizen" if slot_of(a.place) == VILLAGE else "worker"
        return f"a {what} of {name_of(a.player)} is safe: {state.kos[a.player] + 1} of 10 on Kos"
    return ""


def dealt(state) -> str:
    """The island as the set-up dealt it: each zone's fields and bonus, who
    lives where, and the stock (the deck's order stays hidden)."""
    zones = []
    for z in range(4):
        fields = ", ".join(f"{RINGS[r].name} {state.kinds[z][r]}" for r in range(4))
        bonus = f" (R1 bonus: {state.bonus[z]})" if state.bonus[z] else ""
        zones.append(f"{ZONES[z]}: {fields}{bonus}.")
    homes = ", ".join(f"{name_of(s)} at {ZONES[z]}" for s, z in enumerate(state.origin))
    return (f"The island is dealt. {' '.join(zones)} Homes: {homes}. "
            f"The team starts with {state.wheat} wheat.")
