"""How many times, and how fast, a guest may try to log in (as OpenSSH does).

- at most ``login_tries`` refused tries on one connection (OpenSSH's
  MaxAuthTries, 6): the next try ends the connection;
- every try from a source address that failed recently waits its turn, and
  the wait doubles with each recent failure from that address, so a burst of
  wrong passwords slows down whether it comes on one connection or on many;
- a connection that has not logged in within ``login_grace_seconds`` is closed
  (OpenSSH's LoginGraceTime; asyncssh's ``login_timeout``);
- each refusal is a line in the server's log (logger ``tabletop_tui.net.auth``).

The ssh gate asks :meth:`AuthLimits.before_try` before it checks a password
(or a keyboard-interactive answer), and tells :meth:`refused` when a try failed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from .limits import Limits

log = logging.getLogger("tabletop_tui.net.auth")


@dataclass
class _Source:
    failures: deque = field(default_factory=deque)
    #: when the latest try from this address was let through (or will be)
    last: float = float("-inf")


class TooManyTries(Exception):
    """This connection used up its tries."""


class AuthLimits:
    """Failures per source address, shared by every connection of a server.

    ``clock`` (seconds, by default ``time.monotonic``) and ``sleep`` (by
    default ``asyncio.sleep``) are how it tells and waits the time: a test
    gives its own, to see the wait each try is asked for without waiting it.
    """

    def __init__(self, limits: Limits | None = None, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limits = limits or Limits()
        self.clock, self.sleep = clock, sleep
        self._sources: dict[str, _Source] = {}

    def _source(self, addr: str, now: float) -> _Source:
        src = self._sources.pop(addr, None) or _Source()
        self._sources[addr] = src  # most recently used last
        while src.failures and now - src.failures[0] > self.limits.login_memory_seconds:
            src.failures.popleft()
        while len(self._sources) > self.limits.login_addresses:
            del self._sources[next(iter(self._sources))]
        return src

    def delay(self, addr: str) -> float:
        """The wait a try from ``addr`` gets after its recent failures."""
        n = len(self._source(addr, self.clock()).failures)
        return 0.0 if n == 0 else min(self.limits.login_max_delay, self.limits.login_first_delay * 2 ** (n - 1))

    async def before_try(self, tries: "ConnectionTries") -> None:
        """Wait this try's turn; raises TooManyTries once the connection has
        used its tries (the caller then ends it)."""
        if tries.refused >= self.limits.login_tries:
            log.warning("refused %s from %s: more than %d tries on one connection; disconnected",
                        tries.user, tries.addr, self.limits.login_tries)
            raise TooManyTries
        now = self.clock()
        src = self._source(tries.addr, now)
        start = max(now, src.last + self.delay(tries.addr))
        src.last = start  # a try beside this one waits after it
        if start > now:
            await self.sleep(start - now)

    def refused(self, tries: "ConnectionTries", method: str, *, counts_for_address: bool = True) -> bool:
        """A try failed: log it, count it for the connection (and, for a
        guessable secret, for its address). True once the connection has
        used its tries (the caller then ends it)."""
        tries.refused += 1
        if counts_for_address:
            now = self.clock()
            self._source(tries.addr, now).failures.append(now)
        log.warning("refused %s for %r from %s (try %d of %d on this connection)",
                    method, tries.user, tries.addr, tries.refused, self.limits.login_tries)
        if tries.refused < self.limits.login_tries:
            return False
        log.warning("disconnected %r from %s: %d refused tries on one connection",
                    tries.user, tries.addr, tries.refused)
        return True


@dataclass
class ConnectionTries:
    """One connection's count of refused tries."""

    addr: str
    user: str = ""
    refused: int = 0
