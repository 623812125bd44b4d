"""Crash reports never raise: the log goes to the data folder, else to the
temp folder, and the sentence says where."""

from __future__ import annotations

import tempfile

from tabletop_tui.engine.crash import report_crash, write_crash_log
from tests.refusals import assert_readable


def test_a_data_folder_that_cannot_be_made_sends_the_log_to_the_temp_folder(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "file" / "data"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    text = report_crash(KeyError("a bug"))  # the data folder's SaveError must not escape
    assert_readable(text)
    log = tmp_path / "tmp" / "tabletop-tui" / "crash.log"
    assert str(log) in text and "KeyError: 'a bug'" in log.read_text()


def test_nowhere_to_write_is_said_too(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "file" / "data"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "file" / "tmp"))
    assert write_crash_log(RuntimeError("x")) is None
    assert "No crash log could be written" in report_crash(RuntimeError("x"))
