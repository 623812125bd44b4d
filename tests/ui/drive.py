"""Helpers that drive the real app with key presses, like a player would."""

from __future__ import annotations

import asyncio
import time
import unicodedata

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump

from tabletop_tui.games.tiki.rules import EDGES, Move, Pass, Place, Resolve, Shaman

from ..waiting import DEADLINE, until


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


def _pumps(app) -> list:
    """The app and every widget of every screen on its stack."""
    out = [app]
    for screen in app.screen_stack:
        out.extend(screen.walk_children(with_self=True))
    return out


#: messages some message pump is handling now (an async handler may await:
#: its queue is empty then, and the app is not calm)
_in_hand = 0
_dispatch = MessagePump._dispatch_message


async def _dispatch_counted(self, message):
    global _in_hand
    _in_hand += 1
    try:
        return await _dispatch(self, message)
    finally:
        _in_hand -= 1


MessagePump._dispatch_message = _dispatch_counted  # counted in every app of the tests: calm reads it


def _queued(app) -> bool:
    """True while some message pump of ``app`` has a message waiting or in
    hand, or a callback due after it."""
    return _in_hand > 0 or any(p._message_queue.qsize() or p._next_callbacks for p in _pumps(app))


async def calm(pilot, layout: bool = False) -> None:
    """Wait until everything the app's last input set off in the app's own
    thread is handled: no message waiting or in hand on any widget of any
    screen of the stack for a few turns of the event loop in a row (a
    handler posts the next message before it returns). With ``layout``, then the layout
    brought up to date (as Pilot.pause does) and its messages handled too;
    without, the screen lays itself out and paints on its own timer, as it
    does for a player. A condition, not a pause: Pilot.press and
    Pilot.pause wait for the CPU to go quiet (20 ms at least, twice a key).
    Work in other threads (a bot, the autosave) is not waited for:
    :func:`settle` is."""
    app = pilot.app
    end = time.monotonic() + DEADLINE
    for again in (layout, False):
        quiet = 0
        while quiet < QUIET_TURNS:
            await asyncio.sleep(0)
            quiet = 0 if _queued(app) else quiet + 1
            if time.monotonic() > end:
                raise AssertionError(f"timed out after {DEADLINE:g} s waiting for the app to handle its input")
        if not again or not app.is_running:
            return
        app.screen._on_timer_update()  # the layout now, not on the next frame


#: turns of the event loop with no message waiting or in hand that make the app calm
QUIET_TURNS = 3


async def press(pilot, *keys: str) -> None:
    """Press ``keys`` one after another as Pilot.press does (the same key
    events, posted to the app), each handled in full (:func:`calm`) before
    the next, without Pilot's CPU-idle pauses; after the last one the
    layout is brought up to date, so the screen shows what the keys did."""
    app = pilot.app
    for i, key in enumerate(keys):
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        original = REPLACED_KEYS.get(key, key)
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(original))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)  # in the app's queue now (the driver's way takes two turns of the loop)
        await calm(pilot, layout=i == len(keys) - 1)


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


async def to_the_game(pilot):
    """Wait for the game screen to be up and settled, pressing Enter at each
    hot-seat hand-off on the way; returns the game screen."""
    from tabletop_tui.ui.game_screen import GameScreen
    from tabletop_tui.ui.handoff import HandoffScreen

    app = pilot.app
    while True:
        await until(lambda: isinstance(app.screen, HandoffScreen)
                    or (isinstance(app.screen, GameScreen) and settled(app.screen)),
                    "the game screen or a hand-off", pilot=pilot)
        if not isinstance(app.screen, HandoffScreen):
            return app.screen
        await press(pilot, "enter")


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
    await press(pilot, "enter")
    return True


def footer_keys(screen) -> dict[str, str]:
    """The keys the footer shows on ``screen`` (the app's active screen),
    each with its description."""
    return {key: b.binding.description for key, b in screen.active_bindings.items() if b.binding.show}
