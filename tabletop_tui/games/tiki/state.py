"""Tiki: the board, the options and the game state.

Board: villages 0..8 in reading order on a 3x3 grid (row = i // 3,
col = i % 3). A stack is a list of seat numbers, bottom first; the top tiki
owns the totem. The shaman, when on the board, sits on one edge between two
orthogonally adjacent villages, stored as the sorted pair ``(a, b)``.
"""

from __future__ import annotations

from operator import methodcaller
from typing import Literal

from pydantic import Field

from tabletop_tui.engine.game import BaseState, Options

from .data import (COLOURS, EDGES, FRUIT, INFLUENCE, NEIGHBOURS, TIKIS_PER_PLAYER, VALUE,  # noqa: F401
                   VILLAGE_KINDS, WIN_FRUIT, neighbours)


class TikiOptions(Options):
    """Tiki's options: the Shaman (expert) variant and who starts."""

    shaman: bool = Field(default=False, description="Expert game: marshlands carry the Shaman")
    first_player: Literal["random", "Purple", "Yellow"] = Field(
        default="random", description="Who starts")


class TikiState(BaseState):
    """Everything about a Tiki game. ``phase`` is "turn" (the active player
    places or moves), "order" (the other player picks which influenced village
    resolves next), "shaman" (a marshland's owner may place the shaman) or
    "over"."""

    villages: list[str]
    stacks: list[list[int]] = Field(default_factory=lambda: [[] for _ in range(9)])
    reserve: int = FRUIT
    fruit: list[int] = Field(default_factory=lambda: [0, 0])
    spoiled: int = 0
    shaman_variant: bool = False
    shaman: tuple[int, int] | None = None
    active: int = 0
    phase: Literal["turn", "order", "shaman", "over"] = "turn"
    pending: list[int] = Field(default_factory=list)
    shaman_seat: int | None = None
    sudden_death: bool = False
    winner: int | None = None
    end_reason: str = ""
    turn: int = 1

    def supply(self, seat: int) -> int:
        """Tikis ``seat`` still has in front of them."""
        return TIKIS_PER_PLAYER - sum(map(methodcaller("count", seat), self.stacks))

    def owner(self, v: int) -> int | None:
        s = self.stacks[v]
        return s[-1] if s else None
