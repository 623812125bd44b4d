"""Where saves live, atomic writes, careful reads, and what a failed write
means in a player's words.

The data directory is ``platformdirs.user_data_dir("tabletop-tui")`` unless
the environment variable ``TABLETOP_DATA_DIR`` names another (tests use it).

Nothing here lets a raw ``OSError`` out to a player: folders that cannot be
made and files that cannot be read become :class:`SaveError` with a
sentence; a failed write keeps its ``OSError`` (for the caller to decide) and
:func:`write_problem` says what it means.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

import platformdirs

from .errors import SaveError
from .outside_text import clean_line

#: the largest file the loader reads (a long game's save is well under 1 MiB)
MAX_READ_BYTES = 8 * 1024 * 1024
#: temp files of killed writes older than this many seconds are removed
STALE_TEMP_SECONDS = 10 * 60
TEMP_SUFFIX = ".tmp"


def data_root() -> Path:
    """The data directory's path, without creating it."""
    return Path(os.environ.get("TABLETOP_DATA_DIR") or platformdirs.user_data_dir("tabletop-tui"))


def saves_path() -> Path:
    """The saves folder's path, without creating it."""
    return data_root() / "saves"


def _made(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SaveError(f"The data folder {clean_line(path, 80)} cannot be used: {_reason(err)}.") from None
    return path


def data_dir() -> Path:
    """The user's data directory for tabletop-tui, created on demand;
    SaveError with a sentence when it cannot be created."""
    return _made(data_root())


def saves_dir() -> Path:
    """The saves folder, created on demand; SaveError when it cannot be."""
    return _made(saves_path())


_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the data folder is read-only",
    errno.EACCES: "the data folder may not be written to",
    errno.EPERM: "the data folder may not be written to",
    errno.EFBIG: "the save is larger than this system lets a file be",
    errno.ENOTDIR: "part of the data folder's path is a file, not a folder",
    errno.ENOENT: "the data folder cannot be created",
    errno.EEXIST: "a file stands where the data folder should be",
    errno.ENAMETOOLONG: "the data folder's path is too long",
    errno.EIO: "the disk reported an error",
}


def _reason(err: OSError) -> str:
    return _REASONS.get(err.errno or 0) or _strerror(err)


def _strerror(err: OSError) -> str:
    return clean_line((err.strerror or type(err).__name__).lower(), 60)


def write_reason(err: BaseException) -> str:
    """Why a write failed, as the end of a sentence ("the disk is full")."""
    if isinstance(err, OSError):
        return _reason(err)
    text = clean_line(getattr(err, "reason", str(err)), 100).rstrip(".")
    return text[:1].lower() + text[1:]


def write_problem(err: BaseException) -> str:
    """The one-line sentence shown while saving does not work."""
    return f"Saving is off: {write_reason(err)}. Play goes on; each move tries to save again."


def storage_problem() -> str | None:
    """None when saves can be written; else one sentence saying saving is
    off and why (games are then played in memory). Probes with a real
    write, since permission bits say nothing for root or read-only mounts."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".probe.", suffix=TEMP_SUFFIX, dir=saves_dir())
        os.close(fd)
        os.unlink(tmp)
    except (OSError, SaveError) as err:
        return f"Saving is off: {write_reason(err)}. Games are played in memory only."
    return None


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old or the new file,
    never half of one: write a temp file in the same folder, fsync, rename.
    Raises OSError when it cannot (the temp file is removed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
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


def clean_stale_temps(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temp files that killed writes left in ``folder`` (those
    older than ``older_than`` seconds, so a write in progress is left
    alone). Returns how many went; never raises."""
    gone = 0
    now = time.time()
    try:
        for p in folder.glob(f".*{TEMP_SUFFIX}"):
            try:
                if now - p.lstat().st_mtime > older_than and p.is_file():
                    p.unlink()
                    gone += 1
            except OSError:
                continue
    except OSError:
        pass
    return gone


def read_limited(path: Path, limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Anything else
    (a missing file, a folder, a FIFO, a device such as /dev/zero, a file
    too big, an unreadable one) is a SaveError with a sentence. Never
    blocks: the file is opened non-blocking and checked before reading."""
    shown = clean_line(path, 80)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError(f"There is no file {shown}.") from None
    except IsADirectoryError:
        raise SaveError(f"The path {shown} is a folder, not a save file.") from None
    except OSError as err:
        raise SaveError(f"Cannot read {shown}: {_strerror(err)}.") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise SaveError(f"The path {shown} is a folder, not a save file.")
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"The file {shown} is not a regular file, so it is not a save.")
        if st.st_size > limit:
            raise SaveError(f"The file {shown} is too big to be a save ({st.st_size // 1024} KiB; "
                            f"saves are under {limit // (1024 * 1024)} MiB).")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise SaveError(f"The file {shown} is too big to be a save.")
        return b"".join(chunks)
    except OSError as err:
        raise SaveError(f"Cannot read {shown}: {_strerror(err)}.") from None
    finally:
        os.close(fd)
