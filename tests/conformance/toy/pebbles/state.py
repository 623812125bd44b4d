"""Pebbles: the options and the state."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop_tui.engine.game import BaseState, Options

from .data import LARGEST, SMALLEST


class PebblesOptions(Options):
    pile: int = Field(default=15, ge=SMALLEST, le=LARGEST, description="Pebbles in the pile at the start")


class PebblesState(BaseState):
    pile: int
    turn: int = 0
    #: seats that have used their one skip
    skipped: list[bool]
    phase: Literal["play", "over"] = "play"
    winner: int | None = None
