"""Rapa Nui: card kinds, offering kinds, the decks and the start cards.

Rulebook: shared/rules/rapa_nui.de.txt; rulings R1-R9 in DECISIONS.md.

A hunter-gatherer card and the offering card it provides share one id
("fish", "grain", "mulberry", "sweet_potato"): a Fisher card is ``"fish"`` in
a hand or display, a fish offering is ``"fish"`` in an offering hand or on the
stone. Only the names differ (``CARD_NAME`` vs ``OFFERING_NAME``).
"""

from __future__ import annotations

from typing import Literal, get_args

OfferingKind = Literal["fish", "grain", "mulberry", "sweet_potato"]
CardKind = Literal["woodcutter", "priest", "moai", "fish", "grain", "mulberry", "sweet_potato"]

#: The four hunter-gatherer kinds, which are also the four offering kinds.
GATHERERS: tuple[str, ...] = get_args(OfferingKind)
OFFERINGS: tuple[str, ...] = GATHERERS
#: Every card kind, in the order displays and hands list them.
CARDS: tuple[str, ...] = get_args(CardKind)

CARD_NAME = {
    "woodcutter": "Woodcutter",
    "priest": "Priest",
    "moai": "Moai",
    "fish": "Fisher",
    "grain": "Grain gatherer",
    "mulberry": "Mulberry gatherer",
    "sweet_potato": "Sweet-potato gatherer",
}
CARD_PLURAL = {
    "woodcutter": "Woodcutters",
    "priest": "Priests",
    "moai": "Moais",
    "fish": "Fishers",
    "grain": "Grain gatherers",
    "mulberry": "Mulberry gatherers",
    "sweet_potato": "Sweet-potato gatherers",
}
OFFERING_NAME = {"fish": "fish", "grain": "grain", "mulberry": "mulberry", "sweet_potato": "sweet potato"}

#: The 50 Rapa Nui cards (components list of the rulebook; DECISIONS.md).
RAPA_NUI_DECK: dict[str, int] = {
    "woodcutter": 12, "priest": 9, "moai": 9,
    "fish": 5, "grain": 5, "mulberry": 5, "sweet_potato": 5,
}
#: 25 offering cards of each kind.
OFFERINGS_PER_KIND = 25

#: Seat colours in rulebook order (yellow-green, light blue, red, violet).
COLOURS = ["Green", "Blue", "Red", "Violet"]

#: R1: each colour's three start hunter-gatherers; colour 1 lacks sweet
#: potato, colour 2 fish, colour 3 grain, colour 4 mulberry. Each colour also
#: has one start woodcutter, which goes face up into the display.
START_GATHERERS: list[tuple[str, str, str]] = [
    ("fish", "grain", "mulberry"),
    ("grain", "mulberry", "sweet_potato"),
    ("fish", "mulberry", "sweet_potato"),
    ("fish", "grain", "sweet_potato"),
]
START_CARDS_PER_COLOUR = 4

#: R2: the first player starts with 2 wood, each following player one more.
START_WOOD = [2, 3, 4, 5]

#: R4: costs.
OFFERING_BASE_PRICE = 5
MOAI_COST = 7
MAX_GATHERERS_AT_ONCE = 3
HAND_SIZE = 3
ROWS = 4
ROW_LENGTH = 4

#: R8: final values.
MOAI_POINTS = 4
WOOD_PER_POINT = 5


def empty_cards() -> dict[str, int]:
    """A count of every card kind, all zero, in ``CARDS`` order."""
    return {k: 0 for k in CARDS}


def empty_offerings() -> dict[str, int]:
    """A count of every offering kind, all zero, in ``OFFERINGS`` order."""
    return {k: 0 for k in OFFERINGS}


def is_gatherer(card: str) -> bool:
    return card in GATHERERS


def play_cost(card: str, count: int = 1) -> int:
    """R4.2: the wood a play costs: a Moai 7; hunter-gatherers of one kind,
    the first free and each further one 1 wood; any other card nothing."""
    if card == "moai":
        return MOAI_COST
    if card in GATHERERS:
        return max(0, count - 1)
    return 0


def start_cards(players: int) -> dict[str, int]:
    """Every start card in play for ``players`` seats (colours 1..players)."""
    out = empty_cards()
    for seat in range(players):
        out["woodcutter"] += 1
        for g in START_GATHERERS[seat]:
            out[g] += 1
    return out


def all_cards(players: int) -> dict[str, int]:
    """The 50 Rapa Nui cards plus the start cards of the seated colours."""
    out = dict(RAPA_NUI_DECK)
    for k, n in start_cards(players).items():
        out[k] += n
    return out


# -- the names of cards and offerings in a count, for the log, the menus and the refusals ------
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
