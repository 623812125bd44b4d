#!/usr/bin/env python3
"""Nisyros: what a clairvoyant team can save — an upper bound for the team bots.

    python benchmarks/nisyros_bound.py --seeds 50 --players 2 3 4 --levels achilles

The clairvoyant team sees every future die and card of a seeded game: it
plans on clones of the true state, whose chance comes from the state's seed
and counter (``engine.rng``), so a clone plays out exactly as the game will
for the same moves. At each choice it tries the rule of thumb's best
``--width`` moves (``games.nisyros.bot.TeamPolicy``), plays each one out to
the end with the rule of thumb (once as it is, ``--noisy`` more times with
a random one of its best three moves at ``--eps`` of the choices), and
keeps the best whole line found so far (a rollout search with memory:
it never does worse than a line it has already seen, so never worse than
the rule of thumb alone). The saved counts are those of the line it played.

This is a lower estimate of the clairvoyant optimum (the search is not
exhaustive) and an upper bound in practice for a team that cannot see the
future. For each level and player count it prints the small-victory rate
(small or big) with its 95% Wilson interval, the saved count per player
(mean and distribution) and the worst-off player's, beside the rule of
thumb alone (``policy``) on the same seeds. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bots import wilson  # noqa: E402  (benchmarks/bots.py)
from tabletop_tui.games.nisyros.bot import TeamPolicy, graded  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402

GAME = Nisyros()
POLICY = TeamPolicy()


def rollout(state, rng: random.Random | None, eps: float) -> tuple[float, list]:
    """Play ``state`` (changed in place) to the end by the rule of thumb
    (with ``rng``: a random one of its best three moves at ``eps`` of the
    choices); the graded outcome and the moves played."""
    line = []
    while state.phase != "over":
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if rng is not None and len(legal) > 1 and rng.random() < eps:
            a = rng.choice(POLICY.ranked(state, seat, legal)[:3])
        else:
            a = POLICY.choose(state, seat, legal)
        line.append(a)
        GAME.play_silent(state, a, seat)
    return graded(state.kos), line


def clairvoyant(players: int, level: str, seed: int, width: int, noisy: int, eps: float) -> tuple[str, list[int], int]:
    """One seeded game by the clairvoyant team: (outcome, saved per seat, rounds)."""
    state = GAME.new_state(players, NisyrosOptions(level=level), seed)
    rng = random.Random(seed * 7919 + players)
    best_line: list = []
    best = -1.0
    while state.phase != "over":
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            for a in POLICY.ranked(state, seat, legal)[:width]:
                for k in range(1 + noisy):
                    sim = GAME.clone(state)
                    GAME.play_silent(sim, a, seat)
                    value, line = rollout(sim, rng if k else None, eps)
                    if value > best:
                        best, best_line = value, [a] + line
        # follow the best line found (its first move is legal here: it was found from this state)
        a = best_line.pop(0) if best_line else legal[0]
        GAME.apply(state, a, seat)
    return state.outcome, list(state.kos), state.round


def by_policy(players: int, level: str, seed: int) -> tuple[str, list[int], int]:
    """The same seeded game played by the rule of thumb alone."""
    state = GAME.new_state(players, NisyrosOptions(level=level), seed)
    rollout(state, None, 0.0)
    return state.outcome, list(state.kos), state.round


def cell(name: str, play, players: int, level: str, seeds: list[int], progress: bool = False) -> dict:
    t0 = time.process_time()
    results = []
    for s in seeds:
        results.append(play(players, level, s))
        if progress:
            print(f"    {name} seed {s}: {results[-1][0]} {results[-1][1]}", flush=True)
    n = len(results)
    wins = sum(r[0] in ("small", "big") for r in results)
    lo, hi = wilson(wins, n)
    saved = [x for r in results for x in r[1]]
    worst = [min(r[1]) for r in results]
    return {"team": name, "level": level, "players": players, "games": n, "wins": wins,
            "big": sum(r[0] == "big" for r in results), "win_rate": wins / n, "wilson": [lo, hi],
            "mean_saved": statistics.mean(saved), "mean_worst": statistics.mean(worst),
            "saved_hist": dict(sorted(Counter(saved).items())), "worst_hist": dict(sorted(Counter(worst).items())),
            "wins_by_seed": [s for s, r in zip(seeds, results) if r[0] in ("small", "big")],
            "rounds": statistics.mean(r[2] for r in results), "cpu_s_per_game": (time.process_time() - t0) / n}


def line(r: dict) -> str:
    lo, hi = r["wilson"]
    hist = " ".join(f"{k}:{v}" for k, v in r["saved_hist"].items())
    return (f"{r['team']:12} {r['level']:9} {r['players']}p  games {r['games']:3}  wins {r['wins']:3} "
            f"({r['win_rate']:4.0%}, 95% {lo:.0%}-{hi:.0%}; big {r['big']})  saved/player {r['mean_saved']:4.2f}  "
            f"worst-off {r['mean_worst']:4.2f}  rounds {r['rounds']:3.1f}  cpu {r['cpu_s_per_game']:5.2f} s/game\n"
            f"{'':12} saved per player (count: players): {hist}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=50, help="games per cell (seeds --seed ..)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=["achilles"], choices=["achilles", "heracles", "zeus"])
    ap.add_argument("--width", type=int, default=4, help="the rule of thumb's best moves tried at each choice")
    ap.add_argument("--noisy", type=int, default=2, help="noisy playouts per move tried, beside the plain one")
    ap.add_argument("--eps", type=float, default=0.1, help="share of a noisy playout's choices taken at random "
                    "among the rule of thumb's best three")
    ap.add_argument("--json", type=Path, help="also write every cell's figures here")
    ap.add_argument("--progress", action="store_true", help="print each clairvoyant game as it ends")
    args = ap.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.seeds))
    print(f"Nisyros clairvoyant bound: width {args.width}, {args.noisy} noisy playouts (eps {args.eps}), "
          f"seeds {seeds[0]}-{seeds[-1]}", flush=True)
    rows = []
    for level in args.levels:
        for n in args.players:
            for name, play in (("policy", by_policy),
                               ("clairvoyant", lambda p, lv, s: clairvoyant(p, lv, s, args.width, args.noisy,
                                                                            args.eps))):
                rows.append(cell(name, play, n, level, seeds, args.progress and name != "policy"))
                print(line(rows[-1]), flush=True)
                if args.json:
                    args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)}, "rows": rows},
                                                    indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
