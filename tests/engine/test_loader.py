"""The loader trusts nothing it reads: only bounded regular files, bounded
nesting and log length, every failure a SaveError sentence, and everything
derivable recomputed by replay. The picker's listing reads small summaries,
and temp files of killed writes are cleaned."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from tabletop_tui.engine import IllegalAction, Match, SaveError, SeatConfig, list_saves, storage
from tabletop_tui.engine.match import MAX_LOG
from tests.refusals import assert_readable

from .secret_game import Bump, Draw, SecretGame, registered

ANA, BEN = SeatConfig(name="Ana"), SeatConfig(name="Ben")


def saved_tiki(moves: int = 2) -> Match:
    match = Match("tiki", [ANA, BEN], {"first_player": "Purple"}, seed=11)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.apply(match.legal_actions(seat)[0], seat)
    return match


def refused(path, *words: str) -> str:
    with pytest.raises(SaveError) as info:
        Match.load(path)
    reason = info.value.reason
    assert_readable(reason)
    for w in words:
        assert w in reason, reason
    return reason


@pytest.fixture
def alarm():
    """Fail instead of hanging for ever."""
    def timeout(*_):
        raise TimeoutError("the loader blocked")
    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_deeply_nested_json_is_a_sentence_not_a_recursion_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "tabletop-tui-save", "x": ' + "[" * 200_000 + "]" * 200_000 + "}")
    refused(deep, "nested too deeply")
    medium = tmp_path / "medium.json"  # json parses it; the depth cap refuses it
    medium.write_text('{"format": "tabletop-tui-save", "version": 1, "snapshot": ' + "[" * 500 + "]" * 500 + "}")
    refused(medium, "nested too deeply")


def test_a_device_is_refused_without_reading_it(alarm):
    refused("/dev/zero", "not a regular file")


def test_a_fifo_is_refused_at_once(tmp_path, alarm):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    refused(fifo, "not a regular file")


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(storage.MAX_READ_BYTES + 1)  # sparse: nothing is written
    refused(big, "too big")


def test_a_log_over_the_cap_is_refused_before_replay(tmp_path):
    match = saved_tiki(1)
    data = json.loads(match.path.read_text())
    data["log"] = data["log"] * (MAX_LOG + 1)
    target = tmp_path / "long.json"
    target.write_text(json.dumps(data))
    started = time.process_time()
    refused(target, "more than any game has")
    assert time.process_time() - started < 5


def test_a_folder_and_a_missing_file(tmp_path):
    refused(tmp_path, "is a folder")
    refused(tmp_path / "nope.json", "There is no file")


def test_a_hostile_version_field_is_quoted_clean_and_short(tmp_path):
    target = tmp_path / "v.json"
    target.write_text(json.dumps({"format": "tabletop-tui-save", "version": "\x1b]0;x\x07" + "9" * 5000}))
    reason = refused(target, "another version")
    assert "\x1b" not in reason and len(reason) < 200


def test_reveals_come_from_replay_not_from_the_file():
    with registered(SecretGame()) as game:
        match = Match(game.id, [ANA, BEN], seed=9)
        match.apply(Draw(), match.to_act()[0])  # chance revealed: no undo past it
        assert match.undo_refusal() and "revealed" in match.undo_refusal()
        data = json.loads(match.path.read_text())
        for entry in data["log"]:
            entry["reveals"] = False  # an edited save
        match.path.write_text(json.dumps(data))
        loaded = Match.load(match.path)
        assert loaded.log[-1].reveals
        with pytest.raises(IllegalAction):
            loaded.undo()
        assert len(loaded.log) == 1


def test_over_comes_from_replay_not_from_the_file():
    match = saved_tiki(2)
    data = json.loads(match.path.read_text())
    data["over"] = True
    match.path.write_text(json.dumps(data))
    loaded = Match.load(match.path)
    assert not loaded.is_over()
    loaded.try_save()
    assert json.loads(match.path.read_text())["over"] is False


def test_stale_temp_files_are_cleaned_and_fresh_ones_left(_data_dir):
    match = saved_tiki(1)
    folder = match.path.parent
    stale, fresh = folder / f".{match.path.name}.abc.tmp", folder / f".{match.path.name}.def.tmp"
    stale.write_text("half a save")
    fresh.write_text("a save being written")
    old = time.time() - storage.STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    list_saves()
    assert not stale.exists() and fresh.exists()


def test_the_listing_reads_the_summary_not_the_save():
    match = saved_tiki(3)
    (entry,) = list_saves()
    assert entry.summary.moves == 3 and entry.summary.game == "tiki" and not entry.summary.over
    # Garble the save but keep its size and time: a listing that read the
    # save would call it damaged; the summary still stands.
    st = match.path.stat()
    match.path.write_bytes(b"x" * st.st_size)
    os.utime(match.path, ns=(st.st_atime_ns, st.st_mtime_ns))
    (entry,) = list_saves()
    assert entry.summary is not None and entry.summary.moves == 3


@pytest.mark.parametrize("damage", ["missing", "garbage", "stale"])
def test_a_missing_damaged_or_stale_summary_falls_back_to_the_save(damage):
    match = saved_tiki(2)
    meta = match.path.with_suffix(".meta")
    if damage == "missing":
        meta.unlink()
    elif damage == "garbage":
        meta.write_text("{" * 10_000)
    else:
        data = json.loads(match.path.read_text())
        data["log"] = data["log"][:1]
        match.path.write_text(json.dumps(data))  # the save changed since the summary
    (entry,) = list_saves()
    assert entry.summary is not None and entry.summary.moves == (1 if damage == "stale" else 2)
    assert json.loads(meta.read_text())["moves"] == entry.summary.moves, "the summary is written back"


def test_a_damaged_save_is_listed_with_a_sentence(_data_dir):
    folder = _data_dir / "saves"
    folder.mkdir(parents=True)
    (folder / "junk.json").write_text("[" * 100_000)
    (entry,) = list_saves()
    assert entry.summary is None
    assert_readable(entry.note)
    assert (folder / "junk.meta").exists(), "the verdict is kept, so the file is not parsed at every listing"
    (again,) = list_saves()
    assert again.note == entry.note
    (folder / "junk.json").write_text(json.dumps({"format": "something else"}))
    (changed,) = list_saves()
    assert "not a tabletop-tui save" in changed.note


def test_a_save_from_other_rules_that_no_longer_replays_says_so(monkeypatch, _data_dir):
    """Saves record the game's rules_version: one from earlier rules whose
    moves no longer replay is told apart from a damaged file; under the same
    rules the same failure is damage."""
    from tabletop_tui.games.tiki.rules import Tiki

    match = saved_tiki(2)
    data = json.loads(match.path.read_text())
    assert data["rules"] == Tiki.rules_version
    data["log"][1]["action"] = data["log"][0]["action"]  # the same village twice: refused on replay
    match.path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        Match.load(match.path)
    assert "is damaged" in err.value.reason
    monkeypatch.setattr(Tiki, "rules_version", Tiki.rules_version + 1)
    with pytest.raises(SaveError) as err:
        Match.load(match.path)
    assert_readable(err.value.reason)
    assert "earlier rules of Tiki (version 1; this one plays version 2)" in err.value.reason
    assert "Start a new game" in err.value.reason


def test_a_save_from_before_rules_versions_loads_when_it_replays(_data_dir):
    match = saved_tiki(2)
    data = json.loads(match.path.read_text())
    del data["rules"]  # written before saves carried it
    match.path.write_text(json.dumps(data))
    assert Match.load(match.path).log == match.log
