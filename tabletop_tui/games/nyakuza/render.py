"""Nyakuza's island as one Line-API widget: a honeycomb of pointy-top hexes.

Geometry (odd-r offset coordinates, as in ``island.py``): every hex is drawn
4 columns apart with odd rows shifted 2 columns right, and 3 lines per row
of hexes -- one line of slopes shared with the row above, then two lines of
content between ``│`` borders::

     ╱ ╲ ╱ ╲ ╱ ╲
    │12f│~Y~│13t│      number + kind letter, palm, Orongo ...
    │R▲ │ + │   │      token (letter in its colour), Moai ▲ / spent $, marks
     ╲ ╱ ╲ ╱ ╲ ╱ ╲
      │14q│ y │   │

Sea hexes get no borders, only a sprinkle of ``~``. The whole map is turned
into cells once per view (:meth:`HexMap.set_scene`); strips are built per line
on demand and cached, so a cursor move rebuilds only the few lines of the old
and the new cursor hex. Nothing here decides what is legal: the board passes
the spaces to highlight (from the model's legal actions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .island import ISLAND, hex_neighbours

PITCH = 4  # columns from one hex to the next in a row
HALF = PITCH // 2  # odd rows are shifted this far right
LINES = 3  # lines per row of hexes (slope line + 2 content lines)
MARGIN = 1  # sea columns left and right of the land

KIND_LETTER = {"quarry": "q", "food": "f", "temple": "t", "god": "g", "birdman": "b", "nest": "n"}
MOAI = "▲"
SHELL = "$"

_LAND_X = [HALF * (s.row & 1) + PITCH * s.col for s in ISLAND.spaces]
_X_SHIFT = MARGIN - min(_LAND_X)
WIDTH = max(_LAND_X) + PITCH + 1 - min(_LAND_X) + 2 * MARGIN
HEIGHT = LINES * ISLAND.rows + 1


def origin(col: int, row: int) -> tuple[int, int]:
    """Map position (x of the left border, y of the slope line above) of a hex."""
    return _X_SHIFT + PITCH * col + HALF * (row & 1), LINES * row


def hex_region(space: int) -> Region:
    """The map region a space's hex covers, borders included."""
    s = ISLAND.spaces[space]
    x, y = origin(s.col, s.row)
    return Region(x, y, PITCH + 1, LINES + 1)


def centre_x(space: int) -> int:
    s = ISLAND.spaces[space]
    return origin(s.col, s.row)[0] + HALF


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


def _land_cells() -> frozenset[tuple[int, int]]:
    """Every map position a land hex draws on (borders included)."""
    out = set()
    for s in ISLAND.spaces:
        r = hex_region(s.id)
        out.update((x, y) for x in range(r.x, r.right) for y in range(r.y, r.bottom))
    return frozenset(out)


def space_at(x: int, y: int) -> int | None:
    """The land hex whose content box holds map position (x, y), or None."""
    for s in ISLAND.spaces:
        ox, oy = origin(s.col, s.row)
        if ox < x < ox + PITCH and oy < y < oy + LINES:
            return s.id
    return None


@dataclass
class HexCell:
    """What one land hex shows: two 3-column lines of (text, style) runs."""

    top: list[tuple[str, Style]]
    bottom: list[tuple[str, Style]]
    #: extra highlight of the hex's borders and background: "legal",
    #: "choice", "hint", "last" (what the previous move changed; the cursor is
    #: drawn on top by the map)
    marks: set[str] = field(default_factory=set)


@dataclass
class Scene:
    """Everything the map draws, built by the board from a view."""

    cells: dict[int, HexCell] = field(default_factory=dict)
    #: text written into the sea: (x, y, text, component class)
    labels: list[tuple[int, int, str, str]] = field(default_factory=list)


class HexMap(ScrollView, can_focus=False):
    """The island. The board owns the keys (so the arrows are never taken by
    the scroll bindings); the map draws, scrolls to the cursor and reports
    clicks."""

    COMPONENT_CLASSES = {
        "hexmap--sea", "hexmap--edge", "hexmap--label", "hexmap--legal", "hexmap--legal-edge",
        "hexmap--choice", "hexmap--choice-edge", "hexmap--hint", "hexmap--cursor", "hexmap--cursor-edge",
        "hexmap--last-edge",
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
        self.virtual_size = Size(WIDTH, HEIGHT)
        self.scene = Scene()
        self.cursor: int = ISLAND.coords.get((ISLAND.columns // 2, ISLAND.rows // 2), 0)
        self.show_cursor = True
        self._cells: list[list[tuple[str, Style]]] | None = None  # the map without the cursor
        self._strips: dict[int, Strip] = {}
        self._keep: set[tuple[int, int]] = set()
        self._style_cache: dict[tuple[str, bool], Style] = {}  # cells (tokens) the cursor does not recolour
        #: how many strips were built (tests and benchmarks look at it)
        self.strips_built = 0
        self._land = _land_cells()

    # -- what to draw --------------------------------------------------------------
    def set_scene(self, scene: Scene) -> None:
        """Draw ``scene`` (a new view): everything is rebuilt on demand."""
        self.scene = scene
        self._cells = None
        self._strips.clear()
        self.refresh()

    def set_cursor(self, space: int, scroll: bool = True) -> None:
        """Put the cursor on ``space``; only the lines of the two hexes redraw."""
        old = self.cursor
        self.cursor = space
        for s in {old, space}:
            self._invalidate(hex_region(s))
        if scroll:
            self.scroll_to_cursor()

    def scroll_to_cursor(self, animate: bool = False) -> None:
        self.scroll_to_region(hex_region(self.cursor), spacing=Spacing(1, 2, 1, 2), animate=animate,
                              immediate=True)

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_to_cursor)

    def _invalidate(self, region: Region) -> None:
        for y in range(region.y, region.bottom):
            self._strips.pop(y, None)
        self.refresh_lines(region.y, region.height)

    def notify_style_update(self) -> None:
        """A theme or CSS change: the cached strips hold old colours."""
        super().notify_style_update()
        self._style_cache.clear()
        self._cells = None
        self._strips.clear()

    # -- Line API ----------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        width = self.size.width
        if not 0 <= line < HEIGHT:
            return Strip.blank(width, self._style("base"))
        strip = self._strips.get(line)
        if strip is None:
            strip = self._strips[line] = self._build_strip(line)
        return strip.crop_extend(scroll_x, scroll_x + width, self._style("base"))

    def map_lines(self) -> list[str]:
        """The whole map as plain text, one string per line (for tests)."""
        return [self._build_strip(y).text for y in range(HEIGHT)]

    def _build_strip(self, y: int) -> Strip:
        self.strips_built += 1
        cells = self._grid()[y]
        if self.show_cursor and self.cursor is not None:
            r = hex_region(self.cursor)
            if r.y <= y < r.bottom:
                cells = list(cells)
                self._paint_hex(cells, y, self.cursor, "cursor")
        segments = [Segment(ch, st) for ch, st in cells]
        return Strip(Segment.simplify(segments), WIDTH).simplify()

    def _grid(self) -> list[list[tuple[str, Style]]]:
        if self._cells is None:
            self._cells = self._build_grid()
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
        base = self._style("base")
        sea = self._style("hexmap--sea")
        grid = [[("~" if (x + 2 * y) % 6 == 0 else " ", sea) for x in range(WIDTH)] for y in range(HEIGHT)]
        self._keep = set()
        for s in ISLAND.spaces:
            self._paint_edges(grid, s.id, "hexmap--edge")
        for s in ISLAND.spaces:
            cell = self.scene.cells.get(s.id)
            if cell is not None:
                for mark in ("last", "legal", "choice", "hint"):
                    if mark in cell.marks:
                        self._paint_edges(grid, s.id, f"hexmap--{mark}-edge" if mark != "hint" else "hexmap--edge")
            self._paint_content(grid, s.id, cell)
        for x, y, text, cls in self.scene.labels:
            style = self._style(cls or "hexmap--label")
            if not 0 <= y < HEIGHT:
                continue
            for i in range(-1, len(text) + 1):  # a calm strip of sea round the words
                if 0 <= x + i < WIDTH and (x + i, y) not in self._land:
                    grid[y][x + i] = (text[i] if 0 <= i < len(text) else " ", style)
        return grid

    def _edge_cells(self, space: int) -> Iterable[tuple[int, int, str]]:
        s = ISLAND.spaces[space]
        x, y = origin(s.col, s.row)
        yield x + 1, y, "╱"
        yield x + 3, y, "╲"
        for dy in (1, 2):
            yield x, y + dy, "│"
            yield x + PITCH, y + dy, "│"
        yield x + 1, y + LINES, "╲"
        yield x + 3, y + LINES, "╱"

    def _paint_edges(self, grid: list[list[tuple[str, Style]]], space: int, cls: str) -> None:
        style = self._style(cls)
        for x, y, ch in self._edge_cells(space):
            grid[y][x] = (ch, style)

    def _paint_content(self, grid: list[list[tuple[str, Style]]], space: int, cell: HexCell | None) -> None:
        s = ISLAND.spaces[space]
        x, y = origin(s.col, s.row)
        base = self._style("base")
        bg = Style()
        if cell is not None:
            for mark in ("legal", "hint", "choice"):
                if mark in cell.marks:
                    bg = self._style(f"hexmap--{mark}", True)
        for dy, runs in ((1, cell.top if cell else []), (2, cell.bottom if cell else [])):
            cx = x + 1
            for text, st in runs:
                for ch in text:
                    if cx < x + PITCH:
                        grid[y + dy][cx] = (ch, base + bg + st)
                        if st.bgcolor is not None:  # a token keeps its colour under the cursor
                            self._keep.add((cx, y + dy))
                        cx += 1
            while cx < x + PITCH:
                grid[y + dy][cx] = (" ", base + bg)
                cx += 1

    def _paint_hex(self, cells: list[tuple[str, Style]], y: int, space: int, what: str) -> None:
        """Overlay the cursor on one line of the map."""
        edge = self._style(f"hexmap--{what}-edge", True)
        for ex, ey, ch in self._edge_cells(space):
            if ey == y:  # heavy sides: the cursor shows without colour too
                cells[ex] = ("┃" if ch == "│" else ch, cells[ex][1] + edge)
        s = ISLAND.spaces[space]
        x, oy = origin(s.col, s.row)
        if oy < y < oy + LINES:
            fill = self._style(f"hexmap--{what}", True)
            for cx in range(x + 1, x + PITCH):
                ch, st = cells[cx]
                # a token keeps its own colours, so the player still sees whose it is
                cells[cx] = (ch, st if (cx, y) in self._keep else st + fill)

    # -- mouse ------------------------------------------------------------------------
    def on_click(self, event: Click) -> None:
        sx, sy = self.scroll_offset
        space = space_at(event.x + sx, event.y + sy)
        if space is not None:
            event.stop()
            self.post_message(self.Clicked(space))


def token_style(colour: str) -> Style:
    """A token: a bold letter on the player's colour, with a readable ink."""
    from rich.color import Color

    triplet = Color.parse(colour).get_truecolor()
    luma = 0.299 * triplet.red + 0.587 * triplet.green + 0.114 * triplet.blue
    return Style(bgcolor=colour, color="#000000" if luma > 125 else "#ffffff", bold=True)


StyleFor = Callable[[int], str]
