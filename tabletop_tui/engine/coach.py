"""The coach: the search bot's best moves for a seat, each with its estimated
chance and one line saying why, and a word after a clear blunder.

Everything here starts from what the search bot already does on the seat's
own information (it plans on ``determinize`` copies for that seat). The
coach adds only words: a move's phrase (``describe_action``), its estimate as
the game puts it (``estimate_text``) and why it is good (``why``). No Textual.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .actions import Action
from .game import Game, Seat

#: how many moves the coach suggests
TOP = 3
#: the search level the coach thinks at (0.25 CPU s a position: an answer to
#: h within a moment, and it sees what a level-1 bot misses)
COACH_LEVEL = 2
#: a move is a clear blunder when the best move's estimate is at least this
#: much higher (in points of the [0, 1] estimate)...
BLUNDER_DROP = 0.25
#: ...and the search looked at the chosen move at least this often (a move
#: tried once or twice has an estimate too rough to blame anyone for)
BLUNDER_VISITS = 4

#: On a server (many tables, one machine) the coach judges a move only once
#: it is made, and in two looks: a quick one of this many search iterations
#: (about 20 ms of CPU in Tiki)...
SCREEN_ITERATIONS = 200
#: ...which passes a move on for a closer look when the best move's estimate
#: is at least this much higher (a looser bar than ``BLUNDER_DROP``: measured
#: on 451 Tiki positions and moves, it let through every move level 2 calls
#: a slip, and about a fifth of all moves, most of them bad ones)...
SCREEN_DROP = 0.15
#: ...and the closer look, of this many iterations (about 75 ms in Tiki), says
#: whether it was a slip, by ``BLUNDER_DROP`` and ``BLUNDER_VISITS``: it agreed
#: with level 2's verdict on 50 of its 55 slips and named 5 more (level 2 run
#: twice disagrees with itself on a few too)
CHECK_ITERATIONS = 800


@dataclass(frozen=True)
class Suggestion:
    """One move the coach suggests: the action, its phrase, its estimated
    value for the seat in [0, 1], that value in the game's words ("62% to
    win") and one line saying why."""

    action: Action
    label: str
    value: float
    estimate: str
    why: str

    def line(self) -> str:
        """"label — estimate: why" on one line."""
        return f"{self.label} — {self.estimate}" + (f": {self.why}" if self.why else "")


Ranked = Sequence[tuple[Action, float, int]]


def suggestions(game: Game, state: Any, seat: Seat, ranked: Ranked, names: Callable[[str], str],
                seed: int, top: int = TOP) -> list[Suggestion]:
    """The best ``top`` of ``ranked`` ((action, value, visits), best first,
    as the search bot's ``rank`` gives them) as Suggestions. ``names`` fills
    the seat placeholders of a text. Only moves the search explored count."""
    out = []
    for action, value, visits in ranked:
        if visits <= 0:
            continue
        why = game.why(state, action, seat, random.Random(seed + len(out)))
        out.append(Suggestion(action, names(game.describe_action(state, action, seat)), value,
                              game.estimate_text(state, seat, value), names(why)))
        if len(out) == top:
            break
    # the search ranks by how much it explored each move; a reader expects
    # the best estimate first
    out.sort(key=lambda s: s.value, reverse=True)
    return out


def suspect(ranked: Ranked, chosen: Action) -> bool:
    """The quick look's verdict (``ranked``, see :data:`SCREEN_ITERATIONS`):
    ``chosen`` may be a slip and deserves a closer look."""
    if not ranked or ranked[0][0] == chosen:
        return False
    mine = next((v for a, v, _n in ranked if a == chosen), None)
    return mine is None or ranked[0][1] - mine >= SCREEN_DROP


def blunder(game: Game, state: Any, seat: Seat, ranked: Ranked, chosen: Action,
            names: Callable[[str], str], seed: int) -> str | None:
    """A sentence for ``seat`` when ``chosen`` was a clear blunder by the
    search's estimates of the position before it (``ranked``), naming the
    better move; None when it was not (or the estimate is too rough)."""
    if not ranked:
        return None
    best_action, best_value, _ = ranked[0]
    if chosen == best_action:
        return None
    mine = next(((v, n) for a, v, n in ranked if a == chosen), None)
    if mine is None or mine[1] < BLUNDER_VISITS or best_value - mine[0] < BLUNDER_DROP:
        return None
    better = suggestions(game, state, seat, ranked[:1], names, seed, top=1)[0]
    return (f"Coach: that move looks like a slip ({game.estimate_text(state, seat, mine[0])} "
            f"against {better.estimate}). Better was: {better.label}"
            + (f" — {better.why}." if better.why else "."))
