"""Nisyros: options and the game state.

Seats 0..n-1 sit clockwise; the round's active player (S12) moves on to the
next seat each round, seat 0 first. Zones 0-3 (Mandraki, Pali, Emporios,
Nikia) run clockwise, so zone ``z`` borders ``z +- 1``; ``lava[z]`` counts the
areas of zone ``z`` covered from the crater down (0: none, 5: covered to the
sea), since lava always runs down a zone without gaps (S7). People stand on
places ``zone * 8 + slot`` (see ``data``): ``people[seat][place]``; the others
are on Kos or in Hades.

The round (10 steps) is run by ``stage``: the automatic part resumes there
after each input; ``phase`` names the choice being asked ("auto" while the
model runs on, "over" at the end).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop_tui.engine.game import BaseState, Options

from .data import Level

Phase = Literal["auto", "move", "siesta", "stupor", "rescue", "boat_gift", "crevice", "dam_loss", "reroll",
                "dice", "marathon", "build", "volunteer", "drizzle", "sick", "direction", "flee", "evacuate", "home",
                "over"]


class NisyrosOptions(Options):
    """The level: Achilles (boats only, 2 eruptions), Heracles (a boat and a
    wheat per inhabitant, 2 eruptions), Zeus (a boat and a wheat, 3 eruptions)."""

    level: Level = Field(default="achilles", description="Level (to win, every player saves 7 of 10 on "
                         "Kos; 9 is a big victory)", json_schema_extra={"values": {
        "achilles": "Achilles: each islander needs a boat to sail to Kos; 2 eruptions a round (at most 5). "
                    "Hard: our level-3 bot team wins about half its games.",
        "heracles": "Heracles: a boat and a wheat per islander; 2 eruptions a round (at most 5). "
                    "Very hard: bot teams rarely win (about 3 of 10 saved).",
        "zeus": "Zeus: a boat and a wheat per islander; 3 eruptions a round (at most 6). "
                "Very hard: no bot team has won yet (2-3 of 10 saved).",
    }})


def _grid(rows: int, cols: int) -> list[list[int]]:
    return [[0] * cols for _ in range(rows)]


class NisyrosState(BaseState):
    """Everything about a game of Nisyros; nothing in it is secret but the
    order of the event deck."""

    level: Level = "achilles"
    round: int = 1
    step: int = 1
    active: int = 0
    phase: Phase = "auto"
    stage: str = "s1"
    #: seats still to answer the current per-player choice (moves, volunteers, the drizzle, new homes)
    queue: list[int] = Field(default_factory=list)

    # the island
    kinds: list[list[str]] = Field(default_factory=list)  # [zone][ring 0-3] resource kind (S2)
    bonus: list[str | None] = Field(default_factory=lambda: [None] * 4)  # R1 markers (S2)
    lava: list[int] = Field(default_factory=lambda: [0] * 4)
    dams: list[list[int]] = Field(default_factory=lambda: _grid(4, 5))  # [zone][ring]
    boats: list[int] = Field(default_factory=lambda: [0] * 4)  # at sea, by zone
    people: list[list[int]] = Field(default_factory=list)  # [seat][place]
    kos: list[int] = Field(default_factory=list)
    hades: list[int] = Field(default_factory=list)
    home: list[int | None] = Field(default_factory=list)  # the village each seat lives at now
    origin: list[int] = Field(default_factory=list)  # the village each seat started at
    displaced: list[int] = Field(default_factory=list)  # seats who lost their village this round

    # team stock (S9)
    wheat: int = 0
    stone: int = 0
    wood: int = 0

    # event deck (S8): the last element is the top card
    deck: list[int] = Field(default_factory=list)
    #: how many of the five star cards set on top at set-up are still on top
    top_known: int = 0
    discard: list[int] = Field(default_factory=list)
    in_play: list[int] = Field(default_factory=list)  # cards drawn this round
    current: bool = False  # event 24 drawn last round: boats sail freely in this step 1

    # dice
    red: int | None = None  # face index (0-5) of this round's event roll
    events_left: int = 0
    yellow: list[str] = Field(default_factory=list)  # faces of the five yellow dice
    yellow_on: list[int | None] = Field(default_factory=lambda: [None] * 5)  # place of each die
    black: list[int] | None = None  # zones of the black die's last throw
    eruptions_left: int = 0
    eruptions_total: int = 0
    oracle_used: bool = False

    # per-round marks
    moved: list[list[int]] = Field(default_factory=list)  # [seat][place] workers arrived this step 1 (or drizzle)
    boats_moved: list[int] = Field(default_factory=lambda: [0] * 4)
    idle: list[list[int]] = Field(default_factory=list)  # [seat][place] sleepers (event 9)
    stupor: list[int] = Field(default_factory=list)  # places with no output (event 10)
    dams_built: list[int] = Field(default_factory=lambda: [0] * 4)
    boats_built: list[int] = Field(default_factory=lambda: [0] * 4)
    evacuated: int = 0

    # a pending team choice inside an automatic step
    pending: Phase | None = None
    picks_left: int = 0
    choices: list[int] = Field(default_factory=list)  # zones or seats offered

    # the end (S13)
    outcome: Literal["", "big", "small", "defeat"] = ""
    end_reason: str = ""

    #: Reading fields: pydantic's ``BaseModel.__getattr__`` makes every
    #: attribute read of a model go through CPython's slow attribute hook (no
    #: specialised read), several times the cost of a plain object's. The
    #: rules' hot paths (``legal``, ``check``, ``_do``, ``_run``, the round's
    #: stages) read the fields from ``self.__dict__`` instead: the same
    #: storage pydantic reads and writes, no copy.
    #:
    #: A field is set straight into ``__dict__``, without pydantic's
    #: ``__setattr__`` (the rules assign fields ~10 times a decision and
    #: never want validation on assignment): every field counts as set from
    #: the start (``model_post_init``), so ``model_fields_set`` stays true.
    __setattr__ = object.__setattr__

    def model_post_init(self, context: object) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(_FIELDS))

    def on_island(self, seat: int) -> int:
        """``seat``'s inhabitants still on Nisyros."""
        return sum(self.people[seat])

    def take(self, seat: int, p: int, n: int = 1) -> None:
        """Take ``n`` of ``seat``'s people off place ``p`` (sleepers first kept consistent)."""
        f = self.__dict__  # the fields, read without pydantic's attribute hook (see below)
        row = f["people"][seat]
        row[p] -= n
        idle = f["idle"]
        if idle and idle[seat][p] > row[p]:
            idle[seat][p] = row[p]

    def workers(self, seat: int) -> int:
        """``seat``'s workers (everyone not in a village)."""
        row = self.__dict__["people"][seat]
        return sum(row) - sum(row[7::8])


#: the state's fields, every one of them set in every state
_FIELDS = frozenset(NisyrosState.model_fields)
