"""Set-up (N2), the rounds' tiles (N3) and the last round."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import IllegalAction, Match, SeatConfig, get
from tabletop_tui.games.nyakuza.data import ISLAND
from tabletop_tui.games.nyakuza.rules import Nyakuza, NyakuzaOptions

from .util import GAME, Bid, check_invariants, kind, new, play, texts, tile


def test_registered():
    game = get("nyakuza")
    assert isinstance(game, Nyakuza)
    assert (game.id, game.title, game.min_players, game.max_players) == ("nyakuza", "Nyakuza", 2, 4)
    assert game.hidden_information is True
    assert game.seat_names(4) == ["Red", "Blue", "Yellow", "Green"]


@pytest.mark.parametrize("players,shells,moai", [(2, 24, 10), (3, 16, 6), (4, 12, 5)])
def test_setup_by_player_count(players, shells, moai):
    state = new(players)
    assert state.shells == [shells] * players
    assert state.moai_left == [moai] * players
    assert state.supply == [40] * players
    assert sum(state.shells) == 48 and state.reef == 0
    assert state.ceremonial is None and not any(state.moai)
    assert state.round == 1 and state.phase == "bid"
    assert GAME.to_act(state) == list(range(players))
    check_invariants(state)


def test_tiles_are_shuffled_face_down_from_the_seed():
    a, b, c = new(4, seed=1), new(4, seed=1), new(4, seed=2)
    assert a.model_dump() == b.model_dump()
    assert a.stack != c.stack
    shown = sorted(ISLAND.spaces[i].number for i in range(110) if a.revealed[i])
    assert sorted(a.stack + shown) == list(range(1, 61))
    assert a.stack != sorted(a.stack)


def test_first_amulet_holder():
    assert [new(4, amulet=a).amulet for a in range(4)] == [0, 1, 2, 3]
    holders = {GAME.new_state(3, NyakuzaOptions(), seed).amulet for seed in range(40)}
    assert holders == {0, 1, 2}, "random from the seed by default"
    with pytest.raises(IllegalAction) as info:
        GAME.new_state(2, NyakuzaOptions(first_amulet="Green"), 1)
    assert "no Green player (seat 4)" in info.value.reason


def test_player_count_is_refused_outside_2_to_4():
    for n in (1, 5):
        with pytest.raises(IllegalAction):
            GAME.new_state(n, None, 1)
    with pytest.raises(IllegalAction) as info:
        Match(GAME, [SeatConfig(name="Solo")], autosave=False)
    assert "2-4 players" in info.value.reason


@pytest.mark.parametrize("players,first,later", [(2, 6, 3), (3, 6, 3), (4, 8, 4)])
def test_tiles_turned_up_each_round(players, first, later):
    state = new(players)
    assert len(state.new_tiles) == first
    assert sum(state.revealed) == first
    assert len(state.stack) == 60 - first
    for t in state.new_tiles:
        assert state.revealed[tile(t)]
    # everybody bids 0: nobody places, and the next round turns up its tiles
    events = []
    for s in range(players):
        events += play(state, Bid(shells=0), s)
    assert state.round == 2
    assert len(state.new_tiles) == later and sum(state.revealed) == first + later
    reveal = [e for e in events if e.text.startswith("Round 2:")]
    assert len(reveal) == 1 and reveal[0].reveals
    for t in state.new_tiles:
        assert str(t) in reveal[0].text


@pytest.mark.parametrize("players,rounds", [(2, 20), (3, 20), (4, 15)])
def test_the_round_with_no_tile_left_is_the_last(players, rounds):
    state = new(players)
    log = []
    while not GAME.is_over(state):
        r = state.round
        for s in range(players):
            log += play(state, Bid(shells=0), s)
        check_invariants(state)
        if not GAME.is_over(state):
            assert state.round == r + 1
    assert state.round == rounds
    assert state.last_round and not state.stack and sum(state.revealed) == 60
    text = texts(log)
    assert "That was the last of the stack: the next round is the last." in text
    assert f"Round {rounds} begins. No tiles are left to turn up: this is the last round." in text


def test_a_partial_last_reveal():
    # a stack that does not divide evenly turns up what is left
    state = new(2)
    state.stack = state.stack[:2]
    for s in range(2):
        play(state, Bid(shells=0), s)
    assert len(state.new_tiles) == 2 and not state.stack and not state.last_round
    for s in range(2):
        play(state, Bid(shells=0), s)
    assert state.last_round and state.new_tiles == []


def test_variant_is_for_3_and_4_players_only():
    with pytest.raises(IllegalAction) as info:
        GAME.new_state(2, NyakuzaOptions(secret_tiles=True), 1)
    assert "3 or 4 players" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        Match(GAME, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"secret_tiles": True}, autosave=False)
    assert "3 or 4 players" in info.value.reason


@pytest.mark.parametrize("players", [3, 4])
def test_variant_deals_one_secret_tile_never_a_quarry(players):
    for seed in range(60):
        state = GAME.new_state(players, NyakuzaOptions(secret_tiles=True), seed)
        held = state.secret
        assert all(t is not None for t in held) and len(set(held)) == players
        assert all(kind(tile(t)) != "quarry" for t in held)
        assert not set(held) & set(state.stack)
        assert len(state.stack) + len(state.new_tiles) == 60 - players
        check_invariants(state)


def test_options_are_validated():
    with pytest.raises(IllegalAction):
        GAME.parse_options({"secret_tiles": True, "colour": "pink"})
    assert GAME.parse_options({"secret_tiles": True}).secret_tiles is True
    assert GAME.default_options() == NyakuzaOptions()
