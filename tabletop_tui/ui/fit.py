"""When a text widget's new text needs a layout pass of the screen.

A layout pass lays out every widget on the screen, which costs more than a
move: a widget whose text changed is laid out again only when its height
changes. Its height is its wrapped lines held between its min-height and
max-height, bounds this module reads from the height it has now.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.css.scalar import Unit
from textual.widget import Widget


def wrapped_lines(text: Text, console: Console, width: int) -> int:
    """The rows ``text`` takes at ``width`` (-1 when not laid out yet)."""
    return len(text.wrap(console, width)) if width > 0 else -1


def _bounds(widget: Widget) -> tuple[int, int | None]:
    """The least and most content rows its min-height and max-height
    (in cells) allow (0 and None where it has none)."""
    styles = widget.styles
    gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
    least, most = styles.min_height, styles.max_height
    lo = max(0, int(least.value) - gutter) if least is not None and least.unit == Unit.CELLS else 0
    hi = max(0, int(most.value) - gutter) if most is not None and most.unit == Unit.CELLS else None
    return lo, hi


def same_height(widget: Widget, old_lines: int, new_lines: int) -> bool:
    """Whether ``widget``, laid out for ``old_lines`` wrapped lines, keeps
    its height for ``new_lines``: the same count, both held to the same
    height by its min-height or max-height, or both inside a bound that set
    the height it has (one it was taller than, one it was cut to). -1: not
    known."""
    if old_lines < 0 or new_lines < 0:
        return False
    if new_lines == old_lines:
        return True
    lo, hi = _bounds(widget)
    clamp = lambda n: max(lo, n if hi is None else min(hi, n))  # noqa: E731
    if clamp(old_lines) == clamp(new_lines):
        return True
    height = widget.content_size.height
    if height <= 0:  # not laid out (or hidden): no height to go by
        return False
    if old_lines < height:  # held up by a min-height (or a fixed height)
        return new_lines <= height
    if old_lines > height:  # cut by a max-height (or a fixed height)
        return new_lines >= height
    return False
