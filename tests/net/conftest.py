"""The ssh tests' own check: when they end, no player's app process
(``tabletop_tui.ssh_session``) that they started is still alive.

Each run (each xdist worker) marks its environment with a token of its own;
every server the tests start passes its environment on to its players' apps,
so an app this run started is one whose environment holds the token.
"""

from __future__ import annotations

import os
import signal
import uuid
from pathlib import Path

import pytest

from ..waiting import wait_until

MARK = "TABLETOP_TEST_RUN"


def sessions_of(token: str) -> list[int]:
    """The pids of the ``tabletop_tui.ssh_session`` processes whose environment holds ``token``."""
    found = []
    needle = f"{MARK}={token}".encode()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if b"tabletop_tui.ssh_session" not in (proc / "cmdline").read_bytes():
                continue
            if needle in (proc / "environ").read_bytes().split(b"\0"):
                found.append(int(proc.name))
        except OSError:  # gone already, or not ours to read
            continue
    return found


@pytest.fixture(scope="session", autouse=True)
def no_session_outlives_the_tests():
    token = uuid.uuid4().hex
    before = os.environ.get(MARK)
    os.environ[MARK] = token
    yield
    try:  # a session ended last may still be on its way out
        wait_until(lambda: not sessions_of(token), "the player app processes to end", seconds=15)
    except AssertionError:
        pass  # killed and reported below
    left = sessions_of(token)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if before is None:
        os.environ.pop(MARK, None)
    else:
        os.environ[MARK] = before
    if left:
        pytest.fail(f"player app processes outlived the tests (now killed): {left}")
