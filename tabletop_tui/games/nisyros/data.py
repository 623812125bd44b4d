"""Nisyros' components, read from ``assets/nisyros/`` and checked by pydantic.

``island.json`` holds the map (S1, S3), the stock caps (S9), the levels and
the dice (S4-S6); ``events.json`` the 25-card event deck (S8). The files are
the source of truth; this module only reads and checks them and names a few
constants derived from them.

Places: every spot a person can stand on the island has an index
``zone * 8 + slot``; slots 0-3 are the resource areas R1-R4 (workplaces),
4 the dam-building place, 5 the shipyard, 6 the meeting place (all
workplaces) and 7 the village (citizens only). Areas that turn to lava are
the rings 0-4 of a zone (R1-R4 and the coast C).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

_PKG = Path(__file__).resolve().parents[2]  # .../tabletop_tui
_ASSETS = (_PKG.parent / "assets" / "nisyros", _PKG / "_data" / "assets" / "nisyros")

Kind = Literal["stone", "wood", "wheat"]
Face = Literal["stone", "wood", "wheat", "dam", "boat", "meeting", "hermes", "+1", "-1"]
Level = Literal["achilles", "heracles", "zeus"]
KINDS: tuple[str, ...] = ("stone", "wood", "wheat")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ring(_Strict):
    name: str
    label: str
    dam_spots: int = Field(ge=0)
    limit: int | None
    yield_: int = Field(alias="yield", ge=0)


class LevelData(_Strict):
    title: str
    eruptions: int
    max_eruptions: int
    wheat_to_sail: bool


class RedFace(_Strict):
    events: int = Field(ge=1, le=3)
    black: bool


class IslandData(_Strict):
    """``island.json``."""

    name: str
    ruling: str
    zones: list[str] = Field(min_length=4, max_length=4)
    rings: list[Ring] = Field(min_length=5, max_length=5)
    shipyard_limit: int
    summon_limit: int
    resource_areas: dict[Kind, int]
    bonus_markers: list[Kind] = Field(min_length=4, max_length=4)
    stock_cap: dict[int, int]
    start_wheat_per_player: int
    inhabitants: int
    start_workers: int
    boats: int
    dams: int
    homes: dict[int, list[int]]
    levels: dict[Level, LevelData]
    red_die: list[RedFace] = Field(min_length=6, max_length=6)
    yellow_dice: list[list[Face]] = Field(min_length=5, max_length=5)
    black_die: list[list[int]] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _consistent(self) -> "IslandData":
        if sum(self.resource_areas.values()) != 16:
            raise ValueError("there must be 16 resource areas (S2)")
        if sum(r.dam_spots for r in self.rings) * 4 != self.dams:
            raise ValueError("the dam spots of the 4 zones must hold every dam (S3)")
        if any(len(d) != 6 for d in self.yellow_dice):
            raise ValueError("each yellow die has six faces")
        for n, homes in self.homes.items():
            if len(homes) != n or len(set(homes)) != n:
                raise ValueError("one home village per player")
        return self


class Card(_Strict):
    id: int = Field(ge=1, le=24)
    copies: int = Field(ge=1, le=2)
    star: bool
    good: bool
    step: int = Field(ge=1, le=10)
    title: str
    short: str = Field(max_length=34)  # what it does, for a narrow screen
    text: str


class EventsData(_Strict):
    """``events.json``."""

    ruling: str
    cards: list[Card]

    @model_validator(mode="after")
    def _deck(self) -> "EventsData":
        if [c.id for c in self.cards] != list(range(1, 25)):
            raise ValueError("cards 1-24, in order")
        if sum(c.copies for c in self.cards) != 25:
            raise ValueError("the deck holds 25 cards (S8)")
        if sum(1 for c in self.cards if c.star) != 10:  # one copy of each star id (S8)
            raise ValueError("ten star cards (S8)")
        return self


def _read(name: str) -> bytes:
    for folder in _ASSETS:
        path = folder / name
        if path.is_file():
            return path.read_bytes()
    raise FileNotFoundError(f"assets/nisyros/{name} is missing from this installation")


@lru_cache(maxsize=None)
def island() -> IslandData:
    """The checked map, dice and levels."""
    return IslandData.model_validate_json(_read("island.json"))


@lru_cache(maxsize=None)
def events() -> EventsData:
    """The checked event deck."""
    return EventsData.model_validate_json(_read("events.json"))


ISLAND = island()
CARDS: dict[int, Card] = {c.id: c for c in events().cards}
ZONES: list[str] = ISLAND.zones
RINGS: list[Ring] = ISLAND.rings
DAM_SPOTS: list[int] = [r.dam_spots for r in RINGS]
COAST = 4  # the ring index of the coastal area
SLOTS = 8
DAM_SITE, SHIPYARD, MEETING, VILLAGE = 4, 5, 6, 7
PLACES = 4 * SLOTS
SLOT_NAMES = ["R1", "R2", "R3", "R4", "dam site", "shipyard", "meeting place", "village"]


def place(zone: int, slot: int) -> int:
    """The index of ``slot`` in ``zone``."""
    return zone * SLOTS + slot


def zone_of(p: int) -> int:
    return p // SLOTS


def slot_of(p: int) -> int:
    return p % SLOTS


def deck_ids() -> tuple[list[int], list[int]]:
    """(the 10 star cards, the 15 others) as card ids; card 10 is in both."""
    star = [c.id for c in events().cards if c.star]  # 1-10, one copy of 10
    rest = [c.id for c in events().cards if not c.star] + [10] * (CARDS[10].copies - 1)
    return star, rest


# -- the names of things, shared by the log, the menus and the refusals -----------------------
FACE_NAMES = {"stone": "stone x2", "wood": "wood x2", "wheat": "wheat x2", "dam": "dam x2",
              "boat": "boat x2", "meeting": "meeting x2", "hermes": "Hermes x2",
              "+1": "+1 eruption", "-1": "-1 eruption"}


def place_name(p: int) -> str:
    """"Pali R2", "Nikia shipyard", "Mandraki village"."""
    return PLACE_NAMES[p]


#: ``place_name`` of every place, in place order
PLACE_NAMES = tuple(f"{ZONES[zone_of(p)]} {SLOT_NAMES[slot_of(p)]}" for p in range(PLACES))


def area_name(zone: int, ring: int) -> str:
    """"Pali R3", "the Pali coast"."""
    return f"the {ZONES[zone]} coast" if ring == 4 else f"{ZONES[zone]} {RINGS[ring].name}"


def card_line(cid: int) -> str:
    c = CARDS[cid]
    return f"Event {cid} ({'+' if c.good else '-'}) {c.title}: {c.text}"


NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"]
