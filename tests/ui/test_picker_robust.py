"""The picker with hostile names, bots, finished games and an unusable data
folder; what it says when a game is left; the crash sentence is true."""

from __future__ import annotations

import errno
import json
import os

from textual.widgets import OptionList, Static

from tabletop_tui.engine import Match, SeatConfig, get, storage
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.engine.crash import report_bug
from tabletop_tui.ui.picker import PickerScreen, leave_note

from ..waiting import until


def saved(names=("Ana", "Ben"), bots=(None, None), moves=1, game="tiki") -> Match:
    match = Match(get(game), [SeatConfig(name=n, bot=b) for n, b in zip(names, bots)], seed=9)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.apply(match.legal_actions(seat)[0], seat)
    return match


def labels(app) -> dict[str, str]:
    ol = app.screen.query_one(OptionList)
    out = {}
    for i in range(ol.option_count):
        option = ol.get_option_at_index(i)
        if option.id:
            out[option.id] = str(option.prompt)
    return out


def message(app) -> str:
    return str(app.screen.query_one("#picker-message", Static).content)


async def test_markup_and_escapes_in_saved_names_are_shown_as_text_and_bots_are_named():
    hostile = saved(names=("[/x]", "Ben"), bots=(None, "search"))
    data = json.loads(hostile.path.read_text())
    data["seats"][1]["name"] = "\x1b]0;pwned\x07Eve"
    hostile.path.write_text(json.dumps(data))
    hostile.path.with_suffix(".meta").unlink()
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: any(k.startswith("save:") for k in labels(app)), "the saves listed", pilot=pilot)
        (label,) = [v for k, v in labels(app).items() if k.startswith("save:")]
        assert "[/x], Eve (bot L2)" in label and "\x1b" not in label and "pwned" not in label
        assert isinstance(app.screen, PickerScreen)


async def test_finished_games_and_games_without_moves_are_not_offered():
    done = Match(get("tiki"), [SeatConfig(name="Ana", bot="random"), SeatConfig(name="Ben", bot="random")], seed=2)
    done.play_bots()
    assert done.is_over()
    saved(names=("Cara", "Dan"), moves=1)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: any(k.startswith("save:") for k in labels(app)), "the saves listed", pilot=pilot)
        resumes = [v for k, v in labels(app).items() if k.startswith("save:")]
        assert len(resumes) == 1 and "Cara, Dan — 1 move," in resumes[0]


async def test_an_unusable_data_folder_means_play_in_memory(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "file" / "data"))
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: "Saving is off" in message(app), "the saving note", pilot=pilot)
        assert isinstance(app.screen, PickerScreen)
        assert "Saving is off" in message(app) and "in memory" in message(app)


async def test_a_read_only_data_folder_is_reported_at_start(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: "Saving is off" in message(app), "the saving note", pilot=pilot)
        assert "Saving is off: the data folder is read-only." in message(app)


async def test_leaving_a_game_with_no_moves_does_not_claim_it_is_saved():
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert "no moves yet" in message(app) and "saved" not in message(app)


def test_leave_note_says_what_became_of_the_game(monkeypatch):
    assert leave_note(saved()) == "The game is saved; resume it from this list."
    fresh = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4)
    assert "no moves yet" in leave_note(fresh)
    done = Match(get("tiki"), [SeatConfig(name="A", bot="random"), SeatConfig(name="B", bot="random")], seed=2)
    done.play_bots()
    assert "over" in leave_note(done)
    failing = saved()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full)
    seat = failing.to_act()[0]
    failing.apply(failing.legal_actions(seat)[0], seat)
    assert leave_note(failing) == ("Saving is off: the disk is full. "
                                   "This game was not saved, so it cannot be resumed.")
    unsaved = Match(get("tiki"), [SeatConfig(name="A"), SeatConfig(name="B")], seed=1, autosave=False)
    seat = unsaved.to_act()[0]
    unsaved.apply(unsaved.legal_actions(seat)[0], seat)
    assert leave_note(unsaved) == "That game was not saved."


def test_report_bug_says_only_what_is_true(monkeypatch, _data_dir):
    err = RuntimeError("a bug")
    match = saved()
    text = report_bug(err, match)
    assert "RuntimeError" in text and "The game is saved up to the last move." in text
    assert str(_data_dir / "crash.log") in text and "a bug" in (_data_dir / "crash.log").read_text()
    unsaved = Match(get("tiki"), [SeatConfig(name="A"), SeatConfig(name="B")], seed=1, autosave=False)
    seat = unsaved.to_act()[0]
    unsaved.apply(unsaved.legal_actions(seat)[0], seat)
    assert "is saved" not in report_bug(err, unsaved) and "not saved" in report_bug(err, unsaved)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full)
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0], seat)
    text = report_bug(err, match)
    assert "Saving is off: the disk is full." in text and "is saved" not in text
    assert "saved" not in report_bug(err).replace("crash.log", "")


async def test_back_to_games_after_a_finished_game_says_it_is_over_not_saved():
    from tabletop_tui.ui.result_screen import ResultScreen

    match = saved(moves=1)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.back_to_picker(match=match)  # an earlier game was left: "saved"
        await pilot.pause()
        assert "is saved" in message(app)
        done = Match(get("tiki"), [SeatConfig(name="A", bot="random"), SeatConfig(name="B", bot="random")], seed=2)
        done.play_bots()
        app.start_match(done)
        await until(lambda: isinstance(app.screen, ResultScreen), "the result screen", pilot=pilot)
        await pilot.press("enter")  # back to games
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert "over" in message(app) and "saved" not in message(app)
