"""Draft a tutorial's script: the shortest seeded random game found in which
the newcomer's seat makes every kind of move the game has.

    python tools/tutorial_draft.py tiki --option shaman=true --skip pass --tries 20000

Prints a draft ``assets/tutorials/<game>.json`` on stdout: every step's
action, the newcomer's steps with their phrase as a placeholder ``say`` and
an empty ``why``, for the author to write in the game's words. The test of
the tutorials checks the finished file plays through by keys.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine import registry  # noqa: E402


def draft(game_id: str, players: int, options: dict, you: int, skip: set[str], tries: int,
          max_moves: int, seed0: int) -> dict | None:
    game = registry.get(game_id)
    kinds = {c.model_fields["kind"].default for c in game.action_classes()} - skip
    best = None
    for t in range(tries):
        seed = seed0 + t
        state = game.new_state(players, game.parse_options(options), seed)
        rng = random.Random(seed * 7 + 1)
        steps, seen = [], set()
        while not game.is_over(state) and len(steps) < max_moves:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if seat == you:  # prefer a kind not made yet
                fresh = [a for a in legal if a.kind not in seen and a.kind in kinds]
                action = rng.choice(fresh or legal)
                seen.add(action.kind)
            else:
                action = rng.choice(legal)
            label = game.describe_action(state, action, seat)
            game.apply(state, action, seat)
            steps.append({"seat": seat, "action": action.model_dump(mode="json"),
                          "say": label if seat == you else "", "why": ""})
            if seen >= kinds:
                break
        if seen >= kinds and (best is None or len(steps) < len(best["steps"])):
            best = {"seed": seed, "steps": steps}
    return best


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--you", type=int, default=0)
    p.add_argument("--skip", action="append", default=[], help="a kind a short game cannot reach")
    p.add_argument("--tries", type=int, default=2000)
    p.add_argument("--max-moves", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    options = {}
    for pair in args.option:
        k, _, v = pair.partition("=")
        options[k] = {"true": True, "false": False}.get(v.lower(), v)
    found = draft(args.game, args.players, options, args.you, set(args.skip), args.tries,
                  args.max_moves, args.seed)
    if found is None:
        print("no game within the limits made every kind of move; raise --tries or --max-moves",
              file=sys.stderr)
        return 1
    names = ["You", "Ben", "Cara", "Dan"][: args.players]
    out = {"game": args.game, "title": f"Learn {registry.get(args.game).title}", "intro": "",
           "seed": found["seed"], "options": options, "names": names, "you": args.you,
           "steps": found["steps"], "end": "", "explained": {k: "" for k in args.skip}}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
