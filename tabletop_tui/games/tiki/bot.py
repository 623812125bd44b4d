"""Tiki's bot code: the search bot's estimate of a position and its
playout depth: the game's bot role, which the engine finds by its file
name (``Game.roles``); the rules never import it."""

from __future__ import annotations

import math
from typing import Any

from tabletop_tui.engine.bots import Bot

from .state import FRUIT, VALUE, TikiState

#: random moves after the search's tree before the position is scored
PLAYOUT_DEPTH = 4

#: the share of a village's fruit a totem of each height counts for its top
#: tiki's owner in the estimate (height 3 has just been resolved)
_NEAR = (0.0, 0.15, 0.35, 0.5)


def heuristics(game: Any, state: TikiState) -> list[float]:
    """Each god's chance to win, from the fruit (a fruit ahead counts more
    as the reserve runs down) and the totems on the board: a totem whose
    top tiki is yours on a fruitful village, the taller the closer to
    influencing it, counts a part of its fruit for you; on a cursed
    village against you. Our own estimate, for the search bot."""
    if state.phase == "over":
        w = state.winner
        return [0.5, 0.5] if w is None else [1.0 if s == w else 0.0 for s in (0, 1)]
    lead = float(state.fruit[0] - state.fruit[1])
    for v, stack in enumerate(state.stacks):
        if stack:
            worth = VALUE[state.villages[v]] * _NEAR[min(len(stack), 3)]
            lead += worth if stack[-1] == 0 else -worth
    sharp = 0.9 + 0.25 * (FRUIT - state.reserve)
    if state.sudden_death:
        sharp *= 2
    p0 = 1 / (1 + math.exp(-sharp * lead))
    return [p0, 1 - p0]


class ScriptedBot(Bot):
    """A rule of thumb, no search: of its legal moves, the one that leaves
    the board best by a plain count, looking one move ahead only: fruit
    first (a win above all, 10 a fruit ahead), then every totem counted
    for the owner of its top tiki, its village's value times its height
    (so: take fruit when you can, else build the tallest totem you top on
    the richest village, and stay off the cursed ones). It leaves the
    shaman where it is. Ties go to the first such move in the game's order
    of legal moves shuffled by ``rng``. The ladder's "scripted" entrant
    (``benchmarks/bots.py``)."""

    name = "scripted"

    def choose(self, game: Any, state: TikiState, seat: int, rng: Any) -> Any:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        order = list(legal)
        rng.shuffle(order)
        best, best_score = order[0], -math.inf
        for action in order:
            if getattr(action, "kind", "") == "shaman":
                if action.edge is None:  # type: ignore[attr-defined]
                    return action
                continue
            after = game.clone(state)
            game.play_silent(after, action, seat)
            score = board_count(after, seat)
            if score > best_score:
                best, best_score = action, score
        return best


def board_count(state: TikiState, seat: int) -> float:
    """The scripted bot's count of a position for ``seat`` (see :class:`ScriptedBot`)."""
    if state.phase == "over":
        return 0.0 if state.winner is None else (1000.0 if state.winner == seat else -1000.0)
    count = 10.0 * (state.fruit[seat] - state.fruit[1 - seat])
    for v, stack in enumerate(state.stacks):
        if stack:
            worth = VALUE[state.villages[v]] * len(stack)
            count += worth if stack[-1] == seat else -worth
    return count
