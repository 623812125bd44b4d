"""The Table's saver: the match is written in the background after every
change, just after the frame that shows it.

A part of :class:`~.table.Table` (a mixin: it works on the table's match,
lock and runner, and tells the clients when saving starts or stops failing).
Moves made while a save waits are saved together; ``flush`` and ``close``
do not wait for the delay.
"""

from __future__ import annotations

import threading
from typing import Callable

#: Seconds the background save waits after a change before it starts, so the
#: frame that shows a move is drawn first; a move is on disk about this much
#: later (``flush`` and ``close`` do not wait).
SAVE_DELAY = 0.06


class Autosave:
    """Saves the table's match off the caller's thread, after every change."""

    def _init_saving(self) -> None:
        self._save_problem: str | None = None
        # the Table saves, in the background (the Match is told not to)
        self._autosave = self.match.autosave
        self._save_wanted = False
        self._saver: Callable[[], None] | None = None  # the save loop while it runs
        #: notified after every change, when a bot's move is dropped and when
        #: the saver stops (see :meth:`wait_settled`)
        self._saved = threading.Condition(self._lock)
        self._save_now = threading.Event()  # set by flush: no more waiting

    @property
    def saving(self) -> bool:
        """True when the table autosaves after every change."""
        return self._autosave

    def keep_saved(self) -> None:
        """Autosave from now on (a demo that became a game is worth resuming)."""
        with self._lock:
            if self._autosave:
                return
            self.match.autosave = self._autosave = True
            self._request_save()

    def _request_save(self) -> None:
        if not self._autosave:
            return
        self._save_wanted = True
        if self._saver is None:
            self._saver = self._save_loop
            self.runner.start(self._save_loop, "autosave")

    def _save_loop(self) -> None:
        while True:
            # Let the frame that shows the move go out first: the save's
            # serialising holds the GIL, and a thread that holds it makes the
            # UI thread wait (up to the 5 ms switch interval at a time).
            # Moves made meanwhile are saved together.
            self.clock.wait(self._save_now, SAVE_DELAY)
            with self._lock:
                if not self._save_wanted:
                    self._saver = None
                    self._saved.notify_all()
                    return
                self._save_wanted = False
            # the match takes its snapshot under its own lock and writes
            # outside ours, so a key press never waits for the disk
            problem = self.match.try_save()
            with self._lock:
                if problem != self._save_problem:
                    self._save_problem = problem
                    self._publish()

    def flush(self, timeout: float = 10.0) -> str | None:
        """Wait for the background save to finish; returns the save problem, if any."""
        self._save_now.set()
        try:
            with self._lock:
                self._saved.wait_for(lambda: self._saver is None, timeout=timeout)
                return self._save_problem
        finally:
            self._save_now.clear()
