"""Nisyros: the state's next chance event, thrown only if it is used.

``chance(state)`` takes the state's next chance event as
``engine.rng.chance_rng(state)`` does (the counter moves on at once), but
seeds its ``random.Random`` only at the first throw: a flight's red die or a
lava flow that buries nobody never throws, and seeding a Mersenne Twister
costs dozens of throws (docs/nisyros-engine.md has the figures). The
throws are the same as ``chance_rng``'s, so a seed and the same inputs give
the same game.
"""

from __future__ import annotations

import random

import _random

_Random = random.Random
_new = _Random.__new__
#: the C seeding ``random.Random(x)`` ends in, without its two Python frames
_seed = _random.Random.seed


def _generator(seed: int, chance: int) -> random.Random:
    """``engine.rng.chance_rng``'s generator for event ``chance`` of a game
    seeded ``seed``: ``random.Random(seed * 1_000_003 + chance)``, built as
    its ``__init__`` builds it (the seed, then ``gauss_next`` cleared)."""
    rng = _new(_Random)
    _seed(rng, seed * 1_000_003 + chance)
    rng.gauss_next = None
    return rng


class Chance:
    """The dice of one chance event: ``randrange`` and ``shuffle`` as the
    ``random.Random`` that ``chance_rng`` would have given then."""

    __slots__ = ("seed", "chance", "_rng", "_bits")

    def __init__(self, seed: int, chance: int) -> None:
        self.seed, self.chance = seed, chance  # as chance_rng reads them from a state
        self._rng: random.Random | None = None  # seeded at the first throw
        self._bits = None  # its getrandbits

    def _thrown(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = _generator(self.seed, self.chance)
            self._bits = rng.getrandbits
        return rng

    def randrange(self, n: int) -> int:
        """``randrange(n)`` for an int ``n`` > 0: what ``random.Random.randrange``
        returns for it (its ``_randbelow(n)``, written inline)."""
        bits = self._bits
        if bits is None:
            bits = self._thrown().getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def shuffle(self, xs: list) -> None:
        """``random.Random.shuffle`` with this event's generator."""
        self._thrown().shuffle(xs)


def chance(state) -> Chance:
    """The next chance event of ``state`` (its counter advances now)."""
    c = Chance(state.seed, state.chance)
    state.chance += 1
    return c
