"""Pebbles: every player input, a pydantic action discriminated by ``kind``."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from tabletop_tui.engine.actions import Action

from .data import MOST


class Take(Action):
    """Take ``count`` pebbles from the pile."""

    kind: Literal["take"] = "take"
    count: int = Field(ge=1, le=MOST)


class Skip(Action):
    """Take nothing, once a game."""

    kind: Literal["skip"] = "skip"


PebblesAction = Annotated[Union[Take, Skip], Field(discriminator="kind")]
