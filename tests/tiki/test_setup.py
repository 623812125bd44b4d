"""T1: set-up. Nine villages in a 3x3 square, reserve of 7, 8 tikis each,
the first player from the seed (or the option), the seed reproduces it all."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop_tui.engine import IllegalAction, registry
from tabletop_tui.games.tiki.rules import Tiki, TikiOptions, TikiState

from .util import GAME, check_invariants

SEEDS = range(40)


def test_registered_under_its_id():
    game = registry.get("tiki")
    assert isinstance(game, Tiki)
    assert (game.min_players, game.max_players) == (2, 2)
    assert game.hidden_information is False


@pytest.mark.parametrize("seed", SEEDS)
def test_nine_villages_of_the_right_kinds(seed):
    state = GAME.new_state(2, TikiOptions(), seed)
    assert len(state.villages) == 9
    assert Counter(state.villages) == {"harbour": 1, "jungle": 3, "marsh": 3, "cursed": 2}


@pytest.mark.parametrize("shaman", [False, True])
def test_fresh_game(shaman):
    state = GAME.new_state(2, TikiOptions(shaman=shaman), 7)
    assert state.reserve == 7 and state.fruit == [0, 0] and state.spoiled == 0
    assert state.stacks == [[] for _ in range(9)]
    assert state.supply(0) == state.supply(1) == 8
    assert state.phase == "turn" and state.pending == [] and not state.sudden_death
    assert state.shaman is None, "the shaman starts next to the reserve, not on the board"
    assert state.shaman_variant is shaman
    assert GAME.to_act(state) == [state.active]
    check_invariants(state)


def test_the_seed_reproduces_the_layout_and_first_player():
    for seed in SEEDS:
        a = GAME.new_state(2, TikiOptions(), seed)
        b = GAME.new_state(2, TikiOptions(), seed)
        assert a.model_dump() == b.model_dump()
        # ... and survives a JSON round trip (saves hold the seed, not the layout)
        assert TikiState.model_validate_json(a.model_dump_json()) == a


def test_layouts_are_random_across_seeds():
    layouts = {tuple(GAME.new_state(2, None, seed).villages) for seed in SEEDS}
    assert len(layouts) > len(SEEDS) // 2


def test_first_player_is_random_from_the_seed():
    firsts = [GAME.new_state(2, TikiOptions(), seed).active for seed in SEEDS]
    assert set(firsts) == {0, 1}


@pytest.mark.parametrize("seat", [0, 1])
def test_first_player_option(seat):
    colour = GAME.seat_names(2)[seat]
    for seed in range(10):
        state = GAME.new_state(2, TikiOptions(first_player=colour), seed)
        assert state.active == seat
        assert GAME.to_act(state) == [seat]


def test_options_parse_and_refuse_unknown_keys():
    opts = GAME.parse_options({"shaman": True, "first_player": "Yellow"})
    assert opts == TikiOptions(shaman=True, first_player="Yellow")
    assert GAME.parse_options(None) == TikiOptions()
    for bad in ({"shaman": "very"}, {"first_player": "Green"}, {"players": 3}):
        with pytest.raises(IllegalAction) as info:
            GAME.parse_options(bad)
        assert info.value.reason.startswith("Those options are not valid")


@pytest.mark.parametrize("players", [1, 3, 4])
def test_tiki_is_for_two(players):
    with pytest.raises(IllegalAction) as info:
        GAME.new_state(players, TikiOptions(), 1)
    assert "2 players" in info.value.reason


def test_seat_names_are_the_colours():
    assert GAME.seat_names(2) == ["Purple", "Yellow"]
