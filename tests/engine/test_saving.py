"""The saving contract: a failed save (full disk, read-only folder, file
size limit, a data folder that cannot be made) never stops the game. The
move stands, ``save_problem`` says why in one sentence, and the next save
retries and clears it. Explicit saves raise SaveError with a sentence."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap

import pytest

from tabletop_tui.engine import IllegalAction, Match, SaveError, SeatConfig, list_saves, storage
from tabletop_tui.engine.storage import storage_problem
from tests.refusals import assert_readable

ANA, BEN = SeatConfig(name="Ana"), SeatConfig(name="Ben")


def tiki(**kw) -> Match:
    return Match("tiki", [ANA, BEN], {"first_player": "Purple"}, seed=kw.pop("seed", 11), **kw)


def step(match: Match) -> None:
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0], seat)


def moves_on_disk(match: Match) -> int:
    return len(json.loads(match.path.read_text())["log"])


def failing(monkeypatch, code: int, where: str = "replace") -> None:
    def boom(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    if where == "replace":
        monkeypatch.setattr(storage.os, "replace", boom)
    else:
        monkeypatch.setattr(storage.tempfile, "mkstemp", boom)


@pytest.mark.parametrize("code, where, words", [
    (errno.ENOSPC, "replace", "the disk is full"),
    (errno.EROFS, "mkstemp", "read-only"),
    (errno.EACCES, "mkstemp", "may not be written"),
    (errno.EFBIG, "replace", "larger than this system"),
])
def test_a_failed_save_keeps_the_move_says_why_and_the_next_save_retries(monkeypatch, code, where, words):
    match = tiki()
    step(match)
    assert match.save_problem is None and moves_on_disk(match) == 1 and match.saved_moves == 1
    with monkeypatch.context() as m:
        failing(m, code, where)
        step(match)  # does not raise
        assert len(match.log) == 2, "the move stands"
        assert match.save_problem and words in match.save_problem
        assert match.save_problem.startswith("Saving is off:") and "goes on" in match.save_problem
        assert_readable(match.save_problem)
        assert moves_on_disk(match) == 1, "the old save is intact" and match.saved_moves == 1
        assert match.try_save() == match.save_problem
    assert match.try_save() is None and match.save_problem is None
    assert moves_on_disk(match) == 2 and match.saved_moves == 2
    assert sorted(p.suffix for p in match.path.parent.iterdir()) == [".json", ".meta"], "no temp file left"


def test_the_next_move_retries_the_save_by_itself(monkeypatch):
    match = tiki()
    with monkeypatch.context() as m:
        failing(m, errno.ENOSPC)
        step(match)
        assert match.save_problem
    step(match)
    assert match.save_problem is None and moves_on_disk(match) == 2


def test_undo_obeys_the_same_contract(monkeypatch):
    match = tiki()
    step(match)
    step(match)
    with monkeypatch.context() as m:
        failing(m, errno.ENOSPC)
        assert match.undo() == 1  # does not raise
        assert len(match.log) == 1 and "disk is full" in match.save_problem
    assert moves_on_disk(match) == 2
    step(match)
    assert match.save_problem is None and moves_on_disk(match) == 2


def test_save_without_autosave_waits_for_the_caller(monkeypatch):
    match = tiki()
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0], seat, save=False)
    assert not match.path.exists()
    assert match.try_save() is None and moves_on_disk(match) == 1


def test_an_explicit_save_raises_a_sentence(monkeypatch, tmp_path):
    match = tiki(autosave=False)
    step(match)
    failing(monkeypatch, errno.ENOSPC)
    with pytest.raises(SaveError) as info:
        match.save(tmp_path / "mine.json")
    assert info.value.reason == "Cannot save: the disk is full."


def test_a_data_folder_that_cannot_be_made_means_play_in_memory(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(blocker / "data"))
    with pytest.raises(SaveError) as info:
        storage.data_dir()
    assert_readable(info.value.reason)
    with pytest.raises(SaveError):
        storage.saves_dir()
    why = storage_problem()
    assert why and why.startswith("Saving is off") and "in memory" in why
    assert list_saves() == []
    match = tiki()  # no error at set-up
    step(match)
    assert len(match.log) == 1 and "is a file, not a folder" in match.save_problem


def test_an_unexpected_error_in_the_rules_puts_the_position_back(monkeypatch):
    match = tiki(autosave=False)
    step(match)
    before = match.state.model_dump_json()
    game = match.game

    def half_done(state, action, seat):
        state.stacks[0].append(seat)
        raise KeyError("a bug")

    monkeypatch.setattr(game, "_play", half_done)
    seat = match.to_act()[0]
    with pytest.raises(KeyError):
        match.apply(match.legal_actions(seat)[0], seat)
    monkeypatch.undo()
    assert match.state.model_dump_json() == before and len(match.log) == 1


def test_a_file_size_limit_turns_saving_off_and_the_game_goes_on(tmp_path):
    """RLIMIT_FSIZE in a child process: writes past it fail with EFBIG
    (Python ignores SIGXFSZ), and the game carries on in memory."""
    script = textwrap.dedent("""
        import json, resource, sys
        from tabletop_tui.engine import Match, SeatConfig
        resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))
        m = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
        for _ in range(6):
            seat = m.to_act()[0]
            m.apply(m.legal_actions(seat)[0], seat)
        print(json.dumps({"moves": len(m.log), "problem": m.save_problem}))
    """)
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["moves"] == 6
    assert result["problem"] and "larger than this system" in result["problem"]
    leftovers = [p.name for p in (tmp_path / "data" / "saves").iterdir() if p.suffix == ".tmp"]
    assert leftovers == []


def test_a_refused_move_still_raises_and_is_not_saved():
    match = tiki()
    step(match)
    with pytest.raises(IllegalAction):
        match.apply(match.legal_actions(match.to_act()[0])[0], 1 - match.to_act()[0])
    assert moves_on_disk(match) == 1
