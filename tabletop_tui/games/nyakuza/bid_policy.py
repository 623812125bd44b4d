"""Nyakuza's bid policy: what a bid buys, against what the others will bid.

The search rates every bid from 0 to 4 shells within a few thousandths (its
playouts are too short and too random to see what a round's tokens are
worth), so the Nyakuza bot bids by this policy instead. It reads only the
bidder's own information (``belief``: the others' shells are estimated from
the public total, their secret tiles and pending bids are dropped) and:

1. values the tokens each seat could win this round (3, 2, 1 or none) by
   placing them greedily on the board as it stands, with the heuristic's own
   measure of Moai raised and on the way (``estimate.board_score``); its own
   secret tile (variant) is one token more wherever it helps;
2. values the shells each seat keeps or takes from the reef with the
   heuristic's measure of shells (``estimate.shell_score``), and the amulet as a
   small cost (its holder loses the next round's ties);
3. expects each other seat's bid evenly from 0 up to 5 or its shells, if
   fewer (``Sharpness.predict`` would instead take a soft best answer, by
   the same values from that seat's side, to such guesses of everyone
   else's bid: it made level 3 bid 1 most rounds and lose to the search's
   near-random bids, docs/bots.md, so no level uses it);
4. rates each of its own bids by its expected chance to win (``win_chances``
   of every seat's score after the round's tokens and shells) against that
   prediction, and takes the best.

A level sets how sharp this is (``SHARPNESS``): level 1 counts a flat value
per token and picks softly; level 2 reads the board and picks a little
softly; level 3 reads the board and takes the best bid.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import estimate
from .actions import BIDS, PLACES, SECRET, erect_action
from .bidding import resolve_bids
from .state import LATER_REVEAL, TOTAL_SHELLS, NyakuzaState

if TYPE_CHECKING:
    from .rules import Nyakuza


@dataclass(frozen=True)
class Sharpness:
    """How sharp a level's bids are."""

    #: token values from a greedy look at the board (else ``FLAT_TOKEN`` each)
    lookahead: bool
    #: the others' bids predicted from their values (else a flat guess)
    predict: bool
    #: softmax temperature over the bids' values, in points of the chance to
    #: win (0: always the best bid)
    temperature: float
    #: bid profiles of the others sampled at 3-4 players
    samples: int


SHARPNESS = {
    1: Sharpness(lookahead=False, predict=False, temperature=0.02, samples=24),
    2: Sharpness(lookahead=True, predict=False, temperature=0.004, samples=48),
    # predict=True lost to the search's bids (12 of 30 against 17 of 30 without, docs/bots.md)
    3: Sharpness(lookahead=True, predict=False, temperature=0.0, samples=96),
}

#: a token's worth without a look at the board (the heuristic's ``QUEUED_TOKEN``)
FLAT_TOKEN = 0.25
#: how much a token's gain on the board counts against shells (1: as the heuristic has it)
TOKEN_WEIGHT = 1.0
#: what a token taken now costs in the tokens it leaves for later rounds,
#: when the supply will run short (40 tokens do not last a game at 2-3 a
#: round): a token's average worth; 0 turns the cost off
FUTURE_TOKEN = 0.3
#: tokens a seat wins in an average round, by players (3+2 / 3+2+1 / 3+2+1+1 shared)
PER_ROUND = {2: 2.5, 3: 2.0, 4: 1.75}
#: the amulet's worth to its holder: it loses the next round's ties
AMULET = -0.05
#: the highest own bid rated, and the highest bid predicted for another seat
OWN_CAP = 16
OTHER_CAP = 12
#: the flat guess of a seat's bid: evenly 0 up to this (or its shells)
GUESS_CAP = 5
#: softmax temperature of the predicted bids (points of the chance to win)
PREDICT_TEMPERATURE = 0.01
#: tokens a bid can win
MOST_TOKENS = 3


def belief(game: "Nyakuza", state: NyakuzaState, seat: int) -> NyakuzaState:
    """A copy of ``state`` holding only what ``seat`` may know: the others'
    shells are an even share of what the public figures leave them (exact
    with 2 players), their secret tiles and pending bids are dropped, and
    the stack's order is forgotten (sorted)."""
    new = game.clone(state)
    others = [p for p in range(state.players) if p != seat]
    pool = TOTAL_SHELLS - state.reef - state.spent_count() - state.shells[seat]
    for i, p in enumerate(others):
        new.shells[p] = pool // len(others) + (1 if i < pool % len(others) else 0)
        new.bids[p] = None
        new.secret[p] = None
    new.stack = sorted(state.stack)
    new.seed = 0
    return new


@dataclass
class SeatWorth:
    """What one seat gets from 0-3 tokens this round, by its bidder's estimate."""

    board: list[float]  # board score after k tokens (Moai up and on the way, no shells)
    spend: list[int]  # shells paid for Moai raised by those tokens
    left: list[int]  # Moai left after them
    shells: int  # shells before the bid


def token_worth(game: "Nyakuza", board: NyakuzaState, seat: int, lookahead: bool) -> SeatWorth:
    """``seat``'s board score with 0 to 3 more tokens placed greedily (each
    on the space that raises the score most; a Moai with several ways takes
    the first), and with its secret tile laid where that helps."""

    have, left = board.shells[seat], board.moai_left[seat]
    base = estimate.board_score(board, seat)
    if not lookahead:
        return SeatWorth([base + FLAT_TOKEN * k for k in range(MOST_TOKENS + 1)], [0] * (MOST_TOKENS + 1),
                         [left] * (MOST_TOKENS + 1), have)
    sim = game.clone(board)
    sim.phase, sim.queue = "place", [(seat, MOST_TOKENS + 2)]  # never runs out: no round ends here
    sim.supply[seat] = max(sim.supply[seat], MOST_TOKENS + 2)
    worth = SeatWorth([base], [0], [left], have)
    secret = board.secret_variant and board.secret[seat] is not None
    if secret:  # laid alone (a 0 bid may still lay it after the placements)
        laid, score = _best_step(game, sim, seat, [SECRET])
        if laid is not None and laid.phase == "place":
            sim = laid
            worth.board[0], worth.spend[0], worth.left[0] = score, have - sim.shells[seat], sim.moai_left[seat]
    for _ in range(MOST_TOKENS):
        moves = [PLACES[s] for s in _spaces(sim, seat)]
        nxt, score = _best_step(game, sim, seat, moves)
        if nxt is not None:
            sim = nxt
        worth.board.append(score if nxt is not None else worth.board[-1])
        worth.spend.append(have - sim.shells[seat])
        worth.left.append(sim.moai_left[seat])
    return worth


def _spaces(sim: NyakuzaState, seat: int) -> list[int]:
    from . import moai

    if sim.phase != "place":
        return []
    return moai.legal_spaces(sim, seat)


def _best_step(game: "Nyakuza", sim: NyakuzaState, seat: int, moves: list) -> tuple[NyakuzaState | None, float]:
    """The copy after the move (and the Moai it raises) that scores best."""

    best, best_score = None, -math.inf
    for move in moves:
        trial = game.clone(sim)
        if move is SECRET and game.secret_problem(trial, seat) is not None:
            continue
        game.play_silent(trial, move, seat)
        guard = 0
        while trial.phase == "erect" and trial.chooser == seat and guard < 8:
            palm, tiles = trial.choices[0]
            game.play_silent(trial, erect_action(palm, tiles), seat)
            guard += 1
        if trial.phase == "over":
            score = math.inf if seat in trial.winners else -math.inf
        else:
            score = estimate.board_score(trial, seat)
        if score > best_score:
            best, best_score = trial, score
    return best, best_score


@dataclass
class Table:
    """Everything a bidder's estimate needs about the round."""

    me: int
    worth: list[SeatWorth]
    #: what each token taken now costs each seat in tokens for later rounds
    token_cost: list[float]
    supply: list[int]
    amulet: int
    reef: int
    spread: float


def read_table(game: "Nyakuza", state: NyakuzaState, seat: int, sharp: Sharpness) -> Table:
    """The bidder's estimates of every seat's worth this round (its own view)."""
    board = belief(game, state, seat)
    n = state.players
    worth = [token_worth(game, board, s, sharp.lookahead) for s in range(n)]
    rounds_left = len(state.stack) / LATER_REVEAL[n] + 1
    later = PER_ROUND[n] * (rounds_left - 1)  # tokens a seat may yet win after this round
    cost = [FUTURE_TOKEN * min(1.0, later / max(1, state.supply[s])) if sharp.lookahead else 0.0 for s in range(n)]
    return Table(seat, worth, cost, list(state.supply), state.amulet, state.reef, 0.5 + 0.25 * rounds_left)


def chances(tab: Table, bids: list[int]) -> list[float]:
    """Every seat's chance to win after the round's ``bids`` are settled
    and each places its tokens as estimated."""
    from tabletop_tui.engine.bots import win_chances


    out = resolve_bids(bids, tab.amulet, tab.reef)
    scores = []
    for s, w in enumerate(tab.worth):
        k = min(out.tokens[s], tab.supply[s])
        have = w.shells - w.spend[k] - (out.paid if s == out.top else 0) + (out.share if s in out.zero else 0)
        board = (w.board[k] if math.isinf(w.board[k])
                 else w.board[0] + TOKEN_WEIGHT * (w.board[k] - w.board[0]) - k * tab.token_cost[s])
        score = board + estimate.shell_score(max(0, have), w.left[k])
        if out.amulet == s:
            score += AMULET
        scores.append(score)
    if any(math.isinf(x) for x in scores):  # a Ceremonial Moai within reach
        top = [s for s, x in enumerate(scores) if x == math.inf]
        return [1.0 / len(top) if s in top else 0.0 for s in range(len(scores))] if top else [1.0 / len(scores)] * len(scores)
    return win_chances(scores, tab.spread)


def _flat(shells: int) -> dict[int, float]:
    top = min(shells, GUESS_CAP)
    return {b: 1.0 / (top + 1) for b in range(top + 1)}


def _softmax(values: dict[int, float], temperature: float) -> dict[int, float]:
    best = max(values.values())
    if temperature <= 0:
        return {b: (1.0 if v == best else 0.0) for b, v in values.items()}
    w = {b: math.exp((v - best) / temperature) for b, v in values.items()}
    total = sum(w.values())
    return {b: x / total for b, x in w.items()}


def _profiles(guesses: list[dict[int, float] | None], samples: int,
              rng: random.Random) -> list[tuple[list[int], float]]:
    """The others' bid profiles with their weights: every one when few,
    else ``samples`` drawn (each weighing the same). ``None``: the bidder's own slot (0)."""
    count = 1
    for g in guesses:
        if g is not None:
            count *= len(g)
    if count <= max(samples, 200):
        out: list[tuple[list[int], float]] = [([0] * len(guesses), 1.0)]
        for i, g in enumerate(guesses):
            if g is None:
                continue
            out = [(bids[:i] + [b] + bids[i + 1:], w * p) for bids, w in out for b, p in g.items() if p > 0]
        return out
    drawn = []
    for _ in range(samples):
        bids = [0] * len(guesses)
        for i, g in enumerate(guesses):
            if g is not None:
                keys = list(g)
                bids[i] = rng.choices(keys, weights=[g[k] for k in keys])[0]
        drawn.append((bids, 1.0 / samples))
    return drawn


def values(tab: Table, seat: int, top: int, guesses: list[dict[int, float] | None], samples: int,
           rng: random.Random, profiles: list[tuple[list[int], float]] | None = None) -> dict[int, float]:
    """``seat``'s expected chance to win for each bid 0..``top`` against the
    others' bids as guessed (``guesses[seat]`` is ignored), or against ``profiles``."""
    if profiles is None:
        profiles = _profiles([g if s != seat else None for s, g in enumerate(guesses)], samples, rng)
    out = {}
    for b in range(top + 1):
        total = 0.0
        for bids, w in profiles:
            bids = list(bids)
            bids[seat] = b
            total += w * chances(tab, bids)[seat]
        out[b] = total / sum(w for _, w in profiles)
    return out


def predict(tab: Table, sharp: Sharpness, rng: random.Random) -> list[dict[int, float]]:
    """Each seat's bid as the bidder expects it (its own: a flat guess, as
    the others may see it): a soft best answer to flat guesses of everyone
    else's bids at level 3, the flat guess below."""
    flat = [_flat(w.shells) for w in tab.worth]
    if not sharp.predict:
        return flat
    out = list(flat)
    for s, w in enumerate(tab.worth):
        if s == tab.me:
            continue
        v = values(tab, s, min(w.shells, OTHER_CAP), flat, max(16, sharp.samples // 3), rng)
        out[s] = _softmax(v, PREDICT_TEMPERATURE)
    return out


@dataclass(frozen=True)
class BidChoice:
    """The policy's answer: each bid it rated with its value, and its pick."""

    values: dict[int, float]
    chance: dict[int, float]  # the policy's probability of each bid
    bid: int
    #: the others' bid profiles each bid was rated against
    profiles: int


def decide(game: "Nyakuza", state: NyakuzaState, seat: int, level: int, rng: random.Random) -> BidChoice:
    """Rate ``seat``'s bids and pick one (a legal bid: 0 up to its shells)."""
    sharp = SHARPNESS.get(level, SHARPNESS[2])
    legal = [a.shells for a in game.legal_actions(state, seat)]
    r = random.Random(rng.getrandbits(64))
    tab = read_table(game, state, seat, sharp)
    guesses = predict(tab, sharp, r)
    profiles = _profiles([g if s != seat else None for s, g in enumerate(guesses)], sharp.samples, r)
    v = values(tab, seat, min(max(legal), OWN_CAP), guesses, sharp.samples, r, profiles)
    chance = _softmax(v, sharp.temperature)
    if sharp.temperature > 0:
        keys = sorted(chance)
        bid = r.choices(keys, weights=[chance[k] for k in keys])[0]
    else:
        bid = min(b for b, p in chance.items() if p > 0)  # a tie: the cheapest
    assert bid in legal and BIDS[bid].shells <= state.shells[seat]
    return BidChoice(v, chance, bid, len(profiles))


def stake(game: "Nyakuza", state: NyakuzaState, seat: int) -> float:
    """The value at stake for ``seat`` this round: its chance to win if it
    took the top bid's 3 tokens for nothing, less its chance if nobody
    placed a token (level 3's estimate, on its own view)."""
    tab = read_table(game, state, seat, SHARPNESS[3])
    won = list(tab.worth)
    w = won[seat]
    mine = SeatWorth([w.board[MOST_TOKENS]] * (MOST_TOKENS + 1), [w.spend[MOST_TOKENS]] * (MOST_TOKENS + 1),
                     [w.left[MOST_TOKENS]] * (MOST_TOKENS + 1), w.shells)
    won[seat] = mine
    zero = [0] * state.players
    free = [0.0] * state.players  # the prize itself, before what its tokens cost later
    after = chances(Table(seat, won, free, tab.supply, tab.amulet, 0, tab.spread), zero)[seat]
    before = chances(Table(seat, tab.worth, free, tab.supply, tab.amulet, 0, tab.spread), zero)[seat]
    return after - before


@dataclass(frozen=True)
class Outlook:
    """What the policy expects of one bid, for the coach."""

    #: the chance it is the top bid, against the bids expected
    top: float
    #: tokens that would raise a Moai for the bidder this round (None: none would), and how many Moai
    tokens_to_moai: int | None
    moai: int


def outlook(game: "Nyakuza", state: NyakuzaState, seat: int, shells: int, rng: random.Random) -> Outlook:
    """For the coach: how often a bid of ``shells`` is expected to be the
    top one (against level 3's prediction of the others' bids, on the
    seat's own view), and how many of the round's tokens would raise a Moai."""
    sharp = SHARPNESS[3]
    tab = read_table(game, state, seat, sharp)
    guesses = predict(tab, sharp, random.Random(rng.getrandbits(64)))
    slots = [g if s != seat else None for s, g in enumerate(guesses)]
    profiles = _profiles(slots, sharp.samples, random.Random(rng.getrandbits(64)))
    top = 0.0
    for bids, w in profiles:
        bids = list(bids)
        bids[seat] = shells
        if resolve_bids(bids, tab.amulet, tab.reef).top == seat:
            top += w
    w = tab.worth[seat]
    first = next((k for k in range(1, MOST_TOKENS + 1) if w.left[k] < w.left[0]), None)
    return Outlook(top / sum(w for _, w in profiles), first, w.left[0] - w.left[first] if first else 0)


__all__ = ["BidChoice", "SHARPNESS", "Sharpness", "Outlook", "belief", "decide", "outlook", "stake"]
