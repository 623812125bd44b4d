"""Shared test set-up: every test gets its own data directory, so nothing
ever writes saves into the real user data dir."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Point TABLETOP_DATA_DIR at a fresh per-test folder (read by
    tabletop_tui.engine.storage.data_dir on every call)."""
    path = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


@pytest.fixture
def inline_bots():
    """Bots and hints think in the calling thread, not in a worker process
    (quicker to start in tests that play many short games)."""
    from tabletop_tui.engine import thinker

    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")
