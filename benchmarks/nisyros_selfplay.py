#!/usr/bin/env python3
"""Nisyros difficulty table: self-play of a whole team of bots per level.

    python benchmarks/nisyros_selfplay.py --games 10 --players 2 3 4 --levels achilles heracles zeus

For each level and player count it plays seeded games with every seat taken
by the same bot (``random`` or ``search`` at a level) and prints the outcome
distribution (defeat / small / big victory) and the mean saved count per
player, like a publisher's difficulty table. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.engine.bots import Bot, RandomBot, SearchBot  # noqa: E402
from tabletop_tui.games.nisyros import actions as A  # noqa: E402
from tabletop_tui.games.nisyros.data import DAM_SPOTS, ISLAND  # noqa: E402
from tabletop_tui.games.nisyros.rules import Nisyros, NisyrosOptions  # noqa: E402


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


def play_team(bot, players: int, level: str, seed: int) -> tuple[str, list[int], int]:
    """One game with ``bot`` in every seat: (outcome, saved per seat, rounds)."""
    game = Nisyros()
    state = game.new_state(players, NisyrosOptions(level=level), seed)
    rng = random.Random(seed ^ 0xB07)
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        game.apply(state, bot.choose(game, state, seat, rng), seat)
    return state.outcome, list(state.kos), state.round


def table(bot_name: str, make_bot, games: int, players: list[int], levels: list[str], seed: int) -> list[dict]:
    rows = []
    for level in levels:
        for n in players:
            t0 = time.process_time()
            results = [play_team(make_bot(), n, level, seed + k) for k in range(games)]
            outs = [r[0] for r in results]
            saved = [x for r in results for x in r[1]]
            rows.append({"bot": bot_name, "level": level, "players": n, "games": games,
                         "defeat": outs.count("defeat"), "small": outs.count("small"), "big": outs.count("big"),
                         "mean_saved": statistics.mean(saved), "min_saved": statistics.mean(min(r[1]) for r in results),
                         "rounds": statistics.mean(r[2] for r in results),
                         "cpu_s_per_game": (time.process_time() - t0) / games})
            r = rows[-1]
            print(f"{bot_name:10} {level:9} {n}p  games {games:3}  defeat {r['defeat']:3}  small {r['small']:3}  "
                  f"big {r['big']:3}  saved/player {r['mean_saved']:4.1f}  worst seat {r['min_saved']:4.1f}  "
                  f"rounds {r['rounds']:4.1f}  cpu {r['cpu_s_per_game']:6.2f} s/game", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--levels", nargs="+", default=["achilles", "heracles", "zeus"])
    ap.add_argument("--bots", nargs="+", default=["random", "scripted", "search:1"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for spec in args.bots:
        kind, _, lv = spec.partition(":")
        if kind == "random":
            table(spec, RandomBot, args.games, args.players, args.levels, args.seed)
        elif kind == "scripted":
            table(spec, ScriptedTeam, args.games, args.players, args.levels, args.seed)
        else:
            level = int(lv or 1)
            table(spec, lambda: SearchBot(level=level, seconds=1e9), args.games, args.players, args.levels,
                  args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
