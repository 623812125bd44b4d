"""Nyakuza's board: the island as a hex map, a bid box, the Moai choices.

Keys (the board has the keyboard; the map itself never takes focus):

- arrows: ←/→ along a row, ↑/↓ to the nearest hex of the row above/below;
  q e z c step to the up-left, up-right, down-left, down-right neighbour.
- Enter: put a token on the hex under the cursor (phase "place"), hand in
  the bid (phase "bid"), erect the highlighted Moai (phase "erect").
- bidding: 0-9 type the amount, + - (and ↑ ↓) change it, Backspace erases.
- t lays the secret tile (variant), p keeps it for later / gives up tokens
  that fit nowhere.

The board never decides what is legal: it highlights the spaces of the legal
actions the table sent (``self.legal``; a tutorial sends only its step's) and
hands anything the player asks for to the model, which refuses with its own
sentence.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Click, Resize
from textual.geometry import Region, Size, Spacing
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.ui.board_kit import CursorBoard, Tappable, TextPanel
from tabletop_tui.ui.summary import wrap_parts

from .render import (KIND_LETTER, MOAI, SHELL, HexCell, Scale, Scene, SMALL, centre_x, choose_scale, step,
                     token_style)
from .data import ISLAND, ORONGO_NAME
from .recap import Recap, recap_text
from .actions import Bid, Erect, Pass, Place, PlaySecret
from .view import NyakuzaView, SpaceView

#: the seats' colours (Red, Blue, Yellow, Green): mid tones that read on a
#: dark and on a light background; on the map a token is its letter on this colour
SEAT_COLOURS = ["#d9473f", "#3b7fd9", "#b8860b", "#2f9e4f"]
PALM_STYLE = Style(color="#3f9e3f", bold=True)
SEA_STYLE = Style(color="#3f86c8")
SHELL_STYLE = Style(color="#c47a1e", bold=True)
ORONGO_STYLE = Style(color="#b455c8", bold=True)
CLOSED_STYLE = Style(dim=True)
PALM_NUMBER_STYLE = Style(color="#3f9e3f")
NEW_STYLE = Style(bold=True, underline=True)
MARK_STYLE = Style(bold=True)

DIRECTIONS = ("up", "down", "left", "right", "q", "e", "z", "c")


def short_option(palm: int, tiles: list[int]) -> str:
    """"P12: 37t+12d" for the Moai choices list (the spaces' names)."""
    return f"{ISLAND.spaces[palm].name}: " + "+".join(ISLAND.spaces[t].name for t in tiles)


class HexMap(Tappable, ScrollView, can_focus=False):
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

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scale: Scale = SMALL
        self.virtual_size = Size(*self.scale.size)
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
        self.virtual_size = Size(*scale.size)
        self.refresh(layout=True)
        self.call_after_refresh(self.scroll_to_sight)
        return True

    def set_scene(self, scene: Scene) -> None:
        """Draw ``scene`` (a new view): the map's cells are rebuilt now, and
        only the lines whose cells changed are built and repainted again (a
        move changes a few hexes, not the sea)."""
        self.scene = scene
        self._cells_key = None
        if self._cells is None or not self.is_mounted:
            self.refresh()  # drawn whole, when first rendered
            return
        old = self._cells
        cells = self._grid()  # built now, to repaint only the lines it changed
        if len(old) != len(cells) or self._cells_key[0] != self.scale:
            self.refresh()
            return
        for y, (was, now) in enumerate(zip(old, cells)):
            if was != now:
                self.refresh_lines(y)

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
        return Region(*self.scale.hex_region(self.cursor))

    def scroll_to_cursor(self, animate: bool = False) -> None:
        self.scroll_to_region(self.cursor_region(), spacing=Spacing(1, 2, 1, 2), animate=animate,
                              immediate=True)

    def show_spaces(self, spaces: Iterable[int], newest: int | None, with_cursor: bool = False) -> None:
        """Scroll the hexes of ``spaces`` into sight when they fit the window
        together, else ``newest`` (the other players' moves); ``with_cursor``
        (your turn): the cursor always, with them or with ``newest`` when
        they fit together. They stay in sight through a resize until the
        cursor moves."""
        self._sight = (tuple(spaces), newest, with_cursor)
        self.scroll_to_sight()

    def scroll_to_sight(self) -> None:
        """Scroll to what :meth:`show_spaces` asked for, or to the cursor."""
        if self._sight is None:
            self.scroll_to_cursor()
            return
        spaces, newest, with_cursor = self._sight
        window = self.scrollable_content_region.size
        tries = [(*spaces, newest), (newest,)] if newest is not None else []
        if with_cursor:
            tries = [(*t, self.cursor) for t in tries] + [(self.cursor,)]
        for hexes in tries:
            box = Region.from_union([Region(*self.scale.hex_region(s)) for s in hexes])
            if (box.width <= window.width and box.height <= window.height) or hexes is tries[-1]:
                if hexes == (self.cursor,):
                    self.scroll_to_cursor()
                else:
                    self.scroll_to_region(box, animate=False, immediate=True)
                return
        self.scroll_to_cursor()

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
    def tap_at(self, event: Click) -> str | None:
        """The land hex under the click, as ``hex:<space>``."""
        sx, sy = self.scroll_offset
        space = self.scale.space_at(event.x + sx, event.y + sy)
        return None if space is None else f"hex:{space}"


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


class MoaiChoices(OptionList):
    """Where a Moai may go: its footer shows Enter (the list's own Enter is hidden)."""

    BINDINGS = [Binding("enter", "select", "Raise Moai")]


class NyakuzaBoard(CursorBoard, can_focus=True):
    """The Nyakuza board: the board kit's cursor, on the island map's hexes
    (a click points at a hex, a second click on it places)."""

    CLICK = "point"

    cursor_fields = ("bid", "_bid_fresh", "_goal_x")

    def cursor_state(self) -> dict:
        """The cursors, with the island map's."""
        return {**super().cursor_state(), "map": self.map.cursor}

    def restore_cursor(self, state: dict) -> None:
        state = dict(state)
        space = state.pop("map", None)
        if space is not None:
            self.map.set_cursor(space)
        super().restore_cursor(state)

    #: the info/bid/legend column beside the island (wide), and the most
    #: lines the panel under it takes (narrow): as in the CSS below
    PANEL_WIDTH = 17
    PANEL_LINES = 8

    SEAT_STYLES = SEAT_COLOURS

    SCOPED_CSS = False  # the narrow rules start at the screen's "-narrow" class
    DEFAULT_CSS = """
    NyakuzaBoard { layout: horizontal; height: 100%; align: center middle; }
    NyakuzaBoard #ny-mapbox { width: 1fr; height: auto; max-height: 100%; align-horizontal: center; }
    NyakuzaBoard #ny-map { width: auto; max-width: 100%; height: auto; max-height: 100%; }
    NyakuzaBoard #ny-panel { width: 17; height: auto; max-height: 100%; padding: 0 0 0 1; }
    NyakuzaBoard #ny-info { height: auto; }
    NyakuzaBoard #ny-bid {
        height: auto; display: none; border: round $accent; padding: 0 1; margin-top: 1;
    }
    NyakuzaBoard #ny-bid.-on { display: block; }
    NyakuzaBoard #ny-erect { height: auto; max-height: 8; display: none; margin-top: 1; }
    NyakuzaBoard #ny-erect.-on { display: block; }
    NyakuzaBoard #ny-legend { height: auto; margin-top: 1; color: $text-muted; }
    /* Wide: the island centred (67x31, or bigger hexes when there is room:
       see _fit_map), an info/bid/legend column (PANEL_WIDTH) to its right.
       Narrow (below 100 columns): the island takes the board's full width and
       scrolls to the cursor; the info, bid box and Moai choices go underneath,
       without the legend (it is in the rules page, press ?). */
    .-narrow NyakuzaBoard {
        layout: vertical;
    }
    .-narrow NyakuzaBoard #ny-mapbox {
        width: 100%;
        height: 1fr;
    }
    .-narrow NyakuzaBoard #ny-panel {
        width: 100%;
        height: auto;
        max-height: 8;
        padding: 0 1;
        border-top: solid $primary-darken-2;
    }
    /* the info keeps three rows (the round, your shells or your bid, the
       moves since your turn): a move that adds or drops a line repaints the
       panel and lays nothing out (a panel of another height would lay the
       screen out and draw the map under it again) */
    .-narrow NyakuzaBoard #ny-info {
        min-height: 3;
    }
    .-narrow NyakuzaBoard #ny-legend {
        display: none;
    }
    .-narrow NyakuzaBoard #ny-bid {
        margin-top: 0;
        border: none;
        padding: 0;
    }
    .-narrow NyakuzaBoard #ny-erect {
        margin-top: 0;
        max-height: 4;
        border: none;
    }
    """

    BINDINGS = [
        Binding("left", "cursor('left')", "Move", key_display="←↑↓→"),
        Binding("right", "cursor('right')", "Move", show=False),
        Binding("up", "cursor('up')", "Up", show=False),
        Binding("down", "cursor('down')", "Down", show=False),
        Binding("q", "cursor('q')", "Up-left", show=False),
        Binding("e", "cursor('e')", "Up-right", show=False),
        Binding("z", "cursor('z')", "Down-left", show=False),
        Binding("c", "cursor('c')", "Down-right", show=False),
        Binding("enter", "select", "Place/bid"),
        Binding("plus,equals_sign", "bid_step(1)", "Bid +", show=False),
        Binding("minus,underscore", "bid_step(-1)", "Bid -", show=False),
        Binding("backspace", "bid_erase", "Erase", show=False),
        *[Binding(str(d), f"bid_digit({d})", str(d), show=False) for d in range(10)],
        Binding("t", "secret", "Secret tile"),
        Binding("p", "pass", "Pass/keep"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: the bid being typed; ``_bid_fresh``: the next digit starts a new number
        self.bid = 0
        self._bid_fresh = True
        self._bid_key: tuple | None = None
        #: the column the cursor keeps going up and down
        self._goal_x: int | None = None
        self._options_key: tuple | None = None
        self._legend_secret = False
        self._was_narrow: bool | None = None
        #: the other players' moves since each seat's last turn
        self.recap = Recap()
        #: (seat, whether it was to act) at the last update: a turn begins when that changes
        self._was_acting: tuple[int | None, bool] = (None, False)

    def compose(self) -> ComposeResult:
        with Vertical(id="ny-mapbox"):
            yield HexMap(id="ny-map")
        with Vertical(id="ny-panel"):
            yield TextPanel(id="ny-info")
            yield TextPanel(id="ny-bid")
            yield MoaiChoices(id="ny-erect")
            yield Static(self._legend(), id="ny-legend")

    # -- helpers ------------------------------------------------------------------
    @property
    def nview(self) -> NyakuzaView | None:
        return self.view

    @property
    def map(self) -> HexMap:
        return self.query_one(HexMap)

    @property
    def cursor(self) -> int:
        return self.map.cursor

    def _phase(self) -> str:
        return self.view.phase if self.view is not None else "none"

    def _acting(self) -> bool:
        v = self.view
        return v is not None and self.seat is not None and self.seat in v.to_act

    def _me(self):
        v = self.view
        if v is None or self.seat is None or not 0 <= self.seat < len(v.seats):
            return None
        return v.seats[self.seat]

    def _who(self, seat: int) -> str:
        return self.names[seat]

    def _narrow(self) -> bool:
        return self.app.size.width < 100

    def _max_bid(self) -> int:
        """The most the seat may bid: all its shells (from its view, not the
        legal list, which a tutorial cuts down to its step's bid)."""
        me = self._me()
        if me is not None and me.shells is not None:
            return me.shells
        bids = [a.shells for a in self.legal if isinstance(a, Bid)]
        return max(bids) if bids else 0

    def _pass_legal(self) -> bool:
        return any(isinstance(a, Pass) for a in self.legal)

    def _secret_legal(self) -> bool:
        return any(isinstance(a, PlaySecret) for a in self.legal)

    def _highlighted_option(self):
        v = self.view
        if v is None or not v.erection_options:
            return None
        ol = self.query_one("#ny-erect", OptionList)
        i = ol.highlighted if ol.highlighted is not None else 0
        return v.erection_options[min(i, len(v.erection_options) - 1)]

    # -- Board contract ---------------------------------------------------------------
    def show(self, update) -> None:
        # a new bidder (or a new round) starts from an empty bid box, so
        # nothing of the last player's typing stays on screen
        view = update.view if update is not None else None
        key = (update.seat if update is not None else None, view.round if view is not None else None,
               view.phase if view is not None else None)
        if key != self._bid_key:
            self._bid_key = key
            self.bid, self._bid_fresh = 0, True
        fresh = []
        turn = False
        if view is not None:
            mover = update.last.seat if update.last is not None else None
            fresh = self.recap.update(update.seat, view, mover)
            acting = (update.seat, update.seat is not None and update.seat in view.to_act)
            turn = acting[1] and acting != self._was_acting  # this seat's turn begins
            self._was_acting = acting
        super().show(update)
        if fresh or turn:
            self.call_after_refresh(self._follow, fresh[-1].space if fresh else None)

    def _follow(self, newest: int | None) -> None:
        """Bring the other players' moves into sight on a map that scrolls:
        the last move of every seat since your turn when they fit together
        in the map's window, else the newest. While they play the cursor
        stays where it was (an arrow key scrolls back to it); when your turn
        comes the map shows your cursor again, with their moves only when
        they fit beside it (the line under the map names them all)."""
        if self.view is None:
            return
        latest: dict[int, int] = {}
        for m in self.recap.moves(self.seat):
            latest[m.seat] = m.space
        if newest is None and latest:
            newest = list(latest.values())[-1]
        self.map.show_spaces(latest.values(), newest, with_cursor=self._acting())

    def prompt(self) -> str:
        v = self.view
        if v is None or not self._acting():
            return ""
        ph = v.phase
        if ph == "bid":
            return f"Your secret bid: type 0-{self._max_bid()} (or ↑↓ + -), Enter hands it in."
        if ph == "place":
            me = self._me()
            left = next((p.tokens for p in v.placing if p.seat == self.seat), 0)
            secret = " t lays your secret tile." if self._secret_legal() else ""
            if not any(sv.placeable for sv in v.spaces):  # the view's, not a tutorial's cut-down list
                return "No space fits your tokens: t lays your secret tile, p gives the tokens up."
            tok = "a token" if left == 1 else f"{left} tokens, one at a time"
            return f"Place {tok}: arrows to a + space, Enter.{secret}" if me else ""
        if ph == "erect":
            return "Raise your Moai: ↑↓ picks a way (lit on the map), Enter erects it."
        if ph == "secret":
            return "t lays your secret tile with an extra token; p keeps it for later."
        return ""

    def seat_summary(self, seat: int) -> str:
        v = self.view
        if v is None or not 0 <= seat < len(v.seats):
            return ""
        p = v.seats[seat]
        if self._narrow():  # one line a player, so four players and the log fit at 80x24
            parts = [f"Moai {p.moai_left}"]
            if p.to_place:
                parts.append(f"{p.to_place} to place")
            elif v.phase == "bid" and p.has_bid:
                parts.append("has bid")
            elif p.last_bid is not None:  # "last": while the new bids are made
                parts.append(f"{'last ' if v.phase == 'bid' else ''}bid {p.last_bid}→{p.last_tokens}")
            if p.amulet:
                parts.append("◆")
            if p.winner:
                parts.append("WINNER")
            line = " · ".join(parts)
            if len(line) > self.summary_width:  # one line, so the players panel keeps its height
                line = line.replace("last bid", "bid")
            return line
        parts = [f"Moai {p.moai_left} left", f"{p.supply} tokens"]
        if p.on_board:
            parts.append(f"{p.on_board} on the island")
        if p.to_place:
            parts.append(f"{p.to_place} to place")
        if v.phase == "bid" and p.has_bid:
            parts.append("has bid")
        elif p.last_bid is not None:
            last = "last round's " if v.phase == "bid" else ""
            parts.append(f"{last}bid {p.last_bid} → {p.last_tokens} token{'s' if p.last_tokens != 1 else ''}")
        if p.amulet:
            parts.append("◆ amulet")
        if p.shells is not None:
            parts.append(f"{p.shells} shells")
        if p.has_secret_tile:
            parts.append("secret tile")
        if p.winner:
            parts.append("WINNER")
        # as wide as the players panel, less its frame and indent
        return wrap_parts(parts, self.summary_width)

    def show_hint(self, action) -> str | None:
        """Light the hint and make it the current choice (Enter then takes
        it), and say so: the player sees what moved."""
        v = self.view
        note = None
        if isinstance(action, Place):
            self._goal_x = None
            self.map.set_cursor(action.space)
            note = "the cursor is on it: Enter places"
        elif isinstance(action, Bid) and v is not None and v.phase == "bid":
            self.bid, self._bid_fresh = action.shells, True
            note = "it is in your bid box: Enter hands it in"
        elif isinstance(action, Erect) and v is not None:
            ways = [(o.palm, tuple(o.tiles)) for o in v.erection_options]
            if (action.palm, tuple(action.tiles)) in ways:
                ol = self.query_one("#ny-erect", OptionList)
                index = ways.index((action.palm, tuple(action.tiles)))
                if ol.highlighted == index:
                    note = "selected in the Moai list: Enter erects it"
                self.hint = action  # the highlight's own sentence then says it is the hint
                ol.highlighted = index
        super().show_hint(action)
        return note

    def focus_board(self) -> None:
        if self._phase() == "erect" and self._acting():
            self.give_focus(self.query_one("#ny-erect", OptionList))
        else:
            self.give_focus(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "secret":  # the model says why when it cannot be laid now
            return True if self.view is not None and self.view.secret_variant else False
        if action == "pass":
            return True if self._pass_legal() else False
        if action == "select":  # Enter is shown only to the player who must act
            return True if self._acting() else False
        return True

    # -- drawing ------------------------------------------------------------------------
    def update_board(self) -> None:
        if not self.is_mounted:
            return
        v = self.view
        hexmap = self.map
        hexmap.show_cursor = v is not None
        hexmap.set_scene(self._scene())
        self._update_panel()
        self.refresh_footer()

    def _scene(self) -> Scene:
        v = self.view
        scale = self.map.scale
        scene = Scene(scale=scale)
        if v is None:  # behind the hand-off: only the sea
            return scene
        choice: set[int] = set()
        opt = self._highlighted_option() if v.phase == "erect" else None
        if opt is not None:
            choice = {opt.palm, *opt.tiles}
        hint: set[int] = set()
        if isinstance(self.hint, Place):
            hint = {self.hint.space}
        elif isinstance(self.hint, Erect):
            hint = {self.hint.palm, *self.hint.tiles}
        legal = {a.space for a in self.legal if isinstance(a, Place)}
        last_move = self.last.action if self.last is not None else None
        last: set[int] = set()  # what the last move changed
        if isinstance(last_move, Place):
            last = {last_move.space}
        elif isinstance(last_move, Erect):
            last = {last_move.palm, *last_move.tiles}
        recent = {m.space for m in self.recap.moves(self.seat)} - last  # the others' moves since your turn
        for sv in v.spaces:
            cell = self._cell(v, sv, sv.id in legal)
            if sv.id in legal:
                cell.marks.add("legal")
            if sv.id in choice:
                cell.marks.add("choice")
            if sv.id in hint:
                cell.marks.add("hint")
            if sv.id in last:
                cell.marks.add("last")
            elif sv.id in recent:
                cell.marks.add("recent")
            scene.cells[sv.id] = cell
        # in the sea, placed for the map's scale: what is face down (top
        # left) and the reef (bottom right, off the island). Narrow, the map
        # scrolls (a label would show cut) and the panel under it says both.
        if not self._narrow():
            x, _ = scale.origin(0, 0)
            scene.labels.append((x + 1, scale.content_y(0), "Tiles face down: "
                                 + (str(v.tiles_left) if v.tiles_left else "none"), ""))
            scene.labels.append((scale.width - 16, scale.content_y(8),
                                 f"Reef: {v.reef} shell{'s' if v.reef != 1 else ''}", ""))
        return scene

    def _cell(self, v: NyakuzaView, sv: SpaceView, lit: bool) -> HexCell:
        top: list[tuple[str, Style]]
        # ``word``: the kind in full, printed where the hexes are big enough
        if sv.orongo:
            top = [(ORONGO_NAME, ORONGO_STYLE)]
            word = [("Orongo", ORONGO_STYLE)]
        elif sv.kind == "palm":
            # its name, as the log says it: P12 on the shore, p12 inland
            top = [(sv.label[0], PALM_STYLE if sv.coastal else PALM_NUMBER_STYLE),
                   (f"{sv.label[1:]:<2}", PALM_NUMBER_STYLE)]
            word = [("coastal" if sv.coastal else "inland", PALM_NUMBER_STYLE)]
        elif not sv.revealed:
            # a space's kind is printed on the island; its tile is not turned up yet
            top = [(f"{sv.number:>2}{KIND_LETTER[sv.kind]}", CLOSED_STYLE)]
            word = [(sv.kind, CLOSED_STYLE)]
        else:
            st = NEW_STYLE if sv.new else Style()
            top = [(f"{sv.number:>2}", st), (KIND_LETTER[sv.kind], st + Style(bold=True))]
            word = [(sv.kind, Style(bold=True))]
        bottom: list[tuple[str, Style]] = []
        if sv.occupant is not None:
            colour = self.seat_style(sv.occupant)
            bottom.append((v.seats[sv.occupant].colour[0], token_style(colour)))
        else:
            bottom.append((" ", Style()))
        if sv.moai:
            colour = self.seat_style(sv.occupant) if sv.occupant is not None else None
            bottom.append((MOAI, Style(color=colour, bold=True)))
        elif sv.orongo:
            bottom.append((MOAI, ORONGO_STYLE + Style(dim=True)))  # the Ceremonial Moai waits here
        elif sv.spent:
            bottom.append((SHELL, SHELL_STYLE))
        else:
            bottom.append((" ", Style()))
        if lit and sv.occupant is None:
            bottom.append(("+", MARK_STYLE))
        elif sv.new and sv.occupant is None:
            bottom.append(("*", MARK_STYLE))
        elif v.secret_tile is not None and sv.number == v.secret_tile and sv.occupant is None:
            bottom.append(("S", MARK_STYLE))  # the viewer's own secret tile (only they see it)
        elif not sv.revealed and sv.kind != "palm":
            bottom.append(("·", CLOSED_STYLE))  # not open yet (readable without the dimming)
        return HexCell(top=top, bottom=bottom, word=word)

    def _update_panel(self) -> None:
        v = self.view
        info = self.query_one("#ny-info", TextPanel)
        bid = self.query_one("#ny-bid", TextPanel)
        ol = self.query_one("#ny-erect", OptionList)
        narrow = self._narrow()
        legend = self.query_one("#ny-legend", Static)
        legend.display = not narrow
        secret = v is not None and v.secret_variant
        if legend.display and secret != self._legend_secret:
            self._legend_secret = secret
            legend.update(self._legend(secret))
        if v is None:
            info.show("")
            bid.set_class(False, "-on")
            ol.set_class(False, "-on")
            ol.clear_options()
            self._options_key = None
            return
        bidding = v.phase == "bid" and self._acting()
        # narrow, the bid is a part of the info (no box to show or hide)
        info.show(self._info_text(v, narrow, bidding=narrow and bidding))
        bid.set_class(bidding and not narrow, "-on")
        if bidding and not narrow:
            bid.show(self._bid_text(narrow))
        erecting = v.phase == "erect" and bool(v.erection_options)
        ol.set_class(erecting, "-on")
        key = (v.round, v.chooser, tuple((o.palm, tuple(o.tiles)) for o in v.erection_options))
        if key != self._options_key:
            self._options_key = key
            ol.clear_options()
            for i, o in enumerate(v.erection_options):
                ol.add_option(Option(short_option(o.palm, o.tiles), id=str(i)))
            if v.erection_options:
                ol.highlighted = 0
                self._cursor_to(v.erection_options[0].palm)

    def _info_text(self, v: NyakuzaView, narrow: bool, bidding: bool = False) -> Text:
        """The round, the seat's shells (``bidding``: the bid being typed,
        of how many shells), its secret tile, the amulet, the order of
        placing and the other players' moves since the seat's turn; narrow,
        as few lines as the parts fit in."""
        me = self._me()
        t = Text()
        parts: list[tuple[str | Text, str]] = []
        parts.append((f"Round {v.round}" + (" · last" if v.last_round else ""), "bold"))
        if narrow:  # wide, the map's sea says these (see _scene)
            parts.append((f"{v.tiles_left} tiles face down", ""))
            parts.append((f"reef {v.reef} shells", ""))
        if bidding:
            parts.append((self._bid_text(narrow), ""))
        elif me is not None and me.shells is not None:
            parts.append((f"You: {me.shells} shells", "bold"))
        if me is not None and v.secret_tile:
            s = ISLAND.space_of(v.secret_tile)
            parts.append((f"Secret: {s.name} ({s.kind})", ""))
        parts.append((f"Amulet: {self._who(v.amulet)}", ""))
        if v.placing and v.phase in ("place", "erect"):
            order = ", ".join(f"{self._who(p.seat)} {p.tokens}" for p in v.placing)
            parts.append((f"Placing: {order}", ""))
        recap = recap_text(self.recap.moves(self.seat), self.names, self.seat is None)
        if recap:
            parts.append((recap, ""))
        # narrow: " · " between parts, and a line breaks only between two
        # parts (never leaving a "·" at a line's end or a part cut in two)
        width = self.query_one("#ny-info", Static).content_size.width or max(20, self.size.width - 2)
        used = 0
        for i, (text, style) in enumerate(parts):
            if i:
                if narrow and used + 3 + len(text) <= width:
                    t.append(" · ")
                    used += 3
                else:
                    t.append("\n")
                    used = 0
            t.append(text, style=style or None)
            used += len(text)
        return t

    def _bid_text(self, narrow: bool) -> Text:
        t = Text()
        have = self._max_bid()
        shown = f"{self.bid}" + ("_" if not self._bid_fresh else "")
        if narrow:  # a part of the info's lines
            t.append("Your bid: ", style="bold")
            t.append(f" {shown:>3} ", style="reverse bold")
            t.append(f" of {have} shells · 0-9 ↑↓ Enter")
        else:
            t.append("Your bid\n", style="bold")
            t.append(f" {shown:>3} ", style="reverse bold")
            t.append(f"\nof {have} shells")
        return t

    def _legend(self, secret: bool = False) -> Text:
        t = Text()
        t.append("Legend\n", style="bold")
        rows = [
            ("12f", "number, kind"),
            ("q", "quarry  f food"),
            ("t", "temple  d god"),
            ("m", "birdman n nest"),
            ("12f·", "face down"),
            ("P12", "coastal palm"),
            ("p12", "inland palm"),
            ("ORO", "Orongo"),
            (f"R{MOAI}", "Red's Moai"),
            (f"B{SHELL}", "spent tile"),
            ("+", "you may place"),
            ("*", "new this round"),
        ]
        if secret:
            rows.append(("S", "secret tile"))
        for sym, text in rows:
            t.append(f"{sym:<3} " if len(sym) > 1 else f"{sym} ", style="bold")
            t.append(f"{text}\n")
        t.rstrip()
        return t

    def _fit_map(self) -> None:
        """Draw the island at the biggest scale that shows it whole in the
        room the board has (the panel beside it, or under it when narrow);
        the smallest scale scrolls to the cursor when even it does not fit."""
        width, height = self.size
        if self._narrow():
            height -= self.PANEL_LINES
        else:
            width -= self.PANEL_WIDTH
        hexmap = self.map
        if hexmap.set_scale(choose_scale(width, height)):
            hexmap.set_scene(self._scene())

    def on_resize(self, event: Resize) -> None:
        self._fit_map()
        self._update_panel()
        narrow = self._narrow()
        if narrow != self._was_narrow:
            self._was_narrow = narrow
            # the players panel words its lines for the width: have the screen
            # redraw it (never behind a hand-off, where the board shows nothing)
            redraw = getattr(self.screen, "render_view", None)
            if self.view is not None and redraw is not None:
                redraw()

    # -- keys ------------------------------------------------------------------------------
    def _cursor_to(self, space: int, say: bool = False) -> None:
        self.map.set_cursor(space)
        if say:
            self.post_message(self.Said(self.describe(space)))

    def describe(self, space: int) -> str:
        """One line about the hex under the cursor."""
        v = self.view
        s = ISLAND.spaces[space]
        if v is None:
            return s.describe()
        sv = v.spaces[space]
        name = s.describe()
        if s.orongo:
            name = "Orongo, the Ceremonial Moai's site"
        bits = [name[0].upper() + name[1:]]
        if s.is_resource and not sv.revealed:
            bits.append("not turned up yet")
        if sv.occupant is not None:
            what = "Moai" if sv.moai else "token"
            bits.append(f"{self._who(sv.occupant)}'s {what}")
        if sv.spent:
            bits.append("spent")
        if any(isinstance(a, Place) and a.space == space for a in self.legal):
            bits.append("you may place here (Enter)")
        return " · ".join(bits)

    def action_cursor(self, direction: str) -> None:
        v = self.view
        if v is None:
            return
        if v.phase == "bid" and direction in ("up", "down") and self._acting():
            self.action_bid_step(1 if direction == "up" else -1)
            return
        if v.phase == "erect" and direction in ("up", "down") and v.erection_options:
            ol = self.query_one("#ny-erect", OptionList)
            ol.action_cursor_up() if direction == "up" else ol.action_cursor_down()
            return
        super().action_cursor(direction)

    def step_cursor(self, cur: int, direction: str) -> int | None:
        """The next hex that way; up and down keep to the column they started in."""
        if direction in ("up", "down"):
            if self._goal_x is None:
                self._goal_x = centre_x(cur)
            return step(cur, direction, self._goal_x)
        self._goal_x = None
        return step(cur, direction)

    def at_edge(self, direction: str) -> None:
        self.post_message(self.Said("The edge of the island: no hex that way."))

    def move_cursor(self, space: int) -> None:
        self._cursor_to(space, say=True)

    def action_select(self) -> None:
        v = self.view
        if v is None or self.seat is None:
            return
        ph = v.phase
        if ph == "bid":
            # any amount goes to the model, which refuses what is too much;
            # the refused number stays beside the refusal, the next digit replaces it
            self.choose(Bid.model_construct(kind="bid", shells=self.bid))
            if self.bid > self._max_bid():
                self._bid_fresh = True
                self._update_panel()
        elif ph == "erect":
            opt = self._highlighted_option()
            if opt is not None:
                self.choose(Erect(palm=opt.palm, tiles=tuple(opt.tiles)))
        elif ph == "secret":
            self.post_message(self.Said("t lays your secret tile; p keeps it for later."))
        elif ph == "place":
            self.choose(Place(space=self.cursor))

    def action_bid_digit(self, digit: int) -> None:
        if self._phase() != "bid" or not self._acting():
            return
        if self._bid_fresh or self.bid >= 10:
            self.bid = digit
        else:
            self.bid = self.bid * 10 + digit
        self._bid_fresh = False
        self._update_panel()

    def action_bid_step(self, delta: int) -> None:
        if self._phase() != "bid" or not self._acting():
            return
        top = self._max_bid()
        new = min(max(self.bid + delta, 0), top)
        if new == self.bid:
            self.post_message(self.Said("That is all your shells." if delta > 0 else "A bid cannot be below 0."))
        self.bid, self._bid_fresh = new, True
        self._update_panel()

    def action_bid_erase(self) -> None:
        if self._phase() != "bid" or not self._acting():
            return
        self.bid //= 10
        self._bid_fresh = self.bid == 0
        self._update_panel()

    def action_secret(self) -> None:
        if self.view is None or self.seat is None:
            return
        self.choose(PlaySecret())

    def action_pass(self) -> None:
        if self.view is None or self.seat is None:
            return
        self.choose(Pass())

    # -- the Moai choices list and the mouse ------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        opt = self._highlighted_option()
        if opt is None:
            return
        self.map.set_scene(self._scene())
        self._cursor_to(opt.palm)
        n = len(self.view.erection_options)
        more = f"; ↑↓ for the other {n - 1} way{'s' if n > 2 else ''}" if n > 1 else ""
        hint = self.hint
        hinted = isinstance(hint, Erect) and (hint.palm, tuple(hint.tiles)) == (opt.palm, tuple(opt.tiles))
        lead = "Hint, now selected: " if hinted else ""
        self.post_message(self.Said(f"{lead}{opt.text} (lit on the map): Enter erects it{more}."))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_select()

    def target_of(self, what: str) -> int | None:
        kind, _, arg = what.partition(":")
        return int(arg) if kind == "hex" else None

    def tap(self, what: str) -> None:
        """A hex: the cursor goes there; a second click on it places."""
        if self.target_of(what) is not None:
            self.focus_board()
            self._goal_x = None
        super().tap(what)

    def select(self, space: int) -> None:
        """A second click on the hex under the cursor: place there (or say
        again what it is)."""
        if self._phase() == "place":
            self.action_select()
        else:
            self._cursor_to(space, say=True)

    def choose(self, action) -> None:
        super().choose(action)


BOARD = NyakuzaBoard

__all__ = ["BOARD", "HexMap", "NyakuzaBoard"]
