#!/usr/bin/env python3
"""Nyakuza's bids: level 3 against level 1, and what level 3 bids for what.

    python benchmarks/nyakuza_bids.py --games 100                   # the Nyakuza bots (bid policy)
    python benchmarks/nyakuza_bids.py --games 100 --bots search     # the generic search bot (before)
    python benchmarks/nyakuza_bids.py --games 100 --iterations 100,800   # iteration-capped levels
    python benchmarks/nyakuza_bids.py --games 10 --bids             # and level 3's bids by value at stake
    python benchmarks/nyakuza_bids.py --games 100 --a policy:1:100 --b search:1:100   # any two bots

Figures, not pass/fail. Two players, seats alternated (level 3 is seat
``k % 2`` in game ``k``), seeds as in ``benchmarks/bots.py --only duel``.
``--bots policy`` (default) plays the game's own bots (``Game.bot_for``: the
bid policy of ``games/nyakuza/bot.py``, the search elsewhere); ``--bots
search`` plays the generic ``SearchBot`` at both levels, as every Nyakuza
seat did before the policy. ``--iterations L1,L3`` caps each level's search
at exactly that many iterations a move instead of its CPU budget (quicker
on a shared machine, and repeatable: the same seeds give the same games).

``--a KIND:LEVEL[:ITERATIONS[:BIDS]] --b ...`` pits any two bots instead
(``BIDS``: the policy bot bids at that level's sharpness) (``a``
in the seat level 3 takes above): e.g. the bid policy against the search's
bids at the same level and budget, which tells what the policy alone adds.

Stopped early (Ctrl-C or kill), it reports the games played so far.

``--bids`` also prints level 3's bids against the value at stake: the
policy's estimate (level 3's, on level 3's own view) of what the round's
top bid is worth to the bidder over bidding nothing, in points of its
chance to win, bucketed, with each bucket's mean bid and count.
"""

from __future__ import annotations

import argparse
import math
import random
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bots import game_seed, wilson  # noqa: E402  (benchmarks/bots.py)
from run import environment, table  # noqa: E402  (benchmarks/run.py)

from tabletop_tui.engine import bots as engine_bots  # noqa: E402
from tabletop_tui.engine import registry  # noqa: E402
from tabletop_tui.engine.bots import Bot, SearchBot  # noqa: E402
from tabletop_tui.simulate import play_out  # noqa: E402

#: value-at-stake buckets (points of the chance to win), upper bounds
BUCKETS = (0.02, 0.05, 0.10, 0.15, 0.20, 0.30, 1.01)


def make(game, kind: str, level: int, iterations: int | None, bids: int | None = None) -> SearchBot:
    """A level's bot: the game's own (``bot_for``; ``bids``: its bid
    policy at another level's sharpness) or the generic search."""
    bot = game.bot_for(level) if kind == "policy" else None
    if bot is None:
        bot = SearchBot(level=level)
    elif bids is not None:
        bot.bid_level = bids
    if iterations:
        bot.iterations, bot.seconds = iterations, 1e9
    return bot


class Watched(Bot):
    """Level 3's seat: records its bids with the value at stake, and the CPU
    seconds of its moves with a choice."""

    def __init__(self, inner: Bot, record: list[tuple[float, int]] | None, cpu: list[float]) -> None:
        self.inner, self.record, self.cpu = inner, record, cpu

    def choose(self, game, state, seat, rng):
        c0 = time.thread_time()
        action = self.inner.choose(game, state, seat, rng)
        if len(game.legal_actions(state, seat)) > 1:
            self.cpu.append(time.thread_time() - c0)
        if self.record is not None and state.phase == "bid":
            from tabletop_tui.games.nyakuza.bid_policy import stake

            self.record.append((stake(game, state, seat), action.shells))
        return action


def play_duels(game, args, first, second, record, cpu, marks) -> None:
    """Games ``args.first``.. of the seed, the first bot in seat ``k % 2``;
    a mark per game in ``marks`` (+ it won, - lost, = shared)."""
    for k in range(args.first, args.first + args.games):
        strong = k % 2
        bots: list[Bot] = [make(game, *second), make(game, *second)]
        bots[strong] = Watched(make(game, *first), record, cpu)
        seed = game_seed(args.seed + 1, game.id, 2, k)
        state, _ = play_out(game, 2, seed, bots, random.Random(seed ^ 0x5EED))
        winners = game.result(state).winners if game.is_over(state) else []
        got = 1 / len(winners) if strong in winners else 0.0
        marks.append("+" if got == 1 else "-" if got == 0 else "=")
        print(marks[-1], end="", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Nyakuza: L3 vs L1 at 2 players, and L3's bids (figures).")
    ap.add_argument("--games", type=int, default=20, help="duels (default 20)")
    ap.add_argument("--from", dest="first", type=int, default=0, metavar="K", help="the first game's number")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", choices=("policy", "search"), default="policy")
    ap.add_argument("--iterations", metavar="L1,L3", help="exact iterations a move for level 1 and level 3 "
                                                          "(default: the levels' CPU budgets)")
    ap.add_argument("--a", metavar="KIND:LEVEL[:IT]", help="the first bot (default: level 3 of --bots)")
    ap.add_argument("--b", metavar="KIND:LEVEL[:IT]", help="the second bot (default: level 1 of --bots)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="try a bid-policy setting (a number in games/nyakuza/bid_policy.py), e.g. TOKEN_WEIGHT=1.5")
    ap.add_argument("--bids", action="store_true", help="also print level 3's bids by value at stake")
    args = ap.parse_args(argv)
    its = [int(x) for x in args.iterations.split(",")] if args.iterations else [None, None]
    game = registry.get("nyakuza")
    if args.set:
        from tabletop_tui.games.nyakuza import bid_policy

        for item in args.set:
            name, value = item.split("=")
            assert isinstance(getattr(bid_policy, name), (int, float)), name
            setattr(bid_policy, name, float(value))
        print(f"  bid policy settings tried: {', '.join(args.set)}")

    def spec(text: str | None, level: int, it: int | None) -> tuple[str, int, int | None, int | None]:
        if not text:
            return args.bots, level, it, None
        parts = text.split(":") + ["", ""]
        return parts[0], int(parts[1]), int(parts[2]) if parts[2] else None, int(parts[3]) if parts[3] else None

    first, second = spec(args.a, 3, its[1]), spec(args.b, 1, its[0])
    engine_bots.WALL_FACTOR = math.inf  # CPU budgets only, whatever the load
    env = environment()
    budget = (f"{args.bots} bots, iterations L1 {its[0]}, L3 {its[1]} a move" if args.iterations
              else f"{args.bots} bots, CPU s a move L1 {engine_bots.SEARCH_LEVELS[1].seconds:g}, "
                   f"L3 {engine_bots.SEARCH_LEVELS[3].seconds:g}")
    if args.a or args.b:
        budget = " vs ".join(f"{k} L{lv} ({it or 'CPU budget'})" + (f" bidding as L{b}" if b else "")
                             for k, lv, it, b in (first, second))
    print(f"Nyakuza duel, 2 players: {budget} (iterations a move, else the CPU budget)")
    print(f"  {env['when']}  commit {env['commit']}  {env['cpus']} CPUs  load {env['loadavg_start'][0]:.2f}  "
          f"seed {args.seed}, games {args.first}-{args.first + args.games - 1}", flush=True)
    record: list[tuple[float, int]] | None = [] if args.bids else None
    cpu: list[float] = []
    marks: list[str] = []
    t0 = time.perf_counter()

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        play_duels(game, args, first, second, record, cpu, marks)
    except KeyboardInterrupt:  # stopped early (Ctrl-C, kill): report the games played
        print(f"\n  stopped after {len(marks)} of {args.games} games", file=sys.stderr)
    wins = sum({"+": 1.0, "=": 0.5}.get(m, 0.0) for m in marks)
    n = len(marks)
    if not n:
        return 1
    lo, hi = wilson(wins, n)
    print(f"\n  games in order (+ the first bot won, - lost, = shared): {''.join(marks)}")
    name = " vs ".join(f"{k} L{lv}" + (f" (bids L{b})" if b else "") for k, lv, _, b in (first, second))
    print(table(["bots", "games", "first won", "share", "95% Wilson", "first CPU s/move p50", "wall min"],
                [[name, n, f"{wins:g}", f"{100 * wins / n:.0f}%", f"{100 * lo:.0f}%-{100 * hi:.0f}%",
                  f"{statistics.median(cpu):.3f}" if cpu else "-", f"{(time.perf_counter() - t0) / 60:.1f}"]]))
    if record is not None:
        print(f"\n  The first bot's bids ({len(record)} bids) by value at stake (the top bid's worth over bidding 0, "
              f"points of the chance to win):")
        rows = []
        lower = -1.0
        for upper in BUCKETS:
            got = [b for v, b in record if lower < v <= upper]
            label = f"<= {upper:.2f}" if lower < 0 else (f"> {lower:.2f}" if upper > 1 else
                                                          f"{lower:.2f}-{upper:.2f}")
            if got:
                rows.append([label, len(got), f"{statistics.mean(got):.2f}", min(got), max(got),
                             f"{100 * sum(1 for b in got if b == 0) / len(got):.0f}%"])
            lower = upper
        print(table(["value at stake", "bids", "mean bid", "min", "max", "bid 0"], rows))
    print(f"\n  load {env['loadavg_start'][0]:.2f} -> {__import__('os').getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
