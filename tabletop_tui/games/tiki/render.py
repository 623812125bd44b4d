"""Tiki: the Rich pieces of the board, drawn from the view (no widgets here):
each village's words, the grid's geometry at each width class, and the
frames and borders as Rich segments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from .state import COLOURS, VALUE, TikiState
from .text import KIND_NAME


def village_text(st: TikiState, v: int, *, names: Sequence[str], styles: Sequence[str], influence: int,
                 last: bool = False, path: Sequence[int] = (), hinted: bool = False, width: int = 11,
                 height: int = 3) -> Text:
    """Three lines for village ``v``: kind and value (◆: the last move
    changed it); the stack bottom to top, each tiki by its colour's letter so
    it reads without colour, the top one (the owner) bracketed; then the
    step of the path being laid, or the height out of ``influence`` and the
    owner's name (» first when ``hinted``: the coach's move goes here, so it
    reads without colour). At 80 columns a cell has 11 columns inside: the
    mark sits beside the kind and a name is cut at 7; ``width`` (the
    columns inside the cell) lets a bigger cell print the kind in full
    ("Cursed village -1") and longer names. A cell with ``height`` lines
    for it (200x60) draws the totem standing: one tiki a line, the top
    first, each with its player's name."""
    kind = st.villages[v]
    value = VALUE[kind]
    label = "Marsh" if kind == "marsh" else KIND_NAME[kind].replace(" village", "").capitalize()
    if len(KIND_NAME[kind]) + 4 <= width:  # room for the kind in full, its value and the mark
        label = KIND_NAME[kind].capitalize()
    t = Text()
    t.append(label, style="bold")
    t.append(f" {value:+d}" if value else " 0")
    t.append("◆\n" if last else "\n", style="bold")
    stack = st.stacks[v]
    # the totem standing, top first, where the tallest totem fits (every cell drawn alike)
    if stack and height >= 2 * max(influence, len(stack)) + 3 and width >= 16:
        room = width - 8
        t.append(" ┌───┐\n", style="dim")
        for i in range(len(stack) - 1, -1, -1):
            s = stack[i]
            top = i == len(stack) - 1
            t.append(" │", style="dim")
            t.append(f"[{COLOURS[s][0]}]" if top else f" {COLOURS[s][0]} ", style=("bold " if top else "") + styles[s])
            t.append("│ ", style="dim")
            t.append(names[s][:room] + "\n", style=styles[s] + (" bold" if top else ""))
            t.append(" ├───┤\n" if i else " └───┘\n", style="dim")
    elif stack:
        for i, s in enumerate(stack):
            letter = COLOURS[s][0]
            top = i == len(stack) - 1
            t.append(f"[{letter}]" if top else f"{letter} ", style=("bold " if top else "") + styles[s])
    else:
        t.append("empty", style="dim")
    if not t.plain.endswith("\n"):
        t.append("\n")
    if hinted and v not in path:
        t.append("» " if stack else "» coach", style="bold")
    if v in path:
        t.append(f"step {list(path).index(v) + 1}", style="italic")
    elif stack:
        t.append(f"{len(stack)}/{influence} ")
        room = max(7, width - 4)  # "3/3 " before the name
        t.append(names[stack[-1]][:room - 2 if hinted else room], style="bold " + styles[stack[-1]])
    return t


def edge_text(shaman_here: bool, horizontal: bool) -> str:
    """The gap between two villages: the shaman, or a dot."""
    if shaman_here:
        return "S" if horizontal else "SHAMAN"
    return "·"


# -- the grid: where each village and border sits (pure arithmetic) ------------------------
#: the frames a village may have: (top-left, top, top-right, side, bottom-left, bottom-right)
FRAMES = {
    "round": ("╭", "─", "╮", "│", "╰", "╯"),
    "heavy": ("┏", "━", "┓", "┃", "┗", "┛"),
    "double": ("╔", "═", "╗", "║", "╚", "╝"),
}


def _shares(total: int, parts: int) -> list[int]:
    """``total`` columns (or rows) in ``parts`` near-equal shares, as a grid's
    ``1fr`` columns share them."""
    cuts = [total * k // parts for k in range(parts + 1)]
    return [b - a for a, b in zip(cuts, cuts[1:])]


@dataclass(frozen=True)
class Grid:
    """The board's 5x5 grid: villages at the even rows and columns, the
    borders between them (where the shaman stands) between; ``x``, ``y``
    its top-left corner on the board, ``pad`` a village's inner padding
    (left, right) beside its frame."""

    x: int
    y: int
    cols: tuple[int, ...]
    rows: tuple[int, ...]
    pad: tuple[int, int]

    @property
    def width(self) -> int:
        return sum(self.cols)

    @property
    def height(self) -> int:
        return sum(self.rows)

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the grid's cell at ``row``, ``col``."""
        return (self.x + sum(self.cols[:col]), self.y + sum(self.rows[:row]), self.cols[col], self.rows[row])

    @staticmethod
    def village_at(v: int) -> tuple[int, int]:
        return 2 * (v // 3), 2 * (v % 3)

    @staticmethod
    def edge_at(edge: tuple[int, int]) -> tuple[int, int]:
        a, b = edge
        if b == a + 1:  # between two villages of a row
            return 2 * (a // 3), 2 * (a % 3) + 1
        return 2 * (a // 3) + 1, 2 * (a % 3)

    def at(self, x: int, y: int) -> str | None:
        """What lies at board cell (``x``, ``y``): "village:4", "edge:3-4" or None."""
        col = _index(self.cols, x - self.x)
        row = _index(self.rows, y - self.y)
        if col is None or row is None:
            return None
        if row % 2 == 0 and col % 2 == 0:
            return f"village:{(row // 2) * 3 + col // 2}"
        if row % 2 == 0:
            a = (row // 2) * 3 + col // 2
            return f"edge:{a}-{a + 1}"
        if col % 2 == 0:
            a = (row // 2) * 3 + col // 2
            return f"edge:{a}-{a + 3}"
        return None


def _index(sizes: tuple[int, ...], at: int) -> int | None:
    if at < 0:
        return None
    for i, size in enumerate(sizes):
        if at < size:
            return i
        at -= size
    return None


def grid_for(mode: str, width: int, height: int) -> Grid:
    """The grid on a board of ``width`` x ``height`` at the screen's width
    class ``mode`` ("-narrow" at 80 columns, "-wide" from 100, "-huge" from
    160, "" none): fixed 14- or 16-column villages 5 rows high on the
    narrow ones; from 100 columns the villages grow with the board (up to
    78x29 for the grid), and more on a big terminal (up to 111x38). The
    grid stands in the middle of the board."""
    if mode in ("-wide", "-huge"):
        gw = max(54, min(width, 78)) if mode == "-wide" else min(width, 111)
        gh = max(17, min(height, 29)) if mode == "-wide" else min(height, 38)
        c, r = _shares(max(0, gw - 6), 3), _shares(max(0, gh - 2), 3)
        cols, rows, pad = (c[0], 3, c[1], 3, c[2]), (r[0], 1, r[1], 1, r[2]), (1, 1)
    elif mode == "-narrow":
        cols, rows, pad = (14, 2, 14, 2, 14), (5, 1, 5, 1, 5), (1, 0)
    else:
        cols, rows, pad = (16, 3, 16, 3, 16), (5, 1, 5, 1, 5), (1, 1)
    return Grid(max(0, (width - sum(cols)) // 2), max(0, (height - sum(rows)) // 2), cols, rows, pad)


def framed(lines: list[list[Segment]], width: int, height: int, frame: str, frame_style: Style,
           pad: tuple[int, int], fill: Style) -> list[list[Segment]]:
    """A village's ``height`` rows of ``width`` cells: ``lines`` (its
    content, each already ``width - 2 - sum(pad)`` cells) inside a
    ``frame`` drawn in ``frame_style``, the padding in ``fill``."""
    if width < 2 or height < 2:
        return [[Segment(" " * max(0, width), fill)] for _ in range(max(0, height))]
    tl, h, tr, side, bl, br = FRAMES[frame]
    inner = width - 2
    left, right = Segment(" " * pad[0], fill), Segment(" " * pad[1], fill)
    blank = [Segment(" " * max(0, inner - sum(pad)), fill)]
    rows = [[Segment(tl + h * inner + tr, frame_style)]]
    for i in range(height - 2):
        content = lines[i] if i < len(lines) else blank
        rows.append([Segment(side, frame_style), left, *content, right, Segment(side, frame_style)])
    rows.append([Segment(bl + h * inner + br, frame_style)])
    return rows


def centred(text: str, width: int, height: int, style: Style) -> list[list[Segment]]:
    """``text`` in the middle of a ``width`` x ``height`` cell (a border)."""
    text = text[:width]
    x, y = (width - len(text)) // 2, (height - 1) // 2
    rows = []
    for i in range(height):
        if i == y and text:
            rows.append([Segment(" " * x + text + " " * (width - x - len(text)), style)])
        else:
            rows.append([Segment(" " * width, style)])
    return rows
