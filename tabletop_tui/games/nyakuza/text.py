"""Nyakuza: the words of the status line, the action phrases and the spaces.

Seats are named by the placeholders ``{s0}``..``{s3}`` that the Match fills
with the players' names (see ``engine.text``). The log's sentences are
written where the rules play (``rules._play``), which builds none of them
on the search bot's silent path.
"""

from __future__ import annotations

from typing import Sequence

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.text import and_list, plural, who

from .actions import Bid, Erect, Pass, Place, PlaySecret
from .island import ISLAND
from .state import NyakuzaState

#: every space's ``describe()``, worked out once
_SPACE_TEXT = tuple(sp.describe() for sp in ISLAND.spaces)


def tile_text(number: int) -> str:
    """A resource tile by its number: the space it belongs on, described."""
    return _SPACE_TEXT[ISLAND.by_number[number]]


def space_text(space: int) -> str:
    """A space of the island in words: "37t (temple)", "coastal palm P12", "Orongo"."""
    return _SPACE_TEXT[space]


#: what a seat must do first in a phase, said when it gives another input
FIRST = {"bid": "First enter your bid: tokens are placed after the bids are revealed.",
           "erect": "First choose where your Moai goes and which tiles pay for it."}


def describe(state: NyakuzaState, action: Action, seat: int) -> str:
    """A legal action in a few words, for the choices and hints."""
    if isinstance(action, Bid):
        return f"bid {plural(action.shells, 'shell')}" if action.shells else "bid nothing (share the reef)"
    if isinstance(action, Place):
        return f"token on {space_text(action.space)}"
    if isinstance(action, Erect):
        return f"Moai on {space_text(action.palm)}, spending " + " + ".join(space_text(t) for t in action.tiles)
    if isinstance(action, PlaySecret):
        tile = state.secret[seat] if 0 <= seat < state.players else None
        return (f"lay your secret tile {tile_text(tile)} with an extra token" if tile
                else "lay your secret tile with an extra token")
    if isinstance(action, Pass):
        return "keep the secret tile for later" if state.phase == "secret" else "give up the remaining tokens"
    return action.kind


def status(state: NyakuzaState, to_act: Sequence[int]) -> str:
    """The status line: the round and who must do what."""
    ph = state.phase
    if ph == "over":
        return state.end_reason
    last = " (last round)" if state.last_round else ""
    head = f"Round {state.round}{last}"
    if ph == "bid":
        waiting = and_list([who(s) for s in to_act])
        return f"{head}: secret bids; waiting for {waiting}."
    if ph == "place":
        s, n = state.queue[0]
        return f"{head}: {who(s)} places {'a token' if n == 1 else f'{n} tokens, one at a time'}."
    if ph == "erect":
        return f"{head}: {who(state.chooser or 0)} chooses where the Moai goes and which tiles pay for it."
    return f"{head}: {who(state.offers[0])} may lay their secret tile with an extra token."
