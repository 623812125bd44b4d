"""Helpers that drive the real app with key presses, like a player would."""

from __future__ import annotations

from tabletop_tui.games.tiki.rules import EDGES, Move, Pass, Place, Resolve, Shaman

from ..waiting import until


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
        keys = ["p"]
    return keys


def settled(screen) -> bool:
    """True when the table has no bot thinking or due and the screen has drawn
    its latest update."""
    up = screen.current
    return screen.table.idle() and up is not None and up.serial == screen.table.serial


async def settle(pilot, screen, saves: bool = False) -> None:
    """Wait until the screen's table settles (no bot due or thinking; with
    ``saves``, the autosave done too) and the screen has drawn its latest update."""
    await screen.table.settled(saves=saves)
    await until(lambda: settled(screen), "the screen to draw the table's last change", pilot=pilot)


def match_of(screen):
    """The referee's look at the true game (tests only: no client holds it)."""
    return screen.table.match


async def finish_review(pilot, screen) -> bool:
    """If the screen lets the last player look at what their move showed them
    before the hand-off, check the board is still theirs and press Enter."""
    if screen.app.screen is not screen or screen._review_for is None:
        return False
    assert screen.board.view is not None and screen.board.view.seat == screen.viewer
    assert "pass the keyboard" in str(screen.query_one("#message").content)
    await pilot.press("enter")
    await pilot.pause()
    return True


def footer_keys(screen) -> dict[str, str]:
    """The keys the footer shows on ``screen`` (the app's active screen),
    each with its description."""
    return {key: b.binding.description for key, b in screen.active_bindings.items() if b.binding.show}
