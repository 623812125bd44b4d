"""The one way a test here waits: on a condition, with a generous deadline.

Never a fixed sleep: a loaded machine (two cores shared by a whole team)
makes any fixed pause too short some day, and every pause is too long on
all the other days. Where a :class:`~tabletop_tui.engine.table.Table` is at
hand, prefer ``table.wait_settled()`` / ``await table.settled()`` (or an
inline runner: then nothing is left to wait for); these helpers are for
everything else (an app's screen, a thread the test started).
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Callable

from tabletop_tui.engine.runners import RealClock

#: Seconds before a wait gives up: far beyond what any wait here takes on
#: an idle machine, so only a real hang reaches it.
DEADLINE = 60.0


def wait_until(cond: Callable[[], object], what: str = "the condition", seconds: float = DEADLINE) -> None:
    """Block until ``cond()`` is true; AssertionError naming ``what`` after ``seconds``."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}")
        time.sleep(0.005)


async def until(cond: Callable[[], object], what: str = "the condition", seconds: float = DEADLINE,
                pilot=None) -> None:
    """Await until ``cond()`` is true, letting the event loop (and an app
    under ``pilot``) run meanwhile; AssertionError naming ``what`` after ``seconds``."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}")
        if pilot is not None:
            await pilot.pause(0.01)
        else:
            await asyncio.sleep(0.01)


class NappingClock(RealClock):
    """The machine's clock for a table whose threads are real, counting the
    naps its threads take (``naps``): a bot's move held by a pause naps and
    looks again, so two more naps show that it looked again, and held."""

    def __init__(self) -> None:
        self.naps = 0
        self._lock = threading.Lock()

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.naps += 1
        super().sleep(seconds)
