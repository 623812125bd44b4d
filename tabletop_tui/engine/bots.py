"""Bots: one interface, a random bot for every game, and a search bot.

A bot is asked ``choose(game, state, seat, rng)`` and returns one of
``game.legal_actions(state, seat)``. The search bot plans only on
``game.determinize(state, seat, rng)`` copies, so it never reads what its
seat cannot see (hidden hands, other players' bids, the deck order).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

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


#: Search-bot levels: iterations per move (and a time cap in seconds).
SEARCH_LEVELS: dict[int, tuple[int, float]] = {1: (60, 1.0), 2: (250, 2.5), 3: (1000, 6.0)}


@dataclass(frozen=True)
class MoveScore:
    """One move as the search judged it: its estimated value for the seat
    (in [0, 1]) and how many of the search's iterations went through it."""

    action: Action
    value: float
    visits: int


class _Node:
    __slots__ = ("children", "visits", "value", "seen")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.value = 0.0  # total reward of the seat that chose the move into this node
        self.seen = 0  # times this node's action was available (ISMCTS)


def _rewards(game: Game, state: Any, players: int) -> list[float]:
    if game.is_over(state):
        res = game.result(state)
        if game.cooperative:
            # a co-operative game may grade a finished game (how close the team
            # came), so the search has a signal even when most playouts lose
            graded = game.heuristic(state, 0)
            win = (1.0 if res.winners else 0.0) if graded is None else graded
            return [win] * players
        k = len(res.winners)
        return [(1.0 / k if s in res.winners else 0.0) for s in range(players)]
    out = []
    for s in range(players):
        h = game.heuristic(state, s)
        out.append(0.5 if h is None else h)
    if not game.cooperative:
        total = sum(out) or 1.0
        out = [v / total for v in out]
    return out


class SearchBot(Bot):
    """Information-set Monte Carlo tree search (single observer).

    Each iteration samples a state consistent with the bot's view
    (``game.determinize``), walks the shared tree with UCB1 restricted to the
    moves legal in that sample, expands one move, plays out at random up to
    ``playout_limit`` actions, and backs up each seat's reward.
    """

    name = "search"

    def __init__(self, level: int = 2, iterations: int | None = None,
                 seconds: float | None = None, playout_limit: int = 200,
                 exploration: float = 0.9) -> None:
        its, secs = SEARCH_LEVELS.get(level, SEARCH_LEVELS[2])
        self.level = level
        self.iterations = iterations or its
        self.seconds = seconds if seconds is not None else secs
        self.playout_limit = playout_limit
        self.c = exploration

    def choose(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> Action:
        root_actions = game.legal_actions(state, seat)
        if not root_actions:
            raise IllegalAction("There is nothing this seat can do now.")
        if len(root_actions) == 1:
            return root_actions[0]
        return self.rank(game, state, seat, rng)[0].action

    def rank(self, game: Game, state: Any, seat: Seat, rng: random.Random) -> list["MoveScore"]:
        """Every move the search tried for ``seat``, best first, each with its
        estimated value for the seat (the chance to win, in [0, 1]; for a
        co-operative game the team's graded outcome) and how often it was
        explored. The coach shows the first few; ``choose`` takes the first."""
        root_actions = game.legal_actions(state, seat)
        if not root_actions:
            raise IllegalAction("There is nothing this seat can do now.")
        players = _players(state)
        root = _Node()
        deadline = time.perf_counter() + self.seconds
        for i in range(self.iterations):
            if i % 16 == 0 and time.perf_counter() > deadline and i > 0:
                break
            sim = game.determinize(state, seat, rng)
            self._iterate(game, sim, root, seat, players, rng)
        scored = [MoveScore(a, n.value / n.visits if n.visits else 0.0, n.visits)
                  for a, n in root.children.items()]
        scored.sort(key=lambda m: (m.visits, m.value), reverse=True)
        return scored

    def _iterate(self, game: Game, sim: Any, root: _Node, me: Seat, players: int,
                 rng: random.Random) -> None:
        node = root
        path: list[tuple[_Node, Seat]] = []
        first = True
        while not game.is_over(sim):
            actors = game.to_act(sim)
            if not actors:
                break
            actor = me if (first and me in actors) else actors[0]
            first = False
            legal = game.legal_actions(sim, actor)
            if not legal:
                break
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.seen += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                a = rng.choice(untried)
                child = _Node()
                child.seen = 1
                node.children[a] = child
                game.play_silent(sim, a, actor)
                path.append((child, actor))
                break
            log_n = math.log(max(1, node.visits))
            best, best_score = None, -1.0
            for a in legal:
                ch = node.children[a]
                score = ch.value / ch.visits + self.c * math.sqrt(math.log(max(1, ch.seen)) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            assert best is not None
            node = node.children[best]
            game.play_silent(sim, best, actor)
            path.append((node, actor))
        # playout
        steps = 0
        while steps < self.playout_limit and not game.is_over(sim):
            actors = game.to_act(sim)
            if not actors:
                break
            actor = actors[0]
            legal = game.legal_actions(sim, actor)
            if not legal:
                break
            game.play_silent(sim, rng.choice(legal), actor)
            steps += 1
        rewards = _rewards(game, sim, players)
        root.visits += 1
        for n, actor in path:
            n.visits += 1
            n.value += rewards[actor] if actor < len(rewards) else 0.0


def _players(state: Any) -> int:
    n = getattr(state, "players", None)
    if isinstance(n, int):
        return n
    raise AttributeError("state needs an int 'players' field for the search bot")


def make_bot(kind: str | None, level: int = 2) -> Bot | None:
    """A bot by name ("random" or "search"), or None for a human seat."""
    if kind in (None, "", "human"):
        return None
    if kind == "random":
        return RandomBot()
    if kind == "search":
        return SearchBot(level=level)
    raise IllegalAction(f"Unknown bot {kind!r}; choose random or search.")
