#!/usr/bin/env python3
"""Issue 12's Rapa Nui report, measured: do players following the hints hold
three Moai with no wood and pass turn after turn? Figures, not pass/fail.

    python benchmarks/rapa_nui_moai.py              # 8 games a bot (seeds 1000-1007)
    python benchmarks/rapa_nui_moai.py --games 20
    python benchmarks/rapa_nui_moai.py --stuck --games 100 --players 2,3,4 --iterations 120
    python benchmarks/rapa_nui_moai.py --duel 3:4156,1:575 --games 100   # L3 vs L1, iteration caps

``--duel A,B`` (issue 20's ladder target): two-player games between two
bots, seats alternated (the first bot is seat ``k % 2`` in game ``k``), the
seeds of ``benchmarks/bots.py --only duel``; a bot is ``LEVEL:ITERATIONS``
(the level's bot as every seat gets it, capped at exactly that many
iterations a move: the same seeds give the same games on any machine) or
``scripted``; ``LEVEL:ITERATIONS:NAME=VALUE`` plays with a number of
``games/rapa_nui/bot.py`` set otherwise (``PILING_UP=99``: the draws of
before that rule). Prints a mark a game as it goes and the first bot's share of
the wins with its Wilson 95% interval; stopped early (Ctrl-C, kill), it
reports the games played.

``--stuck`` (issue 20): self-play at each seat count, today's bot in every
seat, and the seats that end the game stuck: holding nothing but Moai they
cannot pay for (so they can play, and draw, nothing); with the games that
ended because every seat was stuck, and the turns lost to a stuck hand.

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

import random  # noqa: E402

from tabletop_tui.engine import get  # noqa: E402
from tabletop_tui.engine.bots import Bot, SearchBot, make_bot  # noqa: E402
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


def stuck_game(players: int, seed: int, iterations: int) -> dict[str, int]:
    """One self-play game of the search bot (``iterations`` a move) in every
    seat: the seats that end it stuck, whether it ended with every seat
    stuck, and the turns a seat could play no card."""
    game = get("rapa_nui")
    state = game.new_state(players, None, seed)
    rng = random.Random(seed)
    bot = SearchBot(iterations=iterations, seconds=1e9)
    lost = 0
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        events = game.apply(state, bot.choose(game, state, seat, rng), seat)
        lost += sum("can afford no card" in e.text for e in events)
    stuck = [s for s in range(players) if state.hands[s]["moai"] and not game._can_play(state, s)]
    return {"stuck_seats": len(stuck), "all_stuck": int("No one can afford" in state.end_reason),
            "stuck_turns": lost, "seed": seed}


def stuck(games: int, counts: list[int], iterations: int) -> None:
    print(f"Rapa Nui self-play, {iterations} iterations a move in every seat, seeds 1000-{999 + games}")
    print(f"  {'players':>7} {'games':>6} {'stuck seats at the end':>23} {'games ending all stuck':>23} "
          f"{'stuck turns':>12}")
    for players in counts:
        got = []
        for k in range(games):
            got.append(stuck_game(players, 1000 + k, iterations))
            print("x" if got[-1]["stuck_seats"] else ".", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        t = {k: sum(g[k] for g in got) for k in got[0] if k != "seed"}
        print(f"  {players:>7} {games:>6} {t['stuck_seats']:>23} {t['all_stuck']:>23} {t['stuck_turns']:>12}",
              flush=True)
        worse = [f"{g['seed']} ({g['stuck_seats']} stuck, {g['stuck_turns']} turns)" for g in got
                 if g["stuck_seats"] or g["stuck_turns"]]
        if worse:
            print(f"          seeds with a stuck seat or turn: {', '.join(worse)}", flush=True)


class Setting(Bot):
    """A bot that chooses with one of ``games/rapa_nui/bot.py``'s numbers set
    otherwise (e.g. ``PILING_UP=99``: the search's moves as before that rule)."""

    def __init__(self, inner: SearchBot, name: str, value: float) -> None:
        self.inner, self.name_, self.value = inner, name, value

    def choose(self, game, state, seat, rng):
        from tabletop_tui.games.rapa_nui import bot as rapa_bot

        kept = getattr(rapa_bot, self.name_)
        setattr(rapa_bot, self.name_, type(kept)(self.value))
        try:
            return self.inner.choose(game, state, seat, rng)
        finally:
            setattr(rapa_bot, self.name_, kept)


def duel_bot(spec: str, game):
    """``LEVEL:ITERATIONS[:NAME=VALUE]`` (``make_bot``'s bot of that level,
    capped; with a bot.py setting of its own) or ``scripted``."""
    if spec == "scripted":
        from tabletop_tui.games.rapa_nui.bot import ScriptedBot

        return ScriptedBot()
    level, iterations, *setting = spec.split(":")
    bot = make_bot("search", int(level), game)
    bot.iterations, bot.seconds = int(iterations), 1e9
    if setting:
        name, value = setting[0].split("=")
        return Setting(bot, name, float(value))
    return bot


def duel(specs: str, games: int, first: int, seed: int) -> None:
    """The first bot of ``specs`` against the second, 2 players, seats alternated."""
    import signal
    import time

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bots import game_seed, wilson  # benchmarks/bots.py: the duels' seeds and the interval
    from run import environment

    from tabletop_tui.simulate import play_out

    a, b = specs.split(",")
    game = get("rapa_nui")
    env = environment()
    print(f"Rapa Nui duel, 2 players: {a} vs {b} (LEVEL:ITERATIONS a move), seats alternated, "
          f"seed {seed}, games {first}-{first + games - 1}")
    print(f"  {env['when']}  commit {env['commit']}  {env['cpus']} CPUs  load {env['loadavg_start'][0]:.2f}",
          flush=True)
    marks: list[str] = []

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    cpu0 = time.process_time()
    try:
        for k in range(first, first + games):
            strong = k % 2
            bots = [duel_bot(b, game), duel_bot(b, game)]
            bots[strong] = duel_bot(a, game)
            s = game_seed(seed + 1, game.id, 2, k)
            state, _ = play_out(game, 2, s, bots, random.Random(s ^ 0x5EED))
            winners = game.result(state).winners if game.is_over(state) else []
            got = 1 / len(winners) if strong in winners else 0.0
            marks.append("+" if got == 1 else "-" if got == 0 else "=")
            print(marks[-1], end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"\n  stopped after {len(marks)} of {games} games", file=sys.stderr)
    n = len(marks)
    wins = sum({"+": 1.0, "=": 0.5}.get(m, 0.0) for m in marks)
    if not n:
        return
    lo, hi = wilson(wins, n)
    print(f"\n  games in order (+ the first bot won, - lost, = shared): {''.join(marks)}")
    print(f"  {a} vs {b}: {n} games, first won {wins:g} ({100 * wins / n:.0f}%), 95% Wilson "
          f"{100 * lo:.0f}%-{100 * hi:.0f}%, {(time.process_time() - cpu0) / n:.1f} CPU s a game, "
          f"load {env['loadavg_start'][0]:.2f} -> {__import__('os').getloadavg()[0]:.2f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Rapa Nui: three Moai and no wood, before and now.")
    ap.add_argument("--games", type=int, default=8, help="games a bot (seeds 1000 on; default 8)")
    ap.add_argument("--stuck", action="store_true", help="count the seats that end stuck, at each seat count")
    ap.add_argument("--players", default="2,3,4", help="with --stuck: the seat counts (default 2,3,4)")
    ap.add_argument("--iterations", type=int, default=120, help="with --stuck: iterations a move (default 120)")
    ap.add_argument("--duel", metavar="A,B", help="two-player games, A vs B (each LEVEL:ITERATIONS or scripted)")
    ap.add_argument("--from", dest="first", type=int, default=0, metavar="K", help="with --duel: the first game")
    ap.add_argument("--seed", type=int, default=1, help="with --duel: the seed of benchmarks/bots.py")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="with --stuck: try a number of games/rapa_nui/bot.py, e.g. PILING_UP=1")
    args = ap.parse_args(argv)
    for item in args.set:
        from tabletop_tui.games.rapa_nui import bot as rapa_bot

        name, value = item.split("=")
        setattr(rapa_bot, name, type(getattr(rapa_bot, name))(float(value)))
        print(f"  bot setting tried: {item}")
    if args.duel:
        duel(args.duel, args.games, args.first, args.seed)
        return 0
    if args.stuck:
        stuck(args.games, [int(x) for x in args.players.split(",")], args.iterations)
        return 0
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
