"""Nyakuza's island (ruling N1), read from ``assets/nyakuza/island.json``.

The data file is the source of truth; this module only reads it, checks it
and derives what follows from the coordinates (neighbours, the shore).

Coordinates: pointy-top hexes in "odd-r" offset coordinates ``(col, row)``.
Row 0 is the top of the map and column 0 its left; odd rows are shifted half
a hex to the right. Every ``(col, row)`` that is not a listed space is sea.
A space is *coastal* when it touches the sea (fewer than 6 land neighbours);
the file states it for each space and :func:`load_island` checks it.

Space ids are 0..109 in reading order (row by row, left to right); resource
spaces also carry their tile number 1-60 (numbered in reading order too).

Every space has one name, the same on the map, in the log, the coach, the
tutorial and the rules page (:attr:`Space.name`): ``37t`` for resource space
37 and its kind letter (:data:`KIND_LETTER`), ``P12`` for a coastal palm,
``p23`` for an inland one, ``ORO`` for Orongo. No letter of a name is a
player's token letter (R, B, Y, G: :data:`TOKEN_LETTERS`), in either case.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parents[2]  # .../tabletop_tui
#: where the data lives: the repository's top-level assets/ in a checkout, or
#: the copy a wheel carries under tabletop_tui/_data/assets/ (see resources.py)
_CANDIDATES = (_PKG.parent / "assets" / "nyakuza" / "island.json",
               _PKG / "_data" / "assets" / "nyakuza" / "island.json")

PALM = "palm"
RESOURCE_KINDS = ("quarry", "food", "temple", "god", "birdman", "nest")
KIND_COUNTS = {"quarry": 6, "food": 18, "temple": 9, "god": 9, "birdman": 9, "nest": 9}
SPACES = 110
RESOURCES = 60
PALMS = 50
#: the letter after a resource space's number: q f t n, and d (god, "deity")
#: and m (bird*m*an), because g and b are Green's and Blue's tokens
KIND_LETTER = {"quarry": "q", "food": "f", "temple": "t", "god": "d", "birdman": "m", "nest": "n"}
#: a player's token on the map: the initial of the seat's colour
TOKEN_LETTERS = ("R", "B", "Y", "G")
#: Orongo's name on the map
ORONGO_NAME = "ORO"

#: (dcol, drow) of the six neighbours, for even and for odd rows (odd-r)
_EVEN = ((1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ODD = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


def hex_neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six coordinates around ``(col, row)``, land or sea."""
    deltas = _ODD if row & 1 else _EVEN
    return [(col + dc, row + dr) for dc, dr in deltas]


def axial(col: int, row: int) -> tuple[int, int]:
    """Axial ``(q, r)`` of an odd-r offset coordinate."""
    return col - (row - (row & 1)) // 2, row


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two offset coordinates."""
    q1, r1 = axial(*a)
    q2, r2 = axial(*b)
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


@dataclass(frozen=True)
class Space:
    """One space of the island."""

    id: int
    col: int
    row: int
    kind: str  # "palm" or one of RESOURCE_KINDS
    label: str  # "37" for a resource, "P12" for a coastal palm, "p23" inland, "Orongo"
    coastal: bool
    number: int | None = None  # 1-60 for a resource space
    orongo: bool = False

    @property
    def is_palm(self) -> bool:
        return self.kind == PALM

    @property
    def is_resource(self) -> bool:
        return self.kind != PALM

    @property
    def name(self) -> str:
        """The space's one name: "37t", "P12" (coastal palm), "p23" (inland), "ORO"."""
        if self.orongo:
            return ORONGO_NAME
        if self.is_palm:
            return self.label
        return f"{self.number}{KIND_LETTER[self.kind]}"

    def describe(self) -> str:
        """"37t (temple)", "coastal palm P12", "inland palm p23", "Orongo"."""
        if self.orongo:
            return "Orongo"
        if self.is_palm:
            return f"{'coastal' if self.coastal else 'inland'} palm {self.label}"
        return f"{self.name} ({self.kind})"


class IslandError(ValueError):
    """The data file breaks the map's rules."""


@dataclass(frozen=True, eq=False)
class Island:
    """The whole map with derived lookups (never mutated)."""

    spaces: tuple[Space, ...]
    columns: int
    rows: int
    layout: str
    #: land neighbours of each space id
    adjacent: tuple[tuple[int, ...], ...]
    #: space id of each tile number (index 0 unused)
    by_number: tuple[int, ...]
    orongo: int
    #: space id at each land coordinate
    coords: dict[tuple[int, int], int]

    def at(self, col: int, row: int) -> Space | None:
        """The space at ``(col, row)``, or None for the sea."""
        i = self.coords.get((col, row))
        return None if i is None else self.spaces[i]

    def touches_sea(self, space: int) -> bool:
        """True if one of the six hexes around ``space`` is sea."""
        s = self.spaces[space]
        return any(n not in self.coords for n in hex_neighbours(s.col, s.row))

    def space_of(self, number: int) -> Space:
        return self.spaces[self.by_number[number]]


def parse_island(doc: dict) -> Island:
    """Build and check an :class:`Island` from the JSON document."""
    if doc.get("layout") != "odd-r":
        raise IslandError("the island must use odd-r offset coordinates")
    raw = doc["spaces"]
    spaces = []
    for i, s in enumerate(raw):
        if s["id"] != i:
            raise IslandError(f"space ids must be 0..{len(raw) - 1} in order (found {s['id']} at {i})")
        kind = s["kind"]
        if kind != PALM and kind not in RESOURCE_KINDS:
            raise IslandError(f"space {i} has an unknown kind {kind!r}")
        spaces.append(Space(id=i, col=int(s["col"]), row=int(s["row"]), kind=kind, label=str(s["label"]),
                            coastal=bool(s["coastal"]), number=s.get("number"), orongo=bool(s.get("orongo", False))))
    coords = {(s.col, s.row): s.id for s in spaces}
    if len(coords) != len(spaces):
        raise IslandError("two spaces share a coordinate")
    adjacent = tuple(tuple(coords[n] for n in hex_neighbours(s.col, s.row) if n in coords) for s in spaces)
    for s in spaces:
        shore = len(adjacent[s.id]) < 6
        if shore != s.coastal:
            raise IslandError(f"space {s.label} is marked {'coastal' if s.coastal else 'inland'} "
                              f"but {'touches' if shore else 'does not touch'} the sea")
    for s in spaces:
        if s.is_palm and not s.orongo and not re.fullmatch(("P" if s.coastal else "p") + r"[1-9][0-9]?", s.label):
            raise IslandError(f"palm {s.label} must be named P<number> on the shore, p<number> inland")
    numbers = sorted(s.number for s in spaces if s.is_resource and s.number is not None)
    if numbers != list(range(1, RESOURCES + 1)) or any(s.is_palm and s.number is not None for s in spaces):
        raise IslandError("resource spaces must be numbered 1-60, once each; palms have no number")
    by_number = [0] * (RESOURCES + 1)
    for s in spaces:
        if s.number is not None:
            by_number[s.number] = s.id
    orongos = [s for s in spaces if s.orongo]
    if len(orongos) != 1 or not orongos[0].is_palm or not orongos[0].coastal:
        raise IslandError("there must be exactly one Orongo, a coastal palm")
    return Island(spaces=tuple(spaces), columns=int(doc["columns"]), rows=int(doc["rows"]),
                  layout=doc["layout"], adjacent=adjacent, by_number=tuple(by_number), orongo=orongos[0].id,
                  coords=coords)


def island_path() -> Path:
    """The data file: the first candidate location that exists."""
    for p in _CANDIDATES:
        if p.exists():
            return p
    return _CANDIDATES[0]


@lru_cache(maxsize=1)
def load_island() -> Island:
    """The island (read once)."""
    return parse_island(json.loads(island_path().read_text(encoding="utf-8")))


ISLAND = load_island()


# -- the spaces in words, for the log, the menus and the refusals -----------------------------------
#: every space's ``describe()``, worked out once
_SPACE_TEXT = tuple(sp.describe() for sp in ISLAND.spaces)


def tile_text(number: int) -> str:
    """A resource tile by its number: the space it belongs on, described."""
    return _SPACE_TEXT[ISLAND.by_number[number]]


def space_text(space: int) -> str:
    """A space of the island in words: "37t (temple)", "coastal palm P12", "Orongo"."""
    return _SPACE_TEXT[space]

#: how the map, the recap line and the legend draw a raised Moai
MOAI_MARK = "▲"
