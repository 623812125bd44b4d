"""The rules page describes the data actually shipped."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop_tui.resources import rules_markdown

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from nayakas_tables import tables  # noqa: E402


def test_component_tables_match_the_data():
    assert tables() in rules_markdown("nayakas")


def test_every_development_card_is_described():
    from tabletop_tui.games.nayakas.data import C
    page = rules_markdown("nayakas")
    for c in C.dev_cards.cards:
        assert f"**{c.name}**" in page and c.text in page
