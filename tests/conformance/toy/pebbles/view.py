"""Pebbles: what a seat sees (everything: the game hides nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from .state import PebblesState

if TYPE_CHECKING:
    from .rules import Pebbles


class PebblesView(BaseModel):
    seat: int | None
    pile: int
    turn: int
    skipped: list[bool]
    over: bool
    winner: int | None


def build_view(game: "Pebbles", state: PebblesState, seat: int | None) -> PebblesView:
    return PebblesView(seat=seat, pile=state.pile, turn=state.turn, skipped=list(state.skipped),
                       over=state.phase == "over", winner=state.winner)
