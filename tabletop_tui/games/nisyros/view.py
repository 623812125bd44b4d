"""Nisyros: what a seat sees. Nothing is secret but the event deck's order,
so every seat (and a spectator) gets the same view: the island, the dice,
the stock against its caps and the cards in play, plus a few derived facts
(workplace limits, the eruptions planned) so a board never recomputes rules."""

from __future__ import annotations

from pydantic import BaseModel

from .data import CARDS, COAST, DAM_SITE, DAM_SPOTS, ISLAND, PLACE_NAMES, PLACES, RINGS, SLOTS, VILLAGE, ZONES
from .lava import eruptions_planned, red_face_text
from .legal import actor
from .places import COVERED, LIMITS, total_boats, total_dams
from .state import NisyrosState
from .text import STEP_NAMES


class CardView(BaseModel):
    id: int
    title: str
    short: str
    text: str
    good: bool
    step: int


class PlaceView(BaseModel):
    """One place of the island: a workplace (slots 0-6) or a village (7)."""

    place: int
    zone: int
    slot: int
    name: str
    usable: bool
    limit: int | None
    count: int  # people of every seat here
    die: int | None  # the yellow die placed here, if any
    kind: str | None  # the resource of a slope
    asleep: int = 0  # workers of every seat here who do nothing this round (event 9)
    no_yield: str = ""  # why this workplace has no output this round: "fumes" (event 10), "ash rain" (event 23)


class NisyrosView(BaseModel):
    """The public view of a Nisyros game (the same for every seat)."""

    seat: int | None
    players: int
    level: str
    level_title: str
    round: int
    step: int
    step_names: list[str]
    active: int
    phase: str
    actor: int | None
    zones: list[str]
    rings: list[str]
    kinds: list[list[str]]
    bonus: list[str | None]
    lava: list[int]
    dams: list[list[int]]
    dam_spots: list[int]
    boats: list[int]
    people: list[list[int]]
    kos: list[int]
    hades: list[int]
    home: list[int | None]
    origin: list[int]
    wheat: int
    stone: int
    wood: int
    cap: int
    boats_supply: int
    dams_supply: int
    deck_size: int
    discard_size: int
    in_play: list[CardView]
    red: str | None
    yellow: list[str]
    yellow_on: list[int | None]
    black: list[int] | None
    eruptions: int
    eruptions_why: list[str]
    eruptions_left: int
    #: event 24 was drawn last round: this step 1 boats sail anywhere, carrying a worker each
    current: bool = False
    #: inhabitants shipped to Kos in this round's step 10 (event 22 allows 3)
    evacuated: int = 0
    places: list[PlaceView]
    choices: list[int]
    picks_left: int
    outcome: str
    end_reason: str


def build_view(game: object, state: NisyrosState, seat: int | None) -> NisyrosView:
    planned, why = eruptions_planned(state)
    lava, origin, yellow_on = state.lava, state.origin, state.yellow_on
    # every place's people and sleepers, summed over the seats in one pass each
    count = list(map(sum, zip(*state.people))) if state.people else [0] * PLACES
    asleep = list(map(sum, zip(*state.idle))) if state.idle else [0] * PLACES
    stupor, ash = state.stupor, 23 in state.in_play
    places = []  # validated with the view, as dicts (what PlaceView(...) of each would give)
    for p in range(PLACES):
        z, s = divmod(p, SLOTS)
        lz = lava[z]
        if s < COAST:
            ok = lz <= s
        elif s == DAM_SITE:
            ok = lz < COVERED
        else:  # shipyard, meeting place and village: a village in use, not under lava
            ok = z in origin and lz < COVERED
        places.append({
            "place": p, "zone": z, "slot": s, "name": PLACE_NAMES[p], "usable": ok,
            "limit": LIMITS[s], "count": count[p],
            "die": yellow_on.index(p) if p in yellow_on else None,
            "kind": state.kinds[z][s] if s < COAST else None, "asleep": asleep[p],
            # yields_nothing: the fumes (event 10), or ash rain on an R1 (event 23)
            "no_yield": "" if s == VILLAGE else "fumes" if p in stupor else "ash rain" if s == 0 and ash else ""})
    return NisyrosView(
        seat=seat, players=state.players, level=state.level, level_title=ISLAND.levels[state.level].title,
        round=state.round, step=state.step, step_names=STEP_NAMES, active=state.active, phase=state.phase,
        actor=actor(state), zones=ZONES, rings=[r.name for r in RINGS], kinds=[list(k) for k in state.kinds],
        bonus=list(state.bonus), lava=list(state.lava), dams=[list(d) for d in state.dams],
        dam_spots=DAM_SPOTS, boats=list(state.boats), people=[list(r) for r in state.people],
        kos=list(state.kos), hades=list(state.hades), home=list(state.home), origin=list(state.origin),
        wheat=state.wheat, stone=state.stone, wood=state.wood, cap=ISLAND.stock_cap[state.players],
        boats_supply=ISLAND.boats - total_boats(state), dams_supply=ISLAND.dams - total_dams(state),
        deck_size=len(state.deck), discard_size=len(state.discard),
        in_play=[CardView(id=c, title=CARDS[c].title, short=CARDS[c].short, text=CARDS[c].text, good=CARDS[c].good,
                          step=CARDS[c].step) for c in state.in_play],
        red=red_face_text(state.red) if state.red is not None else None,
        yellow=list(state.yellow), yellow_on=list(state.yellow_on),
        black=list(state.black) if state.black is not None else None,
        eruptions=planned, eruptions_why=why, eruptions_left=state.eruptions_left,
        current=state.current, evacuated=state.evacuated,
        places=places, choices=list(state.choices), picks_left=state.picks_left,
        outcome=state.outcome, end_reason=state.end_reason)
