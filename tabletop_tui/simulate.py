"""Headless games between bots, for `tabletop simulate` and the benchmark."""

from __future__ import annotations

import random
import time
from typing import Any

from tabletop_tui.engine import Game, RandomBot, SearchBot


def play_out(game: Game, players: int, seed: int, bots: list, rng: random.Random,
             max_actions: int = 20_000, options: Any = None) -> tuple[Any, int]:
    """Play one game with ``bots`` (one per seat) from ``seed``; returns the
    final state and the number of actions. Moves are checked but played
    silently (no log is kept)."""
    state = game.new_state(players, options, seed)
    n = 0
    while not game.is_over(state) and n < max_actions:
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game, state, seat, rng)
        game.check(state, action, seat)  # checked as apply does; nobody reads the log here
        game.play_silent(state, action, seat)
        n += 1
    return state, n


def simulate(game: Game, games: int, seed: int, players: int | None = None,
             bots: str = "random", options: Any = None, search_iterations: int = 40) -> dict:
    """Play ``games`` games and summarise them as a JSON-ready dict."""
    players = players or game.min_players
    rng = random.Random(seed)
    make = (lambda: RandomBot()) if bots == "random" else (
        lambda: SearchBot(iterations=search_iterations, seconds=30.0))
    seat_bots = [make() for _ in range(players)]
    wins = [0.0] * players
    finished = 0
    total_actions = 0
    started = time.perf_counter()
    for g in range(games):
        state, n = play_out(game, players, rng.getrandbits(48), seat_bots, rng, options=options)
        total_actions += n
        if game.is_over(state):
            finished += 1
            res = game.result(state)
            for w in res.winners:
                wins[w] += 1.0 / len(res.winners) if not game.cooperative else 1.0
    seconds = time.perf_counter() - started
    return {
        "game": game.id,
        "games": games,
        "players": players,
        "bots": bots,
        "seed": seed,
        "finished": finished,
        "mean_actions": round(total_actions / games, 2) if games else 0.0,
        "wins": [round(w, 3) for w in wins],
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
        "actions_per_second": round(total_actions / seconds, 1) if seconds > 0 else None,
    }
