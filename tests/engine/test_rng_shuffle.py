"""engine.rng.shuffle deals exactly as random.Random.shuffle: seeded games
and saves replay the same whichever a game calls."""

from __future__ import annotations

import random

from tabletop_tui.engine.rng import shuffle


def test_shuffle_matches_the_standard_library_order_and_generator_state():
    for seed in range(200):
        for length in (0, 1, 2, 3, 9, 16, 50, 66, 129):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(length)), list(range(length))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getrandbits(32) == theirs.getrandbits(32)  # the generator moved on alike


def test_a_random_subclass_keeps_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, x):  # noqa: ANN001
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]
