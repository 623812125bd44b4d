"""The rules tests read events with the seats called by their colours.

The model writes seat placeholders ({s0}..) that a Match fills with the
players' names; here the rules model alone is tested, so the placeholders are
the colour names (test_names.py checks the real placeholders)."""

import pytest

from tabletop_tui.games.rapa_nui.data import COLOURS
from tabletop_tui.games.rapa_nui.rules import RapaNui


@pytest.fixture(autouse=True)
def _colour_names(request, monkeypatch):
    if request.module.__name__.endswith("test_names"):
        return
    monkeypatch.setattr(RapaNui, "placeholders", lambda self, state: COLOURS[: state.players])
