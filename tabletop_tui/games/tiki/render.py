"""Tiki: the Rich pieces of the board, drawn from the view (no widgets here)."""

from __future__ import annotations

from typing import Sequence

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
