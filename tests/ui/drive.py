"""Helpers that drive the real app with key presses, like a player would."""

from __future__ import annotations

from tabletop_tui.games.tiki.rules import EDGES, Move, Pass, Place, Resolve, Shaman


def arrows_between(a: int, b: int) -> list[str]:
    """Keys that walk the Tiki cursor from village ``a`` to village ``b``."""
    ra, ca = divmod(a, 3)
    rb, cb = divmod(b, 3)
    keys = ["down" if rb > ra else "up"] * abs(rb - ra)
    keys += ["right" if cb > ca else "left"] * abs(cb - ca)
    return keys


def tiki_keys(board, action) -> list[str]:
    """The key presses that make ``action`` on the Tiki board."""
    keys: list[str] = []
    if isinstance(action, (Place, Resolve)):
        keys = arrows_between(board.cursor, action.village) + ["enter"]
    elif isinstance(action, Move):
        keys = arrows_between(board.cursor, action.start) + ["enter"]
        at = action.start
        for v in action.path:
            keys += arrows_between(at, v)
            at = v
        keys.append("enter")
    elif isinstance(action, Shaman):
        if action.edge is None:
            keys = ["n"]
        else:
            target = EDGES.index(action.edge)
            keys = ["right"] * ((target - board.edge_cursor) % len(EDGES)) + ["enter"]
    elif isinstance(action, Pass):
        raise AssertionError("the Tiki board has no pass key: a pass is never needed in these games")
    return keys
