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
- :class:`CursorBoard`, a KitBoard with one cursor over its targets: the
  arrows step it, Enter and a click do what it points at, and it stays on
  a target from one update to the next; :func:`cursor_keys` gives its
  bindings;
- :func:`cycle`, the cursor step over a board's list of targets;
- :class:`SteadyList`, a list of choices of a fixed height that takes new
  choices without a layout pass of the screen.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from rich.text import Text
from textual.binding import Binding
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


class TextPanel(Static):
    """A text panel that :meth:`show` draws only when the content changed,
    and lays the screen out again only when its height did (a cursor key
    or a move redraws the panels it changed and lays nothing out)."""

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


class TapPanel(Tappable, TextPanel):
    """A :class:`TextPanel` whose ``tap`` spans can be clicked."""


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


#: the arrow keys, and the step each makes along a list of targets
ARROWS = {"up": -1, "left": -1, "down": 1, "right": 1}


def cursor_keys(select: str = "Choose", select_keys: str = "enter", *, arrows: str = "Move",
                arrows_shown: bool = False, arrows_display: str = "←↑↓→") -> list[Binding]:
    """A :class:`CursorBoard`'s bindings: the four arrows step the cursor
    (in the footer as one ``arrows_display`` key named ``arrows`` when
    ``arrows_shown``), ``select_keys`` do what it points at (``select``)."""
    return [
        Binding("left", "cursor('left')", arrows, show=arrows_shown, key_display=arrows_display),
        Binding("right", "cursor('right')", arrows, show=False),
        Binding("up", "cursor('up')", arrows, show=False),
        Binding("down", "cursor('down')", arrows, show=False),
        Binding(select_keys, "select", select),
    ]


class CursorBoard(KitBoard):
    """A board with one cursor over its targets. The board writes its render
    code (which reads ``cursor``) and its key -> action map:

    - :meth:`targets`, what the cursor visits, in order;
    - :meth:`select`, what Enter, or a click, does on a target;
    - for a cursor that moves on a grid rather than along the list,
      :meth:`step_cursor` (and :meth:`at_edge`, what is said where a step
      leads off the board).

    The kit carries the rest: the arrows and Enter (``BINDINGS`` from
    :func:`cursor_keys`), the cursor kept on a target from one update to the
    next (:meth:`keep_cursor`, on the hint's when there is one), a click that
    puts the cursor on what it names (:meth:`target_of`) and selects it, or,
    with ``CLICK = "point"``, selects only on a second click, and the cursor
    put back when the coach is closed unused (``cursor_fields``).
    """

    cursor_fields: tuple[str, ...] = ("cursor",)
    #: a click on a target: "select" (what Enter does there) or "point" (the
    #: cursor goes there; a click on the target under the cursor selects it)
    CLICK = "select"
    #: the target under the cursor (None: there is none)
    cursor: Any = None

    def targets(self) -> Sequence[Any]:
        """What the cursor visits, in the order the arrows step through."""
        return []

    def select(self, target: Any) -> None:
        """Do what Enter on ``target`` means (choose its action, open its
        list of choices...)."""

    def target_of(self, what: str) -> Any:
        """The target a click's tap key names (None: no target)."""
        return what if what in self.targets() else None

    def hint_target(self, action: Any) -> Any:
        """The target the hinted ``action`` belongs to (None: none)."""
        return None

    def step_cursor(self, cursor: Any, direction: str) -> Any:
        """Where ``direction`` takes the cursor from ``cursor`` (None: off
        the board). By default the arrows step along :meth:`targets`, round
        the end."""
        return cycle(list(self.targets()), cursor, ARROWS.get(direction, 1))

    def at_edge(self, direction: str) -> None:
        """A step off the board (:meth:`step_cursor` found nothing)."""

    def cursor_moved(self) -> None:
        """Draw the cursor where it now is."""
        self.update_board()

    def move_cursor(self, target: Any) -> None:
        """Put the cursor on ``target`` and draw it there."""
        self.cursor = target
        self.cursor_moved()

    def keep_cursor(self) -> None:
        """(Before drawing an update) the cursor on a target: where it was
        if that is still one, else on the hint's or the first target."""
        targets = list(self.targets())
        if self.cursor in targets:
            return
        self.cursor = targets[0] if targets else None
        if self.hint is not None:
            hinted = self.hint_target(self.hint)
            if hinted is not None:
                self.cursor = hinted

    # -- the keys and the clicks -----------------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        nxt = self.step_cursor(self.cursor, direction)
        if nxt is None:
            self.at_edge(direction)
            return
        self.move_cursor(nxt)

    def action_select(self) -> None:
        if self.cursor is not None:
            self.select(self.cursor)

    def tap(self, what: str) -> None:
        target = self.target_of(what)
        if target is None:
            return
        if self.CLICK == "point" and target != self.cursor:
            self.move_cursor(target)
            return
        if target != self.cursor:
            self.move_cursor(target)
        self.select(target)


def cycle(items: Sequence[T], current: Any, delta: int, missing: int = -1) -> T | None:
    """The item ``delta`` steps from ``current`` in ``items``, round the end
    (counting from index ``missing`` when ``current`` is not there; None
    when there are no items)."""
    if not items:
        return None
    i = items.index(current) if current in items else missing
    return items[(i + delta) % len(items)]


__all__ = ["ARROWS", "CursorBoard", "KitBoard", "SteadyList", "TapCell", "TapLines", "TapPanel", "Tappable", "Tapped", "TextPanel", "cursor_keys", "cycle"]
