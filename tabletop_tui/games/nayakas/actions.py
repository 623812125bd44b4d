"""Nayakas: every player input, as a pydantic action discriminated by ``kind``.

- worker phase, on your turn: ``Place`` (a worker on a space, with the
  choices its action needs), ``PlayCard`` (a "worker" card) or ``Pass``;
- build phase, on your turn: ``Build`` (one Section), ``PlayCard`` (a "build"
  card) or ``Pass``;
- after building, the builder owes in turn: ``ChooseTile`` (a section tile,
  face up or down), ``ChooseTemple``, ``ChooseFacility``, ``ChooseBorderland``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from tabletop_tui.engine.actions import Action


class Place(Action):
    """Put a worker on ``space`` and take its action.

    ``benefit`` False: place without taking the action (never on an Event).
    ``choice``: index of the option taken where the action offers a choice.
    ``amount`` (and ``amount2``): how much to spend where the action lets you
    name it (Great Dam: Stone then Clay). ``target``: the space repeated or
    the Diplomat retrieved. ``extra``: Stone or Clay from "Envoys' Tribute".
    ``gold_stone`` / ``gold_clay``: how much of the Stone and of the Clay the
    action pays (Great Dam, temple tiles) is paid in Gold instead (ruling K7:
    any part of it, within what the player holds).
    """

    kind: Literal["place"] = "place"
    space: str
    worker: Literal["laborer", "diplomat"]
    benefit: bool = True
    choice: int = -1
    amount: int = 0
    amount2: int = 0
    target: str = ""
    extra: Literal["", "stone", "clay"] = ""
    gold_stone: int = Field(default=0, ge=0, le=60)
    gold_clay: int = Field(default=0, ge=0, le=60)


class Pass(Action):
    """End your part in the current phase (worker or build)."""

    kind: Literal["pass"] = "pass"


class PlayCard(Action):
    """Play development card ``card``; ``choice`` names the Artisan for cards
    that give one."""

    kind: Literal["card"] = "card"
    card: str
    choice: Literal["", "architect", "mason", "sculptor"] = ""


class Build(Action):
    """Build section ``section`` (0-based) of building ``building``;
    ``saving``: the Stone or Clay a round discount (Madurai's *Plans*) takes
    off, named whenever that discount is in force and the Section costs some.
    ``gold_stone`` / ``gold_clay``: how much of the Stone and of the Clay the
    Section costs is paid in Gold instead (ruling K7: any part of it, within
    what the player holds); the rest is paid in Stone and Clay."""

    kind: Literal["build"] = "build"
    building: Literal["temple1", "temple2", "tank", "fort"]
    section: int = Field(ge=0, le=2)
    saving: Literal["", "stone", "clay"] = ""
    gold_stone: int = Field(default=0, ge=0, le=15)
    gold_clay: int = Field(default=0, ge=0, le=15)


class ChooseTile(Action):
    """Take section tile ``index`` of the Bonus Market, face up or down."""

    kind: Literal["tile"] = "tile"
    index: int = Field(ge=0, le=2)
    face_up: bool


class ChooseTemple(Action):
    """A completed Temple: ``ruler`` flips your faded temple; otherwise take
    temple tile ``index`` of the Temple Market onto your blank slot."""

    kind: Literal["temple"] = "temple"
    ruler: bool = False
    index: int = Field(default=0, ge=0, le=4)


class ChooseFacility(Action):
    """Take facility tile ``index`` of the Bonus Market."""

    kind: Literal["facility"] = "facility"
    index: int = Field(ge=0, le=2)


class ChooseBorderland(Action):
    """Put borderland tile ``index`` of the Bonus Market on Borderland ``space``."""

    kind: Literal["borderland"] = "borderland"
    index: int = Field(ge=0, le=2)
    space: str


NayakasAction = Annotated[
    Union[Place, Pass, PlayCard, Build, ChooseTile, ChooseTemple, ChooseFacility, ChooseBorderland],
    Field(discriminator="kind"),
]
