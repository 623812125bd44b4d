"""Tiki: every player input, as a pydantic action discriminated by ``kind``.

Phase "turn" (the active player): ``Place`` or ``Move``, or ``Pass`` when
neither is possible (T6); phase "order" (the other player): ``Resolve``;
phase "shaman" (a marshland's owner, expert game): ``Shaman``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from tabletop_tui.engine.actions import Action

class Place(Action):
    """Create a new totem: put one of your tikis on an empty village."""

    kind: Literal["place"] = "place"
    village: int = Field(ge=0, le=8)


class Move(Action):
    """Move your totem from ``start`` along ``path`` (one village per tiki)."""

    kind: Literal["move"] = "move"
    start: int = Field(ge=0, le=8)
    path: tuple[int, ...] = Field(min_length=1, max_length=16)


class Resolve(Action):
    """The player who did not move picks the next influenced village to resolve."""

    kind: Literal["resolve"] = "resolve"
    village: int = Field(ge=0, le=8)


class Shaman(Action):
    """After a marshland resolution (expert game): put the shaman on an edge,
    or leave it where it is (``edge`` None)."""

    kind: Literal["shaman"] = "shaman"
    edge: tuple[int, int] | None = None

    @field_validator("edge")
    @classmethod
    def _sorted(cls, edge: tuple[int, int] | None) -> tuple[int, int] | None:
        # An edge has no direction: (4, 1) and (1, 4) are the same input.
        return None if edge is None else (min(edge), max(edge))


class Pass(Action):
    """T6: pass when no move is possible."""

    kind: Literal["pass"] = "pass"


TikiAction = Annotated[Union[Place, Move, Resolve, Shaman, Pass], Field(discriminator="kind")]
