"""Rapa Nui: the words of the status line, the choices and the cards.

Seats are named by the placeholders ``{s0}``..``{s3}`` that the Match fills
with the players' names (see ``engine.text``). The log's sentences are
written where the rules play (``rules._play`` and its helpers), which
build none of them on the search bot's silent path.
"""

from __future__ import annotations

from typing import Sequence

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.text import plural

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy,
                      SubstituteKind, SupplyOffer)
from .cards import CARD_NAME, CARD_PLURAL, HAND_SIZE, OFFERING_NAME, ROW_LENGTH, ROWS, play_cost
from .state import Pending, RapaNuiState


def card_phrase(card: str, n: int = 1) -> str:
    """"a Priest", "2 Fishers"."""
    if n == 1:
        return f"a {CARD_NAME[card]}"
    return f"{n} {CARD_PLURAL[card]}"


def offering_phrase(kind: str, n: int = 1) -> str:
    """"a fish offering", "2 grain offerings"."""
    if n == 1:
        return f"a {OFFERING_NAME[kind]} offering"
    return f"{n} {OFFERING_NAME[kind]} offerings"


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


def describe(state: RapaNuiState, action: Action, seat: int, offering_cost: int = 0) -> str:
    """A legal action in a few words, for the choices and hints
    (``offering_cost``: what the offering bought costs this seat)."""
    if isinstance(action, BuyOffering):
        return f"buy {offering_phrase(action.offering)} ({offering_cost} wood)"
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


def status(state: RapaNuiState, names: Sequence[str]) -> str:
    """The status line: who must do what, and whether this is the last turn."""
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
