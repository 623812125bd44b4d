"""`tabletop serve`: its flags, and what it prints on start."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

GUIDE = """\
tabletop is serving on {host}:{port}.
  Guests join with:   ssh -p {port} NAME@{where}
  (NAME is the player's name; the first key to use it holds it.)
  Who may come in:    {who}
  Host key:           {fingerprint}
Press Ctrl+C to stop; tables are saved and resume at the next start."""


def add_parser(sub: argparse._SubParsersAction, positive, at_least_zero) -> None:
    """The `serve` subcommand and its flags."""
    serve = sub.add_parser("serve", help="host games over ssh for friends elsewhere")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=positive, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--authorized-keys", metavar="FILE",
                       help="public keys allowed in (default: authorized_keys in the data folder)")
    serve.add_argument("--password", nargs="?", const="", metavar="WORD",
                       help="a table password for guests without a key (no WORD: you are asked for it)")
    serve.add_argument("--open", action="store_true", dest="open_door",
                       help="any ssh key may come in (a public server); each name still belongs to "
                            "the first key that uses it")
    serve.add_argument("--max-connections", type=positive, default=64)
    serve.add_argument("--idle-minutes", type=positive, default=30,
                       help="end a session after this long without a key (seats are kept)")
    serve.add_argument("--actions-per-second", type=positive, default=5)
    serve.add_argument("--hints-per-minute", type=positive, default=6)
    serve.add_argument("--chat-per-minute", type=positive, default=20)


def run(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    """Start the server and serve until Ctrl+C."""
    import asyncio
    import getpass
    import logging

    from tabletop_tui.engine.storage import data_dir

    from .records import RecordsError
    from .server import ServeConfig, serve
    from .limits import Limits

    password = args.password
    if password == "":
        if not sys.stdin.isatty():
            raise usage_error("--password without a word needs a terminal to ask for it")
        password = getpass.getpass("Table password for guests: ")
        if not password:
            raise usage_error("the table password may not be empty")
    try:
        folder = data_dir() / "server"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise usage_error(f"the data folder cannot be used ({err.strerror})") from None
    keys = Path(args.authorized_keys) if args.authorized_keys else None
    if keys is not None and not keys.is_file():
        raise usage_error(f"there is no file {args.authorized_keys!r} of authorised keys")
    if password is None and not args.open_door and not (keys or folder / "authorized_keys").is_file():
        raise usage_error(f"nobody could come in: add keys to {folder / 'authorized_keys'}, "
                          "or give --authorized-keys FILE or --password")
    config = ServeConfig(host=args.host, port=args.port, folder=folder, authorized_keys=keys,
                         password=password, open_door=args.open_door,
                         limits=Limits(max_connections=args.max_connections, idle_minutes=args.idle_minutes,
                                       actions_per_second=args.actions_per_second,
                                       hints_per_minute=args.hints_per_minute,
                                       chat_per_minute=args.chat_per_minute))

    def ready(server) -> None:
        from .server import host_key

        who = []
        if args.open_door:
            who.append("any ssh key (--open)")
        elif server.authorized_keys() is not None:
            who.append(f"keys in {keys or folder / 'authorized_keys'}")
        if password:
            who.append("anyone with the table password")
        where = "localhost" if args.host in ("127.0.0.1", "::1", "localhost") else args.host
        print(GUIDE.format(host=args.host, port=server.port, where=where, who=" or ".join(who),
                           fingerprint=host_key(folder).get_fingerprint()), flush=True)

    log = logging.getLogger("tabletop_tui.net")  # refused logins, ended sessions: the server's log
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    try:
        asyncio.run(serve(config, ready))
    except KeyboardInterrupt:
        print("\nStopped. The tables are saved.")
    except RecordsError as err:
        print(f"tabletop: {err.reason}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"tabletop: cannot serve on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0
