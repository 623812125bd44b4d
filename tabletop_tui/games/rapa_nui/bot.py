"""Rapa Nui's bot code: the re-deal of what a seat cannot see, the search
bot's estimate of a position and the moves it considers. The engine finds it as the
game's bot role (``Game.roles``); the rules never import it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.bots import Bot, win_chances
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.rng import shuffle

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SubstituteKind,
                      SupplyOffer)
from .data import (CARDS, GATHERERS, MOAI_COST, OFFERING_BASE_PRICE, OFFERINGS, OFFERINGS_PER_KIND, RAPA_NUI_DECK, ROWS, all_cards,
                    empty_cards, empty_offerings, play_cost)
from .scoring import gatherer_gains, offering_points, offering_values, scoring_amounts, sole_leader, wood_points
from .state import RapaNuiState

if TYPE_CHECKING:
    from .rules import RapaNui

#: random moves after the search's tree before the position is scored
PLAYOUT_DEPTH = 8

#: rows offering a Moai from which a seat holding none may take one it cannot
#: pay for yet (``search_actions``; 99: never, as before this rule)
PILING_UP = 1

#: how often determinize deals again to give the seat to act a choice
_REDEALS = 20

#: cards left to come (deck and the market's covered cards) at the start of a game
_FRESH = sum(RAPA_NUI_DECK.values()) - ROWS


def determinize(game: RapaNui, state: RapaNuiState, seat: Seat, rng: random.Random) -> RapaNuiState:
    """Re-deal what ``seat`` cannot see (R9), from its view only: the cards
    in other hands and the deck are shuffled together and dealt back to the
    same sizes; other hands' offering cards and the kinds of other seats'
    face-down offerings are shuffled together likewise, again until the
    seat to act has a choice (as it has in the real game). Chance is
    re-seeded."""
    # Read from the state only what R9 shows ``seat`` (what its view holds:
    # the market, the displays, the counts of others' hands and offering
    # cards, the deck's size, the supply, the stone and its own cards), not
    # the view itself, which the search would build every iteration.
    new = game.clone(state)
    others = [s for s in range(state.players) if s != seat]
    hand_sizes = [sum(h.values()) for h in state.hands]
    offering_counts = [sum(o.values()) for o in state.offerings]
    # cards: everything in play minus what the seat sees
    unknown = all_cards(state.players)
    for row in state.market:
        for c in row:
            unknown[c] -= 1
    for display in state.displays:
        for c, n in display.items():
            unknown[c] -= n
    for c, n in state.hands[seat].items():
        unknown[c] -= n
    cards = [c for c in CARDS for _ in range(unknown[c])]
    assert len(cards) == len(state.deck) + sum(hand_sizes[s] for s in others)
    # offerings: 25 of each kind minus the supply, the face-up stone and the seat's own
    mine = state.offerings[seat]
    unknown_o = {k: OFFERINGS_PER_KIND - state.supply[k] - state.stone_up[k] - mine[k] for k in OFFERINGS}
    for s, k in state.stone_down:
        if s == seat:
            unknown_o[k] -= 1
    offerings = [k for k in OFFERINGS for _ in range(unknown_o[k])]
    # The seat to act has a choice (the model never waits on a seat that
    # has none): a deal that leaves it without one is dealt again.
    acting = game.to_act(state)
    actor = acting[0] if acting else seat
    over = state.phase == "over"
    for _ in range(_REDEALS):
        pool = list(cards)
        shuffle(rng, pool)
        for s in others:
            hand = empty_cards()
            for _ in range(hand_sizes[s]):
                hand[pool.pop()] += 1
            new.hands[s] = hand  # type: ignore[assignment]
        new.deck = pool  # type: ignore[assignment]
        opool = list(offerings)
        shuffle(rng, opool)
        for s in others:
            offs = empty_offerings()
            for _ in range(offering_counts[s]):
                offs[opool.pop()] += 1
            new.offerings[s] = offs  # type: ignore[assignment]
        new.stone_down = [(s, k if s == seat else opool.pop()) for s, k in state.stone_down]  # type: ignore[misc]
        if actor == seat or over or game.legal_actions(new, actor):
            break
    new.seed = rng.getrandbits(48)
    new.chance = 0
    return new


def search_actions(game: RapaNui, state: RapaNuiState, seat: Seat) -> list[Action]:
    """The legal moves, less those that leave a Moai unpaid (issue 20): a
    hand of nothing but unpaid Moai plays nothing and so draws nothing, turn
    after turn, and when every seat is in that state the game ends (our
    ruling). So the search (its tree and its playouts):

    - draws a Moai only when the seat's wood already pays for it and for the
      Moai it holds (7 each), or when every row offers a Moai, or when the
      seat holds none (``PILING_UP``: from that many rows offering one): a
      hand of three with one Moai still has two cards to play, and Moai that
      every seat leaves pile up at the rows' ends until every row offers one
      and each draw must take one (the stuck seats left after the first fix);
    - while it holds a Moai, buys no offering card that would leave it less
      than the Moai's 7 wood (a free one it may);
    - takes a Moai scoring in wood while its wood does not cover its Moai."""
    legal = game.legal_actions(state, seat)
    if len(legal) < 2:
        return legal
    wood, held = state.wood[seat], state.hands[seat]["moai"]  # type: ignore[index]
    if state.pending:
        if state.pending[0].choice == "moai_reward" and wood < MOAI_COST * held:
            return [a for a in legal if getattr(a, "reward", "") == "wood"] or legal
        return legal
    if state.phase == "draw":
        moai = [a for a in legal if state.market[a.row][-1] == "moai"]  # type: ignore[attr-defined]
        if (not moai or len(moai) == len(legal) or wood >= MOAI_COST * (held + 1)
                or (not held and len(moai) >= PILING_UP)):
            return legal
        return [a for a in legal if state.market[a.row][-1] != "moai"]  # type: ignore[attr-defined]
    if state.phase == "buy" and held:
        display = state.displays[seat]
        return [a for a in legal if not isinstance(a, BuyOffering)
                or (price := max(0, OFFERING_BASE_PRICE - display[a.offering])) == 0  # type: ignore[index]
                or wood - price >= MOAI_COST]
    return legal


def heuristics(game: RapaNui, state: RapaNuiState) -> list[float]:
    """Each seat's chance to win, from an estimate of its final score
    (:func:`score_estimates`): the closer the end, the more a lead counts."""
    scores, left = score_estimates(game, state)
    return win_chances(scores, 1.5 + 5.0 * left)


def score_estimates(game: RapaNui, state: RapaNuiState) -> tuple[list[float], float]:
    """Each seat's final score as it stands (R8), plus what its display and
    hand should still bring, in points; and the share of the game left (1 at
    the start, 0 at the end). For the search bot, in our own estimate:

    - every card still to come (deck, covered market cards) is an exposure
      of its kind: woodcutters bring wood, priests fame, Moai wood or fame,
      hunter-gatherers offering cards, to each display holding the kind
      (the sole leader more);
    - wood is worth more early (it raises Moai) than at the end (5 a point),
      offering cards by the stone as it stands, drifting to an average;
    - a Moai in hand is worth its 4 points and its income, less the 7 wood,
      only when its owner has or will have the wood: a hand that can play
      nothing draws nothing and misses its turns, which costs points."""
    players = state.players
    stone = dict(state.stone_up)
    for _, k in state.stone_down:
        stone[k] += 1
    values = offering_values(stone)
    coming = dict.fromkeys(CARDS, 0)
    for c in state.deck:
        coming[c] += 1
    for row in state.market:
        for c in row[:-1]:
            coming[c] += 1
    left = min(1.0, sum(coming.values()) / _FRESH)
    if state.phase == "over":
        left = 0.0
    wood_value = 0.2 + 0.35 * left
    offer_value = {k: values[k] * (1 - 0.5 * left) + 0.75 * left for k in OFFERINGS}
    displays = state.displays
    leaders = {k: sole_leader([d[k] for d in displays]) for k in CARDS}  # type: ignore[index]
    turns_left = sum(coming.values()) / players
    out = []
    for s in range(players):
        d, hand, wood = displays[s], state.hands[s], state.wood[s]
        score = state.fame[s] + 4 * d["moai"] + wood_points(wood)  # type: ignore[index]
        score += sum(state.offerings[s][k] * offer_value[k] for k in OFFERINGS)  # type: ignore[index]
        if left:
            score -= wood_points(wood)
            score += wood * wood_value
            # income from the display: a share of the cards to come
            wood_in = 0.8 * coming["woodcutter"] * (d["woodcutter"] + (leaders["woodcutter"] == s))  # type: ignore[index]
            score += wood_in * wood_value
            score += 0.8 * coming["priest"] * (d["priest"] + (leaders["priest"] == s))  # type: ignore[index]
            score += 0.8 * coming["moai"] * (d["moai"] + (leaders["moai"] == s))  # type: ignore[index]
            for k in GATHERERS:
                if d[k]:  # type: ignore[index]
                    score += 0.8 * coming[k] * (1 + (leaders[k] == s)) * offer_value[k]
            # the hand, to be played in the turns to come
            later = 0.5 * left
            score += hand["priest"] * 0.8 * coming["priest"] * later  # type: ignore[index]
            score += hand["woodcutter"] * 0.8 * coming["woodcutter"] * later * wood_value  # type: ignore[index]
            for k in GATHERERS:
                if hand[k] and not d[k]:  # type: ignore[index]
                    score += 0.8 * coming[k] * later * offer_value[k]
            moais = hand["moai"]  # type: ignore[index]
            if moais:
                affordable = min(moais, (wood + wood_in) // MOAI_COST)
                score += affordable * (4 + 0.8 * coming["moai"] * later - MOAI_COST * wood_value)
            if not game._can_play(state, s):
                # stuck until wood comes: the turns it misses, at about a point each
                wait = (MOAI_COST - wood) / max(0.5, wood_in / max(1.0, turns_left))
                score -= min(turns_left, wait) * 1.0
        out.append(score)
    return out, left


class ScriptedBot(Bot):
    """Rapa Nui by rules of thumb, no search (the ladder's "scripted" rung).
    Each legal move gets a score and the best is played (a tie: the seeded
    ``rng`` picks). It reads only what its seat sees (R9: the stone's face-up
    cards and its own face-down ones):

    - draw: the card taken (a Moai only when the seat's wood pays for it and
      for the Moai it holds) plus what the card it exposes scores for the
      seat, less what it scores for the best other seat;
    - play: a Moai it can pay for first; then a woodcutter while a Moai in
      hand lacks wood, a priest, a woodcutter, a hunter-gatherer of a kind
      its display lacks; a sole lead (R6 bonus) counts extra;
    - buy: an offering card whose worth on the stone beats its price in
      wood (a point per 5 wood at the end, more while wood raises Moai),
      keeping 7 wood for each Moai in hand;
    - a Moai reward: wood while its Moai in hand lack it, else fame;
    - the offering round and a substitute card: the kind that leaves its
      own offering cards worth most."""

    name = "scripted"

    def choose(self, game: RapaNui, state: RapaNuiState, seat: Seat, rng: random.Random) -> Action:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("There is nothing this seat can do now.")
        if len(legal) == 1:
            return legal[0]
        scored = [(self.score(state, seat, a), a) for a in legal]
        best = max(v for v, _ in scored)
        return rng.choice([a for v, a in scored if v >= best - 1e-9])

    def score(self, state: RapaNuiState, seat: int, action: Action) -> float:
        """The rule-of-thumb worth of ``action`` for ``seat``, about in points."""
        wood, held = state.wood[seat], state.hands[seat]["moai"]  # type: ignore[index]
        reserve = MOAI_COST * held
        if isinstance(action, ChooseMoaiReward):
            return 1.0 if (action.reward == "wood") == (wood < reserve) else 0.0
        if isinstance(action, (Offer, OfferFaceDown, SupplyOffer, SubstituteKind)):
            return self._offering_worth(state, seat, action)
        if isinstance(action, BuyOffering):
            price = max(0, OFFERING_BASE_PRICE - state.displays[seat][action.offering])  # type: ignore[index]
            if wood - price < reserve:
                return -1.0
            return self._stone_values(state, seat)[action.offering] - price * self._wood_worth(state)
        if isinstance(action, PlayCard):
            return self._play_worth(state, seat, action, wood, held)
        if isinstance(action, Draw):
            return self._draw_worth(state, seat, action.row, wood, held)
        return 0.0  # SkipBuy

    @staticmethod
    def _left(state: RapaNuiState) -> float:
        """The share of the cards still to come (1 at the start)."""
        coming = len(state.deck) + sum(len(r) - 1 for r in state.market if r)
        return min(1.0, coming / _FRESH)

    def _wood_worth(self, state: RapaNuiState) -> float:
        """A wood's worth in points: a fifth at the end, more while it raises Moai."""
        return 0.2 + 0.3 * self._left(state)

    @staticmethod
    def _stone_values(state: RapaNuiState, seat: int) -> dict[str, int]:
        """Each offering kind's worth (R8) on the stone as ``seat`` sees it."""
        stone = dict(state.stone_up)
        for s, k in state.stone_down:
            if s == seat:
                stone[k] += 1
        return offering_values(stone)

    def _offering_worth(self, state: RapaNuiState, seat: int, action: Action) -> float:
        """``seat``'s offering cards' worth (R8) after the card goes to the stone or its hand."""
        k = action.offering  # type: ignore[attr-defined]
        stone = dict(state.stone_up)
        for s, kind in state.stone_down:
            if s == seat:
                stone[kind] += 1
        hand = dict(state.offerings[seat])
        if isinstance(action, SubstituteKind):
            hand[k] += 1
        else:
            stone[k] += 1
            if not isinstance(action, SupplyOffer):
                hand[k] -= 1
        return offering_points(hand, offering_values(stone))

    @staticmethod
    def _lead_bonus(state: RapaNuiState, seat: int, card: str, more: int) -> float:
        """1 if ``more`` cards of ``card`` would give ``seat`` the sole lead it lacks (R6)."""
        counts = [d[card] for d in state.displays]  # type: ignore[index]
        before = sole_leader(counts) == seat
        counts[seat] += more
        return 1.0 if sole_leader(counts) == seat and not before else 0.0

    def _play_worth(self, state: RapaNuiState, seat: int, action: PlayCard, wood: int, held: int) -> float:
        card, n = action.card, action.count
        lead = 0.5 * self._lead_bonus(state, seat, card, n)
        if card == "moai":
            return 10.0 + lead
        if card == "woodcutter":
            return (4.0 if wood < MOAI_COST * held else 2.5) + lead
        if card == "priest":
            return 3.0 + lead
        cost = play_cost(card, n)
        if wood - cost < MOAI_COST * held:
            return -1.0
        new = 1.0 if state.displays[seat][card] == 0 else 0.0  # type: ignore[index]
        return 1.5 + new + 0.6 * (n - 1) - cost * self._wood_worth(state) + lead

    def _draw_worth(self, state: RapaNuiState, seat: int, row: int, wood: int, held: int) -> float:
        cards = state.market[row]
        card = cards[-1]
        if card == "moai":
            taken = 3.0 if wood >= MOAI_COST * (held + 1) else -4.0
        elif card == "priest":
            taken = 2.0
        elif card == "woodcutter":
            taken = 2.5 if wood < MOAI_COST * max(1, held) else 1.5
        else:
            taken = 1.0 if state.displays[seat][card] == 0 else 1.5  # type: ignore[index]
        if len(cards) < 2:
            return taken  # a refill from the deck: what it exposes is unknown
        return taken + self._scoring_edge(state, seat, cards[-2])

    def _scoring_edge(self, state: RapaNuiState, seat: int, kind: str) -> float:
        """What a scoring of ``kind`` (R6) gives ``seat`` less the most it gives another seat, in points."""
        counts = [d[kind] for d in state.displays]  # type: ignore[index]
        if kind in GATHERERS:
            worth = self._stone_values(state, seat)[kind]
            gains = [g * worth for g in gatherer_gains(counts)]
        else:
            per = self._wood_worth(state) if kind == "woodcutter" else 1.0
            gains = [g * per for g in scoring_amounts(counts)]
        others = [g for s, g in enumerate(gains) if s != seat]
        return gains[seat] - (max(others) if others else 0.0)
