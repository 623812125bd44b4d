"""Set-up: start cards (R1), start offerings and wood (R2), the market (R3)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import IllegalAction, get
from tabletop_tui.games.rapa_nui.actions import Draw, PlayCard
from tabletop_tui.games.rapa_nui.data import START_GATHERERS, all_cards

from .util import GAME, check_invariants, play


def test_identity_and_registry():
    assert GAME.id == "rapa_nui" and GAME.title == "Rapa Nui"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.hidden_information is True
    assert get("rapa_nui").title == "Rapa Nui"
    assert get("Rapa Nui").id == "rapa_nui"
    assert GAME.seat_names(4) == ["Green", "Blue", "Red", "Violet"]
    assert GAME.seat_names(2) == ["Green", "Blue"]


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_checked(players):
    with pytest.raises(IllegalAction) as info:
        GAME.new_state(players, None, 1)
    assert "2 to 4" in info.value.reason


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_cards_r1(players):
    state = GAME.new_state(players, None, 11)
    lacking = ["sweet_potato", "fish", "grain", "mulberry"]
    for seat in range(players):
        hand = state.hands[seat]
        # three hunter-gatherers of three different kinds, lacking the colour's one
        assert sum(hand.values()) == 3
        assert {k for k, n in hand.items() if n} == set(START_GATHERERS[seat])
        assert all(n <= 1 for n in hand.values())
        assert hand[lacking[seat]] == 0
        assert hand["woodcutter"] == hand["priest"] == hand["moai"] == 0
        # the start woodcutter face up in the display, nothing else
        assert state.displays[seat] == {"woodcutter": 1, "priest": 0, "moai": 0, "fish": 0, "grain": 0,
                                        "mulberry": 0, "sweet_potato": 0}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_offerings_and_wood_r2(players):
    state = GAME.new_state(players, None, 12)
    for seat in range(players):
        assert state.offerings[seat] == {"fish": 1, "grain": 1, "mulberry": 1, "sweet_potato": 1}
        assert state.fame[seat] == 0
    assert state.wood == [2, 3, 4, 5][:players]
    assert state.supply == {k: 25 - players for k in ("fish", "grain", "mulberry", "sweet_potato")}
    assert state.stone_up == {"fish": 0, "grain": 0, "mulberry": 0, "sweet_potato": 0}
    assert state.stone_down == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_market_four_rows_of_four_r3(players):
    state = GAME.new_state(players, None, 13)
    assert [len(r) for r in state.market] == [4, 4, 4, 4]
    assert len(state.deck) == 50 - 16
    check_invariants(state)
    totals = all_cards(players)
    assert sum(totals.values()) == 50 + 4 * players


def test_every_market_card_is_visible_but_only_the_exposed_one_is_takeable_r3():
    state = GAME.new_state(2, None, 14)
    view = GAME.view(state, 1)
    for r, row in enumerate(view.market):
        assert row.cards == state.market[r]
        assert row.exposed == 3 and row.exposed_card == state.market[r][-1]
    # seat 0 starts: plays a start gatherer, then may draw from any row, and
    # a draw always takes that row's last card
    first = next(k for k, n in state.hands[0].items() if n)
    play(state, PlayCard(card=first), 0)
    assert GAME.legal_actions(state, 0) == [Draw(row=r) for r in range(4)]
    row2 = list(state.market[2])
    before = state.hands[0][row2[-1]]
    play(state, Draw(row=2), 0)
    assert state.market[2] == row2[:-1]
    assert state.hands[0][row2[-1]] == before + 1


def test_same_seed_same_deal_and_different_seeds_differ():
    a = GAME.new_state(3, None, 99)
    b = GAME.new_state(3, None, 99)
    assert a == b
    deals = {tuple(tuple(r) for r in GAME.new_state(3, None, s).market) for s in range(10)}
    assert len(deals) > 1


def test_first_player_starts_and_cannot_afford_a_purchase():
    # Green starts with 2 wood: every offering costs 5, so the buy step is skipped.
    state = GAME.new_state(4, None, 5)
    assert state.active == 0 and state.phase == "play"
    assert GAME.to_act(state) == [0]
    assert "Green" in GAME.status(state, None)
    check_invariants(state)
