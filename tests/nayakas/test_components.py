"""The designed data (K1): counts from the rulebook's component lists, and
the pydantic models refuse malformed data."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest
from pydantic import ValidationError

from tabletop_tui.games.nayakas import data as components
from tabletop_tui.games.nayakas.data import C, KINGDOMS


def test_board_has_21_actions_over_four_kingdoms_with_keladis_double_space():
    spaces = [s for k in C.board.kingdoms for s in k.spaces]
    assert len(spaces) == 21
    assert sorted(s.action for s in spaces) == sorted(C.board.actions)
    assert [k.name for k in C.board.kingdoms] == ["Keladi", "Mysore", "Thanjavur", "Madurai"]
    assert [k.colour for k in C.board.kingdoms] == ["red", "blue", "brown", "green"]
    for k in C.board.kingdoms:
        lands = Counter(s.land for s in k.spaces)
        assert lands["homeland"] >= 1 and lands["borderland"] >= 1
    double = [(k.id, s.land) for k in C.board.kingdoms for s in k.spaces if s.action == "double"]
    assert double == [("keladi", "homeland")]


def test_trading_posts_and_empire_pairs():
    assert len(C.board.trading_posts) == 3
    assert all(len(set(tp.kingdoms)) == 2 for tp in C.board.trading_posts)
    assert len(C.board.empire) == 2


def test_tile_counts_follow_the_component_list():
    t = C.tiles
    assert len(t.temples) == 12 and sum(1 for x in t.temples if x.ruler) == 4
    assert len(t.merchants) == 16 and len({m.kind for m in t.merchants}) == 14
    assert sorted(k for k, n in Counter(m.kind for m in t.merchants).items() if n == 2) == ["emporium", "merchant"]
    assert len(t.events) == 6
    assert len(t.sections) == 38 and len(t.section_kinds) == 17
    assert len(t.facilities) == 12 and len(t.facility_kinds) == 8
    assert len(t.borderland_tiles) == 7
    assert len(C.dev_cards.cards) == 12
    assert {c.timing for c in C.dev_cards.cards} == {"worker", "build"}


def test_player_boards_two_temples_of_three_a_tank_and_a_fort():
    for k in KINGDOMS:
        b = C.player_board[k].buildings
        assert [(x.kind, len(x.sections)) for x in b] == [("temple", 3), ("temple", 3), ("tank", 2), ("fort", 2)]
        for x in b:
            for sec in x.sections:
                arts = sum(v for a, v in sec.cost.items() if a in ("architect", "mason", "sculptor"))
                assert 1 <= arts <= 2 and sec.cost.get("stone", 0) + sec.cost.get("clay", 0) > 0


def test_every_kingdom_board_costs_the_same_in_total():
    totals = set()
    for k in KINGDOMS:
        c = Counter()
        for b in C.player_board[k].buildings:
            for sec in b.sections:
                c.update(sec.cost)
        totals.add((c["stone"] + c["clay"], c["architect"] + c["mason"] + c["sculptor"]))
    assert len(totals) == 1


@pytest.fixture
def data_copy(tmp_path):
    folder = tmp_path / "nayakas"
    shutil.copytree(components.data_dir(), folder)
    return folder


def _edit(folder, name, fn):
    path = folder / f"{name}.json"
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


def test_loading_a_copy_gives_equal_components(data_copy):
    assert components.load(data_copy) == C


@pytest.mark.parametrize("name,fn,fragment", [
    ("board", lambda d: d["kingdoms"][1]["spaces"].pop(), "21"),
    ("board", lambda d: d["actions"]["gold2"]["gain"].update({"rubies": 1}), "unknown good"),
    ("tiles", lambda d: d["sections"].pop(), "counts"),
    ("tiles", lambda d: d["events"][0].update({"count": "luck"}), "count"),
    ("player_boards", lambda d: d["boards"][0]["buildings"][0]["sections"].pop(), "temples"),
    ("player_boards", lambda d: d["boards"][0]["buildings"][0]["sections"][0]["cost"].update(
        {"architect": 3}), "Artisans"),
    ("dev_cards", lambda d: d["cards"].pop(), "12"),
])
def test_malformed_data_is_refused(data_copy, name, fn, fragment):
    _edit(data_copy, name, fn)
    with pytest.raises(ValidationError) as info:
        components.load(data_copy)
    assert fragment.lower() in str(info.value).lower()


def test_the_rulebooks_example_section_is_on_a_board():
    """"this section requires 4 Stone, 3 Clay, an Architect, and a Mason"."""
    example = {"stone": 4, "clay": 3, "architect": 1, "mason": 1}
    assert any(sec.cost == example for k in KINGDOMS for b in C.player_board[k].buildings for sec in b.sections)
