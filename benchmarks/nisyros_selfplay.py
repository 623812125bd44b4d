#!/usr/bin/env python3
"""Nisyros difficulty table: self-play of a whole team of bots per level.

    python benchmarks/nisyros_selfplay.py --games 10 --players 2 3 4 --levels achilles heracles zeus

For each level and player count it plays seeded games with every seat taken
by the same bot (``random`` or ``search`` at a level) and prints the outcome
distribution (defeat / small / big victory) and the mean saved count per
player, like a publisher's difficulty table. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.engine.bots import RandomBot, SearchBot  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402


def play_team(bot, players: int, level: str, seed: int) -> tuple[str, list[int], int]:
    """One game with ``bot`` in every seat: (outcome, saved per seat, rounds)."""
    game = Nisyros()
    state = game.new_state(players, NisyrosOptions(level=level), seed)
    rng = random.Random(seed ^ 0xB07)
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        game.apply(state, bot.choose(game, state, seat, rng), seat)
    return state.outcome, list(state.kos), state.round


def table(bot_name: str, make_bot, games: int, players: list[int], levels: list[str], seed: int) -> list[dict]:
    rows = []
    for level in levels:
        for n in players:
            t0 = time.process_time()
            results = [play_team(make_bot(), n, level, seed + k) for k in range(games)]
            outs = [r[0] for r in results]
            saved = [x for r in results for x in r[1]]
            rows.append({"bot": bot_name, "level": level, "players": n, "games": games,
                         "defeat": outs.count("defeat"), "small": outs.count("small"), "big": outs.count("big"),
                         "mean_saved": statistics.mean(saved), "min_saved": statistics.mean(min(r[1]) for r in results),
                         "rounds": statistics.mean(r[2] for r in results),
                         "cpu_s_per_game": (time.process_time() - t0) / games})
            r = rows[-1]
            print(f"{bot_name:10} {level:9} {n}p  games {games:3}  defeat {r['defeat']:3}  small {r['small']:3}  "
                  f"big {r['big']:3}  saved/player {r['mean_saved']:4.1f}  worst seat {r['min_saved']:4.1f}  "
                  f"rounds {r['rounds']:4.1f}  cpu {r['cpu_s_per_game']:6.2f} s/game", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=["achilles", "heracles", "zeus"])
    ap.add_argument("--bots", nargs="+", default=["random", "search:1"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for spec in args.bots:
        kind, _, lv = spec.partition(":")
        if kind == "random":
            table(spec, RandomBot, args.games, args.players, args.levels, args.seed)
        else:
            level = int(lv or 1)
            table(spec, lambda: SearchBot(level=level, seconds=1e9), args.games, args.players, args.levels,
                  args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
