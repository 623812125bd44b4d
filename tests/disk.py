"""Saving without waiting for the disk, where the disk proves nothing."""

from __future__ import annotations

import contextlib
from typing import Iterator
from unittest import mock

from tabletop_tui.engine import storage


@contextlib.contextmanager
def no_fsync() -> Iterator[None]:
    """Saves are written and renamed as ever, but not flushed to the disk
    (``os.fsync`` does nothing): for tests that save on every move and read
    the file back in the same process, where the flush adds time and no
    proof. tests/engine/test_saving.py keeps saving on the real disk."""
    with mock.patch.object(storage.os, "fsync", lambda fd: None):
        yield
