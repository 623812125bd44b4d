"""The island (N1): one data file, checked here."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from tabletop_tui.games.nyakuza.data import (
    ISLAND, KIND_COUNTS, IslandError, hex_distance, hex_neighbours, island_path, parse_island,
)

SPACES = ISLAND.spaces


def test_the_data_file_is_the_one_in_assets():
    path = island_path()
    assert path.name == "island.json" and path.parent.name == "nyakuza" and path.parent.parent.name == "assets"
    assert path.exists()


def test_counts():
    assert len(SPACES) == 110
    resources = [s for s in SPACES if s.is_resource]
    palms = [s for s in SPACES if s.is_palm]
    assert len(resources) == 60 and len(palms) == 50
    assert Counter(s.kind for s in resources) == KIND_COUNTS
    assert KIND_COUNTS == {"quarry": 6, "food": 18, "temple": 9, "god": 9, "birdman": 9, "nest": 9}
    assert sorted(s.number for s in resources) == list(range(1, 61))
    assert all(s.number is None for s in palms)
    coastal = [s for s in palms if s.coastal]
    inland = [s for s in palms if not s.coastal]
    assert coastal and inland
    assert 20 <= len(coastal) <= 30, "about half the palms are on the shore (N1)"


def test_ids_coordinates_and_labels():
    assert [s.id for s in SPACES] == list(range(110))
    coords = [(s.col, s.row) for s in SPACES]
    assert len(set(coords)) == 110
    assert coords == sorted(coords, key=lambda c: (c[1], c[0])), "ids run in reading order"
    labels = [s.label for s in SPACES]
    assert len(set(labels)) == 110
    for s in SPACES:
        assert 0 <= s.col < ISLAND.columns and 0 <= s.row < ISLAND.rows
        if s.is_resource:
            assert s.label == str(s.number)
            assert ISLAND.space_of(s.number) is s
    numbers = [s.number for s in SPACES if s.is_resource]
    assert numbers == sorted(numbers), "tiles are numbered in reading order, easy to find"


def test_fits_a_terminal_map():
    # pointy-top hexes 6 characters wide, odd rows shifted by half a hex
    assert ISLAND.layout == "odd-r"
    assert ISLAND.columns * 6 + 3 <= 100
    assert 9 <= ISLAND.rows <= 11


def test_adjacency_is_symmetric_and_from_coordinates():
    for s in SPACES:
        adj = ISLAND.adjacent[s.id]
        assert s.id not in adj and len(adj) == len(set(adj)) and len(adj) <= 6
        for n in adj:
            assert s.id in ISLAND.adjacent[n]
            assert hex_distance((s.col, s.row), (SPACES[n].col, SPACES[n].row)) == 1
        expected = {ISLAND.coords[c] for c in hex_neighbours(s.col, s.row) if c in ISLAND.coords}
        assert set(adj) == expected


def test_hex_neighbours_odd_r():
    # even row: the row above and below lean left; odd row: they lean right
    assert set(hex_neighbours(4, 2)) == {(5, 2), (3, 2), (3, 1), (4, 1), (3, 3), (4, 3)}
    assert set(hex_neighbours(4, 3)) == {(5, 3), (3, 3), (4, 2), (5, 2), (4, 4), (5, 4)}
    for c, r in [(4, 2), (4, 3), (0, 0), (7, 5)]:
        assert all(hex_distance((c, r), n) == 1 for n in hex_neighbours(c, r))


def test_island_is_connected():
    seen = {0}
    todo = [0]
    while todo:
        for n in ISLAND.adjacent[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 110


def test_the_sea_surrounds_the_island_with_no_lakes():
    # every sea hex inside the bounding box reaches the outside through sea
    land = set(ISLAND.coords)
    box = {(c, r) for c in range(-1, ISLAND.columns + 1) for r in range(-1, ISLAND.rows + 1)}
    sea = box - land
    start = (-1, -1)
    seen = {start}
    todo = [start]
    while todo:
        for n in hex_neighbours(*todo.pop()):
            if n in sea and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == sea


def test_coastal_palms_touch_the_sea_and_inland_palms_do_not():
    for s in SPACES:
        if s.is_palm:
            assert ISLAND.touches_sea(s.id) == s.coastal, s.label
            assert (len(ISLAND.adjacent[s.id]) < 6) == s.coastal, s.label
        # resource spaces too carry a true shore flag (the UI may draw it)
        assert ISLAND.touches_sea(s.id) == s.coastal


def test_orongo_is_one_coastal_palm_at_the_top_right():
    orongos = [s for s in SPACES if s.orongo]
    assert len(orongos) == 1
    o = orongos[0]
    assert o.id == ISLAND.orongo and o.is_palm and o.coastal and o.label == "Orongo"
    top = min(s.row for s in SPACES)
    assert o.row == top
    assert o.col == max(s.col for s in SPACES if s.row == top)
    assert o.col >= max(s.col for s in SPACES) - 1
    assert o.col >= ISLAND.columns * 2 // 3
    # reachable: it has land neighbours a token can stand on
    assert ISLAND.adjacent[o.id]


def test_every_part_of_the_island_is_contested():
    """Within 3 steps of any space lies a tile of every kind, so every
    recipe can be gathered anywhere (N1: a mix in every region)."""
    resources = [s for s in SPACES if s.is_resource]
    for s in SPACES:
        near = {r.kind for r in resources if hex_distance((s.col, s.row), (r.col, r.row)) <= 3}
        assert near == set(KIND_COUNTS), (s.label, set(KIND_COUNTS) - near)


def test_every_resource_touches_a_palm_and_every_coastal_palm_a_resource():
    for s in SPACES:
        kinds = {SPACES[n].kind for n in ISLAND.adjacent[s.id]}
        if s.is_resource:
            assert "palm" in kinds, s.label
        elif s.coastal and not s.orongo:
            assert kinds - {"palm"}, s.label


def load_doc() -> dict:
    return json.loads(island_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("spoil,words", [
    (lambda d: d["spaces"][0].update(coastal=not d["spaces"][0]["coastal"]), "sea"),
    (lambda d: d["spaces"][5].update(number=999), "numbered"),
    (lambda d: d["spaces"][3].update(kind="volcano"), "unknown kind"),
    (lambda d: d.update(layout="even-q"), "odd-r"),
    (lambda d: [s.pop("orongo", None) for s in d["spaces"]], "Orongo"),
    (lambda d: d["spaces"][1].update(col=d["spaces"][0]["col"], row=d["spaces"][0]["row"]), "coordinate"),
], ids=["coastal-flag", "number", "kind", "layout", "orongo", "coords"])
def test_the_loader_refuses_a_broken_map(spoil, words):
    doc = copy.deepcopy(load_doc())
    spoil(doc)
    with pytest.raises(IslandError) as info:
        parse_island(doc)
    assert words in str(info.value)


def test_the_loader_reads_the_file_as_is():
    island = parse_island(load_doc())
    assert island.spaces == ISLAND.spaces and island.adjacent == ISLAND.adjacent
