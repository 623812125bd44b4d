"""Shared checks for refused inputs, used by every game's tests."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.errors import IllegalAction


def assert_readable(reason: str) -> None:
    """A reason is one plain sentence for a player, not a traceback or a repr."""
    assert isinstance(reason, str) and reason.strip() == reason
    assert 8 <= len(reason) <= 300, reason
    assert reason[0].isupper(), reason
    assert reason.endswith((".", "!", "?")), reason
    assert "\n" not in reason and "Traceback" not in reason, reason
    assert "object at 0x" not in reason and "{s" not in reason, reason


def assert_refused(game, state, action, seat: int, *fragments: str) -> str:
    """Assert that ``game`` refuses ``action`` by ``seat`` with a readable
    reason containing every fragment (case-insensitively), and that the state
    is exactly as before. Returns the reason."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, seat)
    assert state.model_dump_json() == before, "a refused action changed the state"
    reason = info.value.reason
    assert_readable(reason)
    for f in fragments:
        assert f.lower() in reason.lower(), (f, reason)
    return reason
