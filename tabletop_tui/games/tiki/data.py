"""Tiki: the static data: the board of nine villages and its edges, the
village kinds and their worth, the counts of the set-up, and the names of
villages and kinds that the log, the board and the refusals share.

Board: villages 0..8 in reading order on a 3x3 grid (row = i // 3,
col = i % 3).
"""

from __future__ import annotations

TIKIS_PER_PLAYER = 8
FRUIT = 7
WIN_FRUIT = 4
INFLUENCE = 3

VILLAGE_KINDS = ["harbour"] + ["jungle"] * 3 + ["marsh"] * 3 + ["cursed"] * 2  # T1
VALUE = {"harbour": 2, "jungle": 1, "marsh": 0, "cursed": -1}
COLOURS = ["Purple", "Yellow"]


def neighbours(v: int) -> list[int]:
    """Orthogonally adjacent villages of village ``v``."""
    r, c = divmod(v, 3)
    out = []
    if r > 0:
        out.append(v - 3)
    if c > 0:
        out.append(v - 1)
    if c < 2:
        out.append(v + 1)
    if r < 2:
        out.append(v + 3)
    return out


NEIGHBOURS = [neighbours(v) for v in range(9)]
EDGES: list[tuple[int, int]] = sorted({tuple(sorted((a, b))) for a in range(9) for b in NEIGHBOURS[a]})  # type: ignore[misc]

KIND_NAME = {"harbour": "harbour", "jungle": "jungle", "marsh": "marshland", "cursed": "cursed village"}


def _name(v: int) -> str:
    rows = ["top", "middle", "bottom"]
    cols = ["left", "centre", "right"]
    r, c = divmod(v, 3)
    if r == 1 and c == 1:
        return "centre"
    return f"{rows[r]}-{cols[c]}"


#: every village's name, by number (the log names villages at every move)
VILLAGE_NAMES = tuple(_name(v) for v in range(9))


def village_name(v: int) -> str:
    """"top-left", "centre", ... for village ``v``."""
    return VILLAGE_NAMES[v] if v.__class__ is int and 0 <= v < 9 else _name(v)
