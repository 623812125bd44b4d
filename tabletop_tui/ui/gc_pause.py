"""Hold Python's cyclic garbage collector off from a key press until the frame
that shows it is out, as Textual itself does during a smooth scroll
(``App.PAUSE_GC_ON_SCROLL``).

A collection of the oldest generation takes 40-150 ms in this app (its heap
holds Textual's widgets and styles and the game), and one falls every few
moves: when it lands between a key and its frame, that move shows late. Held
off, it runs just after the frame, while the player looks. Memory is never
held for long: a pause ends after ``HOLD`` seconds, and while keys come
faster than that (a held arrow key) the collector is let run at least every
``MAX_HELD`` seconds.
"""

from __future__ import annotations

import gc
import time
from typing import Callable

#: seconds a key holds the collector off: the frame clock's wait (at most
#: 1/60 s) plus the handling and the render of a move, with room to spare
HOLD = 0.05
#: the collector is never held off longer than this at a stretch
MAX_HELD = 0.5


class GcPause:
    """Pause the collector for a key; ``set_timer(delay, callback)`` is the
    app's timer (the pause ends on it)."""

    def __init__(self, set_timer: Callable[[float, Callable[[], None]], object]) -> None:
        self._set_timer = set_timer
        self._held = 0
        self._since: float | None = None

    @property
    def holding(self) -> bool:
        """True while a key holds the collector off."""
        return self._held > 0

    def key(self) -> None:
        """A key was pressed: hold the collector off until its frame is out."""
        now = time.monotonic()
        if self._since is not None and now - self._since > MAX_HELD:
            return  # keys without a pause between them: let the collector run
        if self._held == 0:
            if not gc.isenabled():
                return  # someone else holds it (a scroll): leave it to them
            gc.disable()
            self._since = now
        self._held += 1
        self._set_timer(HOLD, self._release)

    def _release(self) -> None:
        self._held -= 1
        if self._held == 0:
            self._since = None
            gc.enable()
