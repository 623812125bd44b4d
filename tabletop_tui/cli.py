"""The `tabletop` command.

Bad arguments (and files that are not saves) print the usage and exit 2;
an unexpected error writes ``crash.log`` and exits 1 with one sentence;
output to a closed pipe (``| head``) or an ASCII-only terminal never ends
in a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Callable, Sequence

from tabletop_tui import __version__
from tabletop_tui.engine.errors import IllegalAction, SaveError
from tabletop_tui.engine.registry import catalogue, get

# The rules models, pydantic and Textual are imported only by the commands that
# need them, so `tabletop` opens its picker quickly.

DEFAULT_NAMES = ["Ana", "Ben", "Cara", "Dan"]
#: the most games one `tabletop simulate` plays
MAX_SIMULATED_GAMES = 100_000


class UsageError(Exception):
    """A bad command line: printed with the usage, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """exits 2 with a plain message; ``lazy_epilog`` is called for the
    epilog only when the help is shown (it may load every game)."""

    def __init__(self, *args, lazy_epilog: Callable[[], str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._lazy_epilog = lazy_epilog

    def format_help(self) -> str:
        if self._lazy_epilog is not None:
            self.epilog, self._lazy_epilog = self._lazy_epilog(), None
        return super().format_help()

    def error(self, message: str) -> None:  # exit 2 with a plain message
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {message}\n")


def _shown(text: str) -> str:
    from tabletop_tui.engine.outside_text import quote

    return quote(text, 30)


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number") from None


def _positive(text: str) -> int:
    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def _game_count(text: str) -> int:
    n = _positive(text)
    if n > MAX_SIMULATED_GAMES:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIMULATED_GAMES:,}".replace(",", " "))
    return n


def _seed(text: str) -> int:
    n = _whole(text)
    if n < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    if n >= 2 ** 63:
        raise argparse.ArgumentTypeError("must be below 2**63")
    return n


def _pace(text: str) -> int:
    n = _whole(text)
    if not 1 <= n <= 5:
        raise argparse.ArgumentTypeError("must be 1 (slowest) to 5 (fastest)")
    return n


def _options_epilog() -> str:
    """Every game's options, for `tabletop play --help`."""
    from tabletop_tui.engine.options_text import options_text
    from tabletop_tui.engine.registry import games

    out = ["options of each game (--option NAME=VALUE):"]
    for g in games():
        text = options_text(g.options_model)
        out.append(f"  {g.id}:")
        out.extend(f"    {line}" for line in (text.splitlines() or ["(none)"]))
    return "\n".join(out)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tabletop", description="Five tabletop games in the terminal. "
                "With no command, opens the game picker.")
    p.add_argument("--version", action="version", version=f"tabletop-tui {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    sub.add_parser("list", help="list the games")

    play = sub.add_parser("play", help="start a game straight away", lazy_epilog=_options_epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game")
    play.add_argument("--players", type=_positive, help="number of seats")
    play.add_argument("--names", help="comma-separated player names, e.g. Ana,Ben")
    play.add_argument("--bot", action="append", default=[], metavar="KIND[:LEVEL]",
                      help="fill the next seat (after seat 1) with a bot: random, search, search:1..3; "
                           "repeat for more bots")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option, e.g. shaman=true (each game's options are listed below)")
    play.add_argument("--seed", type=_seed)
    play.add_argument("--no-coach", action="store_true",
                      help="the coach does not point out slips after a move (h still asks it)")
    play.add_argument("--watch", action="store_true",
                      help="every seat is a bot (the --bot kinds in turn, else search:1): watch a game")

    rules = sub.add_parser("rules", help="print a game's rules page")
    rules.add_argument("game")

    load = sub.add_parser("load", help="resume a saved game from a file")
    load.add_argument("file")

    demo = sub.add_parser("demo", help="watch bots play a game, each move explained by its rule")
    demo.add_argument("game")
    demo.add_argument("--players", type=_positive, help="number of seats")
    demo.add_argument("--seed", type=_seed)
    demo.add_argument("--pace", type=_pace, default=3, help="1 (slowest) to 5 (fastest); 3 by default")

    replay = sub.add_parser("replay", help="step through a saved game, finished or not")
    replay.add_argument("file")

    tutorial = sub.add_parser("tutorial", help="learn a game by playing a short guided game")
    tutorial.add_argument("game")

    sim = sub.add_parser("simulate", help="play headless bot games and print statistics")
    sim.add_argument("game")
    sim.add_argument("--games", type=_game_count, default=100,
                     help=f"how many games (1 to {MAX_SIMULATED_GAMES})")
    sim.add_argument("--seed", type=_seed, default=0)
    sim.add_argument("--players", type=_positive)
    sim.add_argument("--bots", default="random", metavar="BOT[,BOT...]",
                     help="one bot per seat (random, search, search:1..3), or one for every seat; "
                          "e.g. --bots search:3,random,random")
    sim.add_argument("--iterations", type=_positive, metavar="N",
                     help="search bots think exactly N iterations a move instead of their level's "
                          "time budget (the same seed then gives the same games)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    from tabletop_tui.net.command import add_parser as add_serve

    add_serve(sub, _positive, _seed)
    from tabletop_tui.net.names_tool import add_parser as add_names

    add_names(sub)
    p.set_defaults(_commands=sub.choices)
    return p


def _usage_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser whose usage fits a refused command line: the subcommand's."""
    return getattr(args, "_commands", {}).get(args.command) or parser


def _options(game, pairs: list[str]):
    data: dict[str, object] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--option wants NAME=VALUE, not {_shown(pair)}")
        k, v = pair.split("=", 1)
        low = v.strip().lower()
        data[k.strip()] = True if low in ("true", "yes", "on") else False if low in ("false", "no", "off") else v
    try:
        return game.parse_options(data)
    except IllegalAction as err:
        raise UsageError(err.reason) from None


def _count_problem(game, n: int) -> str | None:
    from tabletop_tui.engine.registry import GameInfo

    if game.min_players <= n <= game.max_players:
        return None
    count = GameInfo(game.id, game.title, game.min_players, game.max_players).players_text
    return f"{game.title} is for {count}, not {n}"


def _seats(game, players: int | None, names: str | None, bots: list[str],
           watch: bool = False) -> list:
    from tabletop_tui.engine.match import SeatConfig
    from tabletop_tui.engine.outside_text import names_problem
    from tabletop_tui.simulate import BotSpecError, parse_bot

    n = players or max(game.min_players, min(game.max_players, len(bots) + (0 if watch else 1)))
    if watch:
        kinds = bots or ["search:1"]
        bots = [kinds[i % len(kinds)] for i in range(n)]
        n_bots_from = 0
    else:
        n_bots_from = 1
    why = _count_problem(game, n)
    if why:
        raise UsageError(why)
    if len(bots) > n - n_bots_from:
        raise UsageError(f"{len(bots)} bots do not fit beside a human in {n} seats")
    given = [s.strip() for s in names.split(",")] if names is not None else []
    if names is not None and not any(given):
        raise UsageError("--names holds no name: give them separated by commas, e.g. --names Ana,Ben")
    if "" in given:
        raise UsageError(f"--names has an empty name (name {given.index('') + 1}): "
                         "give each seat a name, e.g. --names Ana,Ben")
    if len(given) > n:
        raise UsageError(f"{len(given)} names for {n} seats")
    chosen = given + [d for d in DEFAULT_NAMES if d.casefold() not in {g.casefold() for g in given}]
    why = names_problem(chosen[:n])
    if why:
        raise UsageError(why)
    seats = []
    for i in range(n):
        name = chosen[i]
        bot, level = None, 2
        if n_bots_from <= i < n_bots_from + len(bots):
            try:
                bot, level = parse_bot(bots[i - n_bots_from])
            except BotSpecError as err:
                raise UsageError(str(err)) from None
        seats.append(SeatConfig(name=name, bot=bot, level=level))
    return seats


def run_app(app, **run_kwargs) -> int:
    """Run the Textual ``app``; returns its exit code. After a crash (see
    ui.app) that is 1, and the app's one sentence is printed on stderr."""
    app.run(**run_kwargs)
    note = getattr(app, "exit_note", None)
    if note:
        print(note)
    message = getattr(app, "crash_message", None)
    if message:
        print(message, file=sys.stderr)
        return app.return_code or 1
    return app.return_code or 0


def _run_app(**kwargs) -> int:
    from tabletop_tui.ui.app import TabletopApp

    return run_app(TabletopApp(**kwargs))


_PLACEHOLDER = re.compile(r"\{s(\d)\}")


def _plain(text: str) -> str:
    """A message for the terminal: seat placeholders named, never raw."""
    return _PLACEHOLDER.sub(lambda m: f"seat {int(m.group(1)) + 1}", text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `tabletop` command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _command(parser, args)
    except UsageError as err:
        _usage_of(parser, args).print_usage(sys.stderr)
        print(f"tabletop: {_plain(str(err))}", file=sys.stderr)
        return 2
    except IllegalAction as err:
        _usage_of(parser, args).print_usage(sys.stderr)
        print(f"tabletop: {_plain(err.reason)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise
    except Exception as err:  # a bug: a log and one sentence, never a traceback
        from tabletop_tui.engine.crash import crash_sentence

        print(crash_sentence(err), file=sys.stderr)
        return 1


def _command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Do what ``args`` ask; UsageError / IllegalAction for bad arguments."""
    if args.command is None:
        return _run_app()
    if args.command == "serve":
        from tabletop_tui.net.command import run as serve

        return serve(args, UsageError)
    if args.command == "names":
        from tabletop_tui.net.names_tool import run as names

        return names(args, UsageError)
    if args.command == "list":
        for g in catalogue():
            lo, hi = g.min_players, g.max_players
            count = f"{lo}" if lo == hi else f"{lo}-{hi}"
            print(f"{g.id:<10} {g.title:<10} {count:>3} players  {g.blurb}")
        return 0
    if args.command == "rules":
        from tabletop_tui.engine.options_text import with_options
        from tabletop_tui.resources import rules_markdown

        game = get(args.game)
        print(with_options(rules_markdown(game.id), game.options_model))
        return 0
    if args.command == "load":
        from tabletop_tui.engine.match import Match

        try:
            match = Match.load(args.file)
        except SaveError as err:  # a file that is not a save is a bad argument
            raise UsageError(f"cannot load: {err.reason}") from None
        return _run_app(match=match)
    if args.command == "demo":
        from tabletop_tui.engine.demo import demo_match

        game = get(args.game)
        demo_match(game.id, args.players, args.seed)  # a bad seat count is a bad argument
        return _run_app(start=lambda app: app.start_demo(game.id, args.players, args.seed, args.pace - 1))
    if args.command == "replay":
        from tabletop_tui.engine.match import Match

        try:
            match = Match.load(args.file, autosave=False)
        except SaveError as err:
            raise UsageError(f"cannot replay: {err.reason}") from None
        return _run_app(start=lambda app: app.start_replay(match))
    if args.command == "tutorial":
        from tabletop_tui.engine.tutorial import load_tutorial

        game = get(args.game)
        load_tutorial(game.id)  # a game without a tutorial is said here, not in the app
        return _run_app(start=lambda app: app.start_tutorial(game.id))
    if args.command == "play":
        from tabletop_tui.engine.match import Match

        game = get(args.game)
        seats = _seats(game, args.players, args.names, args.bot, args.watch)
        opts = _options(game, args.option)
        return _run_app(match=Match(game, seats, opts, args.seed, coach_flags=not args.no_coach))
    if args.command == "simulate":
        from tabletop_tui.simulate import BotSpecError, seat_bots, simulate

        game = get(args.game)
        try:
            bots = seat_bots(args.bots, args.players, game)
        except BotSpecError as err:
            raise UsageError(str(err)) from None
        why = _count_problem(game, len(bots))
        if why:
            raise UsageError(why)
        out = simulate(game, args.games, args.seed, len(bots), bots, _options(game, args.option),
                       iterations=args.iterations)
        if args.json:
            print(json.dumps(out))
        else:
            for k, v in out.items():
                print(f"{k:>18}: {v}")
        return 0
    parser.print_help()
    return 2


def _tolerant_streams() -> None:
    """Characters the terminal cannot show become ``?`` (an ASCII-only
    locale must not end in UnicodeEncodeError)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


def run() -> None:
    """Console-script entry point."""
    _tolerant_streams()
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`tabletop rules x | head -1`): stop quietly,
        # as a command killed by SIGPIPE would. Python flushes stdout again
        # at exit; point it at /dev/null so that flush cannot fail too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 128 + 13
    sys.exit(code)


if __name__ == "__main__":
    run()
