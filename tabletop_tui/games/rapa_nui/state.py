"""Rapa Nui: options and the game state.

Seats 0..n-1 sit clockwise in seat order: the left neighbour of seat ``s`` is
``(s + 1) % n`` and play passes to it. Seat 0 starts (R2 gives it 2 wood).

Cards in hands and displays are counted by kind (``dict`` kind -> count, every
kind present, in ``cards.CARDS`` order); start cards and Rapa Nui cards of a
kind play the same, so they are not told apart. A market row is a list of
kinds, first dealt first; its last card is the exposed one (R3). The deck is a
list whose last element is its top card.
"""

from __future__ import annotations

import functools
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from tabletop_tui.engine.game import BaseState, Options

from .data import CardKind, OfferingKind


class RapaNuiOptions(Options):
    """Rapa Nui has no variants; the seating order decides who starts."""


Choice = Literal["moai_reward", "gain", "offer", "offer_face_down", "supply_offer"]


class Pending(BaseModel):
    """One step of a scoring or an offering round that waits for ``seat``.

    - "moai_reward": choose wood or fame for ``amount`` (``moais`` Moais,
      plus 1 when ``bonus``) (R6).
    - "gain": receive one offering card of ``offering``; only asked (as a
      substitute) when that supply is empty and two or more other kinds are
      left (R6). ``bonus`` marks the sole leader's extra card.
    - "offer": put one offering card from hand face up (R5, other players).
    - "offer_face_down": the Moai's owner puts one from hand face down (R5).
    - "supply_offer": the Moai's owner puts one from the supply face up (R5).

    Steps that leave no real choice (one option, or none) resolve by
    themselves; the head of the queue is always a real choice.
    """

    model_config = ConfigDict(frozen=True)

    choice: Choice
    seat: int
    amount: int = 0
    moais: int = 0
    bonus: bool = False
    offering: OfferingKind | None = None


class RapaNuiState(BaseState):
    """Everything about a Rapa Nui game.

    ``phase`` is the active player's step: "buy" (R4.1), "play" (R4.2),
    "draw" (R4.3) or "over". ``pending`` is a queue of choices other steps
    wait for (scorings, offering rounds); while it is not empty its head's
    seat is the one to act.
    """

    deck: list[CardKind] = Field(default_factory=list)
    market: list[list[CardKind]] = Field(default_factory=list)
    hands: list[dict[CardKind, int]] = Field(default_factory=list)
    displays: list[dict[CardKind, int]] = Field(default_factory=list)
    wood: list[int] = Field(default_factory=list)
    fame: list[int] = Field(default_factory=list)
    offerings: list[dict[OfferingKind, int]] = Field(default_factory=list)
    supply: dict[OfferingKind, int] = Field(default_factory=dict)
    stone_up: dict[OfferingKind, int] = Field(default_factory=dict)
    #: face-down offerings on the stone, in the order laid: (seat, kind)
    stone_down: list[tuple[int, OfferingKind]] = Field(default_factory=list)
    active: int = 0
    phase: Literal["buy", "play", "draw", "over"] = "buy"
    pending: list[Pending] = Field(default_factory=list)
    turn: int = 1
    #: R7: the deck ran out this turn; the game ends when the turn does
    end_triggered: bool = False
    end_reason: str = ""

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def offering_count(self, seat: int) -> int:
        return sum(self.offerings[seat].values())

    def face_down_count(self, seat: int) -> int:
        return sum(1 for s, _ in self.stone_down if s == seat)


#: the seats clockwise from each seat: ``ORDERS[players][first]``
ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(1, 5)
}

# Pending steps are frozen values: the few the rules queue are built once
# and shared (a clone copies the queue, not its steps).
#: the offering round's step of each seat: ``OFFER[choice][seat]``
OFFER: dict[str, tuple[Pending, ...]] = {
    choice: tuple(Pending(choice=choice, seat=s) for s in range(4))
    for choice in ("offer", "offer_face_down", "supply_offer")
}
#: a hunter-gatherer scoring's card for a seat: ``GAIN[seat, kind, bonus]``
GAIN: dict[tuple[int, str, bool], Pending] = {
    (s, k, bonus): Pending(choice="gain", seat=s, offering=k, bonus=bonus)
    for s in range(4) for k in get_args(OfferingKind) for bonus in (False, True)
}


@functools.lru_cache(maxsize=1024, typed=True)
def moai_reward(seat: int, amount: int, moais: int, bonus: bool) -> Pending:
    """The Moai scoring's choice for ``seat`` (built once per distinct value)."""
    return Pending(choice="moai_reward", seat=seat, amount=amount, moais=moais, bonus=bonus)
