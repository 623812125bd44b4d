"""Nayakas' bot code: the re-deal of what a seat cannot see, the moves the
search considers, its estimate of a position and how level 3 explores.
The engine finds it as the game's bot role (``Game.roles``); the rules
never import it."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.bots import Bot, win_chances
from tabletop_tui.engine.game import Seat

from .actions import Build, Pass
from .data import C
from .spaces import face_up
from .state import NayakasState

if TYPE_CHECKING:
    from .rules import Nayakas

SETUP = C.board.setup
PASS = Pass.model_construct(kind="pass")

#: random moves after the search's tree before the position is scored
PLAYOUT_DEPTH = 6
#: level 3 scales the move values at each node to their spread: the
#: heuristic's values lie within a few hundredths of each other, which
#: an exploration constant of 0.7 drowns (docs/bots.md)
DEEP_NORMALIZE = True
#: level 3 scores a position with the heuristic as soon as its tree ends,
#: with no random moves after it: its values are then the estimate's own,
#: not the noise of six random moves, and its iterations (about 1.7 times
#: as many in its 0.8 s) look further down the tree, the other ruler's
#: replies included (docs/bots.md, "Level 3 without playouts")
DEEP_PLAYOUT_DEPTH = 0


def determinize(game: Nayakas, st: NayakasState, seat: Seat, rng: random.Random) -> NayakasState:
    """Re-deal what ``seat`` cannot see: other hands and the development
    deck, the face-down piles and decks, the boxed tiles. Each pool is
    sorted before shuffling, so only its public contents matter."""
    new = game.clone(st)
    others = [s for s in range(st.players) if s != seat]
    pool = sorted(new.dev_deck + [c for s in others for c in new.seats[s].hand])
    rng.shuffle(pool)
    for s in others:
        n = len(new.seats[s].hand)
        new.seats[s].hand = [pool.pop() for _ in range(n)]
    new.dev_deck = pool
    for pile in ("section_pile", "facility_pile", "border_pile", "merchant_deck"):
        items = sorted(getattr(new, pile))
        rng.shuffle(items)
        setattr(new, pile, items)
    events = sorted(new.event_deck + new.event_box)
    rng.shuffle(events)
    new.event_deck, new.event_box = events[:len(new.event_deck)], events[len(new.event_deck):]
    new.temple_box = sorted(new.temple_box)
    new.seed = rng.getrandbits(48)
    new.chance = 0
    return new


def search_actions(game: Nayakas, st: NayakasState, seat: Seat) -> list[Action]:
    """The legal moves, with a Section's ways to pay grouped (ruling K7):
    the payments that spend the same Gold are one group, stood for by the
    one that leaves Stone and Clay most even (ties: more Stone kept); of a
    Section's groups the search weighs the least and the most Gold. So a
    build is two moves at most, not one per split of its cost; a Great
    Dam or temple-tile move likewise (``Nayakas._group_variants``)."""
    if st.phase == "worker" and not st.pending and seat == st.turn:
        return game._placements(st, seat, grouped=True) + game._cards(st, seat, "worker") + [PASS]
    legal = game.legal_actions(st, seat)
    if st.phase != "build" or st.pending:
        return legal
    res = st.seats[seat].res
    fu = face_up(st, seat)
    costs: dict[tuple, dict[str, int]] = {}
    best: dict[tuple, Build] = {}
    out: list[Action] = []
    for a in legal:
        if not isinstance(a, Build):
            out.append(a)
            continue
        sec = (a.building, a.section, a.saving)
        cost = costs.get(sec)
        if cost is None:
            cost = costs[sec] = game.section_cost(st, seat, a.building, a.section, fu, a.saving)
        key = sec + (a.gold_stone + a.gold_clay,)
        have = best.get(key)
        if have is None or _evenness(res, cost, a) > _evenness(res, cost, have):
            best[key] = a
    spans: dict[tuple, list[int]] = {}
    for b, i, saving, g in best:
        spans.setdefault((b, i, saving), []).append(g)
    for (b, i, saving), golds in spans.items():
        for g in sorted({min(golds), max(golds)}):
            out.append(best[b, i, saving, g])
    return out


def _evenness(res: dict[str, int], cost: dict[str, int], a: Build) -> tuple[int, int]:
    """How even a payment leaves Stone and Clay (higher is evener; ties: more Stone kept)."""
    stone = res["stone"] - cost["stone"] + a.gold_stone
    clay = res["clay"] - cost["clay"] + a.gold_clay
    return (-abs(stone - clay), stone)


#: seat count -> each seat's name placeholder in the log ("{s0}", ...)

def heuristics(game: Nayakas, st: NayakasState) -> list[float]:
    """Each ruler's chance to win, from an estimate of the Prosperity it
    will end with (:func:`prosperity_estimate`); the nearer the end (the
    Building Tracker's last step, the last Event), the more a lead counts."""
    n = st.players
    if st.phase == "over":
        won = game.result(st).winners
        return [(1.0 / len(won) if s in won else 0.0) for s in range(n)] if won else [1.0 / n] * n
    progress = max(st.tracker / SETUP.tracker_end[n], st.events_expired / SETUP.events_in_game)
    return win_chances([prosperity_estimate(game, st, s) for s in range(n)], 1.0 + 4.0 * (1 - progress))

def prosperity_estimate(game: Nayakas, st: NayakasState, seat: int) -> float:
    """The Prosperity ``seat`` has (``score_parts``), plus part of what its
    half-built temples, its resources, artisans and Culture and its Event
    Tokens out on Events should still bring (our own weights)."""
    p = st.seats[seat]
    est = float(sum(game.score_parts(st, seat).values()))
    for b in C.player_board[p.kingdom].buildings:
        built = p.built[b.id]
        done = sum(1 for t in built if t is not None)
        if b.kind == "temple" and done < len(built):
            est += 0.6 * b.prosperity * done / len(built)
        elif done < len(built):
            est += 0.3 * done
    res = p.res
    est += 0.2 * (res["stone"] + res["clay"]) + 0.25 * res["gold"] + 0.15 * res["culture"]
    est += 0.3 * sum(p.art.values())
    est += 0.5 * (SETUP.event_tokens - p.tokens)
    return est


class ScriptedBot(Bot):
    """A rule of thumb, no search: build a Section whenever one can be
    paid for; otherwise take the move that most raises the bot's own
    estimated Prosperity (:func:`prosperity_estimate`: the Prosperity it
    has, plus a share for half-built temples, resources, artisans, Culture
    and Event Tokens out), looking one move ahead only and ignoring what
    the others will do. After a build it goes on choosing the same way
    (the Section tile, the temple, the facility, the Borderland). It passes
    only when nothing else raises its estimate. It judges a move on a copy
    with the hidden cards dealt again (``determinize``), so it reads only
    what its seat can see. The ladder's "scripted" entrant
    (``benchmarks/bots.py``)."""

    name = "scripted"

    def choose(self, game: Nayakas, state: NayakasState, seat: Seat, rng: random.Random) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        moves = search_actions(game, state, seat)
        rng.shuffle(moves)
        if state.phase == "build" and not state.pending:
            builds = [a for a in moves if isinstance(a, Build)]
            moves = builds or moves
        seen = determinize(game, state, seat, rng)
        best, best_score = moves[0], -math.inf
        for action in moves:
            score = _looked_ahead(game, seen, action, seat, rng) - (PASS_COST if isinstance(action, Pass) else 0.0)
            if score > best_score:
                best, best_score = action, score
        return best


#: the scripted bot passes only when no other move is at least this much better for it
PASS_COST = 0.01
#: how many of its own choices in a row (a build, then its tiles) the scripted bot looks through
_CHAIN = 4


def _looked_ahead(game: Nayakas, seen: NayakasState, action: Action, seat: Seat, rng: random.Random) -> float:
    """``seat``'s estimated Prosperity after ``action`` and, while the seat
    still owes choices for it (``pending``), after the best of each."""
    st = game.clone(seen)
    game.play_silent(st, action, seat)
    for _ in range(_CHAIN):
        if st.phase == "over" or not st.pending or game.to_act(st) != [seat]:
            break
        options = search_actions(game, st, seat)
        if not options:
            break
        scored = []
        for a in options:
            nxt = game.clone(st)
            game.play_silent(nxt, a, seat)
            scored.append((prosperity_estimate(game, nxt, seat), nxt))
        st = max(scored, key=lambda x: x[0])[1]
    if st.phase == "over":
        won = game.result(st).winners
        return 1000.0 if seat in won else -1000.0
    return prosperity_estimate(game, st, seat)
