"""Nyakuza's bot code: the search's heuristic, its re-dealing of what a seat
cannot see, the moves it considers, and its exploration settings
(docs/bots.md). The engine finds it as the game's bot role (``Game.roles``);
the rules never import it. No Textual.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.bots import MoveScore, SearchBot, win_chances

from . import bid_policy, moai
from .actions import BIDS
from .island import ISLAND
from .state import LATER_REVEAL, MOAI, TOTAL_SHELLS, NyakuzaState

if TYPE_CHECKING:
    from .rules import Nyakuza

#: random moves after the tree before a playout is scored
PLAYOUT_DEPTH = 6
#: level 3 narrows its exploration (docs/bots.md)
DEEP_EXPLORATION = 0.3
#: the highest bid the search considers (``search_actions``)
SEARCH_BID_CAP = 8
#: what the heuristic counts for a token won and not yet placed (about a
#: quarter of a Moai: a Moai takes three or four tokens), so a playout cut
#: off between the bids and the placing sees what the bid bought
QUEUED_TOKEN = 0.25


def determinize(game: "Nyakuza", state: NyakuzaState, seat: int, rng: random.Random) -> NyakuzaState:
    """Re-deal what ``seat`` cannot see (N10), reading only what it can:
    the unseen tiles (stack order and the others' secret tiles, which are
    never quarries), the others' shells (their total is known: 48 minus
    the reef, the spent tiles and the seat's own), the others' pending
    bids (dropped: they bid again), and the seed."""
    new = game.clone(state)
    n = state.players
    others = [p for p in range(n) if p != seat]
    holders = [p for p in others if state.secret[p] is not None]
    unseen = sorted(state.stack + [t for p in holders if (t := state.secret[p]) is not None])
    rng.shuffle(unseen)
    for p in holders:
        i = next(i for i, t in enumerate(unseen) if ISLAND.space_of(t).kind != "quarry")
        new.secret[p] = unseen.pop(i)
    new.stack = unseen
    pool = TOTAL_SHELLS - state.reef - state.spent_count() - state.shells[seat]
    for p in others:
        new.shells[p] = 0
    if state.phase == "erect" and state.chooser is not None and state.chooser != seat:
        # the chooser can pay for at least one way; the view does not say which
        new.shells[state.chooser] = min(2, pool)
        pool -= new.shells[state.chooser]
    for _ in range(pool):
        new.shells[rng.choice(others)] += 1
    if state.phase == "erect" and state.chooser is not None and state.chooser != seat:
        assert state.anchor is not None
        new.choices = moai.erection_choices(new, state.chooser, state.anchor)
    for p in others:
        new.bids[p] = None
    new.seed = rng.getrandbits(48)
    new.chance = 0
    return new


def search_actions(game: "Nyakuza", state: NyakuzaState, seat: int) -> list[Action]:
    """Every legal move but bids above ``SEARCH_BID_CAP`` shells: in its
    own model of the other seats the search drifts into bidding wars
    (24-32 shells for a round's tokens), which real players do not wage."""
    legal = game.legal_actions(state, seat)
    if state.phase == "bid":
        return legal[: SEARCH_BID_CAP + 1]
    return legal


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
    for v in (idx.seats.get(seat) or idx.seat(seat)).summ.values():
        tg, bn = min(v[moai.T], v[moai.G]), min(v[moai.B], v[moai.N])
        recipes = v[moai.Q] + tg + bn + v[moai.F] // 2
        halves = v[moai.T] + v[moai.G] - 2 * tg + v[moai.B] + v[moai.N] - 2 * bn + v[moai.F] % 2
        pot += 0.45 * recipes + 0.12 * halves + 0.2 * min(v[moai.PALMS_AT], 2)
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


class NyakuzaBot(SearchBot):
    """The search bot with Nyakuza's bid policy (``bid_policy``): at a bid
    it rates and picks its bid by what the bid buys against the others'
    predicted bids, as sharp as its level; every other move it searches."""

    def __init__(self, level: int = 2, *args, bid_level: int | None = None, **kwargs) -> None:
        super().__init__(level, *args, **kwargs)
        #: the bid policy's sharpness (``bid_policy.SHARPNESS``): the level's own unless set
        self.bid_level = bid_level if bid_level is not None else level

    def choose(self, game: "Nyakuza", state: NyakuzaState, seat: int, rng: random.Random) -> Action:
        if state.phase == "bid" and game.legal_actions(state, seat):
            self.last_iterations = 0
            return BIDS[bid_policy.decide(game, state, seat, self.bid_level, rng).bid]
        return super().choose(game, state, seat, rng)

    def rank(self, game: "Nyakuza", state: NyakuzaState, seat: int, rng: random.Random) -> list[MoveScore]:
        """At a bid, every bid the policy rated with its expected chance to
        win, best first (the visits: the others' bid profiles each was rated
        against); elsewhere the search's ranking."""
        if state.phase != "bid" or not game.legal_actions(state, seat):
            return super().rank(game, state, seat, rng)
        choice = bid_policy.decide(game, state, seat, self.bid_level, rng)
        out = [MoveScore(BIDS[b], v, choice.profiles) for b, v in choice.values.items()]
        out.sort(key=lambda m: (m.value, -m.action.shells), reverse=True)
        return out


def bot_for(game: Any, level: int) -> NyakuzaBot:
    """The Nyakuza bot of a search level."""
    return NyakuzaBot(level=level)
