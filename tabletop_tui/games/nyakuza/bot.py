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
from .estimate import QUEUED_TOKEN, board_score, heuristics, shell_score  # noqa: F401 (the bot role's heuristics)
from .actions import BIDS
from .data import ISLAND
from .state import LATER_REVEAL, MOAI, TOTAL_SHELLS, NyakuzaState

if TYPE_CHECKING:
    from .rules import Nyakuza

#: random moves after the tree before a playout is scored
PLAYOUT_DEPTH = 6
#: level 3 narrows its exploration (docs/bots.md)
DEEP_EXPLORATION = 0.3
#: the highest bid the search considers (``search_actions``)
SEARCH_BID_CAP = 8


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
