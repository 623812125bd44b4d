"""Unexpected errors: the traceback goes to ``crash.log``, the player gets a sentence."""

from __future__ import annotations

import tempfile
import time
import traceback
from pathlib import Path


def crash_log_path() -> Path:
    """``crash.log`` in the data folder, or in the temp folder when that is unusable."""
    from .storage import data_dir

    try:
        return data_dir() / "crash.log"
    except OSError:
        return Path(tempfile.gettempdir()) / "tabletop-tui-crash.log"


def report_crash(err: BaseException) -> str:
    """Append ``err``'s traceback to the crash log; return where it is, as a sentence."""
    try:
        path = crash_log_path()
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
            fh.write("".join(traceback.format_exception(err)))
        return f"Something went wrong ({type(err).__name__}); details are in {path}."
    except OSError:
        return f"Something went wrong ({type(err).__name__})."
