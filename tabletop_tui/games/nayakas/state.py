"""Nayakas: options and the game state.

Seats 0..n-1 sit clockwise; play passes from seat ``s`` to ``(s + 1) % n``.
Every stack of tiles or cards is a list whose last element is its top.
Spaces are named by id: a kingdom space (``keladi_double``), a temple slot
(``keladi_t1``, ``keladi_t2``), a Trading Post (``tp1``..``tp3``) or an Empire
slot (``empire1a``, ``empire1b``, ``empire2a``, ``empire2b``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tabletop_tui.engine.game import BaseState, Options

from .data import KINGDOMS


class NayakasOptions(Options):
    """Which kingdom each seat rules, in seat order. By default the first
    kingdoms in board order, which are neighbours (as the rulebook advises
    for 2-3 players). Seat 0 holds the Conch at the start."""

    kingdoms: list[Literal["keladi", "mysore", "thanjavur", "madurai"]] | None = Field(
        default=None, description="Kingdoms in seat order, one per player (blank: the first ones "
                                  "on the board, neighbours)")

    @field_validator("kingdoms")
    @classmethod
    def _distinct(cls, v):
        if v is not None and len(set(v)) != len(v):
            raise ValueError("each kingdom can be ruled by one player only")
        return v


class Worker(BaseModel):
    """A pawn on the board: its owner and its type."""

    model_config = ConfigDict(frozen=True)

    seat: int
    type: Literal["laborer", "diplomat"]


class Pending(BaseModel):
    """A choice the builder owes after building a Section: "section_tile",
    "temple", "facility" or "borderland"."""

    model_config = ConfigDict(frozen=True)

    choice: Literal["section_tile", "temple", "facility", "borderland"]
    seat: int
    building: str
    section: int = -1


class PlayerState(BaseModel):
    """One ruler's kingdom, supply and player board."""

    kingdom: str
    res: dict[str, int]
    art: dict[str, int]
    #: workers usable this round (owned at the round's start) and not yet placed
    laborers: int
    diplomats: int
    avail_laborers: int
    avail_diplomats: int
    #: development cards in hand (hidden from the others)
    hand: list[str] = Field(default_factory=list)
    #: Event Tokens not on the current Event
    tokens: int = 5
    prosperity_tokens: int = 0
    #: building id -> per section: None unbuilt, "" built without a tile, else the tile id
    built: dict[str, list[str | None]] = Field(default_factory=dict)
    #: section tiles placed face down (1 Prosperity each); the rest are face up
    face_down: list[str] = Field(default_factory=list)
    facilities: list[str] = Field(default_factory=list)
    sections_built: int = 0
    #: placements made this round (Workers Festival counts them)
    placed: int = 0
    #: spaces used this round, for "repeat": "space" or "space#position"
    visits: list[str] = Field(default_factory=list)
    #: round powers (discount, empire_free, envoy, lab_dip, watch, extra,
    #: master_mason), cleared at cleanup; and lasting marks: "done:<building>"
    #: (completed), "new:<worker>:<n>" (a gained worker announced)
    flags: list[str] = Field(default_factory=list)

    def __setattr__(self, name: str, value) -> None:
        """A field is set as pydantic sets it (into ``__dict__``, marked as
        set) in one call, as ``BaseState`` does: the rules assign a ruler's
        counts at almost every move (no field is validated on assignment)."""
        if name in _SEAT_FIELDS:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)


_SEAT_FIELDS = frozenset(PlayerState.model_fields)


class NayakasState(BaseState):
    """Everything about a Nayakas game."""

    seats: list[PlayerState] = Field(default_factory=list)
    #: space id -> workers on it, in the order placed
    occupants: dict[str, list[Worker]] = Field(default_factory=dict)
    #: temple slot id -> temple tile id on it (absent: blank)
    temples: dict[str, str] = Field(default_factory=dict)
    #: temple slots whose tile is still faded
    faded: list[str] = Field(default_factory=list)
    #: Trading Posts I..III: a merchant id, an event id, or None
    posts: list[str | None] = Field(default_factory=list)
    #: kingdom Borderland space id -> borderland tile id
    border_tiles: dict[str, str] = Field(default_factory=dict)
    section_pile: list[str] = Field(default_factory=list)
    section_market: list[str] = Field(default_factory=list)
    facility_pile: list[str] = Field(default_factory=list)
    facility_market: list[str] = Field(default_factory=list)
    border_pile: list[str] = Field(default_factory=list)
    border_market: list[str] = Field(default_factory=list)
    temple_market: list[str] = Field(default_factory=list)
    temple_box: list[str] = Field(default_factory=list)
    merchant_deck: list[str] = Field(default_factory=list)
    merchant_discard: list[str] = Field(default_factory=list)
    event_deck: list[str] = Field(default_factory=list)
    event_box: list[str] = Field(default_factory=list)
    event_discard: list[str] = Field(default_factory=list)
    dev_deck: list[str] = Field(default_factory=list)
    dev_discard: list[str] = Field(default_factory=list)
    conch: int = 0
    tracker: int = 0
    events_expired: int = 0
    #: the artisan the first Diplomat on the second Empire pair chose
    empire2_choice: str | None = None
    round: int = 1
    phase: Literal["worker", "build", "over"] = "worker"
    turn: int = 0
    passed: list[bool] = Field(default_factory=list)
    pending: list[Pending] = Field(default_factory=list)
    end_reason: str = ""
    #: at the end: seat -> score parts
    final: dict[int, dict[str, int]] = Field(default_factory=dict)

    @property
    def kingdoms(self) -> list[str]:
        return [p.kingdom for p in self.seats]

    def seat_of(self, kingdom: str) -> int | None:
        for i, p in enumerate(self.seats):
            if p.kingdom == kingdom:
                return i
        return None


# -- copying, for the search (a clone per iteration) ------------------------------------
def _new(model: BaseModel, fields: dict) -> BaseModel:
    """A model of ``model``'s class holding ``fields``, built without
    validation (as ``model_construct`` does, without its per-field work)."""
    new = model.__class__.__new__(model.__class__)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


#: how each field that holds containers is copied: a list or dict of atoms
#: or frozen models is copied shallow; a dict of such lists or dicts one
#: level deeper. Every other field holds an atom and is shared. A field
#: added to a model must be listed here or among the atoms (checked below).
_SEAT_LISTS = ("hand", "face_down", "facilities", "visits", "flags")
_SEAT_DICTS = ("res", "art")
_SEAT_ATOMS = {"kingdom", "laborers", "diplomats", "avail_laborers", "avail_diplomats", "tokens",
               "prosperity_tokens", "sections_built", "placed"}
_STATE_LISTS = ("faded", "posts", "section_pile", "section_market", "facility_pile", "facility_market",
                "border_pile", "border_market", "temple_market", "temple_box", "merchant_deck", "merchant_discard",
                "event_deck", "event_box", "event_discard", "dev_deck", "dev_discard", "passed", "pending")
_STATE_DICTS = ("temples", "border_tiles")
_STATE_ATOMS = {"players", "seed", "chance", "conch", "tracker", "events_expired", "empire2_choice", "round",
                "phase", "turn", "end_reason"}


_copy_list = list.copy


def _copy_seat(p: PlayerState) -> PlayerState:
    d = p.__dict__
    new = d.copy()
    for k in _SEAT_LISTS:
        new[k] = d[k][:]
    for k in _SEAT_DICTS:
        new[k] = d[k].copy()
    built = d["built"]
    new["built"] = dict(zip(built, map(_copy_list, built.values())))
    return _new(p, new)  # type: ignore[return-value]


def copy_state(st: "NayakasState") -> "NayakasState":
    """An independent copy of ``st`` (the search clones one per iteration):
    each field copied as deep as its type needs, nothing validated again
    (the many small lists of the spaces and Sections copied by ``map``)."""
    d = st.__dict__
    new = d.copy()
    for k in _STATE_LISTS:
        new[k] = d[k][:]
    for k in _STATE_DICTS:
        new[k] = d[k].copy()
    occupants = d["occupants"]
    new["occupants"] = dict(zip(occupants, map(_copy_list, occupants.values())))
    final = d["final"]
    new["final"] = {s: parts.copy() for s, parts in final.items()}
    new["seats"] = list(map(_copy_seat, d["seats"]))
    return _new(st, new)  # type: ignore[return-value]


assert set(PlayerState.model_fields) == _SEAT_ATOMS | set(_SEAT_LISTS) | set(_SEAT_DICTS) | {"built"}, \
    "a new PlayerState field must be listed for copy_state"
assert set(NayakasState.model_fields) == _STATE_ATOMS | set(_STATE_LISTS) | set(_STATE_DICTS) | \
    {"occupants", "final", "seats"}, "a new NayakasState field must be listed for copy_state"


__all__ = ["KINGDOMS", "NayakasOptions", "NayakasState", "Pending", "PlayerState", "Worker", "copy_state"]
