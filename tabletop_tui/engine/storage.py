"""Where saves live, and atomic writes.

The data directory is ``platformdirs.user_data_dir("tabletop-tui")`` unless
the environment variable ``TABLETOP_DATA_DIR`` names another (tests use it).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The user's data directory for tabletop-tui (created on demand)."""
    root = os.environ.get("TABLETOP_DATA_DIR") or platformdirs.user_data_dir("tabletop-tui")
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old or the new file,
    never half of one: write a temp file in the same folder, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
