"""Nisyros: names and phrases for the log, menus and the board."""

from __future__ import annotations

import random

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import plural  # noqa: F401 (the game's modules take it from here)
from tabletop_tui.engine.text import who as name_of  # noqa: F401 (the placeholder of a seat's name)

from .actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker, PickPlayer, PickWorker, PickZone,
                      PlaceDie, RemoveDam, Reroll, Volunteer)
from .data import (DAM_SITE, DAM_SPOTS, FACE_NAMES, MEETING, RINGS, SHIPYARD, SLOTS, VILLAGE, ZONES, area_name,
                   place, place_name, slot_of, zone_of)
from .lava import flee_queue, fleeing_citizens, flight_zone, seats_to_sail
from .legal import actor
from .log import event
from .round import INHABITANTS, graded
from .rules import ASKS, Nisyros
from .state import NisyrosState

STEP_NAMES = ["Move workers and boats", "Events", "Action dice", "Gather", "Build dams and boats",
              "Summon workers", "Feed workers", "Lava flows", "Eruptions", "Evacuate"]

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


def _why(state, action, seat: int) -> str:
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


# -- the Game's words (the engine's Game asks for them by name) --------------------------------
def rule_of(game: "Nisyros", state: NisyrosState, action: Action, seat: int) -> str | None:
    """The kind's rule, or the step's where one kind serves several (a
    zone picked for an eruption or a new home, a sick worker). Finishing
    a step hands the round on to its automatic steps, so *done* names the
    rule they follow next (the demo quotes it under what they did)."""
    if action.kind == "move_boat":
        return game.action_rules["move_boat"]
    if action.kind == "done":
        return _rule_after(state)
    return game.PHASE_RULES.get(state.phase) or game.action_rules.get(action.kind)

def _rule_after(state: NisyrosState) -> str:
    """The rule of what follows when the current step is finished."""
    ph, last = state.phase, len(state.queue) <= 1
    if ph == "move":
        return "Event cards" if last else "Moving workers"
    if ph == "volunteer":
        return "Feeding" if last else "Event cards"
    if ph == "build":
        flows = state.round > 1 and any(0 < n < 5 for n in state.lava)
        return "Lava flow" if flows else "Eruptions"
    if ph == "evacuate":
        return "Saving the team" if all(n >= 5 for n in state.lava) else "The active player"
    return {"reroll": "Action dice", "dice": "Gathering", "marathon": "Gathering"}.get(ph, "The active player")

def why(game: "Nisyros", state: NisyrosState, action: Action, seat: int, rng: random.Random) -> str:
    """What the move does for the team (:func:`_why`) and, after it, the
    team bot's rule of thumb's reason for it (``TeamBot.reason``: what a
    newcomer can learn); the board is open, and the line never looks at
    the deck's order."""
    said, because = _why(state, action, seat), game.bot_for(1).reason(state, action)
    return f"{said} ({because})" if said and because else said or because

def estimate_text(game: "Nisyros", state: NisyrosState, seat: int, value: float) -> str:
    """The team's graded outcome as the saved count it stands for: the
    count each player would need, all alike, to be worth ``value``. Said
    as a rough guess beside the 7 a victory needs: the search's value
    comes from quick random games cut short by the game's ``heuristic``, which
    expects the people still on the island to sail more often than a
    team usually manages, so it runs high early in a game."""
    lo, hi = 0.0, float(INHABITANTS)
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if graded([mid] * state.players) < value else (lo, mid)
    return f"rough guess: {round(lo)} of {INHABITANTS} saved each (a victory needs 7)"

def opening(game: "Nisyros", state: NisyrosState) -> list[Event]:
    """The dealt fields and bonus markers, the homes and the stock (all
    open; the deck's order is never named)."""
    return [event(text=dealt(state))]

def describe_action(game: "Nisyros", state: NisyrosState, action: Action, seat: int) -> str:
    a = action
    if isinstance(a, MoveWorker):
        who = "" if a.player == seat else f" of {name_of(a.player)}"
        return f"worker{who}: {place_name(a.src)} → {place_name(a.dst)}"
    if isinstance(a, MoveBoat):
        carry = f" with a worker of {name_of(a.carry)}" if a.carry is not None else ""
        return f"boat: {ZONES[a.src]} → {ZONES[a.dst]}{carry}"
    if isinstance(a, Done):
        return {"reroll": "keep the dice", "marathon": "no move", "volunteer": "no volunteer",
                "drizzle": "the rest to their meeting place",
                "evacuate": "end the evacuation", "build": "stop building", "dice": "dice placed",
                "move": "done moving"}.get(state.phase, "done")
    if isinstance(a, Reroll):
        return "throw again: " + ", ".join(f"die {'ABCDE'[d]}" for d in a.dice)
    if isinstance(a, PlaceDie):
        return f"die {'ABCDE'[a.die]} ({FACE_NAMES[state.yellow[a.die]]}) on the {place_name(a.place)}"
    if isinstance(a, BuildDam):
        return f"dam on {area_name(a.zone, a.ring)}"
    if isinstance(a, BuildBoat):
        return f"boat at the {ZONES[a.zone]} shipyard"
    if isinstance(a, PickZone):
        verb = {"stupor": "fumes over", "boat_gift": "boat lands at", "crevice": "lava sinks in",
                "direction": "erupt towards", "home": "new home at"}.get(state.phase, "")
        return f"{verb} {ZONES[a.zone]}".strip()
    if isinstance(a, PickPlayer) and state.phase == "flee":
        return f"flees next: a {'citizen' if fleeing_citizens(state) else 'worker'} of {name_of(a.player)}"
    if isinstance(a, PickPlayer):
        return f"back from Hades: {name_of(a.player)}"
    if isinstance(a, PickWorker):
        what = "siesta" if state.phase == "siesta" else "sick"
        return f"{what}: worker of {name_of(a.player)} on the {place_name(a.place)}"
    if isinstance(a, RemoveDam):
        return f"lose the dam on {area_name(a.zone, a.ring)}"
    if isinstance(a, Volunteer):
        return "call a volunteer"
    if isinstance(a, Evacuate):
        what = "citizen" if a.place % SLOTS == VILLAGE else "worker"
        return f"to Kos: {what} of {name_of(a.player)} from {place_name(a.place)}, boat off {ZONES[a.boat]}"
    return a.kind

def status(game: "Nisyros", state: NisyrosState, seat: int | None) -> str:
    if state.phase == "over":
        return state.end_reason
    who = actor(state)
    if who is None:
        return ""
    ask = ASKS[state.phase]
    if state.phase == "move" and who != state.active:
        ask = "move your workers, then finish"
    z = flight_zone(state) if state.phase == "flee" else None
    if z is not None:
        what = "citizens" if fleeing_citizens(state) else "workers"
        ask += (f" from the buried {ZONES[z]} coast (the boats can take {seats_to_sail(state, z)} of the "
                f"{flee_queue(state)} {what} waiting)")
    return f"Round {state.round}, step {state.step}: {name_of(who)}, {ask}."
