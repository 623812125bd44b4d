"""Set-up (S1-S3, S8, S9) and the data files."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop_tui.games.nisyros.data import CARDS, DAM_SPOTS, ISLAND, deck_ids
from tabletop_tui.games.nisyros.legal import DONE
from tabletop_tui.games.nisyros.places import total_boats, total_dams

from .util import G, MANDRAKI, MEETING, P, VILLAGE, new


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_eight_citizens_and_two_workers(players):
    s = new(players)
    assert s.origin == ISLAND.homes[players] == s.home
    for seat, z in enumerate(s.origin):
        assert s.people[seat][P(z, VILLAGE)] == 8 and s.people[seat][P(z, MEETING)] == 2
        assert s.on_island(seat) == 10 and s.workers(seat) == 2
    assert s.kos == [0] * players and s.hades == [0] * players


@pytest.mark.parametrize("players,cap", [(2, 16), (3, 20), (4, 24)])
def test_stock_three_wheat_per_player_and_caps(players, cap):
    s = new(players)
    assert (s.wheat, s.stone, s.wood) == (3 * players, 0, 0)
    assert G.view(s, None).cap == cap


def test_resource_areas_and_bonus_markers_dealt_from_the_seed():
    s = new(seed=5)
    assert Counter(k for zone in s.kinds for k in zone) == {"stone": 6, "wood": 5, "wheat": 5}
    assert sorted(s.bonus) == ["stone", "stone", "wheat", "wood"]
    assert new(seed=5).kinds == s.kinds
    assert any(new(seed=k).kinds != s.kinds for k in range(6, 12))


def test_thirty_two_dam_spots_and_no_dams_or_boats_at_start():
    assert DAM_SPOTS == [0, 1, 2, 2, 3] and sum(DAM_SPOTS) * 4 == 32
    s = new()
    assert total_dams(s) == 0 and total_boats(s) == 0 and s.lava == [0, 0, 0, 0]


def test_deck_has_25_cards_with_five_star_cards_on_top():
    star, rest = deck_ids()
    assert sorted(star) == list(range(1, 11)) and len(rest) == 15
    for seed in range(10):
        s = new(seed=seed)
        assert Counter(s.deck) == Counter({c: CARDS[c].copies for c in CARDS})
        assert s.top_known == 5
        assert all(CARDS[c].star for c in s.deck[-5:])  # the 5 set-aside star cards are on top


def test_round_one_starts_with_step_one_for_seat_zero():
    s = new(3)
    assert (s.round, s.step, s.active, s.phase) == (1, 1, 0, "move")
    assert G.to_act(s) == [0] and DONE in G.legal_actions(s, 0)
    assert G.legal_actions(s, 1) == []
    assert "Round 1, step 1" in G.status(s, None)


def test_the_view_hides_only_the_deck_order():
    s = new()
    v = G.view(s, 0)
    assert v == G.view(s, None).model_copy(update={"seat": 0})
    dump = v.model_dump_json()
    assert "deck\"" not in dump and v.deck_size == 25
    assert v.zones[MANDRAKI] == "Mandraki" and v.kinds == s.kinds


def test_three_levels():
    assert {k: (v.eruptions, v.max_eruptions, v.wheat_to_sail) for k, v in ISLAND.levels.items()} == {
        "achilles": (2, 5, False), "heracles": (2, 5, True), "zeus": (3, 6, True)}
    assert new(level="zeus").level == "zeus"


def test_seats_are_named_by_colour():
    assert G.seat_names(4) == ["Red", "Blue", "Green", "Yellow"]
