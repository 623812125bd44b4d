"""Nisyros: the automatic part of the 10-step round.

``run(state, ev)`` carries the round on from ``state.stage`` until a player
must choose (``state.phase`` names the choice) or the game ends. Each stage
handler either does its step's work and moves ``stage`` on, or sets
``phase`` to the choice its step needs. Chance (dice, shuffles) comes only
from ``chance.chance`` (``engine.rng.chance_rng``, thrown when used).
"""

from __future__ import annotations

from tabletop_tui.engine.game import Event
from .chance import chance
from tabletop_tui.engine.text import plural
from tabletop_tui.engine.text import who as name_of

from .data import (COAST, DAM_SITE, FACE_NAMES, ISLAND, KINDS, MEETING, NUMBER_WORDS, RINGS, SHIPYARD, SLOTS, VILLAGE,
                   ZONES, card_line, place)
from .lava import (covered, erupt, eruptions_planned, flight_zone, flow, open_zones, people_left,
                   red_face_text, settle, throw_black)
from .legal import drizzle_targets, home_village, legal
from .log import event
from .places import meeting, total_boats, total_dams, village, village_open
from .state import NisyrosState

DOUBLE_KIND = {3: "stone", 4: "wood", 5: "wheat"}


def cap(state: NisyrosState) -> int:
    """S9: the team's stock cap for each resource."""
    return STOCK_CAP[state.__dict__["players"]]


#: S9's caps by seat count (``ISLAND.stock_cap``, read once)
STOCK_CAP = dict(ISLAND.stock_cap)


def gain(state: NisyrosState, kind: str, n: int) -> int:
    """Add ``n`` of ``kind`` to the stock up to the cap; returns what was kept."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    have = fs[kind]
    new = max(0, min(STOCK_CAP[fs["players"]], have + n))
    fs[kind] = new
    return new - have


def _wants_choice(state: NisyrosState, phase: str, choices: list[int] | None = None, picks: int = 1) -> None:
    """Leave a team choice pending inside an automatic step."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['pending'] = phase  # type: ignore[assignment]
    fs['picks_left'] = picks
    fs['choices'] = list(choices or [])


def _resume_pending(state: NisyrosState) -> bool:
    """Ask the pending choice again while picks remain and answers exist."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if fs['pending'] and fs['picks_left'] > 0:
        fs['phase'] = fs['pending']
        if legal(state, fs['active']):
            return True
    if fs['phase'] != "auto":  # written only when they change: this runs at every automatic step
        fs['phase'] = "auto"
    if fs['pending'] is not None:
        fs['pending'] = None
    if fs['picks_left']:
        fs['picks_left'] = 0
    if fs['choices']:
        fs['choices'] = []
    return False


# -- step 1 ---------------------------------------------------------------------------------------
def s1(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 1
    n = fs['players']
    fs['moved'] = [[0] * 32 for _ in range(n)]
    fs['boats_moved'] = [0] * 4
    fs['queue'] = move_order(state)
    if ev is not None:
        ev.append(event(text=f"Round {fs['round']}, {name_of(fs['active'])} is the active player. "
                             f"Step 1: everyone moves their workers; {name_of(fs['active'])} moves the boats"
                             + (" (strong current: boats sail anywhere)." if fs['current'] else ".")))
    if ev is not None:
        for g in fs['queue']:
            h = host(state, g)
            if h is not None:
                ev.append(event(text=f"{name_of(g)} lives at {name_of(h)}'s village and moves after {name_of(h)}."))
    fs['stage'] = "s1q"


def host(state: NisyrosState, s: int) -> int | None:
    """The owner of the village displaced player ``s`` now lives at, if any."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    h = fs['home'][s]
    if h is None or h == fs['origin'][s]:
        return None
    return next((q for q in range(fs['players']) if q != s and fs['origin'][q] == h and fs['home'][q] == h), None)


def move_order(state: NisyrosState) -> list[int]:
    """Step 1's order: round the table from the active player, except that a
    displaced player moves after the owner of the village they share (the
    rulebook: "the owner of the village will deploy his workers before the
    displaced workers are moved")."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    n = fs['players']
    rot = [(fs['active'] + i) % n for i in range(n)]
    if fs['home'] == fs['origin'] or all(h is None or h == o for h, o in zip(fs['home'], fs['origin'])):
        return rot  # nobody lives at another's village

    def key(s: int) -> tuple[int, int, int]:
        h = host(state, s)
        if h is not None and rot.index(h) > rot.index(s):
            return (rot.index(h), 1, rot.index(s))
        return (rot.index(s), 0, 0)
    return sorted(rot, key=key)


def s1q(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if fs['queue']:
        fs['phase'] = "move"
    else:
        fs['stage'] = "s2"


# -- step 2 ---------------------------------------------------------------------------------------
def s2(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 2
    face = chance(state).randrange(6)
    fs['red'] = face
    n = ISLAND.red_die[face].events
    fs['events_left'] = n
    if ev is not None:
        ev.append(event(text=f"Red die: {red_face_text(face)} — {NUMBER_WORDS[n]} event{'s' if n > 1 else ''}; "
                             f"a flight fails on red.", reveals=True))
    fs['stage'] = "s2draw"


def draw_card(state: NisyrosState, ev: list[Event] | None) -> int:
    """Take the top event card; an empty deck is first rebuilt from the discards (S8)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if not fs['deck']:
        rng = chance(state)
        fs['deck'] = list(fs['discard'])
        fs['discard'] = []
        rng.shuffle(fs['deck'])
        fs['top_known'] = 0
        if ev is not None:
            ev.append(event(text="The event deck is empty: the discards are shuffled into a new deck.", reveals=True))
    cid = fs['deck'].pop()
    fs['top_known'] = max(0, fs['top_known'] - 1)
    fs['in_play'].append(cid)
    return cid


def s2draw(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if _resume_pending(state):
        return
    if fs['events_left'] <= 0:
        fs['stage'] = "s3"
        return
    fs['events_left'] -= 1
    cid = draw_card(state, ev)
    if ev is not None:
        ev.append(event(text=card_line(cid), reveals=True))
    effect = EFFECTS.get(cid)
    if effect is not None:
        effect(state, ev)


def _rats(state: NisyrosState, ev: list[Event] | None) -> None:
    lost = -gain(state, "wheat", -2)
    if ev is not None:
        ev.append(event(text=f"The rats eat {lost} wheat (wheat {state.wheat})."))


def _siesta(state: NisyrosState, ev: list[Event] | None) -> None:
    workers = sum(state.workers(s) for s in range(state.players))
    if not workers:
        if ev is not None:
            ev.append(event(text="There is no worker to take a siesta."))
        return
    _wants_choice(state, "siesta", picks=min(2, workers))


def _worked_areas(state: NisyrosState, z: int) -> list[list[int]]:
    """The areas of zone ``z`` with workers on them, highest first, each as
    its workplaces: a field, or the coast's dam site, shipyard and meeting place."""
    people = state.people
    return [ps for ps in _AREAS[z] if any(row[p] for row in people for p in ps)]


def _has_workers(state: NisyrosState, z: int) -> bool:
    """``bool(_worked_areas(state, z))``: a worker on one of the zone's workplaces (slots 0-6)."""
    base = z * SLOTS
    return any(any(row[base:base + VILLAGE]) for row in state.people)


#: each zone's areas as their workplaces, highest first (``_worked_areas``)
_AREAS = [[[place(z, r)] for r in range(4)] + [[place(z, s) for s in (DAM_SITE, SHIPYARD, MEETING)]]
          for z in range(4)]


def _fumes(state: NisyrosState, ev: list[Event] | None) -> None:
    zones = throw_black(state, chance(state), ev, lambda z: _has_workers(state, z))
    if not zones:
        if ev is not None:
            ev.append(event(text="No zone has a worker: the fumes harm nobody."))
    elif len(zones) == 1:
        stupefy(state, zones[0], ev)
    else:
        _wants_choice(state, "stupor", zones)


def stupefy(state: NisyrosState, z: int, ev: list[Event] | None) -> None:
    """Event 10 as printed: the highest area of ``z`` with workers, a field
    or the coast (then its dam site, shipyard and meeting place), has no output."""
    ps = _worked_areas(state, z)[0]
    state.stupor.extend(ps)
    if len(ps) == 1:
        ring = ps[0] % SLOTS
        if ev is not None:
            ev.append(event(text=f"Fumes over {ZONES[z]} {RINGS[ring].name}: its workers yield nothing this round."))
    else:
        if ev is not None:
            ev.append(event(text=f"Fumes over the {ZONES[z]} coast: its workers build and summon nothing "
                                 f"this round."))


def rescue_candidates(state: NisyrosState) -> list[int]:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    return [s for s in range(fs['players']) if fs['hades'][s] and home_village(state, s) is not None]


def _found(state: NisyrosState, ev: list[Event] | None) -> None:
    c = rescue_candidates(state)
    if not c:
        if ev is not None:
            ev.append(event(text="Nobody can come back from Hades."))
    else:
        _wants_choice(state, "rescue", c)


def rescue(state: NisyrosState, s: int, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['hades'][s] -= 1
    h = fs['home'][s]
    assert h is not None
    fs['people'][s][meeting(h)] += 1
    if ev is not None:
        ev.append(event(seat=s, text=f"{name_of(s)}'s lost inhabitant is found and returns to the "
                                     f"{ZONES[h]} meeting place."))


def landing_zones(state: NisyrosState) -> list[int]:
    return [z for z in range(4) if village_open(state, z)]


def _boats_gift(n: int):
    def effect(state: NisyrosState, ev: list[Event] | None) -> None:
        k = min(n, ISLAND.boats - total_boats(state))
        if not k or not landing_zones(state):
            if ev is not None:
                ev.append(event(text="There is no boat left in the supply." if not k else "No village is left."))
            return
        _wants_choice(state, "boat_gift", landing_zones(state), picks=k)
    return effect


def crevice_zones(state: NisyrosState) -> list[int]:
    # our ruling: a coast once buried stays lost, so only a zone whose lowest lava is a slope
    return [z for z in range(4) if 1 <= state.lava[z] <= COAST]


def _crevice(state: NisyrosState, ev: list[Event] | None) -> None:
    c = crevice_zones(state)
    if not c:
        if ev is not None:
            ev.append(event(text="No lava can sink away."))
    else:
        _wants_choice(state, "crevice", c)


def _landslide(state: NisyrosState, ev: list[Event] | None) -> None:
    k = min(2, total_dams(state))
    if not k:
        if ev is not None:
            ev.append(event(text="There is no dam to lose."))
    else:
        _wants_choice(state, "dam_loss", picks=k)


def _traders(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    w, s = gain(state, "wood", 2), gain(state, "stone", 2)
    if ev is not None:
        ev.append(event(text=f"The traders bring {w} wood and {s} stone (wood {fs['wood']}, stone {fs['stone']})."))


def _fire(state: NisyrosState, ev: list[Event] | None) -> None:
    lost = -gain(state, "wood", -3)
    if ev is not None:
        ev.append(event(text=f"The fire burns {lost} wood (wood {state.wood})."))


EFFECTS = {8: _rats, 9: _siesta, 10: _fumes, 11: _found, 12: _boats_gift(1), 14: _crevice,
           15: _boats_gift(2), 16: _landslide, 19: _traders, 20: _fire}


# -- step 3 ---------------------------------------------------------------------------------------
def roll_yellow(state: NisyrosState, dice: list[int], ev: list[Event] | None, again: bool = False) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    rng = chance(state)
    for d in dice:
        fs['yellow'][d] = ISLAND.yellow_dice[d][rng.randrange(6)]
    if ev is not None:
        shown = ", ".join(f"{'ABCDE'[d]} {FACE_NAMES[fs['yellow'][d]]}" for d in dice)
        ev.append(event(text=f"Yellow dice{' thrown again' if again else ''}: {shown}.", reveals=True))


def s3(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 3
    fs['yellow'] = [""] * 5
    fs['yellow_on'] = [None] * 5
    roll_yellow(state, list(range(5)), ev)
    fs['stage'] = "s3reroll"


def s3reroll(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if 1 in fs['in_play']:
        fs['phase'] = "reroll"  # answered by Reroll or Done, which move on to "s3extra"
    else:
        fs['stage'] = "s3extra"


def s3extra(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    extra = [f for f in fs['yellow'] if f in ("+1", "-1")]
    if extra:
        if ev is not None:
            ev.append(event(text=f"To step 9: {', '.join(FACE_NAMES[f] for f in extra)}."))
    fs['stage'] = "s3place"


def s3place(state: NisyrosState, ev: list[Event] | None) -> None:
    state.phase = "dice"


def s3marathon(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if 2 in fs['in_play']:
        fs['phase'] = "marathon"  # answered by one move or Done, which move on to "s4"
    else:
        fs['stage'] = "s4"


# -- step 4 ---------------------------------------------------------------------------------------
def yields_nothing(state: NisyrosState, p: int) -> str:
    """Why workplace ``p`` has no output this round ("fumes": event 10,
    "ash rain": event 23 on R1), or "" when it works as usual."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if p in fs['stupor']:
        return "fumes"
    if p % SLOTS == 0 and 23 in fs['in_play']:
        return "ash rain"
    return ""


def s4(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 4
    got = {k: 0 for k in KINDS}
    lines: list[str] = []  # the log's words for each worked field (none written without a log)
    worked = False
    lava, yellow_on = fs['lava'], fs['yellow_on']
    # every place's workers less its sleepers (event 9), each summed over the seats in one pass
    awake = [n - i for n, i in zip(map(sum, zip(*fs['people'])), map(sum, zip(*fs['idle'])))]
    doubled = [DOUBLE_KIND[c] for c in fs['in_play'] if c in DOUBLE_KIND]  # events 3-5
    for z in range(4):
        base = z * SLOTS
        for r in range(lava[z], 4):
            p = base + r
            w = awake[p]
            if not w:
                continue
            worked = True
            kind = fs['kinds'][z][r]
            spoilt = yields_nothing(state, p)
            if spoilt:
                if ev is not None:
                    lines.append(f"{ZONES[z]} {RINGS[r].name} ({kind}): nothing, {spoilt}")
                continue
            per = RINGS[r].yield_ * (2 if p in yellow_on else 1)
            per *= 2 if kind in doubled else 1
            n = w * per
            got[kind] += n
            bonus = ""
            if r == 0 and fs['bonus'][z]:
                got[fs['bonus'][z]] += 1
                bonus = f" + 1 {fs['bonus'][z]} bonus"
                fs['bonus'][z] = None
            if ev is not None:
                lines.append(f"{ZONES[z]} {RINGS[r].name} ({kind}): {plural(w, 'worker')} x {per} = {n}{bonus}")
    if not worked:
        if ev is not None:
            ev.append(event(text="Step 4: nobody works a slope; nothing is gathered."))
    else:
        kept = {k: gain(state, k, got[k]) for k in KINDS}
        if ev is not None:
            lost = [f"{got[k] - kept[k]} {k}" for k in KINDS if got[k] > kept[k]]
            ev.append(event(text="Step 4, gathering: " + "; ".join(lines) + ". Stock: "
                                 + ", ".join(f"{k} {getattr(state, k)}/{cap(state)}" for k in KINDS)
                                 + (f" (over the cap, lost: {', '.join(lost)})." if lost else ".")))
    fs['stage'] = "s5"


# -- step 5 ---------------------------------------------------------------------------------------
def s5(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 5
    fs['phase'] = "build"


# -- step 6 ---------------------------------------------------------------------------------------
def s6(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 6
    n = fs['players']
    for z in range(4):
        if not village_open(state, z):
            continue
        m, v = meeting(z), village(z)
        room = ISLAND.summon_limit
        if m in fs['stupor']:
            if any(row[m] for row in fs['people']):
                if ev is not None:
                    ev.append(event(text=f"Step 6: the fumes over {ZONES[z]}: its meeting place calls nobody."))
            continue
        factor = 2 if m in fs['yellow_on'] else 1
        # our ruling: a shared meeting place calls players' citizens from the active player on
        for s in ((fs['active'] + i) % n for i in range(n)):
            k = min(room, (fs['people'][s][m] - fs['idle'][s][m]) * factor, fs['people'][s][v])
            if k > 0:
                fs['people'][s][v] -= k
                fs['people'][s][m] += k
                room -= k
                verb = "joins" if k == 1 else "join"
                if ev is not None:
                    ev.append(event(seat=s, text=f"Step 6: {plural(k, 'citizen')} of {name_of(s)} {verb} the workers "
                                                 f"at the {ZONES[z]} meeting place."))
    fs['queue'] = ([s for s in ((fs['active'] + i) % n for i in range(n)) if volunteer_ok(state, s)]
                   if 21 in fs['in_play'] else [])
    fs['stage'] = "s6vol"


def volunteer_ok(state: NisyrosState, s: int) -> bool:
    v = home_village(state, s)
    return v is not None and state.people[s][v] > 0


def s6vol(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if fs['queue']:
        fs['phase'] = "volunteer"
        return
    if 6 in fs['in_play']:
        fs['stage'] = "s6drizzle"
        return
    fs['stage'] = "s7"


def s6drizzle(state: NisyrosState, ev: list[Event] | None) -> None:
    """Event 6 at the end of step 6: "move each worker to a meeting place of
    your choice". Each player with more than one meeting place in reach
    sends their workers, in step 1's order; the rest walk to their own."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['moved'] = [[0] * 32 for _ in range(fs['players'])]
    fs['queue'] = [s for s in move_order(state)
                   if len(drizzle_targets(state, s)) > 1 and state.workers(s) > 0]
    if fs['queue']:
        if ev is not None:
            ev.append(event(text="Drizzle: each player sends their workers to meeting places of their choice."))
    fs['stage'] = "s6dq"


def s6dq(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if fs['queue']:
        fs['phase'] = "drizzle"
        return
    drizzle(state, ev)
    fs['stage'] = "s7"


def drizzle(state: NisyrosState, ev: list[Event] | None) -> None:
    """Event 6, for every worker its player did not send elsewhere: one on
    a meeting place stays there, any other walks to its own meeting place."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    for s in range(fs['players']):
        v = home_village(state, s)
        if v is None:
            continue
        m = v - VILLAGE + MEETING
        row = fs['people'][s]
        moved = 0
        for p in range(32):
            n = row[p]  # (workers sent by their player are all on meeting places)
            if n > 0 and p % SLOTS not in (VILLAGE, MEETING):
                moved += n
                row[m] += n
                state.take(s, p, n)
        if moved:
            verb = "walks" if moved == 1 else "walk"
            if ev is not None:
                ev.append(event(seat=s, text=f"Drizzle: {plural(moved, 'worker')} of {name_of(s)} {verb} back to the "
                                             f"{ZONES[m // SLOTS]} meeting place."))


# -- step 7 ---------------------------------------------------------------------------------------
def food_need(state: NisyrosState, s: int) -> int:
    """Step 7: 1 wheat for 1-5 workers, 2 for 6 or more."""
    w = state.workers(s)
    return 0 if w == 0 else (1 if w <= 5 else 2)


def s7(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 7
    fs['stage'] = "s7sick"
    if 7 in fs['in_play']:
        if ev is not None:
            ev.append(event(text="Step 7 is skipped: the workers are fasting."))
        return
    need = sum(food_need(state, s) for s in range(fs['players']))
    if not need:
        if ev is not None:
            ev.append(event(text="Step 7: there are no workers to feed."))
        return
    paid = min(need, fs['wheat'])
    fs['wheat'] -= paid
    short = need - paid
    text = f"Step 7: the workers eat {paid} wheat (wheat {fs['wheat']})"
    if not short:
        if ev is not None:
            ev.append(event(text=text + "."))
        return
    sick = 2 * short
    workers = sum(state.workers(s) for s in range(fs['players']))
    if ev is not None:
        ev.append(event(text=text + f"; {short} wheat short, so {plural(min(sick, workers), 'worker')} fall sick "
                                    f"and go home."))
    if sick >= workers:
        for s in range(fs['players']):
            for p in range(32):
                for _ in range(fs['people'][s][p] if p % SLOTS != VILLAGE else 0):
                    send_home(state, s, p, ev)
    else:
        _wants_choice(state, "sick", picks=sick)


def send_home(state: NisyrosState, s: int, p: int, ev: list[Event] | None) -> None:
    """A sick worker returns to its village (our ruling: with no village left, to Hades)."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    state.take(s, p)
    v = home_village(state, s)
    if v is None:
        fs['hades'][s] += 1
        if ev is not None:
            ev.append(event(seat=s, text=f"A sick worker of {name_of(s)} has no village left and is lost."))
    else:
        fs['people'][s][v] += 1
        if ev is not None:
            ev.append(event(seat=s, text=f"A worker of {name_of(s)} falls sick and goes home to {ZONES[v // SLOTS]}."))


def s7sick(state: NisyrosState, ev: list[Event] | None) -> None:
    if _resume_pending(state):
        return
    state.stage = "s8"


# -- steps 8 and 9 --------------------------------------------------------------------------------
def s8(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 8
    if fs['round'] == 1:
        if ev is not None:
            ev.append(event(text="Step 8 is skipped in the first round."))
    elif not flow(state, chance(state), ev):
        fs['stage'] = "s8flow"  # a flight waits for the team's choice
        return
    fs['stage'] = "s9"
    check_end(state, ev)


def s8flow(state: NisyrosState, ev: list[Event] | None) -> None:
    """Step 8 goes on after a flight the team was asked about."""
    if settle(state, chance(state), ev):
        state.stage = "s9"
        check_end(state, ev)


def s9(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 9
    n, why = eruptions_planned(state)
    fs['eruptions_left'] = fs['eruptions_total'] = n
    if ev is not None:
        ev.append(event(text=f"Step 9: {plural(n, 'eruption')} ({', '.join(why)})."))
    fs['stage'] = "s9e"


def s9e(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if _resume_pending(state):
        return
    if fs['eruptions_left'] <= 0 or covered(state):
        fs['stage'] = "s10"
        return
    if 13 in fs['in_play'] and not fs['oracle_used']:
        fs['oracle_used'] = True
        zones = open_zones(state)
        if ev is not None:
            ev.append(event(text="The oracle: the team chooses where the first eruption goes."))
    else:
        zones = throw_black(state, chance(state), ev, open_zones(state).__contains__)  # a coast still open
    if len(zones) == 1:
        erupt(state, zones[0], chance(state), ev)
        check_end(state, ev)
    else:
        _wants_choice(state, "direction", zones)


# -- step 10 and the end of the round -------------------------------------------------------------
def s10(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['step'] = 10
    fs['phase'] = "evacuate"


def s10end(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    check_end(state, ev)
    if fs['phase'] == "over":
        return
    fs['queue'] = sorted(set(s for s in fs['displaced'] if state.on_island(s)))
    fs['stage'] = "home"


def home_choices(state: NisyrosState) -> list[int]:
    return [z for z in range(4) if village_open(state, z)]


def s_home(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    while fs['queue']:
        options = home_choices(state)
        if options:
            fs['choices'] = options
            fs['phase'] = "home"
            return
        s = fs['queue'].pop(0)
        fs['home'][s] = None
        if ev is not None:
            ev.append(event(seat=s, text=f"{name_of(s)} has no village left on Nisyros."))
    fs['stage'] = "next"


def rehome(state: NisyrosState, s: int, z: int, ev: list[Event] | None) -> None:
    """Displaced persons: ``s`` makes village ``z`` their home; all their
    citizens move to that village and all their workers, wherever they
    stand, to its meeting place (the rulebook: "Put all your citizens on this
    village and all workers on a meeting place in this coastal area")."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['home'][s] = z
    row = fs['people'][s]
    v, m = village(z), meeting(z)
    citizens = workers = 0
    for p in range(len(row)):
        n = row[p]
        if not n or p in (v, m):
            continue
        state.take(s, p, n)
        if p % SLOTS == VILLAGE:
            row[v] += n
            citizens += n
        else:
            row[m] += n
            workers += n
    if ev is not None:
        moved = [plural(k, what) for k, what in ((citizens, "citizen"), (workers, "worker")) if k]
        ev.append(event(seat=s, text=f"{name_of(s)} makes a new home at {ZONES[z]}"
                                     + (f": {' and '.join(moved)} move there." if moved else ".")))


def s_next(state: NisyrosState, ev: list[Event] | None) -> None:
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    fs['current'] = 24 in fs['in_play']
    fs['discard'].extend(fs['in_play'])
    fs['in_play'] = []
    n = fs['players']
    fs['idle'] = [[0] * 32 for _ in range(n)]
    fs['stupor'] = []
    fs['dams_built'] = [0] * 4
    fs['boats_built'] = [0] * 4
    fs['evacuated'] = 0
    fs['oracle_used'] = False
    fs['displaced'] = []
    fs['red'] = None
    fs['black'] = None
    fs['yellow'] = []
    fs['yellow_on'] = [None] * 5
    fs['round'] += 1
    fs['active'] = (fs['active'] + 1) % n
    fs['stage'] = "s1"


def victory_condition(state: NisyrosState) -> str:
    """What a victory takes (S13) and the count that decided it: the fewest
    saved by any player."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    lowest = min(fs['kos']) if fs['kos'] else 0
    who = ", ".join(name_of(s) for s in range(fs['players']) if fs['kos'] and fs['kos'][s] == lowest)
    return (f"A small victory needs every player to save 7 or more on Kos, a big one 9 or more. "
            f"The fewest saved decides: {lowest} ({who}).")


def check_end(state: NisyrosState, ev: list[Event] | None) -> None:
    """Game end: the island is covered, or nobody is left on it (S13 scores);
    judged once a flight under way has finished."""
    fs = state.__dict__  # the fields (see NisyrosState: no attribute hook)
    if fs['phase'] == "over" or flight_zone(state) is not None:
        return
    if covered(state):
        why = "Nisyros is covered by lava."
    elif people_left(state) == 0:
        why = "Nobody is left on Nisyros."
    else:
        return
    lowest = min(fs['kos'])
    outcome = "big" if lowest >= 9 else "small" if lowest >= 7 else "defeat"
    fs['outcome'] = outcome  # type: ignore[assignment]
    saved = ", ".join(f"{name_of(s)} {fs['kos'][s]}" for s in range(fs['players']))
    verdict = {"big": "A big victory: every player saved 9 or more!",
               "small": "A small victory: every player saved 7 or more (a big one needs 9).",
               "defeat": "Defeat: a victory needs 7 saved by every player."}[outcome]
    fs['end_reason'] = f"{why} Saved on Kos: {saved}. {verdict}"
    fs['phase'] = "over"
    fs['stage'] = "over"
    if ev is not None:
        ev.append(event(text=fs['end_reason']))


STAGES = {"s1": s1, "s1q": s1q, "s2": s2, "s2draw": s2draw, "s3": s3, "s3reroll": s3reroll, "s3extra": s3extra,
          "s3place": s3place, "s3marathon": s3marathon, "s4": s4, "s5": s5, "s6": s6, "s6vol": s6vol,
          "s6drizzle": s6drizzle, "s6dq": s6dq,
          "s7": s7, "s7sick": s7sick, "s8": s8, "s8flow": s8flow, "s9": s9, "s9e": s9e, "s10": s10, "s10end": s10end,
          "home": s_home, "next": s_next}


#: S13 (as round.check_end judges it): the saved count every player needs
#: for a small and for a big victory, of each player's inhabitants
SMALL_VICTORY, BIG_VICTORY = 7, 9
INHABITANTS = ISLAND.inhabitants


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
