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


def test_an_ssh_player_is_not_shown_a_path_on_the_servers_disk(tmp_path, monkeypatch):
    """The sentence for a player on another machine (a request that failed
    in the service, or anything in an ssh player's session) names the
    server's crash log, not its path; the log is still written."""
    from tabletop_tui.engine import crash

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    text = report_crash(KeyError("a bug"), remote=True)
    assert text == "Something went wrong (KeyError). Details are in the server's crash log; tell its host."
    assert str(tmp_path) not in text and "a bug" in (tmp_path / "crash.log").read_text()
    assert str(tmp_path) in report_crash(KeyError("x"))  # at the host's own keyboard: the path
    monkeypatch.setattr(crash, "_remote", False)
    crash.for_remote_players()  # an ssh session's process says so once, for everything
    assert str(tmp_path) not in report_crash(KeyError("x")) and str(tmp_path) not in crash.crash_sentence(KeyError("x"))
    assert crash.crash_sentence(KeyError("x")) == ("tabletop stopped on an unexpected error (KeyError); "
                                                   "details are in the server's crash log; tell its host.")
