"""Headless games between bots, for `tabletop simulate` and the benchmarks."""

from __future__ import annotations

import random
import time
from typing import Any, Sequence

from tabletop_tui.engine import Game, RandomBot, SearchBot, make_bot
from tabletop_tui.engine.bots import Bot

#: bot levels a seat may ask for ("search:1".."search:3")
LEVELS = (1, 2, 3)
#: the level of a plain "search" (as `tabletop play --bot search`)
DEFAULT_LEVEL = 2


class BotSpecError(ValueError):
    """A bot name that is not ``random``, ``search`` or ``search:1``..``3``
    (the message is one sentence for the command line)."""


def parse_bot(spec: str) -> tuple[str, int]:
    """``"search:3"`` -> ("search", 3); ``"search"`` -> ("search", 2);
    ``"random"`` -> ("random", 2). BotSpecError names what is wrong."""
    from tabletop_tui.engine.outside_text import quote

    kind, colon, lv = spec.strip().partition(":")
    if kind not in ("random", "search"):
        raise BotSpecError(f"unknown bot {quote(kind, 30)}: use random or search")
    if colon and kind == "random":
        raise BotSpecError(f"a random bot has no level: write random, not {quote(spec.strip(), 30)}")
    if colon and lv not in {str(n) for n in LEVELS}:
        raise BotSpecError(f"bot level must be 1, 2 or 3, not {quote(lv, 30)}")
    return kind, int(lv) if lv else DEFAULT_LEVEL


def seat_bots(spec: str, players: int | None, game: Game) -> list[str]:
    """One bot name per seat from ``--bots`` ("search:3,random,random"; a
    single name fills every seat), each checked and written in full
    ("search" becomes "search:2"). ``players`` None: as many seats as names
    given (one name: the game's fewest). BotSpecError for a bad list."""
    names = [s.strip() for s in spec.split(",")]
    if "" in names:
        raise BotSpecError("--bots has an empty name: give one per seat, e.g. --bots search:1,random")
    full = []
    for name in names:
        kind, level = parse_bot(name)
        full.append(kind if kind == "random" else f"search:{level}")
    n = players or (len(full) if len(full) > 1 else game.min_players)
    if len(full) == 1:
        return full * n
    if len(full) != n:
        raise BotSpecError(f"--bots names {len(full)} bots for {n} seats: give one per seat, or one for all")
    return full


def make_seat_bot(name: str, iterations: int | None = None, game: Game | None = None) -> Bot:
    """The bot a full name from :func:`seat_bots` stands for (with ``game``,
    a search seat gets the game's own bot, as at a table: ``Game.bot_for``);
    ``iterations`` makes a search bot run exactly that many iterations (no
    time budget)."""
    kind, level = parse_bot(name)
    if kind == "random":
        return RandomBot()
    bot = make_bot("search", level, game)
    assert isinstance(bot, SearchBot)
    if iterations:
        bot.iterations, bot.seconds = iterations, 1e9
    return bot


def play_out(game: Game, players: int, seed: int, bots: Sequence[Bot], rng: random.Random,
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
             bots: str | Sequence[str] = "random", options: Any = None,
             iterations: int | None = None) -> dict:
    """Play ``games`` games and summarise them as a JSON-ready dict.

    ``bots``: one name per seat, or one for every seat (see
    :func:`seat_bots`); ``iterations``: search bots run exactly that many
    iterations per move instead of their level's time budget, so the same
    seed gives the same games."""
    names = seat_bots(bots if isinstance(bots, str) else ",".join(bots), players, game)
    players = len(names)
    rng = random.Random(seed)
    seat_bot = [make_seat_bot(n, iterations, game) for n in names]
    wins = [0.0] * players
    finished = 0
    total_actions = 0
    started = time.perf_counter()
    for g in range(games):
        state, n = play_out(game, players, rng.getrandbits(48), seat_bot, rng, options=options)
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
        "bots": names,
        "iterations": iterations,
        "seed": seed,
        "finished": finished,
        "mean_actions": round(total_actions / games, 2) if games else 0.0,
        "wins": [round(w, 3) for w in wins],
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
        "actions_per_second": round(total_actions / seconds, 1) if seconds > 0 else None,
    }
