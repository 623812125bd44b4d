"""Shared test set-up: every test gets its own data directory, so nothing
ever writes saves into the real user data dir; hypothesis draws the same
examples on every run (the "ci" profile)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

#: The suite is deterministic: every randomised test draws the same examples
#: on every run and every machine (derandomize: seeded from the test's name),
#: and no example database carries one run's finds into the next.
#: ``HYPOTHESIS_PROFILE=explore`` searches afresh (with the database) when
#: hunting for new failures by hand.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Point TABLETOP_DATA_DIR at a fresh per-test folder (read by
    tabletop_tui.engine.storage.data_dir on every call)."""
    path = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def _terminal_size_from_the_terminal(monkeypatch):
    """No COLUMNS/LINES in the environment (pytest-xdist sets 80x24 in its
    workers): a process a test starts (an ssh session's app on its pty)
    takes its size from its terminal, as it does on a real server."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture
def inline_bots():
    """Bots and hints think in the calling thread, not in a worker process
    (quicker to start in tests that play many short games)."""
    from tabletop_tui.engine import thinker

    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")
