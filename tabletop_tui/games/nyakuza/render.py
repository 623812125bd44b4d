"""Nyakuza's island drawn in Rich: the geometry of a honeycomb of pointy-top hexes
and what each hex shows (the Line-API widget that paints it, ``HexMap``, is
in board.py).

Geometry (odd-r offset coordinates, as in ``data.py``): every hex is drawn
4 columns apart with odd rows shifted 2 columns right, and 3 lines per row
of hexes -- one line of slopes shared with the row above, then two lines of
content between ``│`` borders::

     ╱ ╲ ╱ ╲ ╱ ╲
    │12f│P3 │13t│      space names (data.py): number + kind letter,
    │R▲ │  +│   │      coastal palm P3, inland palm p4, Orongo ORO;
     ╲ ╱ ╲ ╱ ╲ ╱ ╲       token (letter in its colour), Moai ▲ / spent $, marks
      │14q│p4 │   │

That is the smallest :class:`Scale` (pitch 4, 67x31 cells: 80x24 scrolls it,
120x40 shows it whole). With more room the board picks a bigger one (pitch 6,
99x42; pitch 8, 131x53 at 200x60): the same honeycomb stretched, with longer
slopes whose insides belong to the hex, and at pitch 8 the kind in a word::

        ╱ ╲
       ╱   ╲
      ╱ 12f ╲        number + kind letter
     │ food  │       the kind in a word
     │ R▲  + │       token, Moai / spent, mark
      ╲     ╱
       ╲   ╱

Sea hexes get no borders, only a sprinkle of ``~``. The whole map is turned
into cells once per view and scale (:meth:`HexMap.set_scene`,
:meth:`HexMap.set_scale`); strips are built per line on demand and cached
under (scale, line), so a cursor move rebuilds only the few lines of the old
and the new cursor hex. Nothing here decides what is legal: the board passes
the spaces to highlight (from the model's legal actions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Callable, Iterable, NamedTuple

from rich.style import Style

from .data import ISLAND, KIND_LETTER, MOAI_MARK, hex_neighbours

MOAI = MOAI_MARK  # a raised Moai


class Box(NamedTuple):
    """A rectangle of map cells (the board turns it into a Textual Region)."""

    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height

SHELL = "$"
MARGIN = 1  # sea columns left and right of the land


@dataclass(frozen=True)
class Scale:
    """How big the hexes are drawn: ``pitch`` columns from one hex to the next
    in a row (even, 4 at least), ``content`` lines between the ``│`` sides.

    A hex has ``slope = pitch // 2 - 1`` slope lines above and below its
    sides, shared with the rows above and below (``lines`` = slope + content
    lines per row of hexes). The smallest scale (4, 2) is the 80x24 map;
    bigger ones are chosen when the board has room (:func:`choose_scale`).
    At pitch 6 and more the slope lines' insides are part of the hex (lit,
    clickable); at pitch 8 a hex has room for its kind in a word.
    """

    pitch: int = 4
    content: int = 2

    @property
    def half(self) -> int:  # odd rows are shifted this far right
        return self.pitch // 2

    @property
    def slope(self) -> int:
        return self.half - 1

    @property
    def lines(self) -> int:
        return self.slope + self.content

    @property
    def fill_slopes(self) -> bool:
        """The insides of the slope lines belong to the hex (not at 80x24,
        where they are one column wide and stay sea as they always were)."""
        return self.pitch > 4

    @property
    def inner(self) -> int:
        """Columns between a hex's sides."""
        return self.pitch - 1

    @cached_property
    def x_shift(self) -> int:
        xs = [self.half * (s.row & 1) + self.pitch * s.col for s in ISLAND.spaces]
        return MARGIN - min(xs)

    @cached_property
    def width(self) -> int:
        xs = [self.half * (s.row & 1) + self.pitch * s.col for s in ISLAND.spaces]
        return max(xs) + self.pitch + 1 - min(xs) + 2 * MARGIN

    @property
    def height(self) -> int:
        return self.lines * ISLAND.rows + self.slope

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the whole map in cells."""
        return self.width, self.height

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """Map position (x of the left side, y of the top line) of a hex."""
        return self.x_shift + self.pitch * col + self.half * (row & 1), self.lines * row

    def hex_region(self, space: int) -> Box:
        """The map region a space's hex covers, borders included."""
        s = ISLAND.spaces[space]
        x, y = self.origin(s.col, s.row)
        return Box(x, y, self.pitch + 1, self.lines + self.slope)

    def centre_x(self, space: int) -> int:
        s = ISLAND.spaces[space]
        return self.origin(s.col, s.row)[0] + self.half

    def content_y(self, row: int) -> int:
        """The first line between the sides of a hex of ``row`` (sea or land)."""
        return self.lines * row + self.slope

    def edge_cells(self, space: int) -> Iterable[tuple[int, int, str]]:
        """(x, y, character) of a hex's outline."""
        s = ISLAND.spaces[space]
        x, y = self.origin(s.col, s.row)
        h, sl = self.half, self.slope
        for i in range(sl):  # the top slopes, from the apex down
            yield x + h - 1 - i, y + i, "╱"
            yield x + h + 1 + i, y + i, "╲"
        for dy in range(sl, sl + self.content):
            yield x, y + dy, "│"
            yield x + self.pitch, y + dy, "│"
        for j in range(sl):  # the bottom slopes, from the sides down to the apex
            yield x + 1 + j, y + self.lines + j, "╲"
            yield x + self.pitch - 1 - j, y + self.lines + j, "╱"

    def spans(self, space: int) -> list[tuple[int, int, int]]:
        """(y, first x, last x + 1) of each line of a hex's inside: the
        content lines, and the slope lines' insides when ``fill_slopes``."""
        return _spans(self, space)

    def text_lines(self) -> dict[str, int]:
        """Which line of a hex (offset from its top) shows what: ``top``
        (number and kind letter, palm name), ``word`` (the kind in a word,
        big hexes only), ``bottom`` (token, Moai or spent tile, marks)."""
        sl = self.slope
        if self.pitch >= 8:  # the top's slope line is 5 wide: room for the number there
            return {"top": sl - 1, "word": sl, "bottom": sl + 1}
        return {"top": sl, "bottom": sl + 1}

    @property
    def gap(self) -> int:
        """Blank columns between the bottom line's three marks."""
        return max(0, (self.inner - 3) // 2)

    def space_at(self, x: int, y: int) -> int | None:
        """The land hex whose inside holds map position (x, y), or None."""
        return _hit_map(self).get((x, y))

    def land(self) -> frozenset[tuple[int, int]]:
        """Every map position a land hex draws on (borders included)."""
        return _land_cells(self)


@lru_cache(maxsize=None)
def _spans(scale: Scale, space: int) -> list[tuple[int, int, int]]:
    s = ISLAND.spaces[space]
    x, y = scale.origin(s.col, s.row)
    h, sl = scale.half, scale.slope
    out = []
    if scale.fill_slopes:
        out += [(y + i, x + h - i, x + h + i + 1) for i in range(sl)]
    out += [(y + dy, x + 1, x + scale.pitch) for dy in range(sl, sl + scale.content)]
    if scale.fill_slopes:
        out += [(y + scale.lines + j, x + 2 + j, x + scale.pitch - 1 - j) for j in range(sl)]
    return out


@lru_cache(maxsize=None)
def _hit_map(scale: Scale) -> dict[tuple[int, int], int]:
    return {(cx, y): s.id for s in ISLAND.spaces for y, x0, x1 in _spans(scale, s.id) for cx in range(x0, x1)}


@lru_cache(maxsize=None)
def _land_cells(scale: Scale) -> frozenset[tuple[int, int]]:
    out = set()
    for s in ISLAND.spaces:
        r = scale.hex_region(s.id)
        out.update((x, y) for x in range(r.x, r.right) for y in range(r.y, r.bottom))
    return frozenset(out)


#: the scales the map can be drawn at, smallest first: 67x31 (fits 80x24
#: with scrolling, and 120x40 whole), 99x42, 131x53 (200x60)
SCALES = (Scale(4, 2), Scale(6, 2), Scale(8, 2))
SMALL = SCALES[0]


def choose_scale(width: int, height: int) -> Scale:
    """The biggest scale whose whole map fits ``width`` x ``height`` cells;
    the smallest (which then scrolls) when none does."""
    fits = [s for s in SCALES if s.width <= width and s.height <= height]
    return fits[-1] if fits else SMALL


# The smallest scale's geometry by its old names. The cursor's steps
# (:func:`step`) are reckoned on it whatever scale is drawn: every scale is
# the same honeycomb stretched, so the nearest hex is the same at all.
PITCH = SMALL.pitch
HALF = SMALL.half
LINES = SMALL.lines
WIDTH = SMALL.width
HEIGHT = SMALL.height


def origin(col: int, row: int) -> tuple[int, int]:
    """Map position (x of the left border, y of the slope line above) of a hex
    at the smallest scale."""
    return SMALL.origin(col, row)


def hex_region(space: int) -> Box:
    """The map region a space's hex covers at the smallest scale."""
    return SMALL.hex_region(space)


def centre_x(space: int) -> int:
    return SMALL.centre_x(space)


#: land spaces of each row, left to right
ROWS: list[list[int]] = [sorted((s.id for s in ISLAND.spaces if s.row == r), key=lambda i: ISLAND.spaces[i].col)
                         for r in range(ISLAND.rows)]
DIAGONALS = {"q": (-1, -1), "e": (1, -1), "z": (-1, 1), "c": (1, 1)}  # (side, row step)


def step(space: int, direction: str, goal_x: int | None = None) -> int | None:
    """The hex the cursor goes to from ``space`` by ``direction``, or None.

    left/right: the next land hex along the row (sea is skipped); up/down:
    the land hex of the nearest row above/below whose centre is closest to
    ``goal_x`` (the column the cursor keeps while going up and down, as in a
    text editor; ties go right going down and left going up, so up undoes
    down); q/e/z/c: the up-left, up-right, down-left, down-right neighbour.
    """
    s = ISLAND.spaces[space]
    if direction in ("left", "right"):
        row = ROWS[s.row]
        i = row.index(space) + (1 if direction == "right" else -1)
        return row[i] if 0 <= i < len(row) else None
    if direction in ("up", "down"):
        dr = -1 if direction == "up" else 1
        goal = centre_x(space) if goal_x is None else goal_x
        r = s.row + dr
        while 0 <= r < len(ROWS):
            if ROWS[r]:
                return min(ROWS[r], key=lambda i: (abs(centre_x(i) - goal), -centre_x(i) * dr))
            r += dr
        return None
    if direction in DIAGONALS:
        side, dr = DIAGONALS[direction]
        cx = centre_x(space)
        for col, row in hex_neighbours(s.col, s.row):
            n = ISLAND.at(col, row)
            if n is not None and row == s.row + dr and (centre_x(n.id) - cx) * side > 0:
                return n.id
        return None
    raise ValueError(f"unknown direction {direction!r}")


def space_at(x: int, y: int) -> int | None:
    """The land hex whose content box holds map position (x, y) at the
    smallest scale, or None."""
    return SMALL.space_at(x, y)


@dataclass
class HexCell:
    """What one land hex shows: two 3-column lines of (text, style) runs,
    ``top`` (number and kind letter) and ``bottom`` (three one-column marks:
    token, Moai or spent tile, a sign), and ``word``, the kind in a word for
    hexes big enough to print it (left out where it does not fit)."""

    top: list[tuple[str, Style]]
    bottom: list[tuple[str, Style]]
    #: extra highlight of the hex's borders and background: "legal",
    #: "choice", "hint", "last" (what the previous move changed), "recent"
    #: (the other players' earlier moves since your turn); the cursor is
    #: drawn on top by the map
    marks: set[str] = field(default_factory=set)
    word: list[tuple[str, Style]] = field(default_factory=list)


@dataclass
class Scene:
    """Everything the map draws, built by the board from a view at the map's
    scale (the labels' positions are that scale's)."""

    cells: dict[int, HexCell] = field(default_factory=dict)
    #: text written into the sea: (x, y, text, component class)
    labels: list[tuple[int, int, str, str]] = field(default_factory=list)
    #: the scale the labels were placed for
    scale: Scale = SMALL


def token_style(colour: str) -> Style:
    """A token: a bold letter on the player's colour, with a readable ink."""
    from rich.color import Color

    triplet = Color.parse(colour).get_truecolor()
    luma = 0.299 * triplet.red + 0.587 * triplet.green + 0.114 * triplet.blue
    return Style(bgcolor=colour, color="#000000" if luma > 125 else "#ffffff", bold=True)


StyleFor = Callable[[int], str]
