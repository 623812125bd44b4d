"""Every game has an in-app rules page in our own words, with its keys and
the table rulings it uses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_tui.engine.registry import catalogue
from tabletop_tui.resources import rules_markdown

RULEBOOKS = Path(__file__).resolve().parents[3] / "shared" / "rules"
BOOK = {"tiki": "tiki.txt", "rapa_nui": "rapa_nui.de.txt", "nyakuza": "nyakuza.txt", "nisyros": "nisyros.txt",
        "nayakas": "nayakas.txt"}


@pytest.mark.parametrize("game_id", [g.id for g in catalogue()])
def test_rules_page_has_title_keys_and_table_rulings(game_id):
    page = rules_markdown(game_id)
    title = next(g.title for g in catalogue() if g.id == game_id)
    assert page.startswith(f"# {title}")
    assert "## Table rulings" in page
    assert re.search(r"(?i)\bkeys?\b|arrow|Enter", page)


@pytest.mark.parametrize("game_id", [g.id for g in catalogue()])
def test_rules_page_is_in_our_own_words(game_id):
    """No sentence of ten words or more is copied from the rulebook."""
    book = RULEBOOKS / BOOK.get(game_id, "")
    if not book.is_file():
        pytest.skip("the rulebook is not beside this checkout")
    words = lambda text: re.findall(r"[a-z']+", text.lower())  # noqa: E731
    source = " ".join(words(book.read_text(encoding="utf-8")))
    page = words(rules_markdown(game_id))
    copied = [" ".join(page[i:i + 10]) for i in range(len(page) - 9) if " ".join(page[i:i + 10]) in source]
    assert not copied, copied[:3]
