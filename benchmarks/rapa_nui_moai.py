#!/usr/bin/env python3
"""Issue 12's Rapa Nui report, measured: do players following the hints hold
three Moai with no wood and pass turn after turn? Figures, not pass/fail.

    python benchmarks/rapa_nui_moai.py              # 8 games a bot (seeds 1000-1007)
    python benchmarks/rapa_nui_moai.py --games 20

Plays 2-player games with the same bot in both seats (as two players taking
every hint would) and counts, with ``tests/rapa_nui/test_bot.py``'s
``self_play``: the draws where a row offered a third Moai without the wood
for one while another row offered something else, how often the bot took
it, the turns a seat could play no card (so drew none), and the games that
ended with every seat stuck. Bots: ``before``, level 1 as it was before the
heuristics (commit ``BEFORE``: 60 iterations, random playouts of up to 200
actions, read from git); ``120 iterations`` (today's bot on the test's fixed
budget) and ``level 1`` (today's hint, its CPU budget).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.engine.bots import SearchBot  # noqa: E402
from tests.rapa_nui.test_bot import self_play  # noqa: E402

#: main before the bots branch: level 1 was 60 iterations of long playouts
BEFORE = "363e982"


def bot_of_before() -> type:
    """``SearchBot`` as it was at ``BEFORE`` (its module read from git)."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:tabletop_tui/engine/bots.py"],
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("bots_before")
    module.__package__ = "tabletop_tui.engine"  # its relative imports resolve to today's engine
    sys.modules[module.__name__] = module
    exec(compile(source, f"{BEFORE}:bots.py", "exec"), module.__dict__)
    return module.SearchBot


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Rapa Nui: three Moai and no wood, before and now.")
    ap.add_argument("--games", type=int, default=8, help="games a bot (seeds 1000 on; default 8)")
    args = ap.parse_args(argv)
    before = bot_of_before()
    bots = {f"before ({BEFORE}, level 1)": lambda: before(level=1, seconds=1e9),
            "120 iterations": lambda: SearchBot(iterations=120, seconds=1e9),
            "level 1": lambda: SearchBot(level=1)}
    print(f"Rapa Nui, 2 players, the same bot in both seats, seeds 1000-{999 + args.games}")
    print(f"  {'bot':<26} {'draws':>6} {'3rd Moai on offer':>18} {'taken':>6} {'stuck turns':>12} "
          f"{'games ending all stuck':>23}")
    for label, make in bots.items():
        games = [self_play(1000 + k, make) for k in range(args.games)]
        t = {k: sum(g[k] for g in games) for k in games[0]}
        print(f"  {label:<26} {t['draws']:>6} {t['chances']:>18} {t['chosen']:>6} {t['stuck']:>12} "
              f"{t['all_stuck']:>19}/{args.games}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
