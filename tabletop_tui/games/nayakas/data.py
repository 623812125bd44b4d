"""Nayakas' designed components (ruling K1), read from ``assets/nayakas/*.json``
and validated by the pydantic models below when the module is imported.

- ``board.json``: set-up numbers, the 21 board actions, the four kingdoms and
  their spaces, the three Trading Posts and the two Empire pairs;
- ``tiles.json``: temple tiles, merchants, events, section, facility and
  borderland tiles;
- ``player_boards.json``: each kingdom's four buildings and their sections;
- ``dev_cards.json``: the twelve development cards.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

RESOURCES = ("stone", "clay", "culture", "gold")
ARTISANS = ("architect", "mason", "sculptor")
#: what an effect may hand out: resources, artisans, the Conch, Prosperity Tokens
GOODS = RESOURCES + ARTISANS + ("conch", "prosperity")
KINGDOMS = ("keladi", "mysore", "thanjavur", "madurai")
Worker = Literal["laborer", "diplomat"]
SPECIALS = ("repeat", "double", "discount", "artisan_gold", "retrieve", "diplomat_gold",
            "empire_free", "artisan_watch", "laborers_diplomats", "event_token", "empire_other")


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _goods(d: dict[str, int], what: str) -> dict[str, int]:
    for k, v in d.items():
        if k not in GOODS:
            raise ValueError(f"{what}: unknown good {k!r}")
        if v <= 0:
            raise ValueError(f"{what}: {k} must be positive")
    return d


class Convert(_Data):
    """Spend any amount of ``source`` and gain ``rate`` times as much ``target``."""

    source: Literal["stone", "clay", "culture", "gold"] = Field(alias="from")
    target: Literal["stone", "clay", "culture", "gold"] = Field(alias="to")
    rate: int = Field(ge=1, le=3)


class Exchange(_Data):
    """Pay ``pay`` for ``gain`` as many times as the player likes."""

    pay: dict[str, int]
    gain: dict[str, int]
    #: Gold may stand in for Stone or Clay in ``pay``
    gold_wild: bool = False


class Effect(_Data):
    """What taking a space (or a tile) does. Parts apply in this order: pay
    ``pay``, gain ``gain``, gain one of ``options``, others gain ``others``,
    then the ``special`` rule; ``convert`` and ``exchange`` let the player name
    an amount."""

    text: str
    gain: dict[str, int] = {}
    pay: dict[str, int] = {}
    options: list[dict[str, int]] = []
    others: dict[str, int] = {}
    convert: Convert | None = None
    exchange: Exchange | None = None
    special: str | None = None

    @model_validator(mode="after")
    def _valid(self) -> "Effect":
        _goods(self.gain, "gain")
        _goods(self.pay, "pay")
        _goods(self.others, "others")
        for o in self.options:
            _goods(o, "option")
        if self.special is not None and self.special not in SPECIALS:
            raise ValueError(f"unknown special rule {self.special!r}")
        if self.options and len(self.options) < 2:
            raise ValueError("a choice needs two options at least")
        return self

    @property
    def artisan_pictured(self) -> bool:
        """Whether the effect shows an Artisan (for the "artisan_watch" action)."""
        if any(a in self.gain for a in ARTISANS) or self.special == "empire_other":
            return True
        return any(a in o for o in self.options for a in ARTISANS)


class Space(_Data):
    id: str
    action: str
    land: Literal["homeland", "borderland"]


class Kingdom(_Data):
    id: Literal["keladi", "mysore", "thanjavur", "madurai"]
    name: str
    colour: str
    spaces: list[Space]


class TradingPost(_Data):
    id: str
    name: str
    kingdoms: list[str] = Field(min_length=2, max_length=2)


class EmpirePair(_Data):
    id: str
    name: str
    first: Effect
    second: Effect


class Setup(_Data):
    start_resources: int
    resource_cap: int
    artisan_cap: int
    event_tokens: int
    start_laborers: int
    start_diplomats: int
    max_laborers: int
    max_diplomats: int
    tracker_end: dict[int, int]
    events_in_game: int
    market_size: int
    artisan_gold_cap: int
    #: (amount spent, Prosperity) steps of the light-purple spending tiles
    end_spend: list[tuple[int, int]]
    #: (completed buildings, Prosperity) steps of the "Grand Plan" tile
    end_buildings: list[tuple[int, int]]
    #: Prosperity Tokens for first and second place on an expiring Event
    event_rewards: tuple[int, int]


class Board(_Data):
    setup: Setup
    kingdoms: list[Kingdom]
    trading_posts: list[TradingPost]
    empire: list[EmpirePair]
    actions: dict[str, Effect]

    @model_validator(mode="after")
    def _valid(self) -> "Board":
        if [k.id for k in self.kingdoms] != list(KINGDOMS):
            raise ValueError("the four kingdoms, in order")
        used = [s.action for k in self.kingdoms for s in k.spaces]
        if sorted(used) != sorted(self.actions) or len(used) != 21:
            raise ValueError("each of the 21 actions on exactly one space")
        for k in self.kingdoms:
            if not any(s.land == "homeland" for s in k.spaces) or not any(s.land == "borderland" for s in k.spaces):
                raise ValueError(f"{k.id} needs Homelands and Borderlands")
        double = [k.id for k in self.kingdoms for s in k.spaces if s.action == "double"]
        if double != ["keladi"]:
            raise ValueError("the double space belongs to Keladi")
        if len(self.trading_posts) != 3 or len(self.empire) != 2:
            raise ValueError("three Trading Posts and two Empire pairs")
        for tp in self.trading_posts:
            if len(set(tp.kingdoms)) != 2 or not set(tp.kingdoms) <= set(KINGDOMS):
                raise ValueError(f"{tp.id} is a Borderland of two kingdoms")
        ids = [s.id for k in self.kingdoms for s in k.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("space ids are unique")
        return self


class TempleTile(_Data):
    id: str
    name: str
    #: the kingdom whose faded starting temple this is; None for a market temple
    ruler: str | None = None
    effect: Effect


class Merchant(_Data):
    id: str
    kind: str
    name: str
    effect: Effect


class EventTile(_Data):
    id: str
    name: str
    #: what the Event counts to decide how many tokens go down
    count: Literal["gold", "workers", "stone_clay", "sections", "artisans", "conch"]
    text: str


class SectionKind(_Data):
    kind: str
    name: str
    text: str
    purple: bool


class SectionTile(_Data):
    id: str
    kind: str
    tab: Worker | None


class FacilityKind(_Data):
    kind: str
    name: str
    text: str


class FacilityTile(_Data):
    id: str
    kind: str


class BorderlandTile(_Data):
    id: str
    gain: dict[str, int]


class Tiles(_Data):
    temples: list[TempleTile]
    merchants: list[Merchant]
    events: list[EventTile]
    section_kinds: list[SectionKind]
    sections: list[SectionTile]
    facility_kinds: list[FacilityKind]
    facilities: list[FacilityTile]
    borderland_tiles: list[BorderlandTile]

    @model_validator(mode="after")
    def _valid(self) -> "Tiles":
        counts = (len(self.temples), len(self.merchants), len(self.events), len(self.sections),
                  len(self.facilities), len(self.borderland_tiles))
        if counts != (12, 16, 6, 38, 12, 7):
            raise ValueError(f"component counts {counts} differ from the rulebook's")
        rulers = sorted(t.ruler for t in self.temples if t.ruler)
        if rulers != sorted(KINGDOMS):
            raise ValueError("one faded ruler temple per kingdom")
        if len({m.kind for m in self.merchants}) != 14:
            raise ValueError("the 14 merchant kinds, two of them twice")
        if len(self.section_kinds) != 17 or len(self.facility_kinds) != 8:
            raise ValueError("17 section kinds and 8 facility kinds")
        sk = {k.kind for k in self.section_kinds}
        fk = {k.kind for k in self.facility_kinds}
        if any(s.kind not in sk for s in self.sections) or any(f.kind not in fk for f in self.facilities):
            raise ValueError("every tile is of a listed kind")
        if set(sk) != {s.kind for s in self.sections} or set(fk) != {f.kind for f in self.facilities}:
            raise ValueError("every kind has a tile")
        for b in self.borderland_tiles:
            _goods(b.gain, "borderland tile")
        for group in (self.temples, self.merchants, self.events, self.sections, self.facilities, self.borderland_tiles):
            ids = [x.id for x in group]
            if len(set(ids)) != len(ids):
                raise ValueError("tile ids are unique")
        return self


class Section(_Data):
    name: str
    cost: dict[str, int]

    @model_validator(mode="after")
    def _valid(self) -> "Section":
        _goods(self.cost, "cost")
        arts = sum(v for k, v in self.cost.items() if k in ARTISANS)
        if not 1 <= arts <= 2 or not set(self.cost) <= set(ARTISANS + ("stone", "clay")):
            raise ValueError("a section costs Stone and/or Clay and 1-2 Artisans")
        return self


class Building(_Data):
    id: str
    kind: Literal["temple", "tank", "fort"]
    name: str
    prosperity: int = Field(ge=0)
    tab: Worker
    sections: list[Section]


class PlayerBoard(_Data):
    kingdom: str
    buildings: list[Building]

    @model_validator(mode="after")
    def _valid(self) -> "PlayerBoard":
        shape = [(b.kind, len(b.sections)) for b in self.buildings]
        if shape != [("temple", 3), ("temple", 3), ("tank", 2), ("fort", 2)]:
            raise ValueError("two temples of three sections, a water tank and a fort of two")
        return self


class PlayerBoards(_Data):
    boards: list[PlayerBoard]


class DevCard(_Data):
    id: str
    name: str
    #: "worker": on your turn in the worker phase; "build": on your build turn
    timing: Literal["worker", "build"]
    text: str


class DevCards(_Data):
    cards: list[DevCard] = Field(min_length=12, max_length=12)


class Components(_Data):
    """Everything designed, with lookups by id."""

    board: Board
    tiles: Tiles
    player_boards: PlayerBoards
    dev_cards: DevCards

    @model_validator(mode="after")
    def _valid(self) -> "Components":
        if [b.kingdom for b in self.player_boards.boards] != list(KINGDOMS):
            raise ValueError("one player board per kingdom, in order")
        return self

    @cached_property
    def spaces(self) -> dict[str, tuple[str, Space]]:
        """Kingdom space id -> (kingdom id, space)."""
        return {s.id: (k.id, s) for k in self.board.kingdoms for s in k.spaces}

    @cached_property
    def section_kind(self) -> dict[str, SectionKind]:
        return {k.kind: k for k in self.tiles.section_kinds}

    @cached_property
    def section_tile(self) -> dict[str, SectionTile]:
        return {t.id: t for t in self.tiles.sections}

    @cached_property
    def facility_kind(self) -> dict[str, FacilityKind]:
        return {k.kind: k for k in self.tiles.facility_kinds}

    @cached_property
    def facility_tile(self) -> dict[str, FacilityTile]:
        return {t.id: t for t in self.tiles.facilities}

    @cached_property
    def borderland_tile(self) -> dict[str, BorderlandTile]:
        return {t.id: t for t in self.tiles.borderland_tiles}

    @cached_property
    def temple(self) -> dict[str, TempleTile]:
        return {t.id: t for t in self.tiles.temples}

    @cached_property
    def merchant(self) -> dict[str, Merchant]:
        return {t.id: t for t in self.tiles.merchants}

    @cached_property
    def event(self) -> dict[str, EventTile]:
        return {t.id: t for t in self.tiles.events}

    @cached_property
    def card(self) -> dict[str, DevCard]:
        return {c.id: c for c in self.dev_cards.cards}

    @cached_property
    def player_board(self) -> dict[str, PlayerBoard]:
        return {b.kingdom: b for b in self.player_boards.boards}

    @cached_property
    def buildings(self) -> dict[tuple[str, str], Building]:
        """(kingdom, building id) -> that kingdom's building."""
        return {(pb.kingdom, b.id): b for pb in self.player_boards.boards for b in pb.buildings}

    def kingdom(self, kid: str) -> Kingdom:
        return self.board.kingdoms[KINGDOMS.index(kid)]


_PKG = Path(__file__).resolve().parents[2]
_CANDIDATES = (_PKG.parent / "assets" / "nayakas", _PKG / "_data" / "assets" / "nayakas")


def data_dir() -> Path:
    """The folder holding the four JSON files."""
    for c in _CANDIDATES:
        if c.is_dir():
            return c
    return _CANDIDATES[0]


def load(folder: Path | None = None) -> Components:
    """Read and validate the four files of ``folder`` (default: the shipped data)."""
    folder = folder or data_dir()
    raw = {name: json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
           for name in ("board", "tiles", "player_boards", "dev_cards")}
    return Components.model_validate(raw)


C = load()

#: tile kind -> count, for the rules page and tests
SECTION_COUNTS = Counter(t.kind for t in C.tiles.sections)
