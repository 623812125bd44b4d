"""Nisyros: the state's next chance event, thrown only if it is used.

``chance(state)`` takes the state's next chance event as
``engine.rng.chance_rng(state)`` does (the counter moves on at once), but
seeds its ``random.Random`` only at the first throw: a flight's red die or a
lava flow that buries nobody never throws, and seeding a Mersenne Twister
costs more than the rest of such a step. The throws are the same as
``chance_rng``'s, so a seed and the same inputs give the same game.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.rng import chance_rng


class Chance:
    """The dice of one chance event: ``randrange`` and ``shuffle`` as the
    ``random.Random`` that ``chance_rng`` would have given then."""

    __slots__ = ("seed", "chance", "_rng")

    def __init__(self, seed: int, chance: int) -> None:
        self.seed, self.chance = seed, chance  # as chance_rng reads them from a state
        self._rng: random.Random | None = None

    def _thrown(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = chance_rng(self)  # the counter kept here moves, not the state's
        return rng

    def randrange(self, n: int) -> int:
        """``randrange(n)`` for an int ``n`` > 0: what ``random.Random.randrange``
        returns for it (its ``_randbelow(n)``, without the argument checks)."""
        rng = self._rng
        if rng is None:
            rng = self._thrown()
        return rng._randbelow(n)

    def shuffle(self, xs: list) -> None:
        self._thrown().shuffle(xs)


def chance(state) -> Chance:
    """The next chance event of ``state`` (its counter advances now)."""
    c = Chance(state.seed, state.chance)
    state.chance += 1
    return c
