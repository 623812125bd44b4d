"""Rapa Nui: the arithmetic of scorings (R6) and of the final score (R8).

Pure functions over counts; the rules module decides when they apply and
asks players for their choices.
"""

from __future__ import annotations

from typing import Sequence

from .data import MOAI_POINTS, OFFERINGS, WOOD_PER_POINT


def sole_leader(counts: Sequence[int]) -> int | None:
    """R6 bonus: the seat with strictly more than every other seat, and at
    least 2; None when the lead is shared or below 2."""
    if not counts:
        return None
    if not isinstance(counts, (list, tuple)):
        counts = list(counts)
    best = max(counts)
    if best < 2 or counts.count(best) != 1:
        return None
    return counts.index(best)


def scoring_amounts(counts: Sequence[int]) -> list[int]:
    """R6 for woodcutters, priests and Moais: 1 per card, +1 for the sole
    leader with at least 2."""
    leader = sole_leader(counts)
    return [n + (1 if s == leader else 0) for s, n in enumerate(counts)]


def gatherer_gains(counts: Sequence[int]) -> list[int]:
    """R6 for hunter-gatherers of one kind: 1 offering for each seat with at
    least one, +1 for the sole leader with at least 2."""
    leader = sole_leader(counts)
    return [(1 if n > 0 else 0) + (1 if s == leader else 0) for s, n in enumerate(counts)]


def offering_values(stone: dict[str, int]) -> dict[str, int]:
    """R8: value of one offering card of each kind from the counts on the
    stone. Distinct counts, highest first, are worth 3, 2, 1, 0; kinds with
    equal counts share the higher value (counts 5,5,3,1 give 3,3,2,1).
    With an empty stone every kind is "most common" and worth 3."""
    levels = sorted({stone.get(k, 0) for k in OFFERINGS}, reverse=True)
    return {k: max(0, 3 - levels.index(stone.get(k, 0))) for k in OFFERINGS}


def wood_points(wood: int) -> int:
    """R8: 1 point per full 5 wood."""
    return wood // WOOD_PER_POINT


def moai_points(moais: int) -> int:
    return MOAI_POINTS * moais


def offering_points(hand: dict[str, int], values: dict[str, int]) -> int:
    return sum(hand.get(k, 0) * values[k] for k in OFFERINGS)


def final_breakdown(fame: int, moais: int, wood: int, offerings: dict[str, int],
                    values: dict[str, int]) -> dict[str, int]:
    """R8: one seat's final score in parts, with its total."""
    parts = {
        "fame": fame,
        "moai": moais,
        "moai_points": moai_points(moais),
        "wood": wood,
        "wood_points": wood_points(wood),
        "offering_cards": sum(offerings.values()),
        "offering_points": offering_points(offerings, values),
    }
    parts["total"] = parts["fame"] + parts["moai_points"] + parts["wood_points"] + parts["offering_points"]
    return parts


def ranking_winners(totals: Sequence[int], moais: Sequence[int]) -> list[int]:
    """R8: most points wins; tie: most Moais; still tied: all of them win."""
    best = max((t, m) for t, m in zip(totals, moais))
    return [s for s, (t, m) in enumerate(zip(totals, moais)) if (t, m) == best]
