"""Helpers that play Nyakuza through the real board with key presses."""

from __future__ import annotations

import io
import random
from collections import deque

from rich.console import Console

from tabletop_tui.games.nyakuza.render import step
from tabletop_tui.games.nyakuza.rules import Bid, Erect, Pass, Place, PlaySecret

#: moves that do not depend on where the cursor came from (up/down keep a
#: goal column, so paths use these; the 80x24 test walks with up/down too)
STATELESS = ("left", "right", "q", "e", "z", "c")


def path_keys(start: int, target: int) -> list[str]:
    """The shortest key sequence that walks the board's cursor from ``start``
    to ``target`` (breadth first over the board's own ``step``)."""
    if start == target:
        return []
    back: dict[int, tuple[int, str]] = {start: (start, "")}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        for key in STATELESS:
            nxt = step(at, key)
            if nxt is None or nxt in back:
                continue
            back[nxt] = (at, key)
            if nxt == target:
                keys = []
                while nxt != start:
                    nxt, key = back[nxt]
                    keys.append(key)
                return keys[::-1]
            todo.append(nxt)
    raise AssertionError(f"the cursor cannot walk from {start} to {target}")


def keys_for(board, action) -> list[str]:
    """The key presses that make ``action`` on the Nyakuza board as it stands."""
    if isinstance(action, Bid):
        n = action.shells
        assert board.bid == 0, "a bidder starts from an empty bid box"
        if n <= 2:  # small bids by the arrow key, larger ones typed
            return ["up"] * n + ["enter"]
        return list(str(n)) + ["enter"]
    if isinstance(action, Place):
        return path_keys(board.cursor, action.space) + ["enter"]
    if isinstance(action, Erect):
        options = [(o.palm, tuple(o.tiles)) for o in board.view.erection_options]
        i = options.index((action.palm, tuple(action.tiles)))
        from textual.widgets import OptionList

        now = board.query_one("#ny-erect", OptionList).highlighted or 0
        return (["down"] * (i - now) if i >= now else ["up"] * (now - i)) + ["enter"]
    if isinstance(action, PlaySecret):
        return ["t"]
    if isinstance(action, Pass):
        return ["p"]
    raise AssertionError(f"no keys for {action!r}")


def pick(legal: list, rng: random.Random, board=None):
    """A seeded random move, biased toward low bids and (given the ``board``)
    toward spaces near the cursor, as a player would, so games by keys stay
    short."""
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        top = max(b.shells for b in bids)
        n = 0 if rng.random() < 0.3 or top == 0 else rng.randint(1, min(top, 12 if rng.random() < 0.2 else 3))
        return Bid(shells=n)
    secret = [a for a in legal if isinstance(a, PlaySecret)]
    if secret and rng.random() < 0.5:
        return secret[0]
    places = [a for a in legal if isinstance(a, Place)]
    if board is not None and places and len(places) == len(legal) - len(secret):
        near = sorted(places, key=lambda a: (len(path_keys(board.cursor, a.space)), a.space))
        return rng.choice(near[:3])
    return rng.choice(legal)


def screen_text(app) -> str:
    """Everything drawn on the app's screen now, as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system=None,
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()
