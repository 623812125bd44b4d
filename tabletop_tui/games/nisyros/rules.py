"""Nisyros: the rules model (pure Python, no Textual).

Rulebook: shared/rules/nisyros.txt; rulings S1-S13 in DECISIONS.md. The
island and dice are data (``data``), inputs are ``actions``, the state is
``state``; ``legal`` lists the inputs, ``round`` runs the automatic part of
the 10-step round, ``lava`` covers areas and makes people flee. This module
checks and plays inputs and answers the engine's questions; its words
(menus, status, the coach) are in ``text``, which the engine finds.

Co-operative: the whole table wins or loses together (S13). Team choices are
made by the round's active player; each player moves their own workers in
step 1 (S12). A choice with a single possible answer is made automatically.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.text import who as name_of
from tabletop_tui.games.nisyros import INFO

from .actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker, NisyrosAction, PickPlayer,
                      PickWorker, PickZone, PlaceDie, RemoveDam, Reroll, Volunteer)
from .chance import chance
from .data import (CARDS, DAM_SPOTS, FACE_NAMES, ISLAND, MEETING, PLACE_NAMES, SLOTS, VILLAGE, ZONES, area_name,
                   deck_ids, place, place_name)
from .lava import erupt, flee_one, flight_zone, flee_queue, fleeing_citizens, people_left, seats_to_sail, settle
from .legal import (DONE, DONE_PHASES, actor, boat_capacity, can_evacuate, dam_capacity, dam_spots,
                    die_targets, has_choice, legal)
from .log import event
from .places import (coast_open, has_room, meeting, reach, total_boats, total_dams, usable, village,
                     village_open)
from .round import STAGES, check_end, rehome, rescue, roll_yellow, send_home, stupefy, victory_condition
from .state import NisyrosOptions, NisyrosState

__all__ = ["Nisyros", "NisyrosOptions", "NisyrosState"]

COLOURS = ["Red", "Blue", "Green", "Yellow"]
#: ``name_of`` of each seat, the log's placeholder for its name
SEAT_TAGS = [name_of(s) for s in range(4)]

#: what each choice asks, for status lines and refusals
ASKS = {
    "move": "move your workers and the boats, then finish",
    "siesta": "choose a worker to take a siesta",
    "stupor": "choose which zone the fumes cover",
    "rescue": "choose who gets an inhabitant back from Hades",
    "boat_gift": "choose the village where a boat lands",
    "crevice": "choose the zone where the lava sinks away",
    "dam_loss": "choose a dam to lose",
    "reroll": "throw one or two yellow dice again, or keep them",
    "dice": "place the yellow dice on workplaces, then finish",
    "marathon": "move one worker to another workplace, or skip",
    "build": "build dams and boats, then finish",
    "volunteer": "call one more citizen to work, or decline",
    "drizzle": "send your workers to meeting places (the others walk to their own), then finish",
    "sick": "choose a worker who falls sick and goes home",
    "direction": "choose the zone the eruption goes towards",
    "flee": "choose whose inhabitant flees next",
    "evacuate": "ship inhabitants to Kos, then finish",
    "home": "choose a new home village",
}

#: which action kinds each choice accepts
ACCEPTS = {
    "move": ("move_worker", "move_boat", "done"), "siesta": ("pick_worker",), "sick": ("pick_worker",),
    "stupor": ("pick_zone",), "boat_gift": ("pick_zone",), "crevice": ("pick_zone",),
    "direction": ("pick_zone",), "home": ("pick_zone",), "rescue": ("pick_player",), "flee": ("pick_player",),
    "dam_loss": ("remove_dam",), "reroll": ("reroll", "done"), "dice": ("place_die", "done"),
    "marathon": ("move_worker", "done"), "build": ("build_dam", "build_boat", "done"),
    "volunteer": ("volunteer", "done"), "drizzle": ("move_worker", "done"), "evacuate": ("evacuate", "done"),
}


class Nisyros(Game[NisyrosState]):
    """Nisyros for 2-4 players, co-operative."""

    info = INFO
    options_model = NisyrosOptions
    state_model = NisyrosState
    action_type = NisyrosAction
    cooperative = True
    #: 2: the flight order's "flee" choice, card 6 "drizzle", card 10's coast
    #: and the owner moving before the displaced (2 December 2026)
    rules_version = 2
    result_columns = {"saved": "Saved on Kos", "hades": "In Hades", "outcome": "Team outcome"}

    #: the rules page's "In brief" rule of each action kind (``rule_of``
    #: refines the kinds that serve several steps)
    action_rules = {"move_worker": "Moving workers", "move_boat": "Sailing boats", "done": "The active player",
                    "reroll": "Event cards", "place_die": "Action dice", "build_dam": "Building",
                    "build_boat": "Building", "pick_zone": "Event cards", "pick_player": "Event cards",
                    "pick_worker": "Event cards", "remove_dam": "Event cards", "volunteer": "Event cards",
                    "evacuate": "Evacuation"}
    #: the rule of a choice by the phase that asks it, where it is not the kind's own
    PHASE_RULES = {"move": "Moving workers", "dice": "Action dice", "build": "Building", "evacuate": "Evacuation",
                   "reroll": "Event cards", "marathon": "Event cards", "volunteer": "Event cards",
                   "sick": "Feeding", "direction": "Eruptions", "home": "Fleeing", "flee": "Fleeing",
                   "drizzle": "Event cards"}

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    # -- set-up -----------------------------------------------------------------------------------
    def new_state(self, players: int, options: NisyrosOptions | None, seed: int) -> NisyrosState:
        if not 2 <= players <= 4:
            raise IllegalAction("Nisyros is for 2 to 4 players.")
        opts = options or NisyrosOptions()
        state = NisyrosState(players=players, seed=seed, level=opts.level)
        rng = chance(state)
        kinds = [k for k, n in ISLAND.resource_areas.items() for _ in range(n)]
        rng.shuffle(kinds)
        state.kinds = [kinds[z * 4:(z + 1) * 4] for z in range(4)]
        markers = list(ISLAND.bonus_markers)
        rng.shuffle(markers)
        state.bonus = markers  # type: ignore[assignment]
        star, rest = deck_ids()
        rng.shuffle(star)
        top, rest = star[:5], rest + star[5:]
        rng.shuffle(rest)
        rng.shuffle(top)
        state.deck = rest + top  # the last element is the top card
        state.top_known = len(top)
        state.origin = list(ISLAND.homes[players])
        state.home = list(state.origin)
        state.people = [[0] * 32 for _ in range(players)]
        for s, z in enumerate(state.origin):
            state.people[s][village(z)] = ISLAND.inhabitants - ISLAND.start_workers
            state.people[s][meeting(z)] = ISLAND.start_workers
        state.kos = [0] * players
        state.hades = [0] * players
        state.idle = [[0] * 32 for _ in range(players)]
        state.moved = [[0] * 32 for _ in range(players)]
        state.wheat = ISLAND.start_wheat_per_player * players
        self._run(state, [])
        return state

    # -- who acts and what is legal ---------------------------------------------------------------
    def to_act(self, state: NisyrosState) -> list[Seat]:
        a = actor(state)
        return [] if a is None else [a]

    def legal_actions(self, state: NisyrosState, seat: Seat) -> list[Action]:
        return legal(state, seat)

    def check(self, state: NisyrosState, action: Action, seat: Seat) -> None:
        ph = state.__dict__["phase"]  # (the field, read as pydantic's attribute access would)
        if ph == "over":
            raise IllegalAction("The game is over.")
        if actor(state) != seat:
            raise IllegalAction("It is another player's turn to choose.")
        kind = action.kind
        if kind not in ACCEPTS.get(ph, ()):
            raise IllegalAction(f"Now is the time to {ASKS[ph]}.")
        if kind == "done" or kind == "volunteer":
            return  # always on offer in a phase that accepts it
        why = _WHY_NOT.get(kind)  # _why_not, asked inline
        reason = why(state, action, seat) if why is not None else None
        if reason:
            raise IllegalAction(reason)
        if ph == "move" and isinstance(action, MoveWorker):
            # step 1: one move judged alone, not the list of every move: _why_not
            # asked what worker_moves(fresh_only=True) asks of it
            return
        if kind in ("pick_zone", "pick_player", "place_die", "evacuate"):
            return  # a zone, player, die or evacuation was judged above
        if _allowed(state, action, ph) is False:
            raise IllegalAction("That is not allowed now.")
        if kind in ("reroll", "remove_dam", "move_worker") and not _listed(action, legal(state, seat)):
            raise IllegalAction("That is not allowed now.")

    def _why_not(self, state: NisyrosState, a: Action, seat: Seat) -> str | None:
        """A specific reason for the commonest refusals (``check`` falls back
        to the legal list for the rest): the reason of the action's kind."""
        why = _WHY_NOT.get(a.kind)
        return why(state, a, seat) if why is not None else None

    # -- play -------------------------------------------------------------------------------------
    def _play(self, state: NisyrosState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) writes no log: the rules
        are handed ``ev=None`` and build no event and no event text."""
        ev: list[Event] | None = None if quiet else []
        self._do(state, action, seat, ev)
        self._run(state, ev)
        return ev or []

    def play_silent(self, state: NisyrosState, action: Action, seat: Seat) -> None:
        self._play(state, action, seat, quiet=True)

    def _run(self, state: NisyrosState, ev: list[Event] | None) -> None:
        """Carry the round on until a real choice is asked or the game ends;
        a choice with one answer is answered automatically."""
        d = state.__dict__  # the fields, read without pydantic's attribute hook (this loop is hot)
        while True:
            ph = d["phase"]
            if ph == "auto":
                STAGES[d["stage"]](state, ev)
                continue
            if ph == "over":
                return
            who = actor(state)
            if who is not None and ph in DONE_PHASES:  # Done always answers: is there more?
                if has_choice(state, who):
                    return
                self._do(state, DONE, who, ev)
                continue
            acts = legal(state, who) if who is not None else []
            if len(acts) > 1:
                return
            if not acts:
                raise RuntimeError(f"no answer to {ph} at {d['stage']}")
            self._do(state, acts[0], who, ev)  # type: ignore[arg-type]

    def _do(self, state: NisyrosState, a: Action, seat: Seat, ev: list[Event] | None) -> None:
        """Play one checked input; afterwards the round engine re-asks or moves on."""
        fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
        f = state.__dict__  # the fields, without pydantic's attribute hook
        ph = f["phase"]
        if (ph, a.kind) not in _STAYS:
            f["phase"] = "auto"
        me = SEAT_TAGS[seat]  # name_of(seat), for the log
        # the commonest inputs first (a move, the automatic Done, a die, a dam)
        if isinstance(a, MoveWorker):
            q, src, dst = a.player, a.src, a.dst
            state.take(q, src)  # the drizzle also moves sleepers
            f["people"][q][dst] += 1
            if ph == "move" or ph == "drizzle":
                f["moved"][q][dst] += 1
            else:
                f["stage"] = "s4"  # the marathon runner moves once
            if ev is not None:
                who = "" if q == seat else f" (a worker of {name_of(q)})"
                ev.append(event(seat=seat, text=f"{me} moves a worker{who} from the {PLACE_NAMES[src]} "
                                                f"to the {PLACE_NAMES[dst]}."))
        elif isinstance(a, Done):
            self._done(state, ph, seat, ev)
        elif isinstance(a, PlaceDie):
            die, p = a.die, a.place
            f["yellow_on"][die] = p
            if ev is not None:
                ev.append(event(seat=seat, text=f"{me} puts die {'ABCDE'[die]} ({FACE_NAMES[f['yellow'][die]]}) "
                                                f"on the {PLACE_NAMES[p]}."))
        elif isinstance(a, BuildDam):
            fs['stone'] -= 1
            fs['dams'][a.zone][a.ring] += 1
            fs['dams_built'][a.zone] += 1
            if ev is not None:
                ev.append(event(seat=seat, text=f"{me} builds a dam on {area_name(a.zone, a.ring)} "
                                                f"({fs['dams'][a.zone][a.ring]}/{DAM_SPOTS[a.ring]}; "
                                                f"stone {fs['stone']})."))
        elif isinstance(a, PickZone):
            self._pick_zone(state, ph, seat, a.zone, ev)
        elif isinstance(a, BuildBoat):
            fs['wood'] -= 1
            fs['boats'][a.zone] += 1
            fs['boats_built'][a.zone] += 1
            if ev is not None:
                ev.append(event(seat=seat, text=f"{me} builds a boat off {ZONES[a.zone]} (wood {fs['wood']})."))
        elif isinstance(a, MoveBoat):
            fs['boats'][a.src] -= 1
            fs['boats'][a.dst] += 1
            fs['boats_moved'][a.dst] += 1
            extra = ""
            if a.carry is not None:
                m1, m2 = place(a.src, MEETING), place(a.dst, MEETING)
                fs['people'][a.carry][m1] -= 1
                fs['people'][a.carry][m2] += 1
                fs['moved'][a.carry][m2] += 1
                extra = f", carrying a worker of {name_of(a.carry)} to its meeting place"
            if ev is not None:
                ev.append(event(seat=seat, text=f"{me} sails a boat from {ZONES[a.src]} to {ZONES[a.dst]}{extra}."))
        elif isinstance(a, PickPlayer) and ph == "flee":
            if ev is not None:
                ev.append(event(seat=seat, text=f"{me} sends {name_of(a.player)}'s "
                                                f"{'citizen' if fleeing_citizens(state) else 'worker'} next."))
            rng = chance(state)  # one throw per answer: this inhabitant's, then the rest unasked
            flee_one(state, a.player, rng, ev)
            if settle(state, rng, ev):
                check_end(state, ev)
        elif isinstance(a, PickPlayer):
            fs['picks_left'] = max(0, fs['picks_left'] - 1)
            rescue(state, a.player, ev)
        elif isinstance(a, PickWorker):
            fs['picks_left'] = max(0, fs['picks_left'] - 1)
            if ph == "siesta":
                fs['idle'][a.player][a.place] += 1
                if ev is not None:
                    ev.append(event(seat=seat, text=f"A worker of {name_of(a.player)} on the "
                                                    f"{place_name(a.place)} takes a siesta."))
            else:
                send_home(state, a.player, a.place, ev)
        elif isinstance(a, Evacuate):
            self._evacuate(state, a.player, a.place, a.boat, ev)


        elif isinstance(a, Volunteer):
            s = fs['queue'].pop(0)
            h = fs['home'][s]
            assert h is not None
            fs['people'][s][village(h)] -= 1
            fs['people'][s][meeting(h)] += 1
            if ev is not None:
                ev.append(event(seat=s, text=f"{me} calls a volunteer to the {ZONES[h]} meeting place."))
        elif isinstance(a, Reroll):
            roll_yellow(state, list(a.dice), ev, again=True)
            fs['stage'] = "s3extra"
        elif isinstance(a, RemoveDam):
            fs['picks_left'] = max(0, fs['picks_left'] - 1)
            fs['dams'][a.zone][a.ring] -= 1
            if ev is not None:
                ev.append(event(seat=seat, text=f"The landslide sweeps a dam off {area_name(a.zone, a.ring)}."))

    def _done(self, state: NisyrosState, ph: str, seat: Seat, ev: list[Event] | None) -> None:
        fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
        if ph in ("move", "volunteer", "drizzle"):
            fs['queue'].pop(0)
        elif ph == "reroll":
            fs['stage'] = "s3extra"
        elif ph == "dice":
            fs['stage'] = "s3marathon"
        elif ph == "marathon":
            fs['stage'] = "s4"
        elif ph == "build":
            fs['stage'] = "s6"
        elif ph == "evacuate":
            fs['stage'] = "s10end"

    def _pick_zone(self, state: NisyrosState, ph: str, seat: Seat, z: int, ev: list[Event] | None) -> None:
        fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
        fs['picks_left'] = max(0, fs['picks_left'] - 1)
        if ph == "stupor":
            stupefy(state, z, ev)
        elif ph == "boat_gift":
            fs['boats'][z] += 1
            if ev is not None:
                ev.append(event(text=f"A boat lands at {ZONES[z]}."))
        elif ph == "crevice":
            fs['lava'][z] -= 1
            if ev is not None:
                ev.append(event(text=f"The lava sinks away: {area_name(z, fs['lava'][z])} is land again."))
        elif ph == "direction":
            erupt(state, z, chance(state), ev)
            check_end(state, ev)
        elif ph == "home":
            rehome(state, fs['queue'].pop(0), z, ev)

    def _evacuate(self, state: NisyrosState, s: int, p: int, z: int, ev: list[Event] | None) -> None:
        """Step 10: one inhabitant sails to Kos in a boat of zone ``z``."""
        fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
        fs['boats'][z] -= 1
        wheat = ISLAND.levels[fs['level']].wheat_to_sail
        if wheat:
            fs['wheat'] -= 1
        state.take(s, p)
        fs['kos'][s] += 1
        fs['evacuated'] += 1
        paid = " and a wheat" if wheat else ""
        if ev is not None:
            ev.append(event(seat=s, text=f"An inhabitant of {name_of(s)} sails from the {place_name(p)} to Kos "
                                         f"(a boat from {ZONES[z]}{paid}); {name_of(s)} has {fs['kos'][s]} on Kos."))
        if not people_left(state):
            check_end(state, ev)

    # -- the end ----------------------------------------------------------------------------------
    def is_over(self, state: NisyrosState) -> bool:
        return state.phase == "over"

    def result(self, state: NisyrosState) -> Result:
        fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
        win = fs['outcome'] in ("big", "small")
        title = {"big": "big victory", "small": "small victory", "defeat": "defeat", "": "unfinished"}
        return Result(
            winners=list(range(fs['players'])) if win else [],
            scores={s: float(fs['kos'][s]) for s in range(fs['players'])},
            details={s: {"saved": fs['kos'][s], "hades": fs['hades'][s], "outcome": title[fs['outcome']]}
                     for s in range(fs['players'])},
            summary=fs['end_reason'],
            condition=victory_condition(state))

    # -- information ------------------------------------------------------------------------------
    def clone(self, state: NisyrosState) -> NisyrosState:
        """A copy sharing nothing the rules change: the field dict and its
        lists (and rows) copied, without pydantic's ``model_copy``; the
        set-up's ``kinds`` and ``origin``, never changed, are shared."""
        d = state.__dict__.copy()
        for name in _LISTS:
            d[name] = d[name][:]
        for name in _GRIDS:
            d[name] = [r[:] for r in d[name]]
        if d["black"] is not None:
            d["black"] = d["black"][:]
        new = _new_state(NisyrosState)
        _set(new, "__dict__", d)
        _set(new, "__pydantic_fields_set__", set(state.__pydantic_fields_set__))
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new



# -- why an input is refused (``Nisyros._why_not``), by kind ---------------------------------------


def _why_move_worker(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    f = state.__dict__  # the fields, without pydantic's attribute hook
    ph = f["phase"]
    drizzle = ph == "drizzle"
    q, src, dst = a.player, a.src, a.dst
    if (drizzle or ph == "move") and q != seat:
        return "Each player moves only their own workers."
    if q >= f["players"]:
        return "There is no such player."
    avail = f["people"][q][src] - (0 if drizzle else f["idle"][q][src])
    if drizzle or ph == "move":
        avail -= f["moved"][q][src]
    if src % SLOTS == VILLAGE or avail <= 0:
        return f"There is no worker there that can move ({place_name(src)})."
    if dst == src:
        return "A worker must move to a different workplace."
    if dst % SLOTS == VILLAGE:
        return "Workers go to workplaces; a village holds only citizens."
    if not usable(state, dst):
        return f"The {place_name(dst)} cannot be worked (lava, or no village there)."
    if dst // SLOTS not in reach(state, q):
        return "Workers work only in their own zone and the two beside it."
    if drizzle:
        return None if dst % SLOTS == MEETING else "The drizzle sends workers to meeting places only."
    if dst % SLOTS == MEETING and dst // SLOTS != f["home"][q]:
        return "A worker may only go to the meeting place of its own village."
    if not has_room(state, dst):
        return f"The {place_name(dst)} is full."
    return None  # everything places.can_work_at asks, asked above


def _why_move_boat(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if seat != fs['active']:
        return "The active player moves the boats."
    if fs['boats'][a.src] - fs['boats_moved'][a.src] <= 0:
        return f"There is no boat off {ZONES[a.src]} that can still sail."
    if a.dst == a.src:
        return "A boat must sail to another zone."
    if fs['lava'][a.dst] >= 5:
        return f"The {ZONES[a.dst]} coast is under lava."
    if not fs['current'] and (a.dst - a.src) % 4 == 2:
        return "A boat sails only to a neighbouring zone (unless a strong current helps)."
    if a.carry is not None and not fs['current']:
        return "Boats carry workers only with the strong current (event 24)."
    return None


def _why_place_die(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    f = state.__dict__  # the fields, without pydantic's attribute hook
    yellow, on, die, p = f["yellow"], f["yellow_on"], a.die, a.place
    face = yellow[die] if die < len(yellow) else ""
    if on[die] is not None:
        return "That die is already placed."
    if face in ("+1", "-1"):
        return "A +1 or -1 die goes to the eruptions, not to a workplace."
    if p in on:
        return "That workplace already has a die: one die per workplace."
    if p not in die_targets(state, face):
        return f"A {FACE_NAMES[face]} die cannot double the {place_name(p)}."
    return None


def _why_build_dam(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    if not state.stone:
        return "A dam costs 1 stone, and the team has none."
    if dam_capacity(state, a.zone) <= 0:
        return f"No worker at the {ZONES[a.zone]} dam site can build now."
    if a.ring not in dam_spots(state, a.zone):
        return f"There is no free dam spot on {area_name(a.zone, a.ring)}."
    return None


def _why_build_boat(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    if not state.wood:
        return "A boat costs 1 wood, and the team has none."
    if boat_capacity(state, a.zone) <= 0:
        return f"No worker at the {ZONES[a.zone]} shipyard can build now."
    return None


def _why_evacuate(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if a.player >= fs['players'] or not fs['people'][a.player][a.place]:
        return "There is no such inhabitant there."
    if not can_evacuate(state):
        if 22 in fs['in_play'] and fs['evacuated'] >= 3:
            return "The sea is rough: no more than 3 inhabitants can sail this round."
        if not sum(fs['boats']):
            return "There is no boat left at sea to sail in."
        return "Each inhabitant needs a wheat to sail at this level, and the team has none."
    if not fs['boats'][a.boat]:
        return f"There is no boat waiting off {ZONES[a.boat]}."
    return None


def _why_reroll(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if len(set(a.dice)) != len(a.dice):
        return "Name each die once."
    if any(not 0 <= d < len(fs['yellow']) for d in a.dice):
        return "There is no such yellow die."
    if any(fs['yellow'][d] == "+1" for d in a.dice):
        return "A die showing +1 cannot be thrown again."
    return None


def _why_pick_zone(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    if a.zone in state.choices:
        return None
    return f"{ZONES[a.zone]} is not one of the choices."


def _why_pick_player(state: NisyrosState, a: Any, seat: Seat) -> str | None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if a.player in fs['choices']:
        return None
    name = COLOURS[a.player] if a.player < fs['players'] else "That player"
    if fs['phase'] == "flee":
        return f"{name} has nobody next in line to flee the {ZONES[flight_zone(state) or 0]} coast."
    return f"{name} has nobody in Hades who can come back."


#: each kind's refusal test (the other kinds have none of their own)
_WHY_NOT = {"move_worker": _why_move_worker, "move_boat": _why_move_boat, "place_die": _why_place_die,
            "build_dam": _why_build_dam, "build_boat": _why_build_boat, "evacuate": _why_evacuate,
            "reroll": _why_reroll, "pick_zone": _why_pick_zone, "pick_player": _why_pick_player}


def _allowed(state: NisyrosState, a: Action, ph: str) -> bool | None:
    """What the legal list says of a boat, a build or a picked worker that
    ``_why_not`` let through, asked directly (the rest of the list's
    conditions); None for the other kinds."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if isinstance(a, MoveBoat):
        if a.carry is None:
            return True
        m = place(a.src, MEETING)
        q = a.carry
        return (village_open(state, a.dst) and q < fs['players']
                and fs['people'][q][m] - fs['moved'][q][m] - fs['idle'][q][m] > 0)
    if isinstance(a, BuildDam):
        return ISLAND.dams > total_dams(state) and coast_open(state, a.zone)
    if isinstance(a, BuildBoat):
        return ISLAND.boats > total_boats(state) and village_open(state, a.zone)
    if isinstance(a, PickWorker):
        q, p = a.player, a.place
        if q >= fs['players'] or p % SLOTS == VILLAGE:
            return False
        return fs['people'][q][p] - (fs['idle'][q][p] if ph == "siesta" else 0) > 0
    return None


def _listed(action: Action, acts: list[Action]) -> bool:
    """``action in acts``, looking for the very object first (the list's
    actions are shared objects; pydantic's ``==`` is the slow way)."""
    for x in acts:
        if x is action:
            return True
    return action in acts


#: the inputs after which their choice is asked again as it stands (its
#: stage would only set the same phase again): the rest leave the phase to
#: the automatic steps ("auto")
_STAYS = frozenset({("move", "move_worker"), ("move", "move_boat"), ("drizzle", "move_worker"),
                    ("dice", "place_die"), ("build", "build_dam"), ("build", "build_boat"),
                    ("evacuate", "evacuate")})

_new_state = object.__new__
_set = object.__setattr__
#: the state's list fields of numbers or strings, and its lists of rows (``clone`` copies each)
_LISTS = ("queue", "bonus", "lava", "boats", "kos", "hades", "home", "displaced", "deck", "discard",
          "in_play", "yellow", "yellow_on", "boats_moved", "stupor", "dams_built", "boats_built", "choices")
_GRIDS = ("dams", "people", "moved", "idle")
