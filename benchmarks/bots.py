#!/usr/bin/env python3
"""How strong and how quick the search bot is: figures, not pass/fail.

    python benchmarks/bots.py            # short run: 20 games a cell vs random, 6 duels a game
    python benchmarks/bots.py --long     # the targets' sample sizes: 100 and 20 (hours on 2 cores)
    python benchmarks/bots.py --only random --games rapa_nui --players 3,4 --json out.json

Prints, for every registered game (``engine.games()``) at every player count:

1. vs random  the level-1 search bot in one seat (seats taken in turn) against
              random bots in the others: its share of the wins with a 95%
              Wilson interval (a shared win counts as a share). For a
              co-operative game: an all-search team against an all-random
              team on the same seeds, the outcome distribution and the mean
              saved count per player;
2. L3 vs L1   two-player games (seats alternated) between level 3 and level
              1: level 3's share of the wins with its interval;
3. seconds    per move of each level, from the moves of those games that
              had a choice (p50, p95, max; CPU seconds of the thinking
              thread, which is what a level's budget counts, and wall seconds).

Targets (issue 12), shown beside the figures: level 1 wins >= 90% against
random seats; level 3 beats level 1 >= 75% in 2-player games; level 3 moves
<= 1 s at p95. The machine is shared: CPU seconds are the fair figure, wall
seconds show the load.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from run import environment, percentile, table  # noqa: E402  (benchmarks/run.py)

from tabletop_tui.engine import bots as engine_bots  # noqa: E402
from tabletop_tui.engine import games as registered_games  # noqa: E402
from tabletop_tui.engine.bots import SEARCH_LEVELS, Bot, RandomBot, SearchBot  # noqa: E402
from tabletop_tui.simulate import play_out  # noqa: E402

TARGET_VS_RANDOM = 0.90
TARGET_DUEL = 0.75
TARGET_P95_S = 1.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed(Bot):
    """A bot that records the seconds of each move that had a choice."""

    def __init__(self, inner: Bot, sink: dict[str, list[float]]) -> None:
        self.inner = inner
        self.sink = sink

    def choose(self, game, state, seat, rng):
        if len(game.legal_actions(state, seat)) < 2:
            return self.inner.choose(game, state, seat, rng)
        c0, t0 = time.thread_time(), time.perf_counter()
        action = self.inner.choose(game, state, seat, rng)
        self.sink["cpu"].append(time.thread_time() - c0)
        self.sink["wall"].append(time.perf_counter() - t0)
        self.sink["iterations"].append(getattr(self.inner, "last_iterations", 0))
        return action


def _sink() -> dict[str, list[float]]:
    return {"cpu": [], "wall": [], "iterations": []}


def game_seed(seed: int, game_id: str, players: int, k: int) -> int:
    return random.Random(f"{seed}/{game_id}/{players}/{k}").getrandbits(48)


def play(game, players: int, seed: int, bots: list[Bot]) -> Any:
    state, _ = play_out(game, players, seed, bots, random.Random(seed ^ 0x5EED))
    return state


def progress(text: str) -> None:
    print(text, end="", file=sys.stderr, flush=True)


def vs_random(game, players: int, n: int, seed: int, times: dict) -> dict:
    """Level 1 in seat k % players, random bots elsewhere."""
    wins = 0.0
    cpu = time.process_time()
    for k in range(n):
        me = k % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[me] = Timed(SearchBot(level=1), times[1])
        state = play(game, players, game_seed(seed, game.id, players, k), bots)
        winners = game.result(state).winners if game.is_over(state) else []
        if me in winners:
            wins += 1 / len(winners)
        progress(".")
    progress("\n")
    lo, hi = wilson(wins, n)
    return {"game": game.id, "players": players, "games": n, "wins": wins, "share": wins / n,
            "low": lo, "high": hi, "cpu_s_per_game": (time.process_time() - cpu) / n}


def team(game, players: int, n: int, seed: int, times: dict) -> dict:
    """Co-operative: an all-level-1 team and an all-random team on the same seeds."""
    out: dict[str, Any] = {"game": game.id, "players": players, "games": n}
    for label in ("search", "random"):
        outcomes: dict[str, int] = {}
        saved: list[float] = []
        cpu = time.process_time()
        for k in range(n):
            sink = times[1] if label == "search" else _sink()
            bots: list[Bot] = [Timed(SearchBot(level=1) if label == "search" else RandomBot(), sink)
                               for _ in range(players)]
            state = play(game, players, game_seed(seed, game.id, players, k), bots)
            res = game.result(state)
            outcome = str(res.details.get(0, {}).get("outcome", "won" if res.winners else "lost"))
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            saved.append(statistics.mean(res.scores.values()) if res.scores else 0.0)
            progress(".")
        wins = sum(v for k, v in outcomes.items() if k not in ("defeat", "lost", "unfinished"))
        lo, hi = wilson(wins, n)
        out[label] = {"outcomes": outcomes, "mean_saved": statistics.mean(saved), "victories": wins,
                      "low": lo, "high": hi, "cpu_s_per_game": (time.process_time() - cpu) / n}
    progress("\n")
    return out


def duel(game, n: int, seed: int, times: dict, first: int = 0) -> dict:
    """Level 3 against level 1 in 2-player games, seats alternated: games
    ``first`` to ``first + n - 1`` of the seed (so a run can go on where
    another stopped)."""
    wins = 0.0
    per_game: list[float] = []
    cpu = time.process_time()
    for k in range(first, first + n):
        strong = k % 2
        bots: list[Bot] = [Timed(SearchBot(level=1), times[1]), Timed(SearchBot(level=1), times[1])]
        bots[strong] = Timed(SearchBot(level=3), times[3])
        state = play(game, 2, game_seed(seed + 1, game.id, 2, k), bots)
        winners = game.result(state).winners if game.is_over(state) else []
        got = 1 / len(winners) if strong in winners else 0.0
        wins += got
        per_game.append(got)
        progress("+" if got == 1 else "-" if got == 0 else "=")
    progress("\n")
    lo, hi = wilson(wins, n)
    return {"game": game.id, "players": 2, "games": n, "wins": wins, "share": wins / n, "low": lo, "high": hi,
            "cpu_s_per_game": (time.process_time() - cpu) / n, "per_game": per_game}


def timing_row(game_id: str, level: int, sink: dict) -> dict | None:
    if not sink["cpu"]:
        return None
    return {"game": game_id, "level": level, "moves": len(sink["cpu"]),
            "cpu_p50": percentile(sink["cpu"], 50), "cpu_p95": percentile(sink["cpu"], 95),
            "cpu_max": max(sink["cpu"]), "wall_p50": percentile(sink["wall"], 50),
            "wall_p95": percentile(sink["wall"], 95), "wall_max": max(sink["wall"]),
            "iterations_p50": percentile(sink["iterations"], 50)}


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def interval(r: dict) -> str:
    return f"{pct(r['low'])}-{pct(r['high'])}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Search-bot strength and speed (figures, not pass/fail).")
    ap.add_argument("--long", action="store_true", help="the targets' sample sizes (100 games a cell vs "
                                                        "random, 20 duels a game)")
    ap.add_argument("--quick", action="store_true", help="a smoke run in under a minute: one game a "
                    "game at 2 players against random, no duels (figures mean nothing)")
    ap.add_argument("--random-games", type=int, help="games per cell vs random (default 20, long 100)")
    ap.add_argument("--duel-games", type=int, help="L3 vs L1 games per game (default 6, long 20)")
    ap.add_argument("--duel-from", type=int, default=0, metavar="K",
                    help="the first duel's number (default 0): more games on the same seed")
    ap.add_argument("--only", default="random,duel", help="comma-separated: random, duel")
    ap.add_argument("--games", metavar="IDS", help="comma-separated game ids (default: every game)")
    ap.add_argument("--players", metavar="NS", help="comma-separated player counts (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    args = ap.parse_args(argv)
    if args.quick:
        args.random_games, args.only = args.random_games or 1, "random"
        args.players = args.players or "2"
    n_random = args.random_games or (100 if args.long else 20)
    n_duel = args.duel_games or (20 if args.long else 6)
    only = {x.strip() for x in args.only.split(",")}
    counts = {int(x) for x in args.players.split(",")} if args.players else None
    chosen = registered_games()
    if args.games:
        wanted = {x.strip() for x in args.games.split(",")}
        chosen = [g for g in chosen if g.id in wanted]

    # Each level's budget is CPU time; its wall-clock cap (for players on a
    # busy machine) is lifted here, so the figures do not depend on the load.
    engine_bots.WALL_FACTOR = math.inf
    env = environment()
    t_run = time.perf_counter()
    levels = ", ".join(f"L{k} {lv.seconds:g} s" for k, lv in sorted(SEARCH_LEVELS.items()))
    kind = "long" if args.long else "quick" if args.quick else "short"
    print(f"search-bot benchmark ({kind} run), figures not pass/fail")
    print(f"  {env['when']}  commit {env['commit']}  Python {env['python']}  {env['cpus']} CPUs  "
          f"load {env['loadavg_start'][0]:.2f}  levels (CPU s a move): {levels}", flush=True)
    report: dict[str, Any] = {"environment": env, "vs_random": [], "team": [], "duel": [], "seconds": []}
    times: dict[str, dict[int, dict]] = {g.id: {1: _sink(), 3: _sink()} for g in chosen}

    if "random" in only:
        print(f"\n1. Level 1 against random seats ({n_random} games a cell; target >= "
              f"{pct(TARGET_VS_RANDOM)})", flush=True)
        rows = []
        for g in chosen:
            for p in range(g.min_players, g.max_players + 1):
                if counts and p not in counts:
                    continue
                if g.cooperative:
                    r = team(g, p, n_random, args.seed, times[g.id])
                    report["team"].append(r)
                    for label in ("search", "random"):
                        t = r[label]
                        dist = " ".join(f"{k} {v}" for k, v in sorted(t["outcomes"].items()))
                        rows.append([g.id, p, f"{label} team", n_random, pct(t["victories"] / n_random),
                                     interval(t), f"{t['mean_saved']:.2f}", dist, f"{t['cpu_s_per_game']:.1f}"])
                else:
                    r = vs_random(g, p, n_random, args.seed, times[g.id])
                    report["vs_random"].append(r)
                    mark = "✓" if r["share"] >= TARGET_VS_RANDOM else "✗"
                    rows.append([g.id, p, "L1 vs random", n_random, f"{pct(r['share'])} {mark}", interval(r),
                                 "-", "-", f"{r['cpu_s_per_game']:.1f}"])
                print(table(["game", "players", "seats", "games", "won", "95% interval", "saved/player",
                             "outcomes", "CPU s/game"], rows[-2:] if g.cooperative else rows[-1:]), flush=True)
        print("\n" + table(["game", "players", "seats", "games", "won", "95% interval", "saved/player",
                            "outcomes", "CPU s/game"], rows), flush=True)

    if "duel" in only:
        print(f"\n2. Level 3 against level 1, 2 players, seats alternated ({n_duel} games; target >= "
              f"{pct(TARGET_DUEL)})", flush=True)
        rows = []
        for g in chosen:
            if g.cooperative or not g.min_players <= 2 <= g.max_players or (counts and 2 not in counts):
                continue
            r = duel(g, n_duel, args.seed, times[g.id], args.duel_from)
            report["duel"].append(r)
            mark = "✓" if r["share"] >= TARGET_DUEL else "✗"
            rows.append([g.id, n_duel, f"{pct(r['share'])} {mark}", interval(r), f"{r['cpu_s_per_game']:.1f}"])
            print(table(["game", "games", "L3 won", "95% interval", "CPU s/game"], rows[-1:]), flush=True)
        print("\n" + table(["game", "games", "L3 won", "95% interval", "CPU s/game"], rows), flush=True)

    print(f"\n3. Seconds per move (moves with a choice, from the games above; target L3 p95 <= "
          f"{TARGET_P95_S:g} s)")
    rows = []
    for g in chosen:
        for level in (1, 3):
            r = timing_row(g.id, level, times[g.id][level])
            if r is None:
                continue
            report["seconds"].append(r)
            mark = ("✓" if r["cpu_p95"] <= TARGET_P95_S else "✗") if level == 3 else ""
            rows.append([g.id, f"L{level}", r["moves"], f"{r['cpu_p50']:.3f}", f"{r['cpu_p95']:.3f} {mark}".strip(),
                         f"{r['cpu_max']:.3f}", f"{r['wall_p50']:.3f}", f"{r['wall_p95']:.3f}",
                         f"{r['wall_max']:.3f}", f"{r['iterations_p50']:.0f}"])
    print(table(["game", "level", "moves", "CPU p50", "CPU p95", "CPU max", "wall p50", "wall p95", "wall max",
                 "iterations p50"], rows))
    elapsed = time.perf_counter() - t_run
    print(f"\n  run took {elapsed / 60:.1f} min; load {env['loadavg_start'][0]:.2f} -> "
          f"{__import__('os').getloadavg()[0]:.2f}")
    if args.json:
        report["minutes"] = elapsed / 60
        Path(args.json).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
