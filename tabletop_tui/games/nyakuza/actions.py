"""Nyakuza: every player input, as a pydantic action discriminated by ``kind``.

Which action is expected when (see ``state.NyakuzaState.phase``): "bid"
(every seat at once) ``Bid``; "place" ``Place``; "erect" ``Erect``;
"secret" (variant N9) ``PlaySecret`` or ``Pass``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from tabletop_tui.engine.actions import Action

from .data import SPACES
from .state import TOTAL_SHELLS


class Bid(Action):
    """A secret bid of 0 up to all your shells (N4)."""

    kind: Literal["bid"] = "bid"
    shells: int = Field(ge=0, le=TOTAL_SHELLS)


class Place(Action):
    """Put one token on a space (N5)."""

    kind: Literal["place"] = "place"
    space: int = Field(ge=0, lt=SPACES)


class Erect(Action):
    """Choose where a Moai goes and which tiles pay for it (N6, N7), when
    several recipes or palms qualify."""

    kind: Literal["erect"] = "erect"
    palm: int = Field(ge=0, lt=SPACES)
    tiles: tuple[int, ...] = Field(min_length=1, max_length=2)


class PlaySecret(Action):
    """Variant (N9): lay your secret tile on its space and put an extra token on it."""

    kind: Literal["secret"] = "secret"


class Pass(Action):
    """Decline: keep the secret tile for later (after a round's placements),
    or give up the tokens you cannot place when only the secret tile could
    be played."""

    kind: Literal["pass"] = "pass"


# Actions are frozen: legal_actions hands out these shared instances.
BIDS = tuple(Bid(shells=k) for k in range(TOTAL_SHELLS + 1))
PLACES = tuple(Place(space=s) for s in range(SPACES))
SECRET = PlaySecret()
PASS = Pass()

#: Erect values already built, by (palm, tiles): at most every coastal palm
#: with every recipe of the island (a few thousand)
_ERECTS: dict[tuple[int, tuple[int, ...]], Erect] = {}


def erect_action(palm: int, tiles: tuple[int, ...]) -> Erect:
    """The shared Erect value for ``palm`` and ``tiles`` (built once)."""
    try:
        made = _ERECTS.get((palm, tiles))
    except TypeError:  # not hashable (not read through the state model): build it afresh
        return Erect.model_construct(kind="erect", palm=palm, tiles=tiles)
    if made is None:
        made = _ERECTS[(palm, tiles)] = Erect.model_construct(kind="erect", palm=palm, tiles=tiles)
    return made


NyakuzaAction = Annotated[Union[Bid, Place, Erect, PlaySecret, Pass], Field(discriminator="kind")]
