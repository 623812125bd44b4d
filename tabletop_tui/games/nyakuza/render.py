"""Nyakuza's island as one Line-API widget: a honeycomb of pointy-top hexes.

Geometry (odd-r offset coordinates, as in ``island.py``): every hex is drawn
4 columns apart with odd rows shifted 2 columns right, and 3 lines per row
of hexes -- one line of slopes shared with the row above, then two lines of
content between ``│`` borders::

     ╱ ╲ ╱ ╲ ╱ ╲
    │12f│P3 │13t│      space names (island.py): number + kind letter,
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
from typing import Callable, Iterable

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .island import ISLAND, KIND_LETTER, hex_neighbours
MOAI = "▲"
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
    def size(self) -> Size:
        return Size(self.width, self.height)

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """Map position (x of the left side, y of the top line) of a hex."""
        return self.x_shift + self.pitch * col + self.half * (row & 1), self.lines * row

    def hex_region(self, space: int) -> Region:
        """The map region a space's hex covers, borders included."""
        s = ISLAND.spaces[space]
        x, y = self.origin(s.col, s.row)
        return Region(x, y, self.pitch + 1, self.lines + self.slope)

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


def hex_region(space: int) -> Region:
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


class HexMap(ScrollView, can_focus=False):
    """The island. The board owns the keys (so the arrows are never taken by
    the scroll bindings) and picks the scale (:meth:`set_scale`); the map
    draws, scrolls to the cursor and reports clicks."""

    COMPONENT_CLASSES = {
        "hexmap--sea", "hexmap--edge", "hexmap--label", "hexmap--legal", "hexmap--legal-edge",
        "hexmap--choice", "hexmap--choice-edge", "hexmap--hint", "hexmap--cursor", "hexmap--cursor-edge",
        "hexmap--last-edge", "hexmap--recent-edge",
    }

    DEFAULT_CSS = """
    HexMap { scrollbar-size: 1 1; background: $surface; }
    HexMap > .hexmap--sea { color: #3f86c8; }
    HexMap > .hexmap--edge { color: $foreground 45%; }
    HexMap > .hexmap--label { color: $foreground; text-style: bold; }
    HexMap > .hexmap--legal { background: $success 30%; }
    HexMap > .hexmap--legal-edge { color: $success; }
    HexMap > .hexmap--choice { background: $warning 40%; }
    HexMap > .hexmap--choice-edge { color: $warning; text-style: bold; }
    HexMap > .hexmap--hint { background: $accent 30%; }
    HexMap > .hexmap--last-edge { color: $primary; text-style: bold reverse; }
    HexMap > .hexmap--recent-edge { color: $primary; text-style: bold; }
    HexMap > .hexmap--cursor { background: $accent; color: $foreground; text-style: bold; }
    HexMap > .hexmap--cursor-edge { color: $accent; text-style: bold; }
    HexMap:disabled > .hexmap--cursor { background: $surface; }
    """

    class Clicked(Message):
        """A hex was clicked."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scale: Scale = SMALL
        self.virtual_size = self.scale.size
        self.scene = Scene()
        self.cursor: int = ISLAND.coords.get((ISLAND.columns // 2, ISLAND.rows // 2), 0)
        self.show_cursor = True
        # The caches say what they were built for: the map's cells (without
        # the cursor) for (scale, scene), each strip for (scale, line).
        self._cells: list[list[tuple[str, Style]]] | None = None
        self._cells_key: tuple[Scale, int] | None = None
        #: the sea and the hexes' plain edges, for the scale in the key
        self._base: tuple[Scale, list[list[tuple[str, Style]]]] | None = None
        #: each hex's painting (the cells it writes, the cells the cursor
        #: leaves alone) for the key of what it shows, at ``self.scale``
        self._hexes: dict[int, tuple[tuple, list, set]] = {}
        self._strips: dict[tuple[Scale, int], Strip] = {}
        self._keep: set[tuple[int, int]] = set()  # cells (tokens) the cursor does not recolour
        self._style_cache: dict[tuple[str, bool], Style] = {}
        #: how many strips were built (tests and benchmarks look at it)
        self.strips_built = 0
        #: hexes kept in sight instead of the cursor (:meth:`show_spaces`)
        self._sight: tuple[tuple[int, ...], int] | None = None

    # -- what to draw --------------------------------------------------------------
    def set_scale(self, scale: Scale) -> bool:
        """Draw the hexes at ``scale`` from now on (the board then sends a
        scene placed for it); True when it changed."""
        if scale == self.scale:
            return False
        self.scale = scale
        self._strips.clear()
        self._cells = None
        self.virtual_size = scale.size
        self.refresh(layout=True)
        self.call_after_refresh(self.scroll_to_sight)
        return True

    def set_scene(self, scene: Scene) -> None:
        """Draw ``scene`` (a new view): the map's cells are rebuilt on demand,
        and only the lines whose cells changed are built again (a move
        changes a few hexes, not the sea)."""
        self.scene = scene
        self._cells_key = None
        self.refresh()

    def set_cursor(self, space: int, scroll: bool = True) -> None:
        """Put the cursor on ``space``; only the lines of the two hexes redraw."""
        old = self.cursor
        self.cursor = space
        self._sight = None
        for s in {old, space}:
            self._invalidate(self.scale.hex_region(s))
        if scroll:
            self.scroll_to_cursor()

    def cursor_region(self) -> Region:
        """The map region of the hex under the cursor, at the drawn scale."""
        return self.scale.hex_region(self.cursor)

    def scroll_to_cursor(self, animate: bool = False) -> None:
        self.scroll_to_region(self.cursor_region(), spacing=Spacing(1, 2, 1, 2), animate=animate,
                              immediate=True)

    def show_spaces(self, spaces: Iterable[int], newest: int) -> None:
        """Scroll the hexes of ``spaces`` into sight when they fit the window
        together, else ``newest`` (the other players' moves); they stay in
        sight through a resize until the cursor moves."""
        self._sight = (tuple(spaces), newest)
        self.scroll_to_sight()

    def scroll_to_sight(self) -> None:
        """Scroll to what :meth:`show_spaces` asked for, or to the cursor."""
        if self._sight is None:
            self.scroll_to_cursor()
            return
        spaces, newest = self._sight
        box = Region.from_union([self.scale.hex_region(s) for s in (*spaces, newest)])
        window = self.scrollable_content_region.size
        if box.width > window.width or box.height > window.height:
            box = self.scale.hex_region(newest)
        self.scroll_to_region(box, animate=False, immediate=True)

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_to_sight)

    def _invalidate(self, region: Region) -> None:
        for y in range(region.y, region.bottom):
            self._strips.pop((self.scale, y), None)
        self.refresh_lines(region.y, region.height)

    def notify_style_update(self) -> None:
        """A theme or CSS change: the cached strips hold old colours."""
        super().notify_style_update()
        self._style_cache.clear()
        self._cells = None
        self._base = None
        self._hexes = {}
        self._strips.clear()

    # -- Line API ----------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        width = self.size.width
        if not 0 <= line < self.scale.height:
            return Strip.blank(width, self._style("base"))
        self._grid()  # a new scene first drops the strips of the lines it changed
        key = (self.scale, line)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = self._build_strip(line)
        return strip.crop_extend(scroll_x, scroll_x + width, self._style("base"))

    def map_lines(self) -> list[str]:
        """The whole map as plain text, one string per line (for tests)."""
        return [self._build_strip(y).text for y in range(self.scale.height)]

    def _build_strip(self, y: int) -> Strip:
        self.strips_built += 1
        cells = self._grid()[y]
        if self.show_cursor and self.cursor is not None:
            r = self.scale.hex_region(self.cursor)
            if r.y <= y < r.bottom:
                cells = list(cells)
                self._paint_hex(cells, y, self.cursor, "cursor")
        segments = [Segment(ch, st) for ch, st in cells]
        return Strip(Segment.simplify(segments), self.scale.width).simplify()

    def _grid(self) -> list[list[tuple[str, Style]]]:
        key = (self.scale, id(self.scene))
        if self._cells is None or self._cells_key != key:
            old = self._cells if self._cells_key is None or self._cells_key[0] == self.scale else None
            self._cells = cells = self._build_grid()
            self._cells_key = key
            if old is None or len(old) != len(cells):
                self._strips.clear()
            else:
                for y, (was, now) in enumerate(zip(old, cells)):
                    if was != now:
                        self._strips.pop((self.scale, y), None)
        return self._cells

    def _style(self, name: str, partial: bool = False) -> Style:
        """The widget's style ("base") or a component's on top of it
        (``partial``: the component's alone), cached until the styles change."""
        key = (name, partial)
        style = self._style_cache.get(key)
        if style is None:
            if name == "base":
                style = self.rich_style
            elif partial:
                style = self.get_component_rich_style(name, partial=True)
            else:
                style = self._style("base") + self._style(name, True)
            self._style_cache[key] = style
        return style

    def _build_grid(self) -> list[list[tuple[str, Style]]]:
        scale = self.scale
        width, height = scale.width, scale.height
        if self._base is None or self._base[0] != scale:
            sea = self._style("hexmap--sea")
            base = [[("~" if (x + 2 * y) % 6 == 0 else " ", sea) for x in range(width)] for y in range(height)]
            for s in ISLAND.spaces:
                self._paint_edges(base, s.id, "hexmap--edge")
            self._base = (scale, base)
            self._hexes = {}
        grid = [list(row) for row in self._base[1]]
        keep: set[tuple[int, int]] = set()
        for s in ISLAND.spaces:
            writes, kept = self._hex_painting(s.id, self.scene.cells.get(s.id))
            for y, x, v in writes:
                grid[y][x] = v
            keep |= kept
        self._keep = keep
        if self.scene.scale == scale:  # labels placed for another scale wait for their scene
            land = scale.land()
            for x, y, text, cls in self.scene.labels:
                style = self._style(cls or "hexmap--label")
                if not 0 <= y < height:
                    continue
                for i in range(-1, len(text) + 1):  # a calm strip of sea round the words
                    if 0 <= x + i < width and (x + i, y) not in land:
                        grid[y][x + i] = (text[i] if 0 <= i < len(text) else " ", style)
        return grid

    def _hex_painting(self, space: int, cell: HexCell | None) -> tuple[list, set]:
        """The cells hex ``space`` writes over the sea and edges (its marked
        edges, its content) as (y, x, cell), in order, and the cells the
        cursor keeps: painted again only when what the hex shows changed."""
        key = (None if cell is None else
               (tuple(cell.top), tuple(cell.bottom), tuple(cell.word), frozenset(cell.marks)))
        hit = self._hexes.get(space)
        if hit is not None and hit[0] == key:
            return hit[1], hit[2]
        rec = _Recorder()
        outer, self._keep = self._keep, set()
        try:
            if cell is not None:
                for mark in ("recent", "last", "legal", "choice", "hint"):
                    if mark in cell.marks:
                        self._paint_edges(rec, space, f"hexmap--{mark}-edge" if mark != "hint" else "hexmap--edge")
            self._paint_content(rec, space, cell)
            kept = self._keep
        finally:
            self._keep = outer
        self._hexes[space] = (key, rec.writes, kept)
        return rec.writes, kept

    def _paint_edges(self, grid: list[list[tuple[str, Style]]], space: int, cls: str) -> None:
        style = self._style(cls)
        for x, y, ch in self.scale.edge_cells(space):
            grid[y][x] = (ch, style)

    def _paint_content(self, grid: list[list[tuple[str, Style]]], space: int, cell: HexCell | None) -> None:
        scale = self.scale
        s = ISLAND.spaces[space]
        x, y = scale.origin(s.col, s.row)
        base = self._style("base")
        bg = Style()
        if cell is not None:
            for mark in ("legal", "hint", "choice"):
                if mark in cell.marks:
                    bg = self._style(f"hexmap--{mark}", True)
        for ly, x0, x1 in scale.spans(space):
            for cx in range(x0, x1):
                grid[ly][cx] = (" ", base + bg)
        if cell is None:
            return
        spans = {ly: (x0, x1) for ly, x0, x1 in scale.spans(space)}
        where = scale.text_lines()

        def put(cx: int, ly: int, ch: str, st: Style) -> None:
            x0, x1 = spans[ly]
            if x0 <= cx < x1:
                grid[ly][cx] = (ch, base + bg + st)
                if st.bgcolor is not None:  # a token keeps its colour under the cursor
                    self._keep.add((cx, ly))

        def centred(ly: int, runs: list[tuple[str, Style]]) -> None:
            x0, x1 = spans[ly]
            length = sum(len(text) for text, _ in runs)
            if length > x1 - x0:
                return  # a word that does not fit is left out, never cut
            cx = x0 + (x1 - x0 - length) // 2
            for text, st in runs:
                for ch in text:
                    put(cx, ly, ch, st)
                    cx += 1

        centred(y + where["top"], cell.top)
        if "word" in where and cell.word:
            centred(y + where["word"], cell.word)
        ly = y + where["bottom"]
        x0, x1 = spans[ly]
        gap = scale.gap
        cx = x0 + (x1 - x0 - (3 + gap)) // 2
        # three one-column marks: the token and its Moai together ("R▲", as
        # the legend has it), the sign ``gap`` further on
        for i, (text, st) in enumerate(cell.bottom):
            if i == 2:
                cx += gap
            for ch in text:
                put(cx, ly, ch, st)
                cx += 1

    def _paint_hex(self, cells: list[tuple[str, Style]], y: int, space: int, what: str) -> None:
        """Overlay the cursor on one line of the map."""
        edge = self._style(f"hexmap--{what}-edge", True)
        for ex, ey, ch in self.scale.edge_cells(space):
            if ey == y:  # heavy sides: the cursor shows without colour too
                cells[ex] = ("┃" if ch == "│" else ch, cells[ex][1] + edge)
        fill = self._style(f"hexmap--{what}", True)
        for ly, x0, x1 in self.scale.spans(space):
            if ly == y:
                for cx in range(x0, x1):
                    ch, st = cells[cx]
                    # a token keeps its own colours, so the player still sees whose it is
                    cells[cx] = (ch, st if (cx, y) in self._keep else st + fill)

    # -- mouse ------------------------------------------------------------------------
    def on_click(self, event: Click) -> None:
        sx, sy = self.scroll_offset
        space = self.scale.space_at(event.x + sx, event.y + sy)
        if space is not None:
            event.stop()
            self.post_message(self.Clicked(space))


class _Recorder:
    """Stands for the map's grid while one hex is painted: ``rec[y][x] = cell``
    is recorded as (y, x, cell), in order, to be replayed on the grid."""

    def __init__(self) -> None:
        self.writes: list[tuple[int, int, tuple[str, Style]]] = []

    def __getitem__(self, y: int) -> "_RecordedRow":
        return _RecordedRow(self.writes, y)


class _RecordedRow:
    __slots__ = ("writes", "y")

    def __init__(self, writes: list, y: int) -> None:
        self.writes, self.y = writes, y

    def __setitem__(self, x: int, value: tuple[str, Style]) -> None:
        self.writes.append((self.y, x, value))


def token_style(colour: str) -> Style:
    """A token: a bold letter on the player's colour, with a readable ink."""
    from rich.color import Color

    triplet = Color.parse(colour).get_truecolor()
    luma = 0.299 * triplet.red + 0.587 * triplet.green + 0.114 * triplet.blue
    return Style(bgcolor=colour, color="#000000" if luma > 125 else "#ffffff", bold=True)


StyleFor = Callable[[int], str]
