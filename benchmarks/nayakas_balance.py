#!/usr/bin/env python3
"""Nayakas balance check by search-bot self-play (figures, not pass/fail).

    python benchmarks/nayakas_balance.py --players 4 --games 40
    python benchmarks/nayakas_balance.py --players 2 3 4 --games 30 --json out.json
    python benchmarks/nayakas_balance.py --players 4 --games 100 --log games4.jsonl
    python benchmarks/nayakas_balance.py --summarise games4.jsonl more4.jsonl

``--log`` appends one JSON line per finished game as it ends (so a long run
can be stopped and its games still counted, or run in parts with different
``--seed``s); ``--summarise`` reports on such files without playing.

Every seat is a ``SearchBot`` (engine/bots.py) with a small budget. Kingdoms
are dealt so that each one sits at each seat equally often (4 players: the
four rotations; 2-3 players: random kingdom sets and orders from the seed),
and seat 0 always starts with the Conch, so kingdom and first-player
effects are measured apart. Prints, per player count: each kingdom's win
rate with a 95% Wilson interval (shared wins split), mean Prosperity per
kingdom, the first player's win rate against a fair share, the mean game
length in rounds, which end condition fired, and how often each
development card was played; and whether every kingdom's win rate at 4
players lies within 10 points of the fair share.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop_tui.engine.bots import SearchBot  # noqa: E402
from tabletop_tui.games.nayakas.data import C, KINGDOMS  # noqa: E402
from tabletop_tui.games.nayakas.rules import Nayakas  # noqa: E402
from tabletop_tui.games.nayakas.state import NayakasOptions  # noqa: E402

GAME = Nayakas()


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (wins may be fractional)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def deal(players: int, game: int, rng: random.Random) -> list[str]:
    if players == 4:
        return [KINGDOMS[(game + i) % 4] for i in range(4)]
    ks = rng.sample(KINGDOMS, players)
    return ks


def play_one(players: int, kingdoms: list[str], seed: int, iterations: int, playout: int) -> dict:
    st = GAME.new_state(players, NayakasOptions(kingdoms=kingdoms), seed)
    bot = SearchBot(iterations=iterations, seconds=30.0, playout_limit=playout)
    rng = random.Random(seed)
    moves = 0
    played: list[tuple[str, str]] = []  # (kingdom, card) in the order played
    used: Counter = Counter()  # "kingdom:space" -> placements there
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        action = legal[0] if len(legal) == 1 else bot.choose(GAME, st, seat, rng)
        if action.kind == "card":
            played.append((kingdoms[seat], action.card))
        elif action.kind == "place":
            used[f"{kingdoms[seat]}:{action.space}"] += 1
        GAME.apply(st, action, seat)
        moves += 1
    res = GAME.result(st)
    return {"players": players, "seed": seed, "kingdoms": kingdoms, "winners": res.winners,
            "scores": {k: st.final[s]["total"] for s, k in enumerate(kingdoms)},
            "rounds": st.round, "end": st.end_reason, "cards": list(st.dev_discard), "moves": moves,
            "tracker": st.tracker, "parts": {k: st.final[s] for s, k in enumerate(kingdoms)},
            "played": played, "spaces": dict(used)}


def summarise(players: int, games: list[dict]) -> dict:
    n = len(games)
    wins: Counter = Counter()
    seated: Counter = Counter()
    score: defaultdict = defaultdict(list)
    parts: defaultdict = defaultdict(Counter)
    first = 0.0
    for g in games:
        for k in g["kingdoms"]:
            seated[k] += 1
        for w in g["winners"]:
            wins[g["kingdoms"][w]] += 1 / len(g["winners"])
            if w == 0:
                first += 1 / len(g["winners"])
        for k, v in g["scores"].items():
            score[k].append(v)
        for k, p in g["parts"].items():
            parts[k].update(p)
    kingdoms = {}
    for k in KINGDOMS:
        if seated[k]:
            lo, hi = wilson(wins[k], seated[k])
            kingdoms[k] = {"games": seated[k], "win_rate": wins[k] / seated[k], "ci95": [lo, hi],
                           "mean_prosperity": sum(score[k]) / len(score[k]),
                           "mean_parts": {part: v / seated[k] for part, v in parts[k].items() if part != "total"}}
    lo, hi = wilson(first, n)
    cards: Counter = Counter(c for g in games for _, c in g["played"])
    card_wins: Counter = Counter()
    for g in games:
        won = {g["kingdoms"][w]: 1 / len(g["winners"]) for w in g["winners"]}
        for k, c in g["played"]:
            card_wins[c] += won.get(k, 0.0)
    ends = Counter("tracker" if "Tracker" in g["end"] else "events" for g in games)
    fair = 1 / players
    return {"players": players, "games": n, "fair_share": fair, "kingdoms": kingdoms,
            "within_10_points": all(abs(v["win_rate"] - fair) <= 0.10 for v in kingdoms.values()),
            "first_player": {"win_rate": first / n, "ci95": [lo, hi], "advantage": first / n - fair},
            "mean_rounds": sum(g["rounds"] for g in games) / n,
            "mean_moves": sum(g["moves"] for g in games) / n,
            "mean_tracker": sum(g["tracker"] for g in games) / n,
            "end_conditions": dict(ends),
            "cards_played": {C.card[c].name: cards[c] for c, _ in cards.most_common()},
            "card_player_won": {C.card[c].name: card_wins[c] / cards[c] for c, _ in cards.most_common()},
            "cards_per_game": sum(cards.values()) / n,
            "mean_parts": {part: sum(p[part] for g in games for p in g["parts"].values()) / (n * players)
                           for part in ("temples", "face_down", "purple", "tokens", "cards", "total")}}


def report(s: dict) -> str:
    out = [f"== {s['players']} players, {s['games']} games (fair share {s['fair_share']:.0%}) =="]
    for k, v in s["kingdoms"].items():
        lo, hi = v["ci95"]
        mp = v["mean_parts"]
        out.append(f"  {C.kingdom(k).name:10s} win {v['win_rate']:6.1%}  95% CI [{lo:5.1%}, {hi:5.1%}]  "
                   f"mean Prosperity {v['mean_prosperity']:5.1f} (temples {mp.get('temples', 0):.1f}, "
                   f"face down {mp.get('face_down', 0):.1f}, purple {mp.get('purple', 0):.1f}, "
                   f"tokens {mp.get('tokens', 0):.1f}, cards {mp.get('cards', 0):.1f})  ({v['games']} games)")
    verdict = "yes" if s["within_10_points"] else "NO"
    out.append(f"  every kingdom within 10 points of {s['fair_share']:.0%}: {verdict}")
    fp = s["first_player"]
    out.append(f"  first player (seat 1, Conch) win {fp['win_rate']:.1%} [{fp['ci95'][0]:.1%}, {fp['ci95'][1]:.1%}]"
               f", {fp['advantage']:+.1%} against a fair share")
    out.append(f"  mean rounds {s['mean_rounds']:.2f}; end: {s['end_conditions']}; mean Building Tracker "
               f"{s['mean_tracker']:.1f}; mean moves {s['mean_moves']:.0f}")
    out.append("  mean Prosperity parts: " + ", ".join(f"{k} {v:.1f}" for k, v in s["mean_parts"].items()))
    out.append(f"  cards played ({s['cards_per_game']:.1f} a game; count, and how often its player won): "
               + ", ".join(f"{k} {v} ({s['card_player_won'][k]:.0%})" for k, v in s["cards_played"].items()))
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run in under a minute: 2 players, "
                    "2 games, 10 iterations a move (figures mean nothing)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--playout", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="write the summaries here")
    ap.add_argument("--log", type=Path, help="append one JSON line per game here as it ends")
    ap.add_argument("--summarise", type=Path, nargs="+", help="report on these --log files; play nothing")
    args = ap.parse_args()
    if args.quick:
        args.players, args.games, args.iterations = [2], 2, 10
    by_players: dict[int, list[dict]] = defaultdict(list)
    if args.summarise:
        for path in args.summarise:
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    g = json.loads(line)
                    by_players[g["players"]].append(g)
    else:
        print(f"Bots: SearchBot(iterations={args.iterations}, playout_limit={args.playout}) at every seat "
              f"(engine/bots.py, playouts cut short by Nayakas.heuristic)", flush=True)
        for players in args.players:
            rng = random.Random(args.seed * 100 + players)
            t0 = time.perf_counter()
            for i in range(args.games):
                ks = deal(players, i, rng)
                g = play_one(players, ks, rng.getrandbits(32), args.iterations, args.playout)
                by_players[players].append(g)
                if args.log:
                    with args.log.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(g) + "\n")
                print(f"  game {i + 1}/{args.games}: {[C.kingdom(k).name for k in ks]} winners "
                      f"{[ks[w] for w in g['winners']]} rounds {g['rounds']} "
                      f"({time.perf_counter() - t0:.0f}s)", file=sys.stderr, flush=True)
    summaries = [summarise(p, gs) for p, gs in sorted(by_players.items())]
    for s in summaries:
        print(report(s), flush=True)
    if args.json:
        args.json.write_text(json.dumps(summaries, indent=1))


if __name__ == "__main__":
    main()
