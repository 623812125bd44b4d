"""Rapa Nui: the game's words: the status line, the choices, the log's
opening, and the teaching words (which rule of the rules page a move
follows, for the demo, and the coach's ``why``). No Textual.

Seats are named by the placeholders ``{s0}``..``{s3}`` that the Match fills
with the players' names (see ``engine.text``). The log's sentences of play
are written where the rules play (play.py, turn.py), which build none of
them on the search bot's silent path; the names of cards and offerings they
share with these words are data (``data.card_phrase``).

The teaching words read only what the seat may see: ``why`` works on the
seat's view (its own hand and offering cards, its own face-down offerings,
everything public), so a card still in the deck or in another hand, or the
kind of another seat's face-down offering, never reaches its words.
``rule_of`` reads only the public table (market, displays, the deck's size).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import and_list, plural, who

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy,
                      SubstituteKind, SupplyOffer)
from .data import (CARD_NAME, CARD_PLURAL, GATHERERS, HAND_SIZE, MOAI_COST, OFFERING_BASE_PRICE, OFFERING_NAME,
                   ROW_LENGTH, ROWS, WOOD_PER_POINT, card_phrase, offering_phrase, play_cost)
from .legal import offering_cost
from .scoring import gatherer_gains, offering_values, scoring_amounts, sole_leader
from .state import Pending, RapaNuiState

if TYPE_CHECKING:
    from .rules import RapaNui


def pending_prompt(state: RapaNuiState, p: Pending, names: list[str]) -> str:
    """The question a pending choice asks, in words."""
    who = names[p.seat]
    if p.choice == "moai_reward":
        moais = plural(p.moais, "Moai")
        extra = f" (with the bonus: {p.amount})" if p.bonus else ""
        return f"{who}: choose wood or fame for {moais}{extra}."
    if p.choice == "gain":
        kind = OFFERING_NAME[p.offering or "fish"]
        return f"{who}: the {kind} supply is empty; choose another kind of offering card to take."
    if p.choice == "offer":
        owner = names[state.active]
        return f"{who}: put one of your offering cards face up on the stone ({owner} raised a Moai)."
    if p.choice == "offer_face_down":
        return f"{who}: put one of your offering cards face down on the stone."
    return f"{who}: put one offering card of any kind from the supply face up on the stone."


def draw_phrase(state: RapaNuiState, row: int) -> str:
    """What taking row ``row``'s exposed card does (R4.3, R6, R7): the card
    under it scores; or the row is refilled from the deck and its new card
    scores; or, with fewer than a row's worth left in the deck, the row stays
    empty, nothing scores and the game ends after this turn."""
    cards = state.market[row] if 0 <= row < ROWS else []
    if not cards:
        return f"take a card from row {row + 1}"
    took = f"take the {CARD_NAME[cards[-1]]} from row {row + 1}"
    if len(cards) > 1:
        return f"{took}; the {CARD_NAME[cards[-2]]} under it scores"
    if len(state.deck) > ROW_LENGTH:
        return f"{took}; the row is refilled from the deck and its new card scores"
    if len(state.deck) == ROW_LENGTH:
        return f"{took}; the deck's last cards refill the row, its new card scores, and the game ends after this turn"
    return f"{took}; the deck cannot refill the row, so nothing scores and the game ends after this turn"


def describe_action(game: "RapaNui", state: RapaNuiState, action: Action, seat: int) -> str:
    """A legal action in a few words, for the choices and hints."""
    if isinstance(action, BuyOffering):
        return f"buy {offering_phrase(action.offering)} ({offering_cost(state, seat, action.offering)} wood)"
    if isinstance(action, SkipBuy):
        return "buy nothing"
    if isinstance(action, PlayCard):
        cost = play_cost(action.card, action.count)
        return f"play {card_phrase(action.card, action.count)}" + (f" ({cost} wood)" if cost else " (free)")
    if isinstance(action, Draw):
        return draw_phrase(state, action.row)
    if isinstance(action, ChooseMoaiReward):
        amount = state.pending[0].amount if state.pending else 0
        return f"take {amount} {action.reward}"
    if isinstance(action, SubstituteKind):
        return f"take {offering_phrase(action.offering)} instead"
    if isinstance(action, Offer):
        return f"offer {offering_phrase(action.offering)} face up"
    if isinstance(action, OfferFaceDown):
        return f"offer {offering_phrase(action.offering)} face down"
    if isinstance(action, SupplyOffer):
        return f"offer {offering_phrase(action.offering)} from the supply"
    return action.kind


def status(game: "RapaNui", state: RapaNuiState, seat: int | None) -> str:
    """The status line: who must do what, and whether this is the last turn."""
    names = game.placeholders(state)
    if state.phase == "over":
        return state.end_reason
    last = " Last turn: the deck has run out." if state.end_triggered else ""
    if state.pending:
        return pending_prompt(state, state.pending[0], list(names)) + last
    who = names[state.active]
    if state.phase == "buy":
        return f"{who}: buy an offering card, or skip buying.{last}"
    if state.phase == "play":
        return f"{who}: play a card from your hand.{last}"
    left = HAND_SIZE - state.hand_size(state.active)
    return f"{who}: take the exposed card of a row ({plural(left, 'card')} to take).{last}"


# -- the log's first lines and a seat's secrets ---------------------------------------------------
def opening(game: "RapaNui", state: RapaNuiState) -> list[Event]:
    """The market as dealt (every card shows), each seat's wood, and each
    hand to its own seat only."""
    rows = [f"row {r + 1}: " + ", ".join(CARD_NAME[c] for c in row[:-1]) + f" and, exposed, {card_phrase(row[-1])}"
            for r, row in enumerate(state.market) if row]
    out = [Event(text="The market is dealt: " + "; ".join(rows) + ".")]
    out.append(Event(text="Wood to start: " + and_list(
        [f"{{s{s}}} {state.wood[s]}" for s in range(state.players)]) + "."))
    for s in range(state.players):
        cards = [card_phrase(k, n) for k, n in state.hands[s].items() if n]
        out.append(Event(seat=s, private=True, text=f"Your hand: {and_list(cards)}."))
    return out

def secrets_text(game: "RapaNui", state: RapaNuiState, seat: int) -> str:
    """The seat's hand, e.g. "hand: 2 Fishers and a Priest"."""
    cards = [plural(n, CARD_NAME[k], CARD_PLURAL[k]) for k, n in state.hands[seat].items() if n]
    return f"hand: {and_list(cards)}" if cards else "hand: empty"




# -- the rule a move follows ---------------------------------------------------------------
def rule_of(game: "RapaNui", state: RapaNuiState, action: Any, seat: int) -> str | None:
    """The rules page's rule ``action`` follows: raising a Moai follows
    "Offering round"; a draw that uncovers a card follows "Scoring" ("Scoring
    bonus" when one player alone leads that kind with two or more, "Moai
    rewards" for a Moai), one that empties a row "Drawing" (the refill), or
    "The end" when the deck cannot refill it; else the kind's rule."""
    kind = action.kind
    if kind == "play" and action.card == "moai":
        return "Offering round"
    if kind == "draw" and 0 <= action.row < len(state.market):
        row = state.market[action.row]
        if len(row) >= 2:
            uncovered = row[-2]
            if uncovered == "moai" and any(d["moai"] for d in state.displays):
                return "Moai rewards"
            counts = [d[uncovered] for d in state.displays]
            return "Scoring bonus" if sole_leader(counts) is not None else "Scoring"
        if row and len(state.deck) < ROW_LENGTH:
            return "The end"
    return game.action_rules.get(kind)


# -- the coach's why -------------------------------------------------------------------------
def why(game: "RapaNui", state: RapaNuiState, action: Any, seat: int, rng: random.Random) -> str:
    """One line on what ``action`` does for ``seat``, read from the seat's
    view only (:func:`_why`)."""
    reward = state.pending[0].amount if state.pending and state.pending[0].choice == "moai_reward" else 0
    return _why(game.view(state, seat), action, seat, reward)


def _why(view: Any, action: Any, seat: int, reward: int = 0) -> str:
    """What ``action`` does for ``seat``, from the seat's ``view``.
    ``reward`` is the wood or fame a pending Moai reward pays (public: it
    follows from the displays)."""
    kind = action.kind
    me = view.players[seat]
    if kind == "buy":
        k = action.offering
        cost, n = me.offering_costs[k], me.display[k]
        saved = OFFERING_BASE_PRICE - cost
        by = f"; your {_gatherers(k, n)} {'saves' if n == 1 else 'save'} {saved} wood" if saved else ""
        return _worth(view, k) + by
    if kind == "skip_buy":
        return _keep_wood(view, me.wood)
    if kind == "play":
        return _why_play(view, seat, action.card, action.count)
    if kind == "draw":
        return _why_draw(view, seat, action.row)
    if kind == "moai_reward":
        if action.reward == "fame":
            return f"+{reward} fame: {plural(reward, 'point')} at the end"
        wood = me.wood + reward
        if (view.hand or {}).get("moai") and me.wood < MOAI_COST <= wood:
            return f"+{reward} wood ({wood} in all): enough to raise the Moai in your hand"
        return f"+{reward} wood ({wood} in all); every full {WOOD_PER_POINT} wood is a point at the end"
    if kind == "substitute":
        return _worth(view, action.offering)
    if kind in ("offer", "offer_face_down", "supply_offer"):
        return _why_offering(view, kind, action.offering)
    return ""


def _gatherers(kind: str, n: int) -> str:
    """"Fisher", "2 Fishers"."""
    return CARD_NAME[kind] if n == 1 else f"{n} {CARD_PLURAL[kind]}"


def _worth(view: Any, kind: str) -> str:
    return f"worth {plural(view.offering_values[kind], 'point')} at the end as the stone stands"


def _keep_wood(view: Any, wood: int) -> str:
    moai = (view.hand or {}).get("moai", 0)
    if moai and wood >= MOAI_COST:
        return f"keeps your {wood} wood: enough to raise the Moai in your hand"
    if moai:
        return f"keeps your {wood} wood for the Moai in your hand ({MOAI_COST} wood)"
    return f"keeps your {wood} wood: a Moai costs {MOAI_COST}, and every full {WOOD_PER_POINT} is a point at the end"


def _why_play(view: Any, seat: int, card: str, count: int) -> str:
    mine = view.players[seat].display[card] + count
    others = max((p.display[card] for p in view.players if p.seat != seat), default=0)
    bonus = 1 if mine >= 2 and mine > others else 0  # alone in the lead: the scoring bonus
    with_bonus = " (with the bonus)" if bonus else ""
    if card == "moai":
        return (f"4 points at the end; opens an offering round; Moai scorings pay you "
                f"{mine + bonus} wood or fame{with_bonus}")
    if card == "woodcutter":
        return f"each Woodcutter scoring pays you {mine + bonus} wood{with_bonus}"
    if card == "priest":
        return f"each Priest scoring pays you {mine + bonus} fame{with_bonus}"
    pays = plural(1 + bonus, f"{OFFERING_NAME[card]} offering")
    return (f"each {CARD_NAME[card]} scoring pays you {pays}{with_bonus}; buying one costs "
            f"{max(0, OFFERING_BASE_PRICE - mine)}")


def _why_draw(view: Any, seat: int, row: int) -> str:
    cards = view.market[row].cards
    if not cards:
        return ""
    if len(cards) == 1:
        if view.deck_size < ROW_LENGTH:
            return "empties the row, and the deck cannot refill it: the game ends after this turn"
        return "empties the row: it is refilled from the deck, and its new exposed card is scored"
    uncovered = cards[-2]
    return f"uncovers a {CARD_NAME[uncovered]}: {_scored(view, seat, uncovered)}"  # every name starts hard


def _scored(view: Any, seat: int, kind: str) -> str:
    """What scoring ``kind`` now pays: "you +3 wood, {s1} +1"."""
    counts = [p.display[kind] for p in view.players]
    if not any(counts):
        return "no one scores"
    if kind in GATHERERS:
        amounts = gatherer_gains(counts)
        name = OFFERING_NAME[kind] if view.supply[kind] else "other"  # an empty kind: another one
        unit = f" {name} offering" + ("" if amounts[seat] == 1 else "s")
    else:
        amounts = scoring_amounts(counts)
        unit = {"woodcutter": " wood", "priest": " fame", "moai": " wood or fame"}[kind]
    order = [seat] + [p.seat for p in view.players if p.seat != seat]
    parts = [("you" if s == seat else who(s)) + f" +{amounts[s]}" for s in order if amounts[s]]
    if amounts[seat]:
        parts[0] += unit
    else:
        parts = ["nothing for you"] + parts
    return ", ".join(parts)


def _why_offering(view: Any, kind: str, k: str) -> str:
    """What an offering does to the seat's offering cards' worth, as far as
    the seat can count the stone (face up plus its own face-down cards)."""
    hand = dict(view.offerings or {})
    stone = dict(view.stone.face_up)
    for x, n in (view.stone.my_face_down or {}).items():
        stone[x] += n
    stone[k] += 1
    if kind != "supply_offer":
        hand[k] -= 1
    values = offering_values(stone)
    total = sum(hand[x] * v for x, v in values.items())
    if kind == "supply_offer":
        return f"free; {OFFERING_NAME[k]} goes to {values[k]} a card, your offering cards to {total} as the stone stands"
    left = f"you keep {hand[k]}" if hand[k] else f"your last {OFFERING_NAME[k]}"
    secret = "hidden from the others; " if kind == "offer_face_down" else ""
    return f"{secret}{left}; your offering cards then count {total} as the stone stands"


