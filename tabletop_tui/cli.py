"""The `tabletop` command."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from tabletop_tui import __version__
from tabletop_tui.engine.errors import IllegalAction, SaveError
from tabletop_tui.engine.registry import catalogue, get

# The rules models, pydantic and Textual are imported only by the commands that
# need them, so `tabletop` opens its picker quickly.

DEFAULT_NAMES = ["Ana", "Ben", "Cara", "Dan"]


class UsageError(Exception):
    """A bad command line: printed with the usage, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with a plain message
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {message}\n")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tabletop", description="Five tabletop games in the terminal. "
                "With no command, opens the game picker.")
    p.add_argument("--version", action="version", version=f"tabletop-tui {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    sub.add_parser("list", help="list the games")

    play = sub.add_parser("play", help="start a game straight away")
    play.add_argument("game")
    play.add_argument("--players", type=_positive, help="number of seats")
    play.add_argument("--names", help="comma-separated player names, e.g. Ana,Ben")
    play.add_argument("--bot", action="append", default=[], metavar="KIND[:LEVEL]",
                      help="fill the next seat (after seat 1) with a bot: random, search, search:1..3; "
                           "repeat for more bots")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option, e.g. shaman=true (see `tabletop rules GAME`)")
    play.add_argument("--seed", type=_seed)
    play.add_argument("--watch", action="store_true",
                      help="every seat is a bot (the --bot kinds in turn, else search:1): watch a game")

    rules = sub.add_parser("rules", help="print a game's rules page")
    rules.add_argument("game")

    load = sub.add_parser("load", help="resume a saved game from a file")
    load.add_argument("file")

    sim = sub.add_parser("simulate", help="play headless bot games and print statistics")
    sim.add_argument("game")
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=_seed, default=0)
    sim.add_argument("--players", type=_positive)
    sim.add_argument("--bots", choices=["random", "search"], default="random")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    from tabletop_tui.net.command import add_parser as add_serve

    add_serve(sub, _positive, _seed)
    return p


def _options(game, pairs: list[str]):
    data: dict[str, object] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--option wants NAME=VALUE, not {pair!r}")
        k, v = pair.split("=", 1)
        low = v.strip().lower()
        data[k.strip()] = True if low in ("true", "yes", "on") else False if low in ("false", "no", "off") else v
    try:
        return game.parse_options(data)
    except IllegalAction as err:
        raise UsageError(err.reason) from None


def _seats(game, players: int | None, names: str | None, bots: list[str],
           watch: bool = False) -> list:
    from tabletop_tui.engine.match import SeatConfig

    n = players or max(game.min_players, min(game.max_players, len(bots) + (0 if watch else 1)))
    if watch:
        kinds = bots or ["search:1"]
        bots = [kinds[i % len(kinds)] for i in range(n)]
        n_bots_from = 0
    else:
        n_bots_from = 1
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"{game.title} is for {game.min_players}-{game.max_players} players, not {n}")
    if len(bots) > n - n_bots_from:
        raise UsageError(f"{len(bots)} bots do not fit beside a human in {n} seats")
    given = [s.strip() for s in names.split(",")] if names else []
    if len(given) > n:
        raise UsageError(f"{len(given)} names for {n} seats")
    seats = []
    for i in range(n):
        name = given[i] if i < len(given) and given[i] else DEFAULT_NAMES[i]
        bot, level = None, 2
        if n_bots_from <= i < n_bots_from + len(bots):
            spec = bots[i - n_bots_from]
            kind, _, lv = spec.partition(":")
            if kind not in ("random", "search"):
                raise UsageError(f"unknown bot {kind!r}: use random or search")
            bot = kind
            if lv:
                if lv not in ("1", "2", "3"):
                    raise UsageError(f"bot level must be 1, 2 or 3, not {lv!r}")
                level = int(lv)
        try:
            seats.append(SeatConfig(name=name, bot=bot, level=level))
        except Exception:
            raise UsageError(f"the name {name!r} is not allowed (1-24 characters)") from None
    return seats


def _run_app(**kwargs) -> int:
    from tabletop_tui.ui.app import TabletopApp

    TabletopApp(**kwargs).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return _run_app()
        if args.command == "list":
            for g in catalogue():
                lo, hi = g.min_players, g.max_players
                count = f"{lo}" if lo == hi else f"{lo}-{hi}"
                print(f"{g.id:<10} {g.title:<10} {count:>3} players  {g.blurb}")
            return 0
        if args.command == "rules":
            from tabletop_tui.resources import rules_markdown

            print(rules_markdown(get(args.game).id))
            return 0
        if args.command == "load":
            from tabletop_tui.engine.match import Match

            try:
                match = Match.load(args.file)
            except SaveError as err:
                print(f"tabletop: cannot load: {err.reason}", file=sys.stderr)
                return 1
            return _run_app(match=match)
        if args.command == "play":
            from tabletop_tui.engine.match import Match

            game = get(args.game)
            seats = _seats(game, args.players, args.names, args.bot, args.watch)
            opts = _options(game, args.option)
            return _run_app(match=Match(game, seats, opts, args.seed))
        if args.command == "serve":
            from tabletop_tui.net.command import run as serve

            return serve(args, UsageError)
        if args.command == "simulate":
            from tabletop_tui.simulate import simulate

            game = get(args.game)
            players = args.players or game.min_players
            if not game.min_players <= players <= game.max_players:
                raise UsageError(f"{game.title} is for {game.min_players}-{game.max_players} players, not {players}")
            out = simulate(game, args.games, args.seed, players, args.bots, _options(game, args.option))
            if args.json:
                print(json.dumps(out))
            else:
                for k, v in out.items():
                    print(f"{k:>18}: {v}")
            return 0
    except UsageError as err:
        parser.print_usage(sys.stderr)
        print(f"tabletop: {err}", file=sys.stderr)
        return 2
    except IllegalAction as err:
        parser.print_usage(sys.stderr)
        print(f"tabletop: {err.reason}", file=sys.stderr)
        return 2
    parser.print_help()
    return 2


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
