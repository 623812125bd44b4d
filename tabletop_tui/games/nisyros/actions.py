"""Nisyros: every player input, a pydantic action discriminated by ``kind``.

Places are indices ``zone * 8 + slot`` (see ``data``); zones 0-3 are
Mandraki, Pali, Emporios, Nikia; rings 0-4 are R1-R4 and the coast.
Which action is asked when is set by ``state.phase`` (see ``state``).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from tabletop_tui.engine.actions import Action

Zone = Annotated[int, Field(ge=0, le=3)]
PlaceIx = Annotated[int, Field(ge=0, le=31)]
SeatIx = Annotated[int, Field(ge=0, le=3)]


class MoveWorker(Action):
    """Step 1 (own workers) or event 2 (any worker): move one worker of
    ``player`` from workplace ``src`` to workplace ``dst``."""

    kind: Literal["move_worker"] = "move_worker"
    player: SeatIx
    src: PlaceIx
    dst: PlaceIx


class MoveBoat(Action):
    """Step 1 (the active player): sail one boat from zone ``src`` to ``dst``;
    with event 24 it may carry a worker of ``carry`` between meeting places."""

    kind: Literal["move_boat"] = "move_boat"
    src: Zone
    dst: Zone
    carry: SeatIx | None = None


class Done(Action):
    """Finish the current choice (moves, dice, building, evacuation) or decline
    an optional one."""

    kind: Literal["done"] = "done"


class Reroll(Action):
    """Event 1: throw these yellow dice (indices 0-4, one or two) again."""

    kind: Literal["reroll"] = "reroll"
    dice: tuple[int, ...] = Field(min_length=1, max_length=2)


class PlaceDie(Action):
    """Step 3: put yellow die ``die`` (0-4) on workplace ``place``."""

    kind: Literal["place_die"] = "place_die"
    die: Annotated[int, Field(ge=0, le=4)]
    place: PlaceIx


class BuildDam(Action):
    """Step 5: the dam site of ``zone`` builds a dam on ring ``ring`` (1-4)."""

    kind: Literal["build_dam"] = "build_dam"
    zone: Zone
    ring: Annotated[int, Field(ge=0, le=4)]


class BuildBoat(Action):
    """Step 5: the shipyard of ``zone`` builds a boat."""

    kind: Literal["build_boat"] = "build_boat"
    zone: Zone


class PickZone(Action):
    """A team choice of a zone: a die's two-zone face, an oracle, a crevice,
    where a boat lands, or (for a displaced player) a new home village."""

    kind: Literal["pick_zone"] = "pick_zone"
    zone: Zone


class PickPlayer(Action):
    """Event 11: the player who takes an inhabitant back from Hades."""

    kind: Literal["pick_player"] = "pick_player"
    player: SeatIx


class PickWorker(Action):
    """A team choice of one worker of ``player`` on ``place``: event 9 (a
    sleeper) or step 7 (sent home sick)."""

    kind: Literal["pick_worker"] = "pick_worker"
    player: SeatIx
    place: PlaceIx


class RemoveDam(Action):
    """Event 16: return one dam of ring ``ring`` in ``zone`` to the supply."""

    kind: Literal["remove_dam"] = "remove_dam"
    zone: Zone
    ring: Annotated[int, Field(ge=0, le=4)]


class Volunteer(Action):
    """Event 21: call one more of your citizens to your meeting place."""

    kind: Literal["volunteer"] = "volunteer"


class Evacuate(Action):
    """Step 10: ship one inhabitant of ``player`` from ``place`` to Kos in a
    boat waiting off zone ``boat`` (the rulebook: "with boats from any zone")."""

    kind: Literal["evacuate"] = "evacuate"
    player: SeatIx
    place: PlaceIx
    boat: Zone


NisyrosAction = Annotated[
    Union[MoveWorker, MoveBoat, Done, Reroll, PlaceDie, BuildDam, BuildBoat, PickZone, PickPlayer,
          PickWorker, RemoveDam, Volunteer, Evacuate],
    Field(discriminator="kind"),
]
