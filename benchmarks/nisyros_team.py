#!/usr/bin/env python3
"""Nisyros: how often the team bot wins (issue 20's target), per level and player count.

    python benchmarks/nisyros_team.py --bots 3 2 1 --games 100 --players 2 --jsonl team.jsonl
    python benchmarks/nisyros_team.py --report team.jsonl [--bound bound.json]

Every seat of a seeded game (seeds ``--seed`` ..) is the game's own team
bot (``games.nisyros.bot.TeamBot``, what ``Nisyros.bot_for(level)`` gives)
at each search level of ``--bots``; the levels play the same seeds,
interleaved seed by seed, so a run cut short still compares them on the
same games. Each level's real budget is CPU seconds (0.1, 0.25, 0.8), which
a shared machine's load would bend; so by default each level gets the same
work in *playout moves* instead (``TeamBot.plies``: ``PLIES`` below, what
its CPU budget plays at this engine's speed, measured by
``nisyros_playouts.py``), deterministic for a seed. ``--iterations`` caps
playouts instead; ``--real`` uses the CPU budget itself.

Each game goes to ``--jsonl`` as it ends (a run resumes where it stopped:
games already there are skipped). Prints, per level and player count, the
victory rate (small or big) with its 95% Wilson interval, the saved count
per player and of the worst-off player, CPU seconds per move (thread
time, p50/p95) and per game. With ``--bound`` (``nisyros_bound.py --json``
files) it also prints the clairvoyant team's victories on the same seeds.
Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
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

#: playout moves a move standing for each level's CPU budget: 22,000 plies a
#: CPU second (nisyros_playouts.py, 4 December 2026, cfb2625's engine)
PLIES = {1: 2_200, 2: 5_500, 3: 17_800}


def make(level: int, budget: str, iterations: int | None) -> TeamBot:
    """The level's team bot on the chosen budget."""
    bot = GAME.bot_for(level)
    assert isinstance(bot, TeamBot)
    if budget == "plies":
        bot.plies, bot.seconds = PLIES[level], 1e9
    elif budget == "iterations":
        bot.iterations, bot.seconds = iterations, 1e9
    return bot


def play(bot: TeamBot, players: int, game_level: str, seed: int) -> dict:
    """One seeded game with ``bot`` in every seat: its record."""
    state = GAME.new_state(players, NisyrosOptions(level=game_level), seed)
    rng = random.Random(seed ^ 0x5EA)
    cpu: list[float] = []
    t0 = time.process_time()
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        choice = len(GAME.legal_actions(state, seat)) > 1
        t = time.thread_time()
        a = bot.choose(GAME, state, seat, rng)
        if choice:
            cpu.append(time.thread_time() - t)
        GAME.apply(state, a, seat)
    return {"outcome": state.outcome, "kos": list(state.kos), "rounds": state.round, "moves": len(cpu),
            "cpu_p50": percentile(cpu, 50), "cpu_p95": percentile(cpu, 95),
            "cpu_game": time.process_time() - t0}


def report(records: list[dict], bound: dict) -> None:
    """The table of ``records`` by (game level, players, bot level, budget)."""
    cells: dict[tuple, list[dict]] = {}
    for r in records:
        cells.setdefault((r["level"], r["players"], r["bot"], r["budget"]), []).append(r)
    for key in sorted(cells, key=lambda k: (["achilles", "heracles", "zeus"].index(k[0]), k[1], k[2])):
        rs = sorted(cells[key], key=lambda r: r["seed"])
        game_level, n, bot, budget = key
        wins = [r["seed"] for r in rs if r["outcome"] in ("small", "big")]
        lo, hi = wilson(len(wins), len(rs))
        saved = [x for r in rs for x in r["kos"]]
        seeds = [r["seed"] for r in rs]
        span = f"{seeds[0]}-{seeds[-1]}" if seeds == list(range(seeds[0], seeds[-1] + 1)) else f"{len(seeds)} seeds"
        sd = statistics.stdev(saved) / len(saved) ** 0.5 if len(saved) > 1 else 0.0
        print(f"L{bot} [{budget}] {game_level:8} {n}p  games {len(rs):3} (seeds {span})  wins {len(wins):3} "
              f"({len(wins) / len(rs):4.0%}, 95% {lo:.0%}-{hi:.0%}; big {sum(r['outcome'] == 'big' for r in rs)})  "
              f"saved/player {statistics.mean(saved):4.2f} ± {sd:.2f}  "
              f"worst-off {statistics.mean(min(r['kos']) for r in rs):4.2f}  "
              f"cpu/move p50 {statistics.median(r['cpu_p50'] for r in rs):.3f} "
              f"p95 {max(r['cpu_p95'] for r in rs):.3f}  cpu {statistics.mean(r['cpu_game'] for r in rs):.0f} s/game",
              flush=True)
        b = bound.get((game_level, n))
        if b:
            same = [s for s in seeds if s in b]
            if same:
                cw = sum(b[s] for s in same)
                tw = sum(s in wins for s in same)
                print(f"    same {len(same)} seeds: clairvoyant {cw} ({cw / len(same):.0%}), "
                      f"this team {tw} ({tw / len(same):.0%})", flush=True)


def load_bound(paths: list[Path]) -> dict:
    """{(level, players): {seed: won}} from nisyros_bound.py --json files."""
    out: dict = {}
    for path in paths:
        data = json.loads(path.read_text())
        first = int(data["args"]["seed"])
        for r in data["rows"]:
            if r["team"] == "clairvoyant":
                won = set(r["wins_by_seed"])
                out.setdefault((r["level"], r["players"]), {}).update(
                    {s: s in won for s in range(first, first + r["games"])})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", type=int, nargs="+", default=[3], help="search levels of the team bot (1-3)")
    ap.add_argument("--iterations", type=int, default=None, help="playouts a move instead of playout moves")
    ap.add_argument("--real", action="store_true", help="each level's own CPU budget (load-dependent)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=["achilles"], choices=["achilles", "heracles", "zeus"])
    ap.add_argument("--bound", type=Path, nargs="*", default=[], help="nisyros_bound.py --json files")
    ap.add_argument("--jsonl", type=Path, help="one game a line, appended as it ends (resumes)")
    ap.add_argument("--report", type=Path, nargs="*", help="only print the tables of these --jsonl files")
    ap.add_argument("--progress", action="store_true", help="print each game as it ends")
    args = ap.parse_args(argv)
    bound = load_bound(args.bound)
    if args.report is not None:
        report([json.loads(line) for p in args.report for line in p.read_text().splitlines() if line.strip()], bound)
        return 0
    budget = "real" if args.real else "iterations" if args.iterations else "plies"
    label = {"real": "cpu", "iterations": f"{args.iterations} playouts"}.get(budget, "plies")
    done, records = set(), []
    if args.jsonl and args.jsonl.exists():
        for line in args.jsonl.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                records.append(r)
                done.add((r["level"], r["players"], r["bot"], r["budget"], r["seed"]))
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    print(f"Nisyros team bot, levels {args.bots} on {label}; seeds {args.seed}.. ({len(done)} games already done)",
          flush=True)
    for game_level in args.levels:
        for n in args.players:
            for s in range(args.seed, args.seed + args.games):
                for lv in args.bots:
                    if (game_level, n, lv, label, s) in done:
                        continue
                    r = play(make(lv, budget, args.iterations), n, game_level, s)
                    r.update(level=game_level, players=n, bot=lv, budget=label, seed=s, commit=commit,
                             plies=PLIES[lv] if budget == "plies" else None, when=time.strftime("%Y-%m-%d %H:%M"),
                             load=round(__import__("os").getloadavg()[0], 1))
                    records.append(r)
                    if args.jsonl:
                        with args.jsonl.open("a") as f:
                            f.write(json.dumps(r) + "\n")
                    if args.progress:
                        print(f"    L{lv} {game_level} {n}p seed {s}: {r['outcome']} {r['kos']} "
                              f"({r['cpu_game']:.0f} cpu s, load {r['load']})", flush=True)
    report(records, bound)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
