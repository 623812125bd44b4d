"""Rapa Nui's teaching words: which rule of the rules page a move follows
(for the demo's narration) and the coach's one line on what a move does for
its seat. No Textual.

Both read only what the seat may see: ``why`` works on the seat's view
(its own hand and offering cards, its own face-down offerings, everything
public), so a card still in the deck or in another hand, or the kind of
another seat's face-down offering, never reaches its words. ``rule_of``
reads only the public table (market, displays, the deck's size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop_tui.engine.text import plural, who

from .cards import (CARD_NAME, CARD_PLURAL, GATHERERS, MOAI_COST, OFFERING_BASE_PRICE, OFFERING_NAME,
                    ROW_LENGTH, WOOD_PER_POINT)
from .scoring import gatherer_gains, offering_values, scoring_amounts, sole_leader

if TYPE_CHECKING:
    from .rules import RapaNuiState
    from .view import RapaNuiView

#: the In brief rule (rules page) behind each kind of move
ACTION_RULES = {
    "buy": "Buying offerings", "skip_buy": "Buying offerings", "play": "Playing a card", "draw": "Drawing",
    "moai_reward": "Moai rewards", "substitute": "Empty supply", "offer": "Offering round",
    "offer_face_down": "Your own offerings", "supply_offer": "Your own offerings",
}


# -- the rule a move follows ---------------------------------------------------------------
def rule_of(state: "RapaNuiState", action: Any, seat: int) -> str | None:
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
    return ACTION_RULES.get(kind)


# -- the coach's why -------------------------------------------------------------------------
def why(view: "RapaNuiView", action: Any, seat: int, reward: int = 0) -> str:
    """One line on what ``action`` does for ``seat``, read from the seat's
    ``view`` only. ``reward`` is the wood or fame a pending Moai reward pays
    (public: it follows from the displays)."""
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


def _worth(view: "RapaNuiView", kind: str) -> str:
    return f"worth {plural(view.offering_values[kind], 'point')} at the end as the stone stands"


def _keep_wood(view: "RapaNuiView", wood: int) -> str:
    moai = (view.hand or {}).get("moai", 0)
    if moai and wood >= MOAI_COST:
        return f"keeps your {wood} wood: enough to raise the Moai in your hand"
    if moai:
        return f"keeps your {wood} wood for the Moai in your hand ({MOAI_COST} wood)"
    return f"keeps your {wood} wood: a Moai costs {MOAI_COST}, and every full {WOOD_PER_POINT} is a point at the end"


def _why_play(view: "RapaNuiView", seat: int, card: str, count: int) -> str:
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


def _why_draw(view: "RapaNuiView", seat: int, row: int) -> str:
    cards = view.market[row].cards
    if not cards:
        return ""
    if len(cards) == 1:
        if view.deck_size < ROW_LENGTH:
            return "empties the row, and the deck cannot refill it: the game ends after this turn"
        return "empties the row: it is refilled from the deck, and its new exposed card is scored"
    uncovered = cards[-2]
    return f"uncovers a {CARD_NAME[uncovered]}: {_scored(view, seat, uncovered)}"  # every name starts hard


def _scored(view: "RapaNuiView", seat: int, kind: str) -> str:
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


def _why_offering(view: "RapaNuiView", kind: str, k: str) -> str:
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


__all__ = ["ACTION_RULES", "rule_of", "why"]
