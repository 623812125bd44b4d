"""Tiki: what a seat sees. Tiki has no hidden information."""

from __future__ import annotations

from pydantic import BaseModel

from .state import INFLUENCE, TikiState


class TikiView(BaseModel):
    """Tiki has no hidden information: every seat sees the whole state, but
    for the seed of chance (``seed`` and ``chance`` read 0)."""

    state: TikiState
    seat: int | None
    #: tikis a totem needs to influence its village (a stack shows n of it)
    influence: int = INFLUENCE


def build_view(game: object, state: TikiState, seat: int | None) -> TikiView:
    """The whole state but the seed of chance, for any seat."""
    return TikiView(state=state.model_copy(deep=True, update={"seed": 0, "chance": 0}), seat=seat,
                    influence=INFLUENCE)
