"""Nyakuza's bid policy (games/nyakuza/bid_policy.py) and the bot that bids
by it (games/nyakuza/bot.py): legal bids, a bigger bid for a bigger prize,
only the bidder's own information, the same bid for the same seed."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import make_bot
from tabletop_tui.games.nyakuza import bid_policy
from tabletop_tui.games.nyakuza.bot import NyakuzaBot
from tabletop_tui.games.nyakuza.data import ISLAND

from .util import GAME, Bid, new, position, tile

LEVELS = (1, 2, 3)
QUARRY_3 = tile(3)  # a quarry beside the coastal palm space 6
COAST = 6


def bid_positions(players: int, games: int, secret: bool = False) -> list:
    """Every bid position of a few random games (seeded), with a seat to bid."""
    out = []
    for g in range(games):
        state = new(players, secret=secret, seed=40 + g)
        rng = random.Random(g)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            if state.phase == "bid" and len(out) < 12 * (g + 1) and rng.random() < 0.4:
                out.append((GAME.clone(state), seat))
            GAME.play_silent(state, rng.choice(GAME.legal_actions(state, seat)), seat)
    return out


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_policy_bids_a_legal_bid_never_above_the_seats_shells(players):
    for k, (state, seat) in enumerate(bid_positions(players, 2, secret=players > 2)):
        before = GAME.clone(state)
        for level in LEVELS:
            choice = bid_policy.decide(GAME, state, seat, level, random.Random(k))
            assert state == before  # the policy plays on copies only
            assert Bid(shells=choice.bid) in GAME.legal_actions(state, seat)
            assert 0 <= choice.bid <= state.shells[seat]
            assert max(choice.values) <= state.shells[seat]


@pytest.mark.parametrize("have", (0, 1, 2))
def test_a_seat_with_few_shells_bids_within_them(have):
    state = position(2, own={0: [COAST]}, shells=[have, 20], reef=0, open_tiles=[3], seed=3)
    state.phase = "bid"
    for level in LEVELS:
        for seed in range(5):
            action = NyakuzaBot(level=level).choose(GAME, state, 0, random.Random(seed))
            assert action in GAME.legal_actions(state, 0) and action.shells <= have


def prize(big: bool):
    """Two players with 12 shells each and an empty reef; Red's token
    stands on a coastal palm. With ``big``, the quarry beside it is turned
    up: one token there raises a Moai. Otherwise the positions are equal."""
    state = position(2, own={0: [COAST], 1: [tile(20)]}, shells=[12, 12], reef=0,
                     open_tiles=[3] if big else [], seed=3)
    state.phase = "bid"
    return state


def test_level_3_bids_more_for_a_bigger_prize():
    big = bid_policy.decide(GAME, prize(True), 0, 3, random.Random(1))
    small = bid_policy.decide(GAME, prize(False), 0, 3, random.Random(1))
    assert big.bid > small.bid
    assert bid_policy.stake(GAME, prize(True), 0) > bid_policy.stake(GAME, prize(False), 0)


def test_level_3_pays_nothing_when_the_reef_is_worth_more_than_the_tokens():
    # nothing to build this round and 20 shells on the reef: bidding 0 takes them
    state = position(2, own={0: [COAST]}, shells=[8, 12], reef=20, seed=3)
    state.phase = "bid"
    assert bid_policy.decide(GAME, state, 0, 3, random.Random(1)).bid == 0


def peeked(state, seat: int):
    """The same position for ``seat`` with what it cannot see changed: the
    others' shells moved between them, another seat's pending bid entered
    and its secret tile swapped with one in the stack."""
    other = GAME.clone(state)
    a, b = [p for p in range(state.players) if p != seat][:2]
    move = min(3, other.shells[a])
    other.shells[a] -= move
    other.shells[b] += move
    other.bids[a] = other.shells[a]
    i = next(i for i, t in enumerate(other.stack) if ISLAND.space_of(t).kind != "quarry")
    other.secret[a], other.stack[i] = other.stack[i], other.secret[a]
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_the_policy_reads_only_the_seats_own_view(level):
    state = new(3, secret=True, seed=11)
    state.shells = [16, 10, 22]
    changed = peeked(state, 0)
    assert changed.secret[1] != state.secret[1] and changed.bids[1] is not None
    for seed in range(3):
        one = bid_policy.decide(GAME, state, 0, level, random.Random(seed))
        two = bid_policy.decide(GAME, changed, 0, level, random.Random(seed))
        assert (one.bid, one.values) == (two.bid, two.values)


def test_the_policy_sees_its_own_secret_tile():
    # the control for the peeking test: the seat's own secret tile does count
    state = new(3, secret=True, seed=11)
    other = GAME.clone(state)
    i = next(i for i, t in enumerate(other.stack) if ISLAND.space_of(t).kind != "quarry")
    other.secret[0], other.stack[i] = other.stack[i], other.secret[0]
    one = bid_policy.decide(GAME, state, 0, 3, random.Random(0)).values
    two = bid_policy.decide(GAME, other, 0, 3, random.Random(0)).values
    assert one != two


@pytest.mark.parametrize("level", LEVELS)
def test_the_bid_is_the_same_for_the_same_seed(level):
    for state, seat in bid_positions(3, 1)[:4]:
        bids = {bid_policy.decide(GAME, state, seat, level, random.Random(7)).bid for _ in range(3)}
        assert len(bids) == 1


def test_every_bot_seat_and_the_coach_get_the_nyakuza_bot():
    for level in LEVELS:
        bot = make_bot("search", level, GAME)
        assert isinstance(bot, NyakuzaBot) and bot.level == level


def test_the_rank_at_a_bid_is_the_policys_values_best_first():
    state = prize(True)
    bot = NyakuzaBot(level=3)
    ranked = bot.rank(GAME, state, 0, random.Random(1))
    choice = bid_policy.decide(GAME, state, 0, 3, random.Random(1))
    assert {m.action.shells: m.value for m in ranked} == choice.values
    assert ranked[0].action == Bid(shells=choice.bid) == bot.choose(GAME, state, 0, random.Random(1))
    assert [m.value for m in ranked] == sorted((m.value for m in ranked), reverse=True)
    assert all(m.visits >= 1 for m in ranked)


def test_the_bot_searches_every_other_move():
    state = position(2, placer=0, tokens=2, own={0: [COAST]}, shells=[12, 12], reef=0, open_tiles=[3], seed=3)
    bot = NyakuzaBot(level=1, iterations=60, seconds=1e9)
    action = bot.choose(GAME, state, 0, random.Random(2))
    assert action in GAME.legal_actions(state, 0) and bot.last_iterations == 60
