"""A grid of text cells drawn as one widget through Textual's Line API.

A board of many small cells (Nisyros' island: 4 zones x 9 rows) built of
one widget a cell had each cell laid out, styled and painted apart: a move
that changed a dozen highlights restyled a dozen widgets and repainted the
board. A :class:`CellGrid` is one widget: :meth:`CellGrid.put` gives a cell
its lines and its look, and marks only that cell's region dirty when either
changed; a click on a cell posts the kit's ``Tapped`` with the cell's tap key.

The grid's columns share its width (``columns`` equal shares, one blank
column between them, as a Grid of ``1fr`` columns with a gutter of 1); its
rows are two lines high, one line when the widget's height has no room for
two, with a blank line between them when it has room for that too.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.events import Click
from textual.geometry import Offset, Region, Size
from textual.strip import Strip
from textual.widget import Widget

from .board_kit import Tappable

Cell = tuple[int, int]  # (column, row)


class CellGrid(Tappable, Widget):
    """``columns`` x ``rows`` cells of text. Each cell: its lines (fitted to
    :meth:`column_width` by the caller; longer ones are cut), a tap key, and
    its look: ``boxed`` (the theme's ``$boost`` behind it), ``lit`` (a
    colour behind it instead), ``text_style`` ("bold", "underline")."""

    DEFAULT_CSS = "CellGrid { height: auto; }"

    def __init__(self, columns: int, rows: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.columns, self.rows = columns, rows
        #: each cell's (lines' key, lines, tap, boxed, lit, text style)
        self._cells: dict[Cell, tuple] = {}
        #: each cell's strips as drawn, with the key they were drawn for
        self._strips: dict[Cell, tuple[tuple, list[Strip]]] = {}
        #: each screen line as composed (cleared for a row when one of its cells changes)
        self._lines: dict[int, Strip] = {}
        #: (width, height, base style) the caches above were drawn for
        self._drawn_for: tuple | None = None
        self._boost: Color | None = None

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._new_theme, init=False)

    def _new_theme(self) -> None:
        self._boost = None
        self._forget()
        self.refresh()

    def _forget(self) -> None:
        self._strips.clear()
        self._lines.clear()

    # -- geometry --------------------------------------------------------------------------
    def _width(self) -> int:
        return self.content_size.width

    def _shape(self) -> tuple[int, int]:
        """(row height, blank lines between rows) for the height the grid has."""
        height = self.content_size.height
        if height >= 3 * self.rows - 1:
            return 2, 1
        if height >= 2 * self.rows:
            return 2, 0
        return 1, 0

    def _column_start(self, col: int, width: int) -> int:
        room = max(0, width - (self.columns - 1))
        return room * col // self.columns + col

    def column_width(self, col: int, default: int = 13) -> int:
        """The cells column ``col`` has (``default`` before the first layout)."""
        width = self._width()
        if width <= 0:
            return default
        return self._column_start(col + 1, width) - 1 - self._column_start(col, width) if col + 1 < self.columns \
            else width - self._column_start(col, width)

    def cell_region(self, cell: Cell) -> Region:
        """Where ``cell`` is, in the widget's content (before the first layout: empty)."""
        col, row = cell
        width = self._width()
        if width <= 0:
            return Region(0, 0, 0, 0)
        height, gap = self._shape()
        return Region(self._column_start(col, width), row * (height + gap), self.column_width(col), height)

    def cell_at(self, offset: Offset) -> Cell | None:
        """The cell under ``offset`` (in the widget's content), or None (a gap)."""
        for cell in self._cells:
            if self.cell_region(cell).contains_point(offset):
                return cell
        return None

    # -- contents ----------------------------------------------------------------------------
    def put(self, cell: Cell, lines: list[Text], *, tap: str | None = None, boxed: bool = False,
            lit: Color | None = None, text_style: str = "") -> None:
        """Give ``cell`` its lines and look; repaint it only if they changed."""
        key = (tuple((line.plain, tuple(line.spans), str(line.style)) for line in lines), tap, boxed, lit,
               text_style)
        old = self._cells.get(cell)
        if old is not None and old[0] == key:
            return
        self._cells[cell] = (key, lines, tap, boxed, lit, text_style)
        region = self.cell_region(cell)
        if not region:
            self.refresh()
            return
        for y in range(region.y, region.bottom):
            self._lines.pop(y, None)
        self.refresh(region.translate(self.content_region.offset - self.region.offset))

    def text_of(self, cell: Cell) -> str:
        """The plain text of ``cell``, its lines joined by newlines."""
        entry = self._cells.get(cell)
        return "\n".join(line.plain for line in entry[1]) if entry else ""

    def tap_offset(self, tap: str) -> Offset | None:
        """A point inside the cell whose tap key is ``tap`` (for a click), in the widget."""
        for cell, entry in self._cells.items():
            if entry[2] == tap:
                region = self.cell_region(cell)
                return region.offset + (self.content_region.offset - self.region.offset) + Offset(1, 0)
        return None

    def tap_at(self, event: Click) -> str | None:
        offset = event.get_content_offset(self)
        cell = self.cell_at(offset) if offset is not None else None
        return self._cells[cell][2] if cell is not None else None

    # -- the Line API --------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 * self.rows

    def _cell_strips(self, cell: Cell, width: int, height: int, base: Style, bg: Color) -> list[Strip]:
        entry = self._cells.get(cell)
        if entry is None:
            return [Strip.blank(width, base)] * height
        key, lines, _tap, boxed, lit, text_style = entry
        drawn_for = (key, width, height)
        hit = self._strips.get(cell)
        if hit is not None and hit[0] == drawn_for:
            return hit[1]
        if self._boost is None:
            self._boost = Color.parse(self.app.get_css_variables().get("boost", "transparent"))
        back = bg + lit if lit is not None else bg + self._boost if boxed else bg
        pad = base + Style(bgcolor=back.rich_color)  # the text's bold or underline stops at its end
        style = pad + Style(bold="bold" in text_style or None, underline="underline" in text_style or None)
        console = self.app.console
        strips = []
        for i in range(height):
            line = lines[i] if i < len(lines) else Text("")
            segments = list(Segment.apply_style(line.render(console, end=""), style))
            strips.append(Strip(Segment.adjust_line_length(segments, width, style=pad), width))
        self._strips[cell] = (drawn_for, strips)
        return strips

    def render_line(self, y: int) -> Strip:
        width = self._width()
        base = self.rich_style
        drawn_for = (width, self.content_size.height, base)
        if drawn_for != self._drawn_for:
            self._drawn_for = drawn_for
            self._forget()
        line = self._lines.get(y)
        if line is not None:
            return line
        height, gap = self._shape()
        row, at = divmod(y, height + gap)
        if row >= self.rows or at >= height:
            line = Strip.blank(width, base)
        else:
            bg = self.background_colors[1]
            parts: list[Strip] = []
            x = 0
            for col in range(self.columns):
                start, w = self._column_start(col, width), self.column_width(col)
                if start > x:
                    parts.append(Strip.blank(start - x, base))
                parts.append(self._cell_strips((col, row), w, height, base, bg)[at])
                x = start + w
            if x < width:
                parts.append(Strip.blank(width - x, base))
            line = Strip.join(parts)
        self._lines[y] = line
        return line


__all__ = ["Cell", "CellGrid"]
