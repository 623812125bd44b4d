"""Nyakuza's most frequent log lines, each built once and shared.

A bid made and a token placed happen over and over in every game (and in
every playout of the search), and their words depend only on the seat and
the bid or space. So each such :class:`Event` is made the first time it is
needed and handed out again after: events are values that nothing changes
once made (the match only reads them).
"""

from __future__ import annotations

from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import plural, who

from .data import space_text

_BIDS: dict[tuple[int, int], tuple[Event, Event]] = {}
_PLACED: dict[tuple[int, int], Event] = {}


def bid_events(seat: int, shells: int) -> tuple[Event, Event]:
    """The bidder's private "You bid 3 shells." and everyone's "{s1} has made a bid."."""
    made = _BIDS.get((seat, shells))
    if made is None:
        made = _BIDS[(seat, shells)] = (
            Event(seat=seat, private=True, text=f"You bid {plural(shells, 'shell')}."),
            Event(seat=seat, text=f"{who(seat)} has made a bid."))
    return made


def placed_event(seat: int, space: int) -> Event:
    """"{s0} places a token on 37t (temple).\""""
    made = _PLACED.get((seat, space))
    if made is None:
        made = _PLACED[(seat, space)] = Event(seat=seat, text=f"{who(seat)} places a token on {space_text(space)}.")
    return made
