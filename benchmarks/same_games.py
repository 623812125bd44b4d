"""Fingerprints of seeded random games, to show a speed change kept the rules.

For each game and seat count, plays ``--games`` seeded random games through
the checked path (``legal_actions``, ``apply``) and hashes every legal list,
every action, every log line, the sentence ``explain`` gives every seat
for a sample of the moves seen legal earlier, each seat's view at the end
and the final state; a second copy of each game is played on the search path (``clone``,
``play_silent``) and must reach the same final state. Run it on two trees
and compare the printed lines::

    PYTHONPATH=/work/wt/base python benchmarks/same_games.py > base.txt
    python benchmarks/same_games.py > mine.txt && diff base.txt mine.txt
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import sys

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.registry import games


def variants(game) -> list:
    """The default options, and each on/off option (default off) turned on."""
    out: list = [None]
    for name, field in game.options_model.model_fields.items():
        if field.annotation is bool and field.default is False:
            out.append(game.options_model(**{name: True}))
    return out


def fingerprint(game, players: int, n_games: int, seed: int, max_actions: int = 5000, options=None) -> str:
    h = hashlib.sha256()
    rng = random.Random(seed)
    probes: dict = {}  # every action seen legal so far, asked again later (the refusals' sentences)
    for _ in range(n_games):
        state = game.new_state(players, options, rng.getrandbits(48))
        shadow = game.clone(state)
        n = 0
        while not game.is_over(state) and n < max_actions:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            h.update(repr([a.model_dump() for a in legal]).encode())
            for a in legal:
                probes.setdefault(repr(a), a)
            if n % 5 == 0:
                for s in range(players):
                    for a in rng.sample(list(probes.values()), min(len(probes), 12)):
                        h.update(repr(game.explain(state, a, s)).encode())
            action = rng.choice(legal)
            for event in game.apply(state, action, seat):
                h.update(event.model_dump_json().encode())
            game.play_silent(shadow, action, seat)
            if n % 7 == 0:  # the search's copies, part way
                shadow = game.clone(shadow)
            n += 1
        for s in [None, *range(players)]:
            h.update(game.view(state, s).model_dump_json().encode())
        h.update(state.model_dump_json().encode())
        if shadow.model_dump() != state.model_dump():
            raise SystemExit(f"{game.id} {players}p: play_silent and apply reached different states")
        if game.is_over(state):
            h.update(game.result(state).model_dump_json().encode())
    return h.hexdigest()[:16]


def search_fingerprint(game, players: int, positions: int, iterations: int, seed: int) -> str:
    """The level-3 bot's ranking (moves, visits, values) at seeded
    positions of random games, with a fixed number of iterations: the bot's
    path (``determinize``, ``search_actions``, ``play_silent``,
    ``heuristics``) must choose as before."""
    from tabletop_tui.engine.bots import SearchBot

    h = hashlib.sha256()
    rng = random.Random(seed)
    done = 0
    while done < positions:
        state = game.new_state(players, None, rng.getrandbits(48))
        for _ in range(rng.randrange(5, 60)):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        if game.is_over(state):
            continue
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) < 2:
            continue
        bot = game.bot_for(3) or SearchBot(level=3)  # the game's own level-3 bot, as at a table
        bot.iterations, bot.seconds, bot.wall_factor = iterations, 1e9, math.inf
        for m in bot.rank(game, game.clone(state), seat, random.Random(done)):
            h.update(f"{m.action!r} {m.visits} {m.value:.9f}".encode())
        done += 1
    return h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30, help="games per game and seat count (default 30)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--search", type=int, default=0, metavar="N",
                    help="also rank N seeded positions with a level-3 search of 300 iterations")
    ap.add_argument("--only", help="comma-separated game ids (default: all)")
    args = ap.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else None
    for game in games():
        if wanted and game.id not in wanted:
            continue
        for p in range(game.min_players, game.max_players + 1):
            for options in variants(game):
                label = "" if options is None else " " + options.model_dump_json()
                try:
                    game.new_state(p, options, 0)
                except IllegalAction:  # an option not for this many seats
                    continue
                print(f"{game.id} {p}p{label} {fingerprint(game, p, args.games, args.seed, options=options)}",
                      flush=True)
            if args.search:
                print(f"{game.id} {p}p search {search_fingerprint(game, p, args.search, 300, args.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
