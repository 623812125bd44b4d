"""Nyakuza's estimate of a position, shared by the search bot (its
heuristic) and the bid policy: Moai raised and on the way, tokens still to
place, and shells. Our own weights, tuned by the benchmark. No Textual."""

from __future__ import annotations

from typing import Any

from tabletop_tui.engine.bots import win_chances

from . import moai
from .state import LATER_REVEAL, MOAI, NyakuzaState

#: what the heuristic counts for a token won and not yet placed (about a
#: quarter of a Moai: a Moai takes three or four tokens), so a playout cut
#: off between the bids and the placing sees what the bid bought
QUEUED_TOKEN = 0.25


def heuristics(game: Any, state: NyakuzaState) -> list[float]:
    """Each seat's chance to win, from its Moai standing, the Moai its
    groups are on the way to (unspent recipe tiles and free coastal palms
    held together, and the tokens won this round and not yet placed)
    and its shells (they pay for tiles and win bids: the
    shells its remaining Moai will need count most); the
    fewer tiles left to turn up, the more a lead counts. Our own estimate,
    for the search bot."""
    n = state.players
    if state.phase == "over":
        won = state.winners
        return [(1.0 / len(won) if s in won else 0.0) for s in range(n)] if won else [1.0 / n] * n
    idx = moai._index(state)
    start = MOAI[n]
    queued = [0] * n  # tokens won this round and not yet placed
    for s, k in state.queue:
        queued[s] += k
    scores = []
    for s in range(n):
        left = state.moai_left[s]
        pot = _on_the_way(idx, s) + QUEUED_TOKEN * queued[s]
        score = start - left + min(pot, left + 0.5) + shell_score(state.shells[s], left)
        if left == 0:
            score += 1.0  # one Ceremonial Moai from winning
        scores.append(score)
    rounds_left = len(state.stack) / LATER_REVEAL[n] + 1
    return win_chances(scores, 0.5 + 0.25 * rounds_left)


def _on_the_way(idx: "moai.BoardIndex", seat: int) -> float:
    """The Moai ``seat``'s groups are on the way to: whole recipes, half
    recipes and free coastal palms held together."""
    pot = 0.0
    for v in (idx.seats.get(seat) or idx.seat(seat)).summ.values():  # packed summaries (see moai.UNIT)
        if not v:  # nothing unspent, no free palm: it adds 0
            continue
        q, f, t, g, b, n = v & 255, v >> 8 & 255, v >> 16 & 255, v >> 24 & 255, v >> 32 & 255, v >> 40 & 255
        tg, bn = min(t, g), min(b, n)
        recipes = q + tg + bn + f // 2
        halves = t + g - 2 * tg + b + n - 2 * bn + f % 2
        pot += 0.45 * recipes + 0.12 * halves + 0.2 * min(v >> 48 & 255, 2)
    return pot


def shell_score(have: float, left: int) -> float:
    """What ``have`` shells add to a seat's score with ``left`` Moai to
    raise: each Moai still to raise wants one or two, and bids want more."""
    need = min(8.0, 1.5 * left + 2)
    return 0.25 * min(have, need) + 0.04 * max(0.0, have - need)


def board_score(state: NyakuzaState, seat: int) -> float:
    """``seat``'s score in the heuristic without its shells and tokens still
    to place: Moai raised and on the way (the bid policy's measure)."""
    left = state.moai_left[seat]
    pot = _on_the_way(moai._index(state), seat)
    return MOAI[state.players] - left + min(pot, left + 0.5) + (1.0 if left == 0 else 0.0)
