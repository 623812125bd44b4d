"""Whole games between bots, every move checked against the legal list:
shared by the tests of the games' own bots."""

from __future__ import annotations

import random
from typing import Any, Sequence


def play_checked(game: Any, state: Any, bots: Sequence[Any], rng: random.Random,
                 limit: int = 4000) -> list[tuple[int, Any]]:
    """Play ``state`` to its end with one bot a seat, asserting that every
    chosen move is legal; returns the (seat, action) moves in order."""
    moves: list[tuple[int, Any]] = []
    for _ in range(limit):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game, state, seat, rng)
        assert action in game.legal_actions(state, seat)
        moves.append((seat, action))
        game.apply(state, action, seat)
    assert game.is_over(state), f"not over after {limit} moves"
    return moves
