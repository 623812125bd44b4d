#!/usr/bin/env python3
"""How strong and how quick the search bot is: figures, not pass/fail.

    python benchmarks/bots.py            # short run: 20 games a cell vs random, 6 duels a game
    python benchmarks/bots.py --long     # the targets' sample sizes: 100 and 20 (hours on 2 cores)
    python benchmarks/bots.py --only random --games rapa_nui --players 3,4 --json out.json
    python benchmarks/bots.py --ladder                      # round robin, 100 games a pair (hours)
    python benchmarks/bots.py --ladder --quick --games 20 --game tiki   # iteration caps L1 25, L2 62, L3 200
    python benchmarks/bots.py --calibrate                   # each level's iterations a move at its CPU budget
    python benchmarks/bots.py --ladder --matched --pairs L3-L1 --game nayakas --log games.jsonl
                                                            # caps that stand for the real levels, one pair

``--ladder`` (issue 20) plays random, the game's scripted bot (its bot.py's
``ScriptedBot``, where one exists), L1, L2 and L3 against each other at 2
players in every competitive game and prints openskill ratings with
intervals, each pair's win rate with its Wilson interval and sample, and
every bot's CPU seconds a move (see ``ladder``). ``--matched`` caps each
level of each game at the median iterations a move that ``--calibrate``
measured at the level's real CPU budget (``MATCHED_ITERATIONS``): the same
games on any machine, as strong as the real levels at that engine speed.

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
import importlib
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from run import environment, percentile, table  # noqa: E402  (benchmarks/run.py)

from tabletop_tui.engine import bots as engine_bots  # noqa: E402
from tabletop_tui.engine import games as registered_games  # noqa: E402
from tabletop_tui.engine.bots import SEARCH_LEVELS, Bot, RandomBot, SearchBot, make_bot  # noqa: E402
from tabletop_tui.simulate import play_out  # noqa: E402

TARGET_VS_RANDOM = 0.90
TARGET_DUEL = 0.75
TARGET_P95_S = 1.0
#: the ladder's target (issue 20): L3 beats L1 this often, with the lower 95% bound at least LOW
TARGET_LADDER, TARGET_LADDER_LOW = 0.80, 0.70
#: the ladder's default games per pair, and its iteration caps a move per
#: level in ``--quick`` mode (in proportion to the levels' CPU budgets,
#: 0.1 : 0.25 : 0.8 s)
LADDER_GAMES = 100
QUICK_ITERATIONS = {1: 25, 2: 62, 3: 200}
#: ``--matched``: per game, each level's median iterations a move at its
#: real CPU budget (0.1 / 0.25 / 0.8 s), as ``--calibrate`` measured them
#: (the commit and date are in docs/bots.md's ladder section). The engines
#: get faster: measure again after they change.
MATCHED_ITERATIONS: dict[str, dict[int, int]] = {
    # 4 December 2026, 22:57 UTC, commit cfb2625, 12 positions a game (``--calibrate``)
    "tiki": {1: 1614, 2: 3790, 3: 11132},
    "rapa_nui": {1: 696, 2: 1549, 3: 4526},
    "nyakuza": {1: 514, 2: 1188, 3: 3338},
    # Nayakas' level 3 scores without playouts since 5 December (DEEP_PLAYOUT_DEPTH 0): 1.70 times
    # the iterations of the level 3 before it in the same 0.8 s (1864 and 1099, medians of the same
    # 12 positions back to back, load 9-10), so 1612 * 1.70
    "nayakas": {1: 220, 2: 554, 3: 2734},
}
#: ``--calibrate``: positions sampled from one seeded game of each game
CALIBRATE_POSITIONS = 12


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


# -- the ladder (issue 20) -------------------------------------------------------------------------
@dataclass(frozen=True)
class Entrant:
    """One bot of the ladder: its name and how to make it for a game (a
    fresh bot for every game)."""

    name: str
    make: Callable[[Any], Bot]


def scripted_for(game) -> Callable[[Any], Bot] | None:
    """The game's scripted (rule-of-thumb) bot, if its ``bot.py`` offers one
    as ``ScriptedBot`` (a class taking no arguments)."""
    try:
        module = importlib.import_module(f"tabletop_tui.games.{game.id}.bot")
    except ImportError:
        return None
    cls = getattr(module, "ScriptedBot", None)
    return (lambda g: cls()) if cls is not None else None


def level_bot(level: int, iterations: int | None) -> Callable[[Any], Bot]:
    """Level ``level`` as every seat gets it (``make_bot("search", level,
    game)``, so a game's own bot plugs in); with ``iterations``, capped at
    exactly that many iterations a move instead of its CPU budget."""
    def make(game) -> Bot:
        bot = make_bot("search", level, game)
        assert bot is not None
        if iterations is not None:
            bot.iterations, bot.seconds = iterations, 1e9  # type: ignore[attr-defined]
        return bot
    return make


def entrants(game, iterations: dict[int, int] | None = None) -> list[Entrant]:
    """random, the game's scripted bot where one exists, L1, L2 and L3."""
    out = [Entrant("random", lambda g: RandomBot())]
    scripted = scripted_for(game)
    if scripted is not None:
        out.append(Entrant("scripted", scripted))
    for level in sorted(SEARCH_LEVELS):
        out.append(Entrant(f"L{level}", level_bot(level, iterations.get(level) if iterations else None)))
    return out


def schedule(names: list[str], games: int) -> list[tuple[int, str, str]]:
    """The round robin: for every game number k, every pair once, as
    ``(k, seat 0, seat 1)``; the pair's seats swap from one k to the next,
    so each bot of a pair sits first in half its games (one more for the
    first named when ``games`` is odd). Interleaved by k, so the ratings
    see every pair early."""
    out = []
    for k in range(games):
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                out.append((k, a, b) if k % 2 == 0 else (k, b, a))
    return out


def play_ladder(game, field: list[Entrant], games: int, seed: int,
                times: dict[str, dict[str, list[float]]] | None = None,
                tick: Callable[[str], None] = lambda s: None,
                pairs: set[frozenset[str]] | None = None,
                log: Callable[[dict], None] | None = None, first: int = 0) -> list[dict]:
    """Every game of the round robin at 2 players: its number ``k``, the
    bots in seats 0 and 1 and each one's share of the win. Game k of every
    pair is dealt from the same seed (``game_seed``). ``pairs``: only
    these pairs play (None: every pair); ``log`` is handed each game's
    result as it ends; ``first``: the games are numbers ``first`` to
    ``first + games - 1`` (a run can go on where another stopped)."""
    makers = {e.name: e.make for e in field}
    times = times if times is not None else {}
    results = []
    for k, a, b in schedule([e.name for e in field], first + games):
        if k < first or pairs is not None and frozenset((a, b)) not in pairs:
            continue
        bots: list[Bot] = [Timed(makers[n](game), times.setdefault(n, _sink())) for n in (a, b)]
        state = play(game, 2, game_seed(seed, game.id, 2, k), bots)
        winners = game.result(state).winners if game.is_over(state) else []
        share = {n: (1 / len(winners) if s in winners else 0.0) for s, n in enumerate((a, b))}
        results.append({"k": k, "seats": [a, b], "share": share})
        tick("+" if share[a] == 1 else "-" if share[a] == 0 else "=")
        if log is not None:
            log(results[-1])
    return results


def pair_rates(results: list[dict]) -> list[dict]:
    """For every pair (in the order first met), the first bot's share of
    the wins over the second: wins, games, its Wilson 95% interval, and how
    often it sat first."""
    pairs: dict[tuple[str, str], dict] = {}
    for r in results:
        a, b = r["seats"]
        key = (a, b) if (a, b) in pairs or (b, a) not in pairs else (b, a)
        row = pairs.setdefault(key, {"a": key[0], "b": key[1], "wins": 0.0, "games": 0, "a_first": 0})
        row["wins"] += r["share"][key[0]]
        row["games"] += 1
        row["a_first"] += a == key[0]
    for row in pairs.values():
        row["share"] = row["wins"] / row["games"]
        row["low"], row["high"] = wilson(row["wins"], row["games"])
    return list(pairs.values())


def ratings(results: list[dict]) -> list[dict]:
    """Each bot's rating after the games in order, with openskill's
    Plackett-Luce model (the one the server rates players with,
    ``net/history.py``): mu, sigma and the 95% interval mu +- 1.96 sigma,
    best first by mu - 3 sigma (the server's ordering)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated: dict[str, Any] = {}
    played: dict[str, int] = {}
    for r in results:
        a, b = r["seats"]
        teams = [[rated.get(n) or model.rating(name=n)] for n in (a, b)]
        ranks = [1 - r["share"][a], 1 - r["share"][b]]  # a win ranks 0, a loss 1, a shared win the same
        new = model.rate(teams, ranks=ranks)
        for n, team in zip((a, b), new):
            rated[n] = team[0]
            played[n] = played.get(n, 0) + 1
    out = [{"bot": n, "mu": x.mu, "sigma": x.sigma, "low": x.mu - 1.96 * x.sigma,
            "high": x.mu + 1.96 * x.sigma, "games": played[n]} for n, x in rated.items()]
    out.sort(key=lambda x: x["mu"] - 3 * x["sigma"], reverse=True)
    return out


def positions(game, count: int, seed: int) -> list[Any]:
    """``count`` positions with a choice, spread evenly over one seeded
    2-player game of level 1 capped at 25 iterations in both seats."""
    rng = random.Random(seed ^ 0x5EED)
    bots = [level_bot(1, QUICK_ITERATIONS[1])(game) for _ in range(2)]
    state = game.new_state(2, None, game_seed(seed, game.id, 2, 0))
    seen = []
    while not game.is_over(state) and len(seen) < 20_000:
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) > 1:
            seen.append((game.clone(state), seat))
        action = bots[seat].choose(game, state, seat, rng)
        game.play_silent(state, action, seat)
    step = max(1, len(seen) // count)
    return seen[step // 2::step][:count]


def calibrate(game, count: int, seed: int) -> dict[int, dict]:
    """Each level's iterations a move at its real CPU budget (``make_bot``,
    the wall-clock cap lifted), on ``count`` positions of one seeded game:
    the median (the cap ``--matched`` uses), the range and the positions
    where the level searched (a game's own bot may answer some moves
    without searching, e.g. Nyakuza's bids)."""
    out = {}
    spots = positions(game, count, seed)
    for level in sorted(SEARCH_LEVELS):
        its, cpu = [], []
        for k, (state, seat) in enumerate(spots):
            bot = make_bot("search", level, game)
            bot.wall_factor = math.inf  # type: ignore[attr-defined]
            c0 = time.thread_time()
            bot.choose(game, game.clone(state), seat, random.Random(seed + k))
            cpu.append(time.thread_time() - c0)
            if getattr(bot, "last_iterations", 0):
                its.append(bot.last_iterations)
        out[level] = {"median": int(statistics.median(its)) if its else 0, "low": min(its, default=0),
                      "high": max(its, default=0), "searched": len(its), "positions": len(spots),
                      "cpu_p50": statistics.median(cpu), "cpu_max": max(cpu)}
        progress(".")
    return out


def run_calibrate(args: argparse.Namespace) -> int:
    """``--calibrate``: the caps that stand for the real levels, per game."""
    chosen = [g for g in registered_games() if not g.cooperative and g.min_players <= 2 <= g.max_players]
    if args.games:
        wanted = {x.strip() for x in args.games.split(",")}
        chosen = [g for g in chosen if g.id in wanted]
    env = environment()
    t_run = time.perf_counter()
    levels = ", ".join(f"L{k} {lv.seconds:g} s" for k, lv in sorted(SEARCH_LEVELS.items()))
    print(f"iterations a move at each level's CPU budget ({levels}), {args.positions} positions of one "
          f"seeded 2-player game each\n  {env['when']}  commit {env['commit']}  Python {env['python']}  "
          f"{env['cpus']} CPUs  load {env['loadavg_start'][0]:.2f}", flush=True)
    report: dict[str, Any] = {"environment": env, "calibrate": {}}
    rows, caps = [], {}
    for g in chosen:
        progress(f"{g.id}: ")
        got = calibrate(g, args.positions, args.seed)
        progress("\n")
        report["calibrate"][g.id] = got
        caps[g.id] = {lv: r["median"] for lv, r in got.items()}
        for lv, r in got.items():
            mark = ("✓" if r["cpu_max"] <= TARGET_P95_S else "✗") if lv == max(got) else ""
            rows.append([g.id, f"L{lv}", f"{r['searched']}/{r['positions']}", r["median"],
                         f"{r['low']}-{r['high']}", f"{r['cpu_p50']:.3f}", f"{r['cpu_max']:.3f} {mark}".strip()])
    print(table(["game", "level", "searched", "iterations p50", "range", "CPU p50", "CPU max"], rows))
    print("\nMATCHED_ITERATIONS = " + repr(caps))
    finish(env, t_run, report, args.json)
    return 0


def ladder(chosen: list, games: int, seed: int, iterations: dict[int, int] | None, report: dict,
           matched: bool = False, pairs: set[frozenset[str]] | None = None, log_path: str | None = None,
           first: int = 0) -> None:
    """Plays and prints the ladder of every competitive 2-player game of
    ``chosen``: at ``iterations`` a move, or with ``matched`` each game's
    ``MATCHED_ITERATIONS``, or at each level's CPU budget; ``pairs`` only."""
    mode = ("each game's matched caps (MATCHED_ITERATIONS)" if matched else caps_text(iterations) if iterations
            else "each level's CPU budget a move")
    only = "" if pairs is None else ", pairs " + " ".join(sorted("-".join(sorted(p)) for p in pairs))
    print(f"\nLadder: round robin at 2 players, {games} games a pair{only}, seats alternated, seed {seed}, {mode}; "
          f"target L3 beats L1 >= {pct(TARGET_LADDER)} with the lower 95% bound >= {pct(TARGET_LADDER_LOW)}, "
          f"L3 CPU p95 <= {TARGET_P95_S:g} s", flush=True)
    for g in chosen:
        if g.cooperative or not g.min_players <= 2 <= g.max_players:
            continue
        caps = caps_for(g.id, iterations, matched)
        field = entrants(g, caps)
        times: dict[str, dict[str, list[float]]] = {}
        cpu = time.process_time()
        progress(f"{g.id}: ")
        log = None
        if log_path:
            def log(r: dict, game_id: str = g.id) -> None:
                with open(log_path, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"game": game_id, **r}) + "\n")
        results = play_ladder(g, field[::-1], games, seed, times, progress, pairs, log, first)  # pairs read "L3 vs L1"
        progress("\n")
        rows = [[r["bot"], f"{r['mu']:.1f}", f"{r['sigma']:.1f}", f"{r['low']:.1f}-{r['high']:.1f}", r["games"]]
                for r in ratings(results)]
        print(f"\n{g.id}: {len(results)} games, {(time.process_time() - cpu) / 60:.1f} CPU min, "
              f"{caps_text(caps) if caps else 'CPU budgets'}")
        print(table(["bot", "mu", "sigma", "95% interval", "games"], rows))
        pairs = pair_rates(results)
        prow = []
        for r in pairs:
            mark = ""
            if {r["a"], r["b"]} == {"L1", "L3"}:
                share, low = (r["share"], r["low"]) if r["a"] == "L3" else (1 - r["share"], 1 - r["high"])
                mark = "✓" if share >= TARGET_LADDER and low >= TARGET_LADDER_LOW else "✗"
            prow.append([f"{r['a']} vs {r['b']}", r["games"], f"{r['wins']:g}", f"{pct(r['share'])} {mark}".strip(),
                         interval(r), r["a_first"]])
        print(table(["pair", "games", "first won", "share", "95% interval", "first sat first"], prow))
        trow = []
        for name in [e.name for e in field[::-1]]:
            sink = times.get(name)
            if sink and sink["cpu"]:
                mark = ("✓" if percentile(sink["cpu"], 95) <= TARGET_P95_S else "✗") if name == "L3" else ""
                trow.append([name, len(sink["cpu"]), f"{percentile(sink['cpu'], 50):.3f}",
                             f"{percentile(sink['cpu'], 95):.3f} {mark}".strip(), f"{max(sink['cpu']):.3f}",
                             f"{percentile(sink['iterations'], 50):.0f}"])
        print(table(["bot", "moves", "CPU p50", "CPU p95", "CPU max", "iterations p50"], trow), flush=True)
        report["ladder"].append({"game": g.id, "games_per_pair": games, "iterations": caps,
                                 "ratings": ratings(results), "pairs": pairs,
                                 "seconds": {n: timing_row(g.id, 0, s) for n, s in times.items()}})


def caps_text(caps: dict[int, int]) -> str:
    return "iteration caps a move " + ", ".join(f"L{k} {n}" for k, n in sorted(caps.items()))


def caps_for(game_id: str, iterations: dict[int, int] | None, matched: bool,
             table_: dict[str, dict[int, int]] | None = None) -> dict[int, int] | None:
    """The iteration caps a game's ladder uses: its matched ones (from
    ``table_``, default ``MATCHED_ITERATIONS``; a game not measured there
    is an error, not a silent fallback), else ``iterations`` (None: the
    CPU budgets)."""
    if not matched:
        return iterations
    known = MATCHED_ITERATIONS if table_ is None else table_
    if game_id not in known:
        raise SystemExit(f"--matched: no caps measured for {game_id}; run --calibrate --game {game_id}")
    return dict(known[game_id])


def parse_pairs(text: str | None) -> set[frozenset[str]] | None:
    """``--pairs L3-L1,scripted-L1`` as a set of unordered pairs (a pair
    naming "scripted" plays in the games that have a scripted bot)."""
    if not text:
        return None
    known = {"random", "scripted"} | {f"L{level}" for level in SEARCH_LEVELS}
    out = set()
    for item in text.split(","):
        a, _, b = item.strip().partition("-")
        if a not in known or b not in known or a == b:
            raise SystemExit(f"--pairs: {item!r} is not two of {', '.join(sorted(known))} joined by '-' "
                             "(e.g. L3-L1)")
        out.add(frozenset((a, b)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Search-bot strength and speed (figures, not pass/fail).")
    ap.add_argument("--long", action="store_true", help="the targets' sample sizes (100 games a cell vs "
                                                        "random, 20 duels a game)")
    ap.add_argument("--quick", action="store_true", help="a smoke run in under a minute: one game a "
                    "game at 2 players against random, no duels (figures mean nothing)")
    ap.add_argument("--random-games", type=int, help="games per cell vs random (default 20, long 100)")
    ap.add_argument("--duel-games", type=int, help="L3 vs L1 games per game (default 6, long 20)")
    ap.add_argument("--duel-from", type=int, default=0, metavar="K",
                    help="the first duel's number (default 0): more games on the same seed "
                    "(with --ladder: the first game number of every pair)")
    ap.add_argument("--only", default="random,duel", help="comma-separated: random, duel")
    ap.add_argument("--games", metavar="IDS|N", help="comma-separated game ids (default: every game); with "
                    f"--ladder a number: games a pair (default {LADDER_GAMES}, --quick 20)")
    ap.add_argument("--game", metavar="IDS", help="comma-separated game ids (the same as --games IDS)")
    ap.add_argument("--ladder", action="store_true", help="the round robin of random, scripted, L1, L2 and L3 "
                    "at 2 players, with ratings (openskill) and each pair's win rate")
    ap.add_argument("--iterations", metavar="L1,L2,L3", help="with --ladder: cap each level at exactly this "
                    "many iterations a move instead of its CPU budget (--quick: "
                    + ",".join(str(n) for _, n in sorted(QUICK_ITERATIONS.items())) + ")")
    ap.add_argument("--matched", action="store_true", help="with --ladder: cap each level of each game at "
                    "its median iterations a move at the level's real CPU budget (MATCHED_ITERATIONS, "
                    "measured by --calibrate)")
    ap.add_argument("--pairs", metavar="A-B,...", help="with --ladder: only these pairs play (e.g. L3-L1)")
    ap.add_argument("--log", metavar="FILE", help="with --ladder: append each game's result to FILE as a JSON "
                    "line as it ends (a long run stopped early keeps its games)")
    ap.add_argument("--calibrate", action="store_true", help="measure each level's iterations a move at its "
                    "real CPU budget per game (what --matched uses)")
    ap.add_argument("--positions", type=int, default=CALIBRATE_POSITIONS,
                    help=f"--calibrate: positions a game (default {CALIBRATE_POSITIONS})")
    ap.add_argument("--players", metavar="NS", help="comma-separated player counts (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    args = ap.parse_args(argv)
    per_pair = None
    if args.games and args.games.strip().isdigit():
        per_pair, args.games = int(args.games), None
    args.games = args.game or args.games
    if args.calibrate:
        return run_calibrate(args)
    if args.ladder:
        return run_ladder(args, per_pair)
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
    finish(env, t_run, report, args.json)
    return 0


def finish(env: dict, t_run: float, report: dict, json_path: str | None) -> None:
    """The run's length and load, and every figure to ``json_path`` if asked."""
    elapsed = time.perf_counter() - t_run
    print(f"\n  run took {elapsed / 60:.1f} min; load {env['loadavg_start'][0]:.2f} -> "
          f"{__import__('os').getloadavg()[0]:.2f}")
    if json_path:
        report["minutes"] = elapsed / 60
        Path(json_path).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")


def run_ladder(args: argparse.Namespace, per_pair: int | None) -> int:
    """``--ladder``: the round robin of every chosen competitive game."""
    iterations = None
    if args.iterations:
        iterations = dict(zip(sorted(SEARCH_LEVELS), (int(x) for x in args.iterations.split(","))))
    elif args.quick:
        iterations = dict(QUICK_ITERATIONS)
    games = per_pair or (20 if args.quick else LADDER_GAMES)
    chosen = registered_games()
    if args.games:
        wanted = {x.strip() for x in args.games.split(",")}
        chosen = [g for g in chosen if g.id in wanted]
    engine_bots.WALL_FACTOR = math.inf  # CPU budgets alone, whatever the load (see main)
    env = environment()
    t_run = time.perf_counter()
    print(f"search-bot ladder, figures not pass/fail\n  {env['when']}  commit {env['commit']}  "
          f"Python {env['python']}  {env['cpus']} CPUs  load {env['loadavg_start'][0]:.2f}")
    report: dict[str, Any] = {"environment": env, "ladder": []}
    ladder(chosen, games, args.seed, iterations, report, args.matched, parse_pairs(args.pairs), args.log,
           args.duel_from)
    finish(env, t_run, report, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
