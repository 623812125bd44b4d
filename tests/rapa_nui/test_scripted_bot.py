"""Rapa Nui's scripted bot (rules of thumb, no search: the ladder's
"scripted" rung): it plays only legal moves, the same seed gives the same
game, and it leaves a Moai it cannot pay for in the market."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.rapa_nui.actions import ChooseMoaiReward, Draw, PlayCard
from tabletop_tui.games.rapa_nui.bot import ScriptedBot

from .test_bot import moai_or_else
from .util import GAME, GREEN


def play(players: int, seed: int, scripted: set[int]) -> list:
    """A whole game, the scripted bot in the ``scripted`` seats and random
    bots elsewhere; every scripted choice is checked legal before it is
    played. Returns the scripted seats' moves in order."""
    state = GAME.new_state(players, None, seed)
    rng = random.Random(seed)
    bots = [ScriptedBot() if s in scripted else RandomBot() for s in range(players)]
    moves = []
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = bots[seat].choose(GAME, state, seat, rng)
        if seat in scripted:
            assert action in GAME.legal_actions(state, seat), (action, state.phase)
            moves.append(action)
        GAME.apply(state, action, seat)  # validated as a player's move is
    return moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_scripted_bot_plays_only_legal_moves(players):
    for seed in range(3):
        assert play(players, seed, set(range(players)))
        assert play(players, 100 + seed, {seed % players})


def test_the_same_seed_gives_the_same_moves():
    assert play(3, 7, {0, 2}) == play(3, 7, {0, 2})


def test_it_leaves_a_moai_it_cannot_pay_for():
    """Two Moai in hand, no wood: a third (row 1) would leave a hand that
    plays nothing; it takes the Priest of row 2 or another card instead."""
    for seed in (3, 4, 5):
        state = moai_or_else(seed)
        action = ScriptedBot().choose(GAME, state, GREEN, random.Random(seed))
        assert isinstance(action, Draw) and state.market[action.row][-1] != "moai"


def test_it_raises_a_moai_it_can_pay_for_and_takes_wood_while_it_lacks_some():
    state = moai_or_else(3)
    state.phase, state.wood = "play", [7, 0]
    state.hands[GREEN]["priest"] = 1
    assert ScriptedBot().choose(GAME, state, GREEN, random.Random(1)) == PlayCard(card="moai")
    state.wood = [3, 0]
    assert ScriptedBot().score(state, GREEN, ChooseMoaiReward(reward="wood")) > \
        ScriptedBot().score(state, GREEN, ChooseMoaiReward(reward="fame"))
