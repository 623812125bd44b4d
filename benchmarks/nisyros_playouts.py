#!/usr/bin/env python3
"""Nisyros: how many playouts the team bot runs a move at each level's real
budget, and what one playout costs in CPU.

    python benchmarks/nisyros_playouts.py                 # the three levels, 2-4 players
    python benchmarks/nisyros_playouts.py --profile 3     # cProfile of level 3's moves

Positions: every ``--every``-th choice of seeded games played by the rule of
thumb (``TeamPolicy``), seeds ``--seed``..; at each, ``TeamBot(level)`` ranks
the moves on its own CPU budget (``engine.bots.SEARCH_LEVELS``: 0.1, 0.25,
0.8 CPU s of the thinking thread) and we read ``last_iterations``. These
counts give ``nisyros_team.py --iterations`` caps that stand for each level
at this engine speed (a faster engine gives more playouts). CPU figures
(thread time), so a loaded machine changes them less than wall time, but
not not at all: caches and hyper-threads are shared. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.games.nisyros.bot import TeamBot, TeamPolicy  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402

GAME = Nisyros()


def positions(players: list[int], seeds: range, every: int, level: str = "achilles") -> list:
    """(state, seat) at every ``every``-th choice of rule-of-thumb games."""
    policy, out = TeamPolicy(), []
    for n in players:
        for seed in seeds:
            state = GAME.new_state(n, NisyrosOptions(level=level), seed)
            k = 0
            while not GAME.is_over(state):
                (seat,) = GAME.to_act(state)
                legal = GAME.legal_actions(state, seat)
                if len(legal) > 1:
                    k += 1
                    if k % every == 0:
                        out.append((GAME.clone(state), seat))
                GAME.apply(state, policy.choose(state, seat, legal), seat)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--games", type=int, default=2, help="seeded games per player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=12, help="every N-th choice is a position")
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--profile", type=int, metavar="LEVEL", help="cProfile this level's moves instead")
    args = ap.parse_args(argv)
    pos = positions(args.players, range(args.seed, args.seed + args.games), args.every)
    print(f"{len(pos)} positions ({args.games} games at each of {args.players} players, every "
          f"{args.every}th choice)", flush=True)
    if args.profile:
        bot = TeamBot(level=args.profile)
        bot.wall_factor = 1e9  # CPU budget only
        prof = cProfile.Profile()
        prof.enable()
        for state, seat in pos:
            bot.rank(GAME, state, seat, random.Random(1))
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return 0
    for level in args.levels:
        bot = TeamBot(level=level)
        bot.wall_factor = 1e9  # the CPU budget alone, as the app's on an idle machine
        counts, plies, cpu = [], [], 0.0
        for state, seat in pos:
            t = time.thread_time()
            bot.rank(GAME, state, seat, random.Random(1))
            cpu += time.thread_time() - t
            counts.append(bot.last_iterations)
            plies.append(bot.last_plies)
        counts.sort()
        q = statistics.quantiles(counts, n=10)
        print(f"L{level} ({bot.seconds} CPU s, width {bot.width}): playouts a move mean {statistics.mean(counts):.0f}"
              f"  p10 {q[0]:.0f}  p50 {statistics.median(counts):.0f}  p90 {q[-1]:.0f}"
              f"  min {counts[0]}  max {counts[-1]};  {cpu / sum(counts) * 1000:.2f} CPU ms a playout",
              flush=True)
        print(f"    playout moves (plies) a move: mean {statistics.mean(plies):.0f}  p50 {statistics.median(plies):.0f}"
              f"  min {min(plies)}  max {max(plies)};  {sum(plies) / cpu:.0f} plies a CPU s"
              f"  -> --plies {round(sum(plies) / cpu * bot.seconds, -2):.0f} stands for {bot.seconds} CPU s",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
