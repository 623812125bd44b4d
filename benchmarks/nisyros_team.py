#!/usr/bin/env python3
"""Nisyros: how often the team bot wins (issue 20's target), per level and player count.

    python benchmarks/nisyros_team.py --bot 3 --games 100 --players 2 3 4 --levels achilles
    python benchmarks/nisyros_team.py --bot 3 --iterations 40 --games 30 --bound bound.json

Every seat of a seeded game (seeds ``--seed`` ..) is the game's own team
bot (``games.nisyros.bot.TeamBot``, what ``Nisyros.bot_for(level)`` gives)
at search level ``--bot``. With ``--iterations`` each move runs exactly that
many playouts and no time limit (figures that do not depend on the
machine's load; the level's real budget is CPU seconds, see
``engine.bots.SEARCH_LEVELS``); without it, the level's own budget. Prints
the victory rate (small or big) with its 95% Wilson interval, the saved
count per player and of the worst-off player, and CPU seconds per move
(p50, p95: the thinking thread's, the budget's measure). With ``--bound``
(a ``nisyros_bound.py --json`` file) it also prints the clairvoyant team's
victories on the same seeds. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bots import wilson  # noqa: E402  (benchmarks/bots.py)
from run import percentile  # noqa: E402  (benchmarks/run.py)
from tabletop_tui.games.nisyros.bot import TeamBot  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402

GAME = Nisyros()


def play(level: int, iterations: int | None, players: int, game_level: str, seed: int, cpu: list[float]):
    """One seeded game with the team bot in every seat; (outcome, saved per seat)."""
    bot = GAME.bot_for(level)
    assert isinstance(bot, TeamBot)
    if iterations:
        bot.iterations, bot.seconds = iterations, 1e9
    state = GAME.new_state(players, NisyrosOptions(level=game_level), seed)
    rng = random.Random(seed ^ 0x5EA)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        choice = len(GAME.legal_actions(state, seat)) > 1
        t = time.thread_time()
        a = bot.choose(GAME, state, seat, rng)
        if choice:
            cpu.append(time.thread_time() - t)
        GAME.apply(state, a, seat)
    return state.outcome, list(state.kos)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", type=int, default=3, help="search level of the team bot (1-3)")
    ap.add_argument("--iterations", type=int, default=None, help="playouts a move, no time limit")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=["achilles"], choices=["achilles", "heracles", "zeus"])
    ap.add_argument("--bound", type=Path, nargs="*", default=[], help="nisyros_bound.py --json files")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--progress", action="store_true", help="print each game as it ends")
    args = ap.parse_args(argv)
    bound = {}
    for path in args.bound:
        for r in json.loads(path.read_text())["rows"]:
            if r["team"] == "clairvoyant":
                first = json.loads(path.read_text())["args"]["seed"]
                bound[(r["level"], r["players"])] = (set(r["wins_by_seed"]), first, r["games"])
    budget = f"{args.iterations} playouts a move" if args.iterations else "its own CPU budget"
    print(f"Nisyros team bot, level {args.bot} at {budget}; seeds {args.seed}..", flush=True)
    rows = []
    for game_level in args.levels:
        for n in args.players:
            cpu: list[float] = []
            t0 = time.process_time()
            seeds = list(range(args.seed, args.seed + args.games))
            results = []
            for s in seeds:
                results.append(play(args.bot, args.iterations, n, game_level, s, cpu))
                if args.progress:
                    print(f"    seed {s}: {results[-1][0]} {results[-1][1]}", flush=True)
            wins = [s for s, r in zip(seeds, results) if r[0] in ("small", "big")]
            lo, hi = wilson(len(wins), len(results))
            saved = [x for r in results for x in r[1]]
            row = {"bot": args.bot, "iterations": args.iterations, "level": game_level, "players": n,
                   "games": len(results), "wins": len(wins), "big": sum(r[0] == "big" for r in results),
                   "wilson": [lo, hi], "mean_saved": statistics.mean(saved),
                   "mean_worst": statistics.mean(min(r[1]) for r in results), "wins_by_seed": wins,
                   "cpu_p50": percentile(cpu, 50), "cpu_p95": percentile(cpu, 95), "cpu_max": max(cpu),
                   "moves": len(cpu), "cpu_s_per_game": (time.process_time() - t0) / len(results)}
            rows.append(row)
            print(f"L{args.bot} {game_level:9} {n}p  games {row['games']:3}  wins {row['wins']:3} "
                  f"({row['wins'] / row['games']:4.0%}, 95% {lo:.0%}-{hi:.0%}; big {row['big']})  "
                  f"saved/player {row['mean_saved']:4.2f}  worst-off {row['mean_worst']:4.2f}  "
                  f"cpu/move p50 {row['cpu_p50']:.3f} p95 {row['cpu_p95']:.3f} max {row['cpu_max']:.3f} "
                  f"({row['moves']} moves)  cpu {row['cpu_s_per_game']:.1f} s/game", flush=True)
            b = bound.get((game_level, n))
            if b:
                won, first, games = b
                same = [s for s in seeds if first <= s < first + games]
                cw = sum(s in won for s in same)
                tw = sum(s in wins for s in same)
                print(f"    same {len(same)} seeds: clairvoyant {cw} ({cw / len(same):.0%}), "
                      f"team bot {tw} ({tw / len(same):.0%})", flush=True)
            if args.json:
                args.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "rows": rows},
                                                indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
