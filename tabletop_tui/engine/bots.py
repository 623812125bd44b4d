"""Bots: one interface, a random bot for every game, and a search bot.

A bot is asked ``choose(game, state, seat, rng)`` and returns one of
``game.legal_actions(state, seat)``. The search bot plans only on
``game.determinize(state, seat, rng)`` copies, so it never reads what its
seat cannot see (hidden hands, other players' bids, the deck order).
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .actions import Action
from .errors import IllegalAction
from .game import Game, Seat


class Bot:
    """Chooses an action for a seat."""

    name = "bot"

    def choose(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> Action:
        actions = game.legal_actions(state, seat)
        if not actions:
            raise IllegalAction("There is nothing this seat can do now.")
        return rng.choice(actions)


@dataclass(frozen=True)
class SearchLevel:
    """A search-bot level: a thinking budget per move, in CPU seconds of the
    thinking thread (see :class:`SearchBot`), a cap on iterations, and
    whether it explores as the game's deep level (``Game.deep_exploration``)."""

    seconds: float
    iterations: int
    deep: bool = False


#: Search-bot levels. Each is a time budget (measured by benchmarks/bots.py,
#: figures in docs/bots.md); the iteration cap only bounds a trivial position.
SEARCH_LEVELS: dict[int, SearchLevel] = {
    1: SearchLevel(seconds=0.1, iterations=20_000),  # 0.05 s won 86% at 4-player Rapa Nui, 0.1 s 94%
    2: SearchLevel(seconds=0.25, iterations=50_000),
    3: SearchLevel(seconds=0.8, iterations=100_000, deep=True),
}

#: the UCB exploration constant of every level but a game's deep one
EXPLORATION = 0.7

#: On a busy machine a move may take longer in wall time than its CPU
#: budget; it is cut off at this many times the budget all the same.
WALL_FACTOR = 3.0


@dataclass(frozen=True)
class MoveScore:
    """One move as the search judged it: its estimated value for the seat
    (in [0, 1]) and how many of the search's iterations went through it."""

    action: Action
    value: float
    visits: int


class _Moves(dict):
    """A node's move statistics (move -> :class:`_Node`), with ``by_id``:
    the same nodes by the identity of a move object already looked up
    (``id(move) -> (move, node)``; the dict holds the move, so its id is not
    reused while the entry lives)."""

    __slots__ = ("by_id",)

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[int, tuple[Any, _Node]] = {}


class _Node:
    """A position of the tree, and the statistics of the move into it.

    ``children`` maps a move to the node it leads to. Where several seats
    choose at once (secret bids), each seat's choice is judged on its own
    (decoupled): ``joint[seat]`` holds that seat's move statistics, and
    ``children`` maps the tuple of everyone's ``(seat, move)`` to the node
    after all of them, so no seat's choice is made knowing another's."""

    __slots__ = ("children", "visits", "value", "seen", "joint")

    def __init__(self) -> None:
        self.children: _Moves = _Moves()
        self.visits = 0
        self.value = 0.0  # total reward of the seat that chose the move into this node
        self.seen = 0  # times this node's action was available (ISMCTS)
        self.joint: dict[Seat, _Moves] | None = None


def win_chances(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's chance to win, in [0, 1] and summing to 1, from estimated
    final scores: a softmax, where a lead of ``spread`` points makes a seat
    e (about 2.7) times as likely to win as the one behind. For the games'
    heuristics: the uncertainty left in a game is its ``spread``."""
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def rewards(game: Game, state: Any, players: int) -> list[float] | None:
    """What each seat gets from ``state`` in the search, in [0, 1]: at the end
    of the game a share of the win (co-operative: the team's graded outcome,
    the same for every seat), before it the game's heuristic estimate of
    the same thing; None when the game has no heuristic for ``state``."""
    if game.is_over(state):
        if game.cooperative:
            # a co-operative game may grade a finished game (how close the team
            # came), so the search has a signal even when most playouts lose
            graded = game.heuristic(state, 0)
            if graded is None:
                graded = 1.0 if game.result(state).winners else 0.0
            return [graded] * players
        winners = game.result(state).winners
        share = 1.0 / len(winners) if winners else 0.0
        return [(share if s in winners else 0.0) for s in range(players)]
    if game.cooperative:
        team = game.heuristic(state, 0)
        return None if team is None else [team] * players
    values = game.heuristics(state)
    if values is None:
        return None
    total = sum(values)
    return [v / total for v in values] if total > 0 else [1.0 / players] * players


class SearchBot(Bot):
    """Information-set Monte Carlo tree search (single observer).

    Each iteration samples a state consistent with the bot's view
    (``game.determinize``), walks the shared tree with UCB1 restricted to the
    moves legal in that sample (counting how often each move was available;
    a choice several seats make at once is judged for each seat on its own),
    expands one move (among the game's ``search_actions``), plays on at
    random for the game's ``playout_depth``
    actions (or ``playout_limit``), and backs up each seat's reward: the
    result if the game ended, else the game's heuristic (``rewards``).

    A move's budget is CPU time of the thinking thread (``time.thread_time``,
    so other processes on a shared machine, or the app's own thread when the
    search runs beside it, do not eat into it), capped in wall time at
    ``WALL_FACTOR`` times the budget, and by ``iterations``.
    ``SearchBot(iterations=N, seconds=1e9)`` runs exactly N iterations: the
    same seeds give the same moves on any machine.
    """

    name = "search"
    #: ``search_moves(game)`` of the search under way (set by ``rank``)
    _moves: Callable[[Any, Seat], list[Action]] | None = None

    def __init__(self, level: int = 2, iterations: int | None = None,
                 seconds: float | None = None, playout_limit: int | None = None,
                 exploration: float | None = None, normalize: bool | None = None) -> None:
        lv = SEARCH_LEVELS.get(level, SEARCH_LEVELS[2])
        self.level = level
        self.deep = lv.deep
        self.iterations = iterations or lv.iterations
        self.seconds = seconds if seconds is not None else lv.seconds
        self.playout_limit = playout_limit
        #: the exploration asked for (None: the level's, see ``explores``)
        self.exploration = exploration
        self.normalize = normalize
        self.c, self._scaled = EXPLORATION, False  # of the search under way
        self._floor = 0.0  # of the search under way: the least spread values are scaled by
        #: the wall-clock cap, in budgets (benchmarks lift it to measure CPU budgets alone)
        self.wall_factor = WALL_FACTOR
        #: iterations of the last search (for benchmarks)
        self.last_iterations = 0

    def choose(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> Action:
        root_actions = game.legal_actions(state, seat)
        if not root_actions:
            raise IllegalAction("There is nothing this seat can do now.")
        if len(root_actions) == 1:
            self.last_iterations = 0
            return root_actions[0]
        return self.rank(game, state, seat, rng)[0].action

    def explores(self, game: Game) -> tuple[float, bool]:
        """The UCB constant and whether move values are scaled to their
        spread, for ``game``: as asked, else the game's deep setting at the
        deep level, else ``EXPLORATION`` unscaled."""
        c = self.exploration
        if c is None:
            c = game.deep_exploration if self.deep and game.deep_exploration is not None else EXPLORATION
        scaled = self.normalize
        if scaled is None:
            scaled = self.deep and game.deep_normalize
        return c, scaled

    def deep_setting(self, game: Game, name: str, default: Any) -> Any:
        """At the deep level, the game's bot-role constant ``name`` (e.g.
        ``DEEP_PLAYOUT_DEPTH``, ``DEEP_SPREAD_FLOOR``), else ``default``;
        ``default`` at every other level."""
        if not self.deep:
            return default
        got = game._bot_fn(name)
        return default if got is None else got

    def rank(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> list[MoveScore]:
        """Every move the search tried for ``seat``, best first, each with its
        estimated value for the seat (the chance to win, in [0, 1]; for a
        co-operative game the team's graded outcome) and how often it was
        explored. The coach shows the first few; ``choose`` takes the first."""
        root_actions = game.legal_actions(state, seat)
        if not root_actions:
            raise IllegalAction("There is nothing this seat can do now.")
        players = _players(state)
        depth = self.playout_limit
        if depth is None:
            depth = self.deep_setting(game, "DEEP_PLAYOUT_DEPTH", game.playout_depth)
        self.c, self._scaled = self.explores(game)
        self._floor = self.deep_setting(game, "DEEP_SPREAD_FLOOR", 0.0) if self._scaled else 0.0
        root = _Node()
        self._moves = search_moves(game)
        cpu_end = time.thread_time() + self.seconds
        wall_end = time.perf_counter() + self.seconds * self.wall_factor
        n = 0
        while n < self.iterations:
            if n and (time.thread_time() > cpu_end or time.perf_counter() > wall_end):
                break
            sim = game.determinize(state, seat, rng)
            self._iterate(game, sim, root, seat, players, depth, rng)
            n += 1
        self.last_iterations = n
        moves = root.joint[seat] if root.joint and seat in root.joint else root.children
        scored = [MoveScore(a, ch.value / ch.visits if ch.visits else 0.0, ch.visits)
                  for a, ch in moves.items()]
        scored.sort(key=lambda m: (m.visits, m.value), reverse=True)
        return scored

    def _iterate(self, game: Game, sim: Any, root: _Node, me: Seat, players: int, depth: int,
                 rng: random.Random) -> None:
        moves = self._moves or game.search_actions
        node = root
        path: list[tuple[_Node, Seat]] = []  # each move's statistics and who chose it
        while not game.is_over(sim):
            actors = game.to_act(sim)
            if not actors:
                break
            if len(actors) > 1:  # a choice made at once by several seats
                joint = node.joint
                if joint is None:
                    joint = node.joint = {}
                picks = []
                fresh = False
                for actor in actors:
                    legal = moves(sim, actor)
                    if not legal:
                        continue
                    stats = joint.get(actor)
                    if stats is None:
                        stats = joint[actor] = _Moves()
                    a, stat, new = self._select(stats, legal, rng)
                    picks.append((actor, a))
                    path.append((stat, actor))
                    fresh = fresh or new
                if not picks:
                    break
                for actor, a in picks:
                    game.play_silent(sim, a, actor)
                key = tuple(picks)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                    fresh = True
                node = child
                if fresh:
                    break
                continue
            actor = actors[0]
            legal = moves(sim, actor)
            if not legal:
                break
            a, child, new = self._select(node.children, legal, rng)
            game.play_silent(sim, a, actor)
            path.append((child, actor))
            node = child
            if new:
                break
        got = _playout(game, sim, players, depth, rng, moves)
        root.visits += 1
        for stat, actor in path:
            stat.visits += 1
            stat.value += got[actor]

    def _select(self, stats: dict[Any, _Node], legal: list[Action],
                rng: random.Random) -> tuple[Action, _Node, bool]:
        """The move to try among ``legal``: an untried one at random (made
        and counted, ``True``), else the best by UCB1 over how often each was
        available (the values first scaled to their spread among ``legal``,
        or to the game's ``DEEP_SPREAD_FLOOR`` if that is larger, if this
        search scales them). Every legal move's availability is counted."""
        untried = []
        tried = []
        by_id = stats.by_id if stats.__class__ is _Moves else {}  # a plain dict: no memo
        for a in legal:
            # the move objects a game hands out are mostly the same ones:
            # found by identity first, by equality (pydantic's hash) else
            hit = by_id.get(id(a))
            if hit is not None and hit[0] is a:
                stat = hit[1]
            else:
                stat = stats.get(a)
                if stat is None:
                    untried.append(a)
                    continue
                by_id[id(a)] = (a, stat)
            stat.seen += 1
            tried.append((a, stat))
        if untried:
            a = rng.choice(untried)
            stat = stats[a] = _Node()
            stat.seen = 1
            return a, stat, True
        c = self.c
        best, best_stat, best_score = tried[0][0], tried[0][1], -1.0
        log, sqrt = math.log, math.sqrt
        if self._scaled:
            means = [stat.value / stat.visits for _, stat in tried]
            lo, hi = min(means), max(means)
            span = max(hi - lo, self._floor)  # a floor keeps a few playouts' noise from being blown up
            scale = 1.0 / span if span > 1e-9 else 0.0
            for (a, stat), q in zip(tried, means):
                score = (q - lo) * scale + c * sqrt(log(stat.seen) / stat.visits)
                if score > best_score:
                    best, best_stat, best_score = a, stat, score
            return best, best_stat, False
        for a, stat in tried:
            score = stat.value / stat.visits + c * sqrt(log(stat.seen) / stat.visits)
            if score > best_score:
                best, best_stat, best_score = a, stat, score
        return best, best_stat, False


def search_moves(game: Game) -> Callable[[Any, Seat], list[Action]]:
    """``game.search_actions`` as a function of (state, seat), looked up once
    for a search instead of at every move: the bot role's
    ``search_actions`` (or ``legal_actions`` without one) when the game
    keeps the engine's ``search_actions``, else the game's own method."""
    method = game.search_actions
    if getattr(method, "__func__", None) is not Game.search_actions:
        return method  # a game (or a test) that overrides it
    own = game._bot_fn("search_actions")
    return functools.partial(own, game) if own is not None else game.legal_actions


def _play_randomly(game: Game, sim: Any, steps: int, rng: random.Random,
                   moves: Callable[[Any, Seat], list[Action]] | None = None) -> None:
    """Up to ``steps`` random moves among ``search_actions`` (fewer if the
    game ends); ``moves``: that function, looked up already (see :func:`search_moves`)."""
    moves = moves or game.search_actions
    is_over, to_act, play, choice = game.is_over, game.to_act, game.play_silent, rng.choice
    for _ in range(steps):
        if is_over(sim):
            return
        actors = to_act(sim)
        if not actors:
            return
        legal = moves(sim, actors[0])
        if not legal:
            return
        play(sim, choice(legal), actors[0])


def _playout(game: Game, sim: Any, players: int, depth: int, rng: random.Random,
             moves: Callable[[Any, Seat], list[Action]] | None = None) -> list[float]:
    """Random moves for ``depth`` actions, then each seat's reward; if the
    game has no heuristic there, play on to the end (at most PLAYOUT_MAX)."""
    _play_randomly(game, sim, depth, rng, moves)
    got = rewards(game, sim, players)
    if got is None:
        _play_randomly(game, sim, PLAYOUT_MAX, rng, moves)
        got = rewards(game, sim, players) or [1.0 / players] * players
    return got


#: the longest playout of a game whose heuristic says nothing
PLAYOUT_MAX = 2000


def _players(state: Any) -> int:
    n = getattr(state, "players", None)
    if isinstance(n, int):
        return n
    raise AttributeError("state needs an int 'players' field for the search bot")


def make_bot(kind: str | None, level: int = 2, game: Game | None = None) -> Bot | None:
    """A bot by name ("random" or "search"), or None for a human seat. With
    ``game``, a "search" seat gets the game's own bot for that level when the
    game offers one (``Game.bot_for``), else the generic :class:`SearchBot`."""
    if kind in (None, "", "human"):
        return None
    if kind == "random":
        return RandomBot()
    if kind == "search":
        own = game.bot_for(level) if game is not None else None
        return own if own is not None else SearchBot(level=level)
    raise IllegalAction(f"Unknown bot {kind!r}; choose random or search.")
