"""Keyboard mashing: a seeded random key stream through the real app, over
the picker, the setup screen and every game's screen (hand-offs, rules and
result screens on the way), with a normal data folder, a read-only one and a
full one, and with hostile player names (markup, a terminal title escape,
300 characters, control characters). Nothing may crash, no traceback or
escape may reach the screen, and the saving contract must hold.

Every game runs twice (fresh, and a few moves before its end so the result
screen comes up), and once more from the picker; each run switches the data
folder normal -> full -> read-only -> normal as it goes, and resizes the
terminal now and then (down to 40x12). About 700 keys in all: some 35 s of
CPU on the shared 2-core machine. The seeds make any failure replayable.
"""

from __future__ import annotations

import errno
import json
import os
import random

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, games, storage
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.picker import PickerScreen
from tabletop_tui.ui.result_screen import ResultScreen
from tabletop_tui.ui.rules_screen import RulesScreen

from ..waiting import until

HOSTILE = ["[/x]", "[b]x[/b]", "\x1b]0;pwned\x07Eve", "W" * 300, "A\x00\x07\x1b[2JB\u202e"]
GAMES = [g.id for g in games()]
MODES = ("normal", "full", "read-only")
SIZES = [(80, 24), (120, 40), (60, 20), (200, 60), (40, 12)]

ARROWS = ["up", "down", "left", "right"]
GAME_KEYS = ["u", "c", "p", "f", "t", "n", "l", "d", "a", "b", "e", "z", "x", "q", "plus", "minus",
             "backspace", "1", "2", "3", "0", "5", "9", "question_mark", "r", "s", "m"]


def next_key(rng: random.Random, screen) -> str:
    """One key a player might hit now (never quitting the app)."""
    roll = rng.random()
    if roll < 0.35:
        key = rng.choice(ARROWS)
    elif roll < 0.57:
        key = "enter"
    elif roll < 0.62:
        key = "space"
    elif roll < 0.67:
        key = rng.choice(["tab", "shift+tab"])
    elif roll < 0.685:
        key = "escape"
    elif roll < 0.69:
        key = "h"  # a hint thinks for a while: now and then
    else:
        key = rng.choice(GAME_KEYS)
    if isinstance(screen, PickerScreen) and key == "q":
        key = "down"  # q quits from the picker
    if isinstance(screen, RulesScreen) and rng.random() < 0.5:
        key = "escape"  # a player reads a little, then goes back
    return key


pytestmark = pytest.mark.usefixtures("inline_bots")


class DataFolder:
    """Switches the data folder between normal, read-only and full while the
    app runs (writes fail as they would: EROFS when a file is made, ENOSPC
    when its bytes reach the disk). Permission bits cannot do it: the tests
    may run as root."""

    def __init__(self, monkeypatch) -> None:
        self.mode = "normal"
        real_mkstemp, real_fsync = storage.tempfile.mkstemp, storage.os.fsync

        def mkstemp(*args, **kwargs):
            if self.mode == "read-only":
                raise OSError(errno.EROFS, os.strerror(errno.EROFS))
            return real_mkstemp(*args, **kwargs)

        def fsync(fd):
            if self.mode == "full":
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_fsync(fd)

        monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(storage.os, "fsync", fsync)


def shown_text(app) -> str:
    """What the visible Statics show (plain)."""
    return "\n".join(str(w.content) for w in app.screen.query(Static) if w.display)


def check_screen(app, where: str) -> None:
    assert app.crash_message is None, f"{where}: {app.crash_message}"
    text = shown_text(app)
    assert "\x1b" not in text and "\x07" not in text and "pwned" not in text, where
    assert "Traceback" not in text and "Something went wrong" not in text, f"{where}: {text[-300:]}"


async def mash(app, pilot, rng: random.Random, keys: int, label: str, folder: DataFolder) -> set[str]:
    """Press ``keys`` keys; the data folder goes normal -> full -> read-only
    -> normal (so a later save must work again). Returns the screens seen."""
    seen: set[str] = set()
    for i in range(keys):
        folder.mode = MODES[min(3, 4 * i // keys) % 3]
        if i and i % 30 == 0:
            await pilot.resize_terminal(*rng.choice(SIZES))
        key = next_key(rng, app.screen)
        seen.add(type(app.screen).__name__)
        await pilot.press(key)
        if app.return_code is not None or not app.is_running:
            break
        if i % 10 == 0:
            await pilot.pause()
            check_screen(app, f"{label}, key {i} ({key}, folder {folder.mode}) on {type(app.screen).__name__}")
    folder.mode = "normal"
    await pilot.resize_terminal(80, 24)
    await pilot.pause()
    check_screen(app, f"{label}, at the end")
    return seen


def hostile_seats(game_id: str) -> list[SeatConfig]:
    from tabletop_tui.engine import get

    k = GAMES.index(game_id)
    n = get(game_id).min_players
    return [SeatConfig(name=HOSTILE[(k + i) % len(HOSTILE)]) for i in range(n)]


def saving_contract(match: Match, still_open: bool) -> None:
    """After the run (the folder normal again, the last save done): no temp
    file of a failed write is left, the save on disk loads, and while the
    game was still open it holds the game as played."""
    folder = storage.saves_path()
    leftovers = [p.name for p in folder.glob(".*.tmp")] if folder.exists() else []
    assert leftovers == [], "no temp file of a failed write is left"
    if not match.log or not match.path.exists():
        return
    loaded = Match.load(match.path)
    if still_open:
        assert match.save_problem is None, "saving works again once the folder does"
        assert json.loads(loaded.state.model_dump_json()) == json.loads(match.state.model_dump_json())
        assert [s.name for s in loaded.seats] == [s.name for s in match.seats]


def near_the_end(game_id: str, left: int = 2) -> Match:
    """A game with hostile names played by seeded random moves to ``left``
    moves before its end (so the mashing reaches the result screen)."""
    seed = GAMES.index(game_id) + 7
    rng = random.Random(seed)
    probe = Match(game_id, hostile_seats(game_id), seed=seed, autosave=False)
    moves = []
    while not probe.is_over():
        seat = probe.to_act()[0]
        action = rng.choice(probe.legal_actions(seat))
        probe.apply(action, seat)
        moves.append((action, seat))
    match = Match(game_id, hostile_seats(game_id), seed=seed)
    for action, seat in moves[:-left]:
        match.apply(action, seat, save=False)
    match.try_save()
    return match


@pytest.mark.parametrize("start", ["fresh", "near the end"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_mashing_a_game_with_hostile_names(monkeypatch, game_id, start):
    folder = DataFolder(monkeypatch)
    if start == "fresh":
        match, keys = Match(game_id, hostile_seats(game_id), seed=GAMES.index(game_id) + 7), 80
    else:
        match, keys = near_the_end(game_id), 40
    assert all(s.name and len(s.name) <= 24 and s.name.isprintable() for s in match.seats)
    rng = random.Random(f"mash-{game_id}-{start}")
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        check_screen(app, f"{game_id} at start")
        seen = await mash(app, pilot, rng, keys, f"{game_id} {start}", folder)
        assert "GameScreen" in seen
        open_tables = [s.table for s in app.screen_stack if isinstance(s, GameScreen)]
        still_open = any(t.match is match for t in open_tables)
        for table in open_tables:
            if table.match.log:
                table.match.try_save()  # the folder works again: the next save does too
            table.flush()
    assert app.crash_message is None
    saving_contract(match, still_open)


async def test_mashing_from_the_picker_through_setup_into_games(monkeypatch):
    # a saved game with hostile names is on the list
    saved = Match("tiki", [SeatConfig(name="[/x]"), SeatConfig(name="\x1b]0;pwned\x07Eve", bot="random")], seed=4)
    seat = saved.to_act()[0]
    saved.apply(saved.legal_actions(seat)[0], seat)
    folder = DataFolder(monkeypatch)
    rng = random.Random("mash-picker")
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        listing = app.screen.query_one("#picker-list")
        # the saves are read in a thread
        await until(lambda: listing.option_count > len(GAMES), "the saved game on the list", pilot=pilot)
        check_screen(app, "picker")
        prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any("[/x], Eve (random bot)" in p for p in prompts), prompts
        seen = await mash(app, pilot, rng, 100, "picker", folder)
        for screen in app.screen_stack:
            if isinstance(screen, GameScreen):
                screen.table.flush()
    assert app.crash_message is None
    assert {"PickerScreen", "SetupScreen"} <= seen, seen
