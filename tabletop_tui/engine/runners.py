"""Where a Table's background work runs, and the clock it keeps time by.

A :class:`~.table.Table` starts its bots' moves, its autosave and its coach
through a *runner* and waits (a bot's least time, the autosave's delay) by a
*clock*. In play they are :class:`ThreadRunner` and :class:`RealClock`: each
task in a daemon thread, time as the machine keeps it. A test hands the
table an :class:`InlineRunner` (each task at once, in the caller's thread)
and a :class:`FakeClock` (time that passes only when the code waits), so
it knows exactly what has happened when a call returns.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable, Protocol


class Runner(Protocol):
    def start(self, task: Callable[[], None], name: str) -> None:
        """Run ``task`` (now or soon); ``name`` says what it is."""


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds since some fixed moment."""

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``."""

    def wait(self, event: threading.Event, seconds: float) -> bool:
        """Wait until ``event`` is set or ``seconds`` have passed; True if set."""


class ThreadRunner:
    """Each task in a daemon thread of its own (the table in play)."""

    def start(self, task: Callable[[], None], name: str) -> None:
        threading.Thread(target=task, name=name, daemon=True).start()


class RealClock:
    """The machine's monotonic clock."""

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def wait(self, event: threading.Event, seconds: float) -> bool:
        return event.wait(seconds)


class InlineRunner:
    """Each task in the calling thread, at once: when ``start`` returns, the
    task (and every task it started: a bot's move starts the next bot's)
    has run. Tasks started by a task run after it, one after another, so a
    whole game of bots never nests. ``hold=True`` keeps the tasks until
    :meth:`run` (a test looks at the table while a bot is "thinking").
    For one thread only, as a test is."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.names: list[str] = []  # every task started, by name
        self._queue: deque[Callable[[], None]] = deque()
        self._running = False

    @property
    def pending(self) -> int:
        """Tasks started and not yet run."""
        return len(self._queue)

    def start(self, task: Callable[[], None], name: str) -> None:
        self.names.append(name)
        self._queue.append(task)
        if not self.hold:
            self.run()

    def run(self) -> int:
        """Run the waiting tasks (and those they start) now; how many ran."""
        if self._running:  # a task started one: it runs when this one is done
            return 0
        self._running, ran = True, 0
        try:
            while self._queue:
                self._queue.popleft()()
                ran += 1
        finally:
            self._running = False
        return ran


class FakeClock:
    """Time that passes only when the code waits: ``sleep`` and ``wait``
    move it on at once by the time asked (a ``wait`` on an event already
    set returns at once, as the real one does). ``slept`` keeps each wait."""

    def __init__(self, start: float = 1000.0) -> None:
        self._ns = round(start * 1e9)  # whole nanoseconds: a tiny wait still moves time on
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self._ns / 1e9

    def sleep(self, seconds: float) -> None:
        seconds = max(0.0, seconds)
        self.slept.append(seconds)
        self._ns += max(1, round(seconds * 1e9))

    def wait(self, event: threading.Event, seconds: float) -> bool:
        if event.is_set():
            return True
        self.sleep(seconds)
        return False
