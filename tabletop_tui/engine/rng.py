"""Seeded chance kept in the state.

A state holds an integer ``seed`` and a ``chance`` counter. Every chance event
draws a fresh :class:`random.Random` from both and advances the counter, so a
seed plus the action log replays a game exactly, and cloning a state costs two
integers rather than a Mersenne Twister's 625 words.
"""

from __future__ import annotations

import random
from typing import Protocol


class HasChance(Protocol):
    seed: int
    chance: int


def chance_rng(state: HasChance) -> random.Random:
    """A Random for the next chance event of ``state``; advances its counter."""
    rng = random.Random(state.seed * 1_000_003 + state.chance)
    state.chance += 1
    return rng


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh 48-bit seed."""
    return (rng or random.SystemRandom()).getrandbits(48)
