#!/usr/bin/env python3
"""Nisyros difficulty table: self-play of a whole team of bots per level.

    python benchmarks/nisyros_selfplay.py --games 100 --search-games 20 --markdown table.md

For each level (Achilles, Heracles, Zeus) and player count (2-4) it plays
seeded games with every seat taken by the same team bot and prints the
outcome distribution (defeat / small / big victory), the mean saved count
per player and of the worst-off player, and the rounds played. The bots:

- ``random``: uniformly random legal moves (the floor);
- ``scripted``: a fixed rule of thumb (below), to calibrate the levels;
- ``policy``: the team bot's rule of thumb (``games.nisyros.bot.TeamPolicy``)
  alone, without search;
- ``team:N``: the game's own team bot (``Nisyros.bot_for(N)``) at its
  iteration cap and no time limit (``team:N@ITERATIONS`` to set the cap);
- ``search:N``: the suite's search bot (``engine.bots.SearchBot``) at level N
  with its iteration budget and no time limit, so a run does not depend on
  the machine's speed or load.

At the end it prints the search team against random play (the margin in
saved people) and a publisher-style difficulty table from the strongest
search bot run. Games of one cell use seeds ``--seed`` .. ``--seed + games - 1``,
the same for every bot. Figures, not pass/fail: it always exits 0.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.engine.bots import Bot, RandomBot, SearchBot  # noqa: E402
from tabletop_tui.games.nisyros import actions as A  # noqa: E402
from tabletop_tui.games.nisyros.bot import TeamPolicy  # noqa: E402
from tabletop_tui.games.nisyros.data import DAM_SPOTS, ISLAND  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402

LEVELS = ["achilles", "heracles", "zeus"]

class ScriptedTeam(Bot):
    """A plain rule-of-thumb team, to calibrate the levels (benchmark only):
    gather wood and stone up high, keep one summoner, dam the area below the
    lava, build every boat it can and ship people out as soon as boats (and
    wheat to spare) allow, the worst-off player first."""

    name = "scripted"

    def choose(self, game, state, seat, rng):
        legal = game.legal_actions(state, seat)
        ph = state.phase
        pick = getattr(self, f"_{ph}", None)
        a = pick(state, seat, legal) if pick else None
        return a if a is not None else next((x for x in legal if x.kind == "done"), legal[0])

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _threat(state, z, ring):
        """How likely lava reaches (zone, ring) by the next round's end, roughly."""
        lava = state.lava[z]
        if ring < lava:
            return 1.0
        if ring == lava:
            dammed = DAM_SPOTS[ring] and state.dams[z][ring] >= DAM_SPOTS[ring]
            return 0.5 if lava == 0 or dammed else 0.9
        return 0.35 if ring == lava + 1 else 0.05

    def _value(self, state, s, p):
        z, slot = divmod(p, 8)
        cap = ISLAND.stock_cap[state.players]
        workers = sum(state.workers(q) for q in range(state.players))
        food = 2 * state.players + (workers if ISLAND.levels[state.level].wheat_to_sail else 0)
        at_yards = sum(row[q * 8 + 5] for row in state.people for q in range(4))
        if slot < 4:
            kind = state.kinds[z][slot]
            y = 2 if slot < 2 else 1
            want = {"wood": 1.4 if state.wood < cap - 4 else 0.2,
                    "stone": 1.1 if state.stone < 4 else 0.3,
                    "wheat": 1.5 if state.wheat < food else 0.3}[kind]
            return y * want - 2.0 * self._threat(state, z, slot)
        if slot == 4:
            r = state.lava[z]
            need = 1 <= r <= 4 and state.dams[z][r] < DAM_SPOTS[r]
            return (2.6 if need and state.stone else 0.0) - 1.2 * self._threat(state, z, 4)
        if slot == 5:
            return (2.4 if state.wood > at_yards else 0.1) - 1.2 * self._threat(state, z, 4)
        if slot == 6:
            citizens = state.people[s][p + 1]
            here = state.people[s][p]
            return (2.0 if citizens and here <= 1 and state.round < 6 else 0.2) - 1.2 * self._threat(state, z, 4)
        return 0.0

    # -- the choices --------------------------------------------------------------------------
    def _move(self, state, seat, legal):
        best, gain = None, 0.3
        for a in legal:
            if isinstance(a, A.MoveWorker):
                g = self._value(state, a.player, a.dst) - self._value(state, a.player, a.src)
                if g > gain:
                    best, gain = a, g
        return best

    def _dice(self, state, seat, legal):
        def workers(p):
            return sum(row[p] for row in state.people)
        best = max((a for a in legal if isinstance(a, A.PlaceDie)), key=lambda a: workers(a.place), default=None)
        return best if best is not None and workers(best.place) else None

    def _build(self, state, seat, legal):
        boats = [a for a in legal if isinstance(a, A.BuildBoat)]
        if boats:
            return boats[0]
        dams = [a for a in legal if isinstance(a, A.BuildDam) and a.ring == state.lava[a.zone]]
        return dams[0] if dams else None

    def _volunteer(self, state, seat, legal):
        return next(a for a in legal if a.kind == "volunteer")

    def _evacuate(self, state, seat, legal):
        keep = 0
        if ISLAND.levels[state.level].wheat_to_sail:
            keep = sum(1 for s in range(state.players) if state.workers(s))
        if state.wheat and state.wheat <= keep and sum(state.lava) < 14:
            return None
        evac = [a for a in legal if isinstance(a, A.Evacuate)]
        if not evac:
            return None
        return min(evac, key=lambda a: (state.kos[a.player], -self._threat(state, a.place // 8, min(a.place % 8, 4))))

    def _pick_worst(self, state, legal):
        return min(legal, key=lambda a: self._value(state, a.player, a.place))

    def _sick(self, state, seat, legal):
        return self._pick_worst(state, legal)

    def _siesta(self, state, seat, legal):
        return self._pick_worst(state, legal)

    def _direction(self, state, seat, legal):
        return min(legal, key=lambda a: sum(row[a.zone * 8 + k] for row in state.people for k in range(8)))

    _stupor = _direction

    def _crevice(self, state, seat, legal):
        return max(legal, key=lambda a: sum(row[a.zone * 8 + k] for row in state.people for k in range(8)))

    _boat_gift = _crevice
    _home = _crevice

    def _rescue(self, state, seat, legal):
        return min(legal, key=lambda a: state.kos[a.player])


class PolicyTeam(Bot):
    """The team bot's rule of thumb alone (no search)."""

    name = "policy"

    def __init__(self) -> None:
        self.policy = TeamPolicy()

    def choose(self, game, state, seat, rng):
        return self.policy.choose(state, seat, game.legal_actions(state, seat))


def play_team(bot, players: int, level: str, seed: int) -> tuple[str, list[int], int]:
    """One game with ``bot`` in every seat: (outcome, saved per seat, rounds)."""
    game = Nisyros()
    state = game.new_state(players, NisyrosOptions(level=level), seed)
    rng = random.Random(seed ^ 0xB07)
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        game.apply(state, bot.choose(game, state, seat, rng), seat)
    return state.outcome, list(state.kos), state.round


def make_bot(spec: str):
    """A fresh team bot for ``spec`` ("random", "scripted", "search:N",
    "search:N@ITERATIONS")."""
    spec, _, its = spec.partition("@")
    kind, _, lv = spec.partition(":")
    if kind == "random":
        return RandomBot()
    if kind == "scripted":
        return ScriptedTeam()
    if kind == "policy":
        return PolicyTeam()
    if kind == "search":
        return SearchBot(level=int(lv or 1), seconds=1e9, iterations=int(its) if its else None)
    if kind == "team":
        bot = Nisyros().bot_for(int(lv or 3))
        bot.seconds = 1e9
        if its:
            bot.iterations = int(its)
        return bot
    raise SystemExit(f"unknown bot {spec!r}: use random, scripted, policy, search:N or team:N")


def cell(spec: str, games: int, players: int, level: str, seed: int) -> dict:
    """Play ``games`` seeded games of one bot, level and player count; the figures of the cell."""
    t0 = time.process_time()
    results = [play_team(make_bot(spec), players, level, seed + k) for k in range(games)]
    outs = [r[0] for r in results]
    saved = [x for r in results for x in r[1]]
    worst = [min(r[1]) for r in results]
    return {"bot": spec, "level": level, "players": players, "games": games,
            "defeat": outs.count("defeat"), "small": outs.count("small"), "big": outs.count("big"),
            "mean_saved": statistics.mean(saved),
            "se_saved": statistics.stdev(saved) / math.sqrt(len(saved)) if len(saved) > 1 else 0.0,
            "mean_worst": statistics.mean(worst), "rounds": statistics.mean(r[2] for r in results),
            "cpu_s_per_game": (time.process_time() - t0) / games}


def row_line(r: dict) -> str:
    return (f"{r['bot']:9} {r['level']:9} {r['players']}p  games {r['games']:4}  defeat {r['defeat']:4}  "
            f"small {r['small']:3}  big {r['big']:3}  saved/player {r['mean_saved']:4.2f} ±{r['se_saved']:4.2f}  "
            f"worst seat {r['mean_worst']:4.2f}  rounds {r['rounds']:4.1f}  cpu {r['cpu_s_per_game']:6.2f} s/game")


def wins(r: dict) -> float:
    return (r["small"] + r["big"]) / r["games"]


def rating(saved: float) -> str:
    """A word for a level's difficulty from the mean saved count per player
    of the strongest team bot measured (our scale: a victory needs 7)."""
    for floor, word in ((7, "easy"), (5, "fair"), (3, "hard"), (1.5, "very hard")):
        if saved >= floor:
            return word
    return "brutal"


def command_line() -> str:
    return "python benchmarks/nisyros_selfplay.py " + " ".join(sys.argv[1:])


def markdown(rows: list[dict], args, started: str, commit: str, command: str) -> str:
    """The tables of a run, in Markdown."""
    out = [f"Run {started}, commit `{commit}`, command(s):", "",
           "```", command, "```", "",
           "### Every cell", "",
           "| bot | level | players | games | defeat | small | big | saved / player | worst-off player | rounds |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['bot']} | {r['level'].title()} | {r['players']} | {r['games']} | {r['defeat']} | "
                   f"{r['small']} | {r['big']} | {r['mean_saved']:.2f} ± {r['se_saved']:.2f} | "
                   f"{r['mean_worst']:.2f} | {r['rounds']:.1f} |")
    by = {(r["bot"], r["level"], r["players"]): r for r in rows}
    searches = [b for b in args.bots if b.startswith(("search", "team"))]

    def saved(b: str, level: str, n: int) -> str:
        r = by.get((b, level, n))
        return f"{r['mean_saved']:.2f}" if r else "–"

    if searches and "random" in args.bots:
        out += ["", "### The search team against random play (mean saved per player)", "",
                "| level | players | random | " + " | ".join(searches) + " | margin of the best |",
                "|---|---|---|" + "---|" * len(searches) + "---|"]
        for level in args.levels:
            for n in args.players:
                vals = [by[(b, level, n)]["mean_saved"] for b in searches if (b, level, n) in by]
                margin = f"+{max(vals) - by[('random', level, n)]['mean_saved']:.2f}" if vals else "–"
                out.append(f"| {level.title()} | {n} | {saved('random', level, n)} | "
                           + " | ".join(saved(b, level, n) for b in searches) + f" | {margin} |")
    full = [b for b in searches if all((b, lv, n) in by for lv in args.levels for n in args.players)]
    best = (full or searches or args.bots)[-1]
    out += ["", f"### Difficulty by level (team of `{best}`: team wins, big wins, saved per player)", "",
            "| level | " + " | ".join(f"{n} players" for n in args.players) + " | strongest team bot | verdict |",
            "|---|" + "---|" * len(args.players) + "---|---|"]
    for level in args.levels:
        cells = [by.get((best, level, n)) for n in args.players]
        # the strongest bot measured at each player count, and the mean of their saved counts
        top = {n: max((b for b in args.bots if (b, level, n) in by), key=lambda b: by[(b, level, n)]["mean_saved"])
               for n in args.players}
        mean = statistics.mean(by[(top[n], level, n)]["mean_saved"] for n in args.players)
        who = ", ".join(f"{b} ({'/'.join(str(n) for n in args.players if top[n] == b)}p)"
                        for b in dict.fromkeys(top.values()))
        out.append(f"| {level.title()} | " + " | ".join(
            f"{wins(r):.0%} ({r['big'] / r['games']:.0%} big) · {r['mean_saved']:.1f}" if r else "–" for r in cells)
            + f" | {who}: {mean:.1f} saved | {rating(mean)} |")
    out += ["", "Verdict scale (mean saved per player by the strongest team bot; a small victory needs 7 "
            "for every player): 7+ easy, 5-7 fair, 3-5 hard, 1.5-3 very hard, below 1.5 brutal."]
    return "\n".join(out) + "\n"


def git_commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10).stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def tables_from(args) -> int:
    """The tables of runs saved with --json, merged; their bots, levels and
    player counts replace the arguments'."""
    runs = [json.loads(path.read_text()) for path in args.tables_from]
    rows = [r for run in runs for r in run["rows"]]
    args.bots = list(dict.fromkeys(r["bot"] for r in rows))
    args.levels = [lv for lv in LEVELS if any(r["level"] == lv for r in rows)]
    args.players = sorted({r["players"] for r in rows})
    text = markdown(rows, args, ", ".join(run["started"] for run in runs), ", ".join(run["commit"] for run in runs),
                    "\n".join(run.get("command", "(not saved)") for run in runs))
    print(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run in under a minute: 2 players, the "
                    "first level, 2 games a cell, 1 for the search bot at 200 iterations a move (figures mean nothing)")
    ap.add_argument("--games", type=int, default=20, help="games per cell for random and scripted")
    ap.add_argument("--search-games", type=int, default=None, help="games per cell for search bots (default --games)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=LEVELS, choices=LEVELS)
    ap.add_argument("--bots", nargs="+", default=["random", "scripted", "search:1"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write every cell's figures here")
    ap.add_argument("--markdown", type=Path, help="also write the tables here, in Markdown")
    ap.add_argument("--tables-from", type=Path, nargs="+", metavar="JSON",
                    help="print the tables of runs saved with --json (several: merged) instead of playing")
    args = ap.parse_args(argv)
    if args.tables_from:
        return tables_from(args)
    if args.quick:
        args.games, args.search_games = 2, 1
        args.players, args.levels = [2], args.levels[:1]
        args.bots = [f"{b}@200" if b.startswith("search") and "@" not in b else b for b in args.bots]
    for spec in args.bots:
        make_bot(spec)
    started = datetime.datetime.now().isoformat(timespec="minutes")
    commit = git_commit()
    print(f"Nisyros self-play, {started}, commit {commit}; search levels (iterations, no time limit): "
          + ", ".join(f"{b}={make_bot(b).iterations}" for b in args.bots if b.startswith("search")), flush=True)
    rows = []
    for spec in args.bots:
        games = args.search_games if spec.startswith(("search", "team")) and args.search_games else args.games
        for level in args.levels:
            for n in args.players:
                rows.append(cell(spec, games, n, level, args.seed))
                print(row_line(rows[-1]), flush=True)
                if args.json:  # after every cell, so a long run stopped early keeps what it measured
                    args.json.write_text(json.dumps({"started": started, "commit": commit,
                                                     "command": command_line(), "rows": rows}, indent=1))
    text = markdown(rows, args, started, commit, command_line())
    print()
    print(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
