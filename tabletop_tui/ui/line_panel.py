"""A Text (or any Rich renderable) shown through Textual's Line API,
repainting only the lines that changed: a cursor key on a long pane (Nayakas'
board) moves a highlight over two lines, and a Static would lay out and paint
the whole pane again."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


def _key(line: Text) -> tuple:
    return line.plain, tuple(line.spans), str(line.style)


class LinePanel(Widget):
    """Shows one Text or renderable (:meth:`show`) at the widget's width.

    A Text's logical lines are each wrapped and turned into strips once per
    (content, width): the cache is owned by the widget and keyed explicitly,
    and is dropped when the width changes. Another renderable (a table) is
    rendered whole and compared row by row. :meth:`show` lays the screen out
    again only when the number of rows changes; otherwise it marks dirty only
    the rows that changed. Hidden (it or a container above it is not
    displayed), it lays nothing out: it owes a layout, paid when it is shown
    again (:meth:`pay_layout`, or its Show event)."""

    DEFAULT_CSS = "LinePanel { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: list[Text] = []
        self._keys: list[tuple] = []
        self._width = -1
        self._wrapped: dict[tuple, list[Strip]] = {}
        self._rows: list[Strip] | None = None
        #: a renderable that is not a Text (None: the Text path)
        self._renderable: Any = None
        #: content changed while hidden: its height is to be worked out when shown
        self._owed = False

    @property
    def text(self) -> Any:
        """What the panel shows: its Text, or the renderable."""
        return self._renderable if self._renderable is not None else Text("\n").join(self._lines)

    def show(self, content: Any) -> None:
        """Show ``content``: a Text, a str (plain text) or a Rich renderable."""
        old, width = self._rows, self.size.width
        if isinstance(content, (Text, str)):
            text = content if isinstance(content, Text) else Text(content)
            lines = list(text.split("\n", allow_blank=True)) if text.plain else []
            keys = [_key(line) for line in lines]
            if keys == self._keys and self._renderable is None:
                return
            self._lines, self._keys, self._renderable = lines, keys, None
        else:
            self._lines, self._keys, self._renderable = [], [], content
        self._rows = None
        if not self._displayed():  # a hidden pane's panel: no layout pass of the screen for it
            self._owed = True
            return
        if old is None or width <= 0 or width != self._width:
            self.refresh(layout=True)
            return
        rows = self._build(width)
        if len(rows) != len(old):
            self.refresh(layout=True)
            return
        for y, (before, now) in enumerate(zip(old, rows)):
            if before is not now and before != now:
                self.refresh(Region(0, y, width, 1))

    def _displayed(self) -> bool:
        """Whether it and every widget above it are displayed."""
        node: Any = self
        while isinstance(node, Widget):
            if not node.display:
                return False
            node = node.parent
        return True

    def pay_layout(self) -> None:
        """(Its container is being shown) have it laid out with that layout
        pass if its content changed while it was hidden."""
        if self._owed:
            self._owed = False
            self.refresh(layout=True)

    def on_show(self) -> None:
        self.pay_layout()  # shown by a layout that did not know it owed one: one more

    # -- the Line API ---------------------------------------------------------------------
    def _build(self, width: int) -> list[Strip]:
        """Every row at ``width`` (cached per logical line)."""
        if width != self._width:  # rows wrapped at another width are of no use
            self._width, self._wrapped, self._rows = width, {}, None
        if self._rows is not None:
            return self._rows
        console = self.app.console
        if self._renderable is not None:
            options = console.options.update(width=width, height=None, highlight=False)
            self._rows = [Strip(line, width) for line in
                          console.render_lines(self._renderable, options, pad=True)]
            return self._rows
        cache, rows = self._wrapped, []
        fresh: dict[tuple, list[Strip]] = {}
        for line, key in zip(self._lines, self._keys):
            strips = cache.get(key) or fresh.get(key)
            if strips is None:
                strips = []
                for part in line.wrap(console, width, overflow="fold") or [Text("")]:
                    segments = list(part.render(console, end=""))
                    strips.append(Strip(segments, Segment.get_line_length(segments)))
            fresh[key] = strips
            rows.extend(strips)
        self._wrapped = fresh  # only what is shown stays cached
        self._rows = rows
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._build(width)) if width > 0 else len(self._lines)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if self._renderable is not None:
            return container.width
        return max((line.cell_len for line in self._lines), default=0)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.rich_style
        rows = self._build(width) if width > 0 else []
        if y >= len(rows):
            return Strip.blank(width, style)
        return rows[y].crop_extend(0, width, style).apply_style(style)
