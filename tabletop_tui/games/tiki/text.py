"""Tiki: the words of the log, the status line and the menus.

Seats are named by the placeholders ``{s0}``/``{s1}`` that the Match fills
with the players' names (see ``engine.text``)."""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import SEAT_NAMES, who

from .actions import Move, Place, Resolve, Shaman
from .data import KIND_NAME, village_name
from .state import TikiState

if TYPE_CHECKING:
    from .rules import Tiki

#: the placeholders of Tiki's two seats (looked up, not built: the log is written at every move)
WHO = SEAT_NAMES[2]

def route(start: int, path: tuple[int, ...] | list[int]) -> str:
    """"centre → top-centre → top-left"."""
    if path.__class__ is tuple:
        return _route(start, path)
    return " → ".join(village_name(v) for v in (start, *path))


@functools.lru_cache(maxsize=4096)
def _route(start: int, path: tuple[int, ...]) -> str:
    """:func:`route` of a path as a move holds it (a few hundred exist: each written once)."""
    return " → ".join(village_name(v) for v in (start, *path))


def where(state: TikiState, v: int) -> str:
    """"the top-left harbour"."""
    return f"the {village_name(v)} {KIND_NAME[state.villages[v]]}"


# -- the log ----------------------------------------------------------------------------
def placed(state: TikiState, seat: int, v: int) -> str:
    return f"{WHO[seat]} created a totem on {where(state, v)}."


def moved(seat: int, start: int, path: tuple[int, ...]) -> str:
    return f"{WHO[seat]} moved a totem of {len(path)}: {route(start, path)}."


def passed(seat: int) -> str:
    return f"{WHO[seat]} cannot move and passes."


def shaman_moved(seat: int, edge: tuple[int, int] | None) -> str:
    if edge is None:
        return f"{WHO[seat]} leaves the shaman where it is."
    a, b = edge
    return f"{WHO[seat]} puts the shaman between the {village_name(a)} and {village_name(b)} villages."


def influenced(state: TikiState, owner: int, v: int, outcome: str, gained: int = 0) -> str:
    """What resolving village ``v`` did (T4): ``outcome`` is "gain",
    "empty" (the reserve was empty), "spoil" (a fruit of the owner's),
    "spoil_reserve", "nothing_to_spoil" or "nothing"."""
    name, at = WHO[owner], where(state, v)
    return {
        "gain": f"{name} influences {at} and gains {gained} fruit.",
        "empty": f"{name} influences {at}, but the reserve is empty.",
        "spoil": f"{name} influences {at} and loses a fruit, which spoils.",
        "spoil_reserve": f"{name} influences {at}; having no fruit, a fruit from the reserve spoils.",
        "nothing_to_spoil": f"{name} influences {at}; there is no fruit to spoil.",
        "nothing": f"{name} influences {at}; it yields nothing.",
    }[outcome]


def sudden_death(fruit: int) -> str:
    return (f"The reserve is empty with a tie at {fruit} fruit each: one spoiled fruit returns and play goes "
            f"on in sudden death.")


def won(reason: str, winner: int) -> str:
    return f"{reason} {WHO[winner]} wins!"


# -- why the game ended (kept in the state) ------------------------------------------------
def sudden_death_win(seat: int) -> str:
    return f"{WHO[seat]} wins the sudden-death fruit."


def sudden_death_loss(seat: int) -> str:
    return f"{WHO[seat]} lost a fruit in sudden death."


def fruit_win(seat: int, fruit: int) -> str:
    return f"{WHO[seat]} has {fruit} fruit."


def reserve_win(winner: int, most: int, least: int) -> str:
    return f"The reserve is empty and {WHO[winner]} has more fruit ({most} to {least})."


# -- menus and the status line ---------------------------------------------------------------
def describe_action(game: "Tiki", state: TikiState, action: Action, seat: int) -> str:
    """A short phrase for an action, for menus and hints."""
    if isinstance(action, Place):
        return f"new totem on the {village_name(action.village)} village"
    if isinstance(action, Move):
        return "move " + route(action.start, action.path)
    if isinstance(action, Resolve):
        return f"resolve the {village_name(action.village)} village"
    if isinstance(action, Shaman):
        if action.edge is None:
            return "leave the shaman"
        return f"shaman between {village_name(action.edge[0])} and {village_name(action.edge[1])}"
    return "pass"


def status(game: "Tiki", state: TikiState, seat: int | None) -> str:
    """Whose turn it is and what they must do; the end reason once over."""
    actors = game.to_act(state)
    actor = actors[0] if actors else None
    if state.phase == "over" or actor is None:
        return state.end_reason
    name = WHO[actor]
    if state.phase == "order":
        return f"{name}: choose which influenced village resolves first."
    if state.phase == "shaman":
        return f"{name}: place or move the shaman, or leave it."
    sd = " (sudden death)" if state.sudden_death else ""
    return f"{name} to play: create a totem or move one of yours{sd}."


def opening(game: "Tiki", state: TikiState) -> list[Event]:
    """The villages as dealt, the log's first line."""
    return [Event(text=dealt(state))]


def why(game: "Tiki", state: TikiState, action: Action, seat: int, rng: random.Random) -> str:
    """What the move does for ``seat``, in a few words, for the coach (Tiki
    hides nothing, so the coach may read the position itself)."""
    after = game.clone(state)
    events = game.apply(after, action, seat)
    return _why(state, after, action, seat, [e.text for e in events[1:]])


def _why(before: TikiState, after: TikiState, action: Action, seat: int, lines: list[str]) -> str:
    """What ``action`` did for ``seat`` in a few words: ``lines`` are the
    texts of its events after the first (influences)."""
    if lines:
        return "; ".join(line.rstrip(".!").replace(f"{who(seat)} ", "", 1) for line in lines[:2])
    if isinstance(action, Place):
        return {"harbour": "the harbour pays its owner 2 fruit at 3 tikis",
                "jungle": "a jungle pays its owner 1 fruit at 3 tikis",
                "marsh": ("a marshland pays nothing at 3 tikis, but brings the shaman" if before.shaman_variant
                          else "a marshland pays nothing at 3 tikis: a safe place to build a stack"),
                "cursed": "a cursed village costs its owner a fruit at 3 tikis"}[before.villages[action.village]]
    if isinstance(action, Move):
        end = action.path[-1]
        was, now = before.stacks[end], after.stacks[end]
        said = []
        if was and was[-1] != seat:
            said.append(f"takes over {who(was[-1])}'s totem on {where(before, end)}")
        else:
            said.append(f"ends on {where(before, end)}")
        if len(now) == 2:
            said.append("one tiki short of influencing it")
        return ", ".join(said)
    if isinstance(action, Resolve):
        return f"{where(before, action.village)} is settled first"
    if isinstance(action, Shaman) and action.edge is not None:
        a, b = action.edge
        return f"no totem may cross between the {village_name(a)} and {village_name(b)} villages"
    return ""


def dealt(state: TikiState) -> str:
    """The villages as the set-up dealt them, row by row."""
    rows = []
    for r, name in enumerate(("Top", "Middle", "Bottom")):
        kinds = [KIND_NAME[state.villages[3 * r + c]] for c in range(3)]
        rows.append(f"{name} row: {', '.join(kinds)}.")
    return "The villages are dealt. " + " ".join(rows)
