"""Nyakuza: the state of a game, its options and its numbers (N2, N3).

Seats sit clockwise in seat order (the player left of seat s is s + 1).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, PrivateAttr

from tabletop_tui.engine.game import BaseState, Options

from . import moai
from .data import SPACES

COLOURS = ["Red", "Blue", "Yellow", "Green"]
SHELLS = {2: 24, 3: 16, 4: 12}  # N2
MOAI = {2: 10, 3: 6, 4: 5}  # N2
TOKENS = 40
TOTAL_SHELLS = 48  # 2 x 24 = 3 x 16 = 4 x 12
FIRST_REVEAL = {2: 6, 3: 6, 4: 8}  # N3
LATER_REVEAL = {2: 3, 3: 3, 4: 4}

Phase = Literal["bid", "place", "erect", "secret", "over"]


class NyakuzaOptions(Options):
    """Nyakuza's options: the secret-tile variant (N9) and the first amulet holder."""

    secret_tiles: bool = Field(default=False, description="Secret tiles (3-4 players): each player "
                                                          "holds one secret resource tile")
    first_amulet: Literal["random", "Red", "Blue", "Yellow", "Green"] = Field(
        default="random", description="Who holds the amulet first: a seat by its colour (seat 1 is Red)")


class NyakuzaState(BaseState):
    """Everything about a Nyakuza game.

    Lists indexed by space id: ``revealed`` (a resource space whose tile is
    turned up), ``occupant`` (the seat whose token stands there), ``moai``
    (a Moai stands on this palm; its owner is the occupant; Orongo's is the
    Ceremonial Moai), ``spent`` (a shell lies on this tile). Lists indexed by
    seat: ``shells``, ``moai_left``, ``supply`` (tokens in the personal
    supply), ``bids`` (pending secret bids), ``secret`` (the secret tile
    held, variant only), ``placed`` (placed a token this round).
    Hidden (N10): ``stack`` (tile numbers, next first), ``shells``, ``bids``,
    ``secret``, and ``seed`` (it fixed the stack's order).
    """

    secret_variant: bool = False
    round: int = 0
    last_round: bool = False
    phase: Phase = "bid"
    stack: list[int] = Field(default_factory=list)
    new_tiles: list[int] = Field(default_factory=list)
    revealed: list[bool] = Field(default_factory=lambda: [False] * SPACES)
    occupant: list[int | None] = Field(default_factory=lambda: [None] * SPACES)
    moai: list[bool] = Field(default_factory=lambda: [False] * SPACES)
    spent: list[bool] = Field(default_factory=lambda: [False] * SPACES)
    shells: list[int] = Field(default_factory=list)
    reef: int = 0
    moai_left: list[int] = Field(default_factory=list)
    supply: list[int] = Field(default_factory=list)
    amulet: int = 0
    bids: list[int | None] = Field(default_factory=list)
    last_bids: list[int] | None = None
    last_tokens: list[int] | None = None
    #: who places now and after, with the tokens each still has to place
    queue: list[tuple[int, int]] = Field(default_factory=list)
    placed: list[bool] = Field(default_factory=list)
    secret: list[int | None] = Field(default_factory=list)
    #: variant: seats still to be offered their secret tile after the placements
    offers: list[int] = Field(default_factory=list)
    #: a Moai waiting for its owner's choice: who, the token whose group it is, the options
    chooser: int | None = None
    anchor: int | None = None
    choices: list[tuple[int, tuple[int, ...]]] = Field(default_factory=list)
    resume: Literal["place", "secret"] = "place"
    ceremonial: int | None = None
    winners: list[int] = Field(default_factory=list)
    end_reason: str = ""
    #: the placement rules' summary of the board (groups, open spaces), kept
    #: in step by the rules; not saved, not compared, rebuilt when missing
    _index: Any = PrivateAttr(default=None)

    def __setattr__(self, name: str, value: object) -> None:
        """A field is set as pydantic sets a field of a model without
        ``validate_assignment`` (into ``__dict__``, marked as set), in one
        call instead of pydantic's two (as Nisyros' state does): the rules
        assign a few fields every decision. Anything else goes through
        pydantic."""
        if name in _FIELDS:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    # derived counts -------------------------------------------------------------
    def on_board(self, seat: int) -> int:
        return sum(1 for o in self.occupant if o == seat)

    def in_front(self, seat: int) -> int:
        """Tokens taken from the supply this round and not yet placed."""
        return sum(n for s, n in self.queue if s == seat)

    def spent_count(self) -> int:
        return sum(self.spent)

    def moai_erected(self, seat: int) -> int:
        return sum(1 for i, m in enumerate(self.moai) if m and self.occupant[i] == seat and i != moai.ORONGO)


_LIST_FIELDS = ("stack", "new_tiles", "revealed", "occupant", "moai", "spent", "shells", "moai_left", "supply",
                "bids", "queue", "placed", "secret", "offers", "choices", "winners")

#: the state's fields (``__setattr__`` sets them directly)
_FIELDS = frozenset(NyakuzaState.model_fields)
