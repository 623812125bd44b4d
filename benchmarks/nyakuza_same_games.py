"""Nyakuza: do two trees play the same games? A digest of seeded random games.

Plays seeded random games at every seat count, with and without the
secret-tile variant, through the checked path (``apply``, its events) and
the search's unchecked one (``play_silent``), and digests what a player
could notice: every action chosen from ``legal_actions``, every event, the
refusal sentence of a random Place / Bid / Erect / PlaySecret / Pass at each
step, every seat's view and the search bot's estimate at some steps, and the
final state and result.
Run it on two trees and compare the lines (the speed work must not change
the rules' behaviour)::

    PYTHONPATH=/path/to/base python benchmarks/nyakuza_same_games.py
    python benchmarks/nyakuza_same_games.py
"""

from __future__ import annotations

import argparse
import hashlib
import random

from tabletop_tui.engine.registry import get
from tabletop_tui.games.nyakuza.actions import Bid, Erect, Pass, Place, PlaySecret


def _probe(rng: random.Random):
    """A random input, legal or not."""
    k = rng.randrange(6)
    if k < 3:
        return Place(space=rng.randrange(110))
    if k == 3:
        return Bid(shells=rng.randrange(30))
    if k == 4:
        return Erect(palm=rng.randrange(110), tiles=(rng.randrange(110),))
    return PlaySecret() if rng.random() < 0.5 else Pass()


def digest(players: int, secret: bool, games: int, silent: bool, seed: int) -> str:
    game = get("nyakuza")
    opts = game.parse_options({"secret_tiles": secret})
    h = hashlib.sha256()
    rng = random.Random(seed * 1000 + players * 10 + secret)
    for _ in range(games):
        state = game.new_state(players, opts, rng.getrandbits(48))
        step = 0
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            probe = _probe(rng)
            h.update(repr((step, seat, probe, game.explain(state, probe, seat))).encode())
            legal = game.legal_actions(state, seat)
            action = rng.choice(legal)
            h.update(repr((legal, action)).encode())
            if silent:
                game.play_silent(state, action, seat)
            else:
                h.update(repr([e.model_dump() for e in game.apply(state, action, seat)]).encode())
            if step % 17 == 0:
                for s in [None, *range(players)]:
                    h.update(game.view(state, s).model_dump_json().encode())
                h.update(repr(game.heuristics(state)).encode())  # the search bot's estimate
            step += 1
        h.update(state.model_dump_json().encode())
        h.update(game.result(state).model_dump_json().encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per configuration")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for players in (2, 3, 4):
        for secret in ((False, True) if players > 2 else (False,)):
            for silent in (False, True):
                path = "play_silent" if silent else "apply"
                print(f"{players}p secret={secret!s:5} {path:11} {digest(players, secret, args.games, silent, args.seed)}")


if __name__ == "__main__":
    main()
