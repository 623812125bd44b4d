"""The board kit: what every board's clicks and cursors are built from.

A board writes its render code and its key -> action map (Textual
``BINDINGS`` and ``action_*`` methods) only; the kit carries the rest:

- :class:`Tapped`, the one message a click on the board sends, naming what
  was clicked with a short key (``"village:4"``, ``"space:market"``);
- tappable widgets that send it: :class:`TapCell` (a cell that is one thing
  to click, as a village), :class:`TapPanel` and :class:`TapLines` (a text
  panel whose spans a render module drew with ``Style(meta={"tap": key})``),
  and the :class:`Tappable` mixin they share (a map mixes it in and says
  which hex lies under a click);
- :class:`KitBoard`, a :class:`Board` that hands each tap to
  :meth:`KitBoard.tap`, the board's click -> action map;
- :func:`cycle`, the cursor step over a board's list of targets.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import OptionList, Static

from .board import Board
from .fit import same_height, wrapped_lines
from .line_panel import LinePanel

T = TypeVar("T")


class Tapped(Message):
    """Something on the board was clicked: ``what`` names it."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what


def _tap_of(event: Click) -> str | None:
    """The ``tap`` meta under a click, or None."""
    return event.style.meta.get("tap") if event.style else None


class Tappable:
    """A widget mixin that posts :class:`Tapped` for a click on a span with
    ``tap`` meta, or, for a widget with a ``tap`` of its own, for any click
    on it; a widget that knows what lies where (a map) overrides
    :meth:`tap_at`."""

    tap: str | None = None
    #: the message, also under the widget's name (``Panel.Tapped``)
    Tapped = Tapped

    def tap_at(self, event: Click) -> str | None:
        """What the click ``event`` landed on, or None (nothing to tap)."""
        return _tap_of(event) or self.tap

    def on_click(self, event: Click) -> None:
        what = self.tap_at(event)
        if what:
            event.stop()
            self.post_message(Tapped(what))  # type: ignore[attr-defined]


class TapCell(Tappable, Static):
    """A cell that is one thing to click (a village, a place, a die)."""

    def __init__(self, tap: str, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.tap = tap


class TapPanel(Tappable, Static):
    """A text panel whose ``tap`` spans can be clicked. :meth:`show` draws
    only when the content changed, and lays the board out again only when
    its height did (a cursor key redraws the one or two panels it changed)."""

    _shown: tuple | None = None
    _shown_lines: tuple[int, int] = (-1, -1)  # (width, lines) it was laid out for

    def show(self, content: Text | str) -> None:
        text = content if isinstance(content, Text) else Text(content)
        key = (text.plain, tuple(text.spans))
        if key == self._shown:
            return
        size = self.content_size
        lines = (size.width, wrapped_lines(text, self.app.console, size.width))
        old_width, old_lines = self._shown_lines
        # hidden, it is laid out when shown again; else only if its height changes
        same = not self.display or old_width == size.width and same_height(self, old_lines, lines[1])
        self._shown, self._shown_lines = key, lines
        self.update(content, layout=not same)


class TapLines(Tappable, LinePanel):
    """A :class:`LinePanel` (repaints only the lines that changed) whose
    ``tap`` spans can be clicked."""


class SteadyList(OptionList):
    """An OptionList whose height its CSS fixes (``1fr``, a number of rows,
    never ``auto``): new options repaint it and its scroll bar without a
    layout pass of the whole screen (Textual's lays the screen out again
    whenever the count of options changes; a scroll bar that comes or goes
    still does)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class KitBoard(Board):
    """A board built from the kit: a click on any of its tappables reaches
    :meth:`tap`."""

    def on_tapped(self, message: Tapped) -> None:
        message.stop()
        self.tap(message.what)

    def tap(self, what: str) -> None:
        """Do what a click on ``what`` means (subclasses map it to actions)."""


def cycle(items: Sequence[T], current: Any, delta: int, missing: int = -1) -> T | None:
    """The item ``delta`` steps from ``current`` in ``items``, round the end
    (counting from index ``missing`` when ``current`` is not there; None
    when there are no items)."""
    if not items:
        return None
    i = items.index(current) if current in items else missing
    return items[(i + delta) % len(items)]


__all__ = ["KitBoard", "SteadyList", "TapCell", "TapLines", "TapPanel", "Tappable", "Tapped", "cycle"]
