"""End of the game (T5) and passing (T6).

Layout (reading order)::

    0 harbour | 1 jungle | 2 jungle
    3 jungle  | 4 marsh  | 5 marsh
    6 marsh   | 7 cursed | 8 cursed
"""

from __future__ import annotations

from tabletop_tui.games.tiki.rules import Move, Pass, Place

from .util import (
    CURSED, GAME, HARBOUR, JUNGLE, MARSH, PURPLE, YELLOW, check_invariants, influence, position, refused,
)


def assert_won(state, winner):
    assert state.phase == "over" and GAME.is_over(state)
    assert state.winner == winner
    result = GAME.result(state)
    assert result.winners == [winner]
    assert result.scores == {0: state.fruit[0], 1: state.fruit[1]}
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []
    check_invariants(state)


# -- four fruit ----------------------------------------------------------------------------

def test_the_fourth_fruit_wins_at_once():
    state, events = influence(JUNGLE, PURPLE, fruit=(3, 2))
    assert state.fruit == [4, 2]
    assert_won(state, PURPLE)
    assert "wins" in events[-1].text


def test_the_harbour_can_bring_four():
    state, _ = influence(HARBOUR, YELLOW, fruit=(0, 2))
    assert state.fruit == [0, 4]
    assert_won(state, YELLOW)


def test_nothing_more_once_the_game_is_over():
    state, _ = influence(JUNGLE, PURPLE, fruit=(3, 0))
    assert_won(state, PURPLE)
    for seat in (PURPLE, YELLOW):
        refused(state, Place(village=8), seat, "over")
        refused(state, Pass(), seat, "over")


# -- the reserve runs out --------------------------------------------------------------------

def test_empty_reserve_more_fruit_wins():
    # Purple takes the last fruit but yellow still has more.
    state, _ = influence(JUNGLE, PURPLE, fruit=(1, 3), spoiled=2)
    assert state.reserve == 0 and state.fruit == [2, 3]
    assert_won(state, YELLOW)
    assert "more fruit" in state.end_reason


def test_empty_reserve_by_the_last_fruit_spoiling():
    # Purple has no fruit: the curse spoils the reserve's last one.
    state, _ = influence(CURSED, PURPLE, fruit=(0, 3), spoiled=3)
    assert state.reserve == 0 and state.spoiled == 4
    assert_won(state, YELLOW)


def sudden_death():
    """Yellow takes the last fruit of the reserve to tie 2-2."""
    state, events = influence(JUNGLE, YELLOW, fruit=(2, 1), spoiled=3)
    return state, events


def test_a_tie_returns_a_spoiled_fruit_and_starts_sudden_death():
    state, events = sudden_death()
    assert state.fruit == [2, 2]
    assert state.phase == "turn" and not GAME.is_over(state), "a tie does not end the game"
    assert state.sudden_death
    assert state.reserve == 1 and state.spoiled == 2, "one spoiled fruit returns to the reserve"
    assert state.active == PURPLE
    assert "sudden death" in events[-1].text
    check_invariants(state)


def test_sudden_death_next_fruit_gained_wins():
    state, _ = sudden_death()
    influence(JUNGLE, PURPLE, state=state)
    assert state.fruit == [3, 2]
    assert_won(state, PURPLE)
    assert "sudden-death" in state.end_reason


def test_sudden_death_the_harbour_gives_the_one_fruit_left_and_wins():
    state, _ = sudden_death()
    influence(HARBOUR, PURPLE, state=state)
    assert state.fruit == [3, 2] and state.reserve == 0
    assert_won(state, PURPLE)


def test_sudden_death_next_fruit_lost_loses():
    state, _ = sudden_death()
    influence(CURSED, PURPLE, state=state)
    assert state.fruit == [1, 2] and state.spoiled == 3
    assert_won(state, YELLOW)
    assert "lost a fruit" in state.end_reason


def test_sudden_death_goes_on_after_a_marshland():
    state, _ = sudden_death()
    influence(MARSH, PURPLE, state=state)
    assert state.sudden_death and not GAME.is_over(state) and state.active == YELLOW
    check_invariants(state)


def test_sudden_death_curse_with_no_fruit_spoils_the_reserve_and_play_goes_on():
    # No fruit to lose: the reserve's fruit spoils, nobody gained or lost one,
    # the tie stands and another spoiled fruit comes back (code ruling in _check_end).
    state = position(active=PURPLE, fruit=(0, 0), spoiled=6, sudden_death=True)
    influence(CURSED, PURPLE, state=state)
    assert state.sudden_death and not GAME.is_over(state)
    assert state.reserve == 1 and state.spoiled == 6 and state.fruit == [0, 0]


# -- T6: passing ------------------------------------------------------------------------------

def no_move_for_purple():
    """All 8 purple tikis are on the board, each under a yellow one."""
    return position({v: [PURPLE, YELLOW] for v in range(8)}, active=PURPLE)


def test_a_player_with_no_legal_move_passes():
    state = no_move_for_purple()
    assert state.supply(PURPLE) == 0 and state.supply(YELLOW) == 0
    assert GAME.legal_actions(state, PURPLE) == [Pass()]
    before = state.model_dump()
    events = GAME.apply(state, Pass(), PURPLE)
    assert "passes" in events[0].text
    assert state.active == YELLOW and state.phase == "turn"
    after = state.model_dump()
    assert {k: v for k, v in after.items() if k not in ("active", "turn")} == \
           {k: v for k, v in before.items() if k not in ("active", "turn")}, "a pass changes nothing else"
    assert GAME.legal_actions(state, YELLOW), "yellow can move"
    assert Pass() not in GAME.legal_actions(state, YELLOW)


def test_placing_or_moving_is_refused_when_you_must_pass():
    state = no_move_for_purple()
    refused(state, Place(village=8), PURPLE, "all your tikis")
    refused(state, Move(start=0, path=(3,)), PURPLE, "not yours")


def test_pass_is_refused_when_a_move_exists():
    refused(GAME.new_state(2, None, 5), Pass(), GAME.new_state(2, None, 5).active, "may not pass")
    # Only moves left (no tikis in supply), but one of them is legal.
    state = position({v: [PURPLE, YELLOW] for v in range(7)} | {7: [YELLOW, PURPLE]}, active=PURPLE)
    assert state.supply(PURPLE) == 0
    assert Pass() not in GAME.legal_actions(state, PURPLE)
    refused(state, Pass(), PURPLE, "may not pass")
