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


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does
    (the same order from the same generator, so seeded games deal as
    before), at about half the cost: the Fisher-Yates loop of
    ``random.Random.shuffle`` with its ``_randbelow`` written inline. A
    subclass of Random (SystemRandom, one with its own ``random``) gets its
    own ``shuffle``. tests/engine/test_rng_shuffle.py holds it to the
    standard library's."""
    if rng.__class__ is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh 48-bit seed."""
    return (rng or random.SystemRandom()).getrandbits(48)
