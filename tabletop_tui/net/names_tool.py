"""`tabletop names`: the host's look at who holds which name on the server,
and the means to free a name or ban a name or a key. It works on the data
folder's records while the server runs (the server asks them at every
login, so a change counts from the next connection)."""

from __future__ import annotations

import argparse
import sys
import time

from tabletop_tui.engine.outside_text import clean_line


def add_parser(sub: argparse._SubParsersAction) -> None:
    names = sub.add_parser("names", help="the names players hold on your server: list, free, ban",
                           description="Names on `tabletop serve`: each is held by the key that first used it, "
                                       "or by a password player's passphrase.")
    names.add_argument("action", nargs="?", default="list", choices=["list", "free", "ban", "unban"],
                       help="list (the default); free NAME; ban or unban NAME or a key's SHA256:... fingerprint")
    names.add_argument("target", nargs="?", metavar="NAME|FINGERPRINT")


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def run(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    from tabletop_tui.engine.storage import data_root

    from .records import DB_NAME, Records, RecordsError

    folder = data_root() / "server"
    if args.action != "list" and not args.target:
        raise usage_error(f"names {args.action} needs a name or a key's fingerprint")
    if args.action == "list" and args.target:
        raise usage_error("names list takes nothing more")
    if not (folder / DB_NAME).exists():
        if args.action == "list":
            print(f"No names yet: {folder / DB_NAME} is made when `tabletop serve` first starts.")
            return 0
        print(f"tabletop: there are no records in {folder} yet (start `tabletop serve` once)", file=sys.stderr)
        return 1
    try:
        records = Records(folder)
    except RecordsError as err:
        print(f"tabletop: {err.reason}", file=sys.stderr)
        return 1
    try:
        target = (args.target or "").strip()
        if args.action == "free":
            if records.free(target):
                print(f"{clean_line(target, 40)} is free: the next player to use it claims it.")
                return 0
            print(f"tabletop: nobody holds the name {clean_line(target, 40)}", file=sys.stderr)
            return 1
        if args.action == "ban":
            kind = records.ban(target)
            print(f"Banned the {kind} {clean_line(target, 60)}: it cannot come in from the next connection on.")
            return 0
        if args.action == "unban":
            if records.unban(target):
                print(f"{clean_line(target, 60)} is no longer banned.")
                return 0
            print(f"tabletop: {clean_line(target, 60)} was not banned", file=sys.stderr)
            return 1
        rows = records.names()
        if not rows:
            print("No names claimed yet.")
        else:
            print(f"{'NAME':<25} {'HELD BY':<60} {'CLAIMED':<17} LAST SEEN")
            for h in rows:
                held = f"key {h.fingerprint}" if h.fingerprint else "passphrase (a password player)"
                print(f"{clean_line(h.name, 24):<25} {held:<60} {_when(h.claimed):<17} {_when(h.seen)}")
        for kind, value in records.bans():
            print(f"banned {kind}: {clean_line(value, 60)}")
        return 0
    finally:
        records.close()
