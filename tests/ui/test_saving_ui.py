"""The saving contract on screen: with a full or read-only data folder the
game goes on (bots too), one line says saving is off and why, undo works,
and once the folder works again the next move saves and the line goes."""

from __future__ import annotations

import errno
import json
import os

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, storage
from tabletop_tui.ui.app import TabletopApp

from .. import waiting
from . import drive


def message(screen) -> str:
    return str(screen.query_one("#message", Static).content)


def tiki_against_a_bot() -> tuple[Match, TabletopApp]:
    """Ana (the keys) against a random bot at Tiki, Purple first, seed 5."""
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")],
                  {"first_player": "Purple"}, seed=5)
    return match, TabletopApp(match=match, bot_delay=0)


async def settle(pilot, screen) -> None:
    """The table settled, its save on disk and the screen drawn."""
    await drive.settle(pilot, screen, saves=True)
    screen.table.flush()
    await pilot.pause()


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "the disk is full"),
                                         (errno.EROFS, "the data folder is read-only")])
async def test_a_failing_folder_says_so_in_one_line_and_the_game_goes_on(monkeypatch, code, words):
    real_fsync, real_mkstemp = storage.os.fsync, storage.tempfile.mkstemp
    broken = {"on": True}

    def fsync(fd):
        if broken["on"] and code == errno.ENOSPC:
            raise OSError(code, os.strerror(code))
        return real_fsync(fd)

    def mkstemp(*args, **kwargs):
        if broken["on"] and code == errno.EROFS:
            raise OSError(code, os.strerror(code))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(storage.os, "fsync", fsync)
    monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
    match, app = tiki_against_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")  # Ana raises a totem in the centre
        await settle(pilot, screen)
        assert len(match.log) == 2, "the bot answered: the game is not stuck"
        line = message(screen)
        assert line.startswith(f"Saving is off: {words}.")
        assert line.endswith(screen.board.prompt()), "what to do next is still said beside it"
        assert "nothing was changed" not in line and "is saved" not in line
        await pilot.press("u")
        await settle(pilot, screen)
        assert match.log == [] and app.crash_message is None
        broken["on"] = False
        await pilot.press("enter")
        await settle(pilot, screen)
        assert len(match.log) == 2
        assert "Saving is off" not in message(screen)
        assert len(json.loads(match.path.read_text())["log"]) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert "The game is saved" in str(app.screen.query_one("#picker-message", Static).content)


def test_the_message_line_gives_way_in_order():
    """The standing note loses its later sentences first; behind an alert
    (which says what to do) the waiting line goes; an alert is never cut."""
    from rich.console import Console

    from tabletop_tui.ui.game_screen import GameScreen

    console = Console(width=200)
    note = "Saving is off: the disk is full. Moves are kept in memory until it has room."
    alert = "Ben (a bot) could not move: something went wrong (RuntimeError). Press u to undo or Esc to leave."
    compose = GameScreen._with_notes
    assert compose("", note, "Your move.", 200, console) == f"{note} Your move."
    assert compose("", note, "Your move.", 40, console) == "Saving is off: the disk is full. Your move."
    assert compose(alert, "", "Waiting for Ben.", 200, console) == f"{alert} Waiting for Ben."
    assert compose(alert, "", "Waiting for Ben.", 60, console) == alert
    assert compose(alert, note, "Waiting for Ben.", 70, console) == f"{alert} Saving is off: the disk is full."


async def test_leaving_a_game_that_cannot_be_resumed_asks_first_and_n_keeps_it(monkeypatch):
    """With the data folder read-only nothing is saved: Esc (and Ctrl+Q)
    asks before the game is lost; n or Esc goes back to it unchanged, y
    leaves and the picker says it was not saved. At a hot-seat hand-off, n
    brings the hand-off back. A saved game asks nothing (above)."""
    from tabletop_tui.ui.handoff import HandoffScreen
    from tabletop_tui.ui.leave_screen import LeaveScreen

    def mkstemp(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
    match, app = tiki_against_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        await settle(pilot, screen)
        moves = list(match.log)
        assert len(moves) == 2
        for key in ("escape", "ctrl+q"):
            await pilot.press(key)
            await waiting.until(lambda: isinstance(app.screen, LeaveScreen), "the question", pilot=pilot)
            asked = str(app.screen.query_one("#leave-reason", Static).content)
            assert asked.startswith("Saving is off: the data folder is read-only.")
            assert "cannot be resumed" in asked
            await pilot.press("n" if key == "escape" else "escape")
            await waiting.until(lambda: app.screen is screen, "the game again", pilot=pilot)
            assert match.log == moves and app.is_running
        await pilot.press("escape")
        await waiting.until(lambda: isinstance(app.screen, LeaveScreen), "the question", pilot=pilot)
        await pilot.press("y")
        await waiting.until(lambda: app.screen.query("#picker-message"), "the picker", pilot=pilot)
        assert "Saving is off" in str(app.screen.query_one("#picker-message", Static).content)

    # hot seat: Esc on the hand-off asks too; n brings the hand-off back
    from tabletop_tui.engine import registry

    from .secret_game import SecretGame

    game = registry.register(SecretGame())
    try:
        match = Match(game, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
        app = TabletopApp(match=match, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await waiting.until(lambda: isinstance(app.screen, HandoffScreen), "Ana's hand-off", pilot=pilot)
            await pilot.press("enter")
            await waiting.until(lambda: not isinstance(app.screen, HandoffScreen), "Ana's turn", pilot=pilot)
            await pilot.press("down", "down", "enter")  # Ana bids 2
            await waiting.until(lambda: isinstance(app.screen, HandoffScreen), "Ben's hand-off", pilot=pilot)
            await pilot.press("escape")
            await waiting.until(lambda: isinstance(app.screen, LeaveScreen), "the question", pilot=pilot)
            await pilot.press("n")
            await waiting.until(lambda: isinstance(app.screen, HandoffScreen), "Ben's hand-off again", pilot=pilot)
            assert match.state.bids[0] == 2 and len(match.log) == 1
            await pilot.press("enter")
            await waiting.until(lambda: not isinstance(app.screen, HandoffScreen), "Ben's turn", pilot=pilot)
            assert app.screen.viewer == 1
    finally:
        registry.unregister(game.id)
