"""Unexpected errors: the traceback goes to ``crash.log``, the player gets
one true sentence. No Textual import: the app, the command line, the table
and the ssh server all report through here."""

from __future__ import annotations

import tempfile
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import Match

CRASH_LOG = "crash.log"

#: what an ssh player reads instead of a path on the server's disk
REMOTE_WHERE = "Details are in the server's crash log; tell its host."
_remote = False


def for_remote_players() -> None:
    """Say "the server's crash log" instead of its path from now on: this
    process (an ssh player's session) shows its sentences on a machine that
    cannot open the server's files."""
    global _remote
    _remote = True


def where_sentence(path: Path | None, remote: bool = False) -> str:
    """Where the details of an error are, as its reader can use it."""
    if remote or _remote:
        return REMOTE_WHERE if path else "No crash log could be written on the server."
    return f"Details are in {path}." if path else "No crash log could be written."


def write_crash_log(err: BaseException) -> Path | None:
    """Append ``err``'s traceback to ``crash.log`` in the data folder, or in
    the temp folder when the data folder cannot be used (read-only, full,
    cannot be made). Returns where it went, or None when nowhere could be
    written. Never raises."""
    text = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n" + "".join(traceback.format_exception(err))

    def data() -> Path:
        from .storage import data_dir

        return data_dir()

    for place in (data, lambda: Path(tempfile.gettempdir()) / "tabletop-tui"):
        try:
            folder = place()
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / CRASH_LOG
            with path.open("a", encoding="utf-8") as fh:
                fh.write(text)
            return path
        except Exception:
            continue
    return None


def report_bug(err: BaseException, match: "Match | None" = None, remote: bool = False) -> str:
    """Write ``err`` to the crash log and return one sentence for the player
    that says only what is true: what went wrong, where the details are
    (``remote``: for a player on another machine), and, given the
    ``match``, whether its moves are saved."""
    where = " " + where_sentence(write_crash_log(err), remote)
    saved = ""
    if match is not None:
        if match.save_problem:
            saved = f" {match.save_problem.split('. ')[0]}."
        elif match.autosave and match.saved_moves == len(match.log) and match.log:
            saved = " The game is saved up to the last move."
        elif match.log:
            saved = " The last moves are not saved."
    return f"Something went wrong ({type(err).__name__}).{saved}{where}"


def report_crash(err: BaseException, remote: bool = False) -> str:
    """:func:`report_bug` without a match: the sentence for a failed step
    that the game survives (a bot that could not move, a bad request)."""
    return report_bug(err, remote=remote)


def crash_sentence(err: BaseException) -> str:
    """The one line printed when the app itself stops on an unexpected error
    (after writing the crash log)."""
    where = where_sentence(write_crash_log(err)).rstrip(".")
    return f"tabletop stopped on an unexpected error ({type(err).__name__}); {where[0].lower()}{where[1:]}."
