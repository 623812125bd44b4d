"""Rapa Nui: every player input, as a pydantic action discriminated by ``kind``.

Which action is expected when (see ``state.RapaNuiState.phase`` and
``pending``):

- phase "buy" (active player): ``BuyOffering`` or ``SkipBuy`` (R4.1)
- phase "play" (active player): ``PlayCard`` (R4.2)
- phase "draw" (active player): ``Draw`` (R4.3), once per card taken
- a pending choice, asked of the seat named in it, comes first:
  ``ChooseMoaiReward`` (R6 Moai), ``SubstituteKind`` (R6, empty supply),
  ``Offer`` / ``OfferFaceDown`` / ``SupplyOffer`` (R5 offering round)

Rows are numbered 0-3 in actions and "row 1"-"row 4" in texts.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from tabletop_tui.engine.actions import Action

from .data import CardKind, OfferingKind


class BuyOffering(Action):
    """R4.1: buy one offering card of ``offering`` from the supply."""

    kind: Literal["buy"] = "buy"
    offering: OfferingKind


class SkipBuy(Action):
    """R4.1: buy nothing this turn."""

    kind: Literal["skip_buy"] = "skip_buy"


class PlayCard(Action):
    """R4.2: play ``count`` cards of kind ``card`` from hand into the display.
    ``count`` above 1 only for hunter-gatherers (up to 3 identical ones)."""

    kind: Literal["play"] = "play"
    card: CardKind
    count: int = Field(default=1, ge=1, le=3)


class Draw(Action):
    """R4.3: take the exposed card of market row ``row`` (0-3)."""

    kind: Literal["draw"] = "draw"
    row: int = Field(ge=0, le=3)


class ChooseMoaiReward(Action):
    """R6 Moai scoring: take this scoring's Moai reward as wood or as fame."""

    kind: Literal["moai_reward"] = "moai_reward"
    reward: Literal["wood", "fame"]


class SubstituteKind(Action):
    """R6 hunter-gatherer scoring: the owed kind's supply is empty, so take an
    offering card of ``offering`` instead."""

    kind: Literal["substitute"] = "substitute"
    offering: OfferingKind


class Offer(Action):
    """R5: (a player other than the Moai's owner) put one offering card of
    ``offering`` from hand face up on the stone."""

    kind: Literal["offer"] = "offer"
    offering: OfferingKind


class OfferFaceDown(Action):
    """R5: (the Moai's owner) put one offering card of ``offering`` from hand
    face down on the stone."""

    kind: Literal["offer_face_down"] = "offer_face_down"
    offering: OfferingKind


class SupplyOffer(Action):
    """R5: (the Moai's owner) put one offering card of ``offering`` from the
    supply face up on the stone."""

    kind: Literal["supply_offer"] = "supply_offer"
    offering: OfferingKind


RapaNuiAction = Annotated[
    Union[BuyOffering, SkipBuy, PlayCard, Draw, ChooseMoaiReward, SubstituteKind,
          Offer, OfferFaceDown, SupplyOffer],
    Field(discriminator="kind"),
]
