"""Tiki through the real app: key presses from the picker to the winner."""

from __future__ import annotations

import random

from textual.widgets import Input, Select, Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.tiki.rules import Pass
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.picker import PickerScreen
from tabletop_tui.ui.result_screen import ResultScreen
from tabletop_tui.ui.setup import SetupScreen

from ..waiting import until
from .drive import press, settle, tiki_keys


async def wait_for_human(pilot, screen: GameScreen) -> None:
    """Let bots (threads) finish until a human must act or the game is over."""
    await settle(pilot, screen)
    m = screen.table.match
    assert m.is_over() or m.humans_to_act()


async def play_to_end(pilot, app, rng: random.Random, max_turns: int = 800) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    for _ in range(max_turns):
        await wait_for_human(pilot, screen)
        if screen.table.match.is_over():
            return screen
        seat = screen.viewer
        assert seat in screen.table.match.to_act()
        legal = screen.table.match.legal_actions(seat)
        action = rng.choice(legal)
        before = len(screen.table.match.log)
        await press(pilot, *tiki_keys(screen.board, action))
        assert len(screen.table.match.log) > before, f"keys for {action} were not accepted: " \
            f"{screen.query_one('#message', Static).content}"
    raise AssertionError("the game did not end")


async def test_whole_game_from_picker_to_winner():
    """Picker -> setup (seat 2 made a random bot, seed typed) -> game played
    with arrow keys and Enter -> the winner screen -> back to the picker."""
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        # Seat 2: from "search, easy" up one to "random", by keys.
        app.screen.query_one("#kind-1", Select).focus()
        await pilot.press("enter", "up", "enter")
        assert app.screen.query_one("#kind-1", Select).value == "random"
        app.screen.query_one("#seed", Input).focus()
        await pilot.press(*"4242")
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.table.match.seed == 4242
        assert [s.name for s in screen.table.match.seats] == ["Ana", "Ben"]
        assert screen.table.match.seats[1].bot == "random"
        assert screen.table.coach_flags  # the coach points out slips unless setup says not
        screen = await play_to_end(pilot, app, random.Random(3))
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        title = str(app.screen.query_one("#result-title", Static).content)
        winners = [screen.table.match.seats[s].name for s in screen.table.match.result().winners]
        assert any(w in title for w in winners)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_two_humans_hot_seat_whole_game_at_80x24():
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=11)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await play_to_end(pilot, app, random.Random(5))
        assert screen.table.match.is_over()
        assert isinstance(app.screen, ResultScreen)


async def test_illegal_key_input_shows_reason_and_changes_nothing():
    from tabletop_tui.games.tiki.rules import Move, Place

    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1,
                  options={"first_player": "Purple"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("enter")  # Ana raises a totem in the centre
        assert len(match.log) == 1
        before = match.state.model_dump()
        await pilot.press("enter")  # Ben tries to lift Ana's totem
        await pilot.pause()
        message = str(screen.query_one("#message", Static).content)
        assert "not yours" in message
        assert match.state.model_dump() == before and len(match.log) == 1
        # Ben stacks on Ana's totem from the right; Ana now owns nothing on top.
        app.screen.table.act(Place(village=5), 1)
        app.screen.table.act(Place(village=3), 0)
        app.screen.table.act(Move(start=5, path=(4,)), 1)  # Ben's tiki now tops the centre (2 tall)
        app.screen.table.act(Place(village=0), 0)
        await pilot.pause()
        # Ben lifts the 2-tall centre totem and tries to put it down after 1 step.
        screen.board.cursor = 4
        before = match.state.model_dump()
        await pilot.press("enter", "up", "enter")
        await pilot.pause()
        message = str(screen.query_one("#message", Static).content)
        assert "moves exactly 2 villages" in message
        assert match.state.model_dump() == before
        assert "error" in screen.query_one("#message", Static).classes


async def test_undo_and_rules_keys():
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2,
                  options={"first_player": "Purple"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        assert len(match.log) == 1
        await pilot.press("u")
        await pilot.pause()
        assert len(match.log) == 0
        await pilot.press("question_mark")
        await pilot.pause()
        from tabletop_tui.ui.rules_screen import RulesScreen
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_mouse_clicks_play_too():
    """Click a village to raise a totem; click your totem, then each village of
    the path, then the last one again to put it down."""
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4,
                  options={"first_player": "Purple"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.board

        def village(v: int) -> dict:  # where a click lands on village v
            return {"offset": board.offset_of(f"village:{v}")}

        await pilot.click(board, **village(0))
        await pilot.pause()
        assert match.state.stacks[0] == [0]
        await pilot.click(board, **village(8))  # Ben
        await pilot.pause()
        assert match.state.stacks[8] == [1]
        await pilot.click(board, **village(0))  # Ana lifts her totem...
        await pilot.click(board, **village(1))  # ...walks it one village right (shown)...
        await pilot.pause()
        assert match.state.stacks[0] == [0] and app.screen.board.path == [1]
        await pilot.click(board, **village(1))  # ...and a second click puts it down
        await pilot.pause()
        assert match.state.stacks[0] == [] and match.state.stacks[1] == [0]


async def test_a_bot_bug_is_reported_not_raised(monkeypatch, _data_dir):
    """An unexpected error in a bot shows a sentence and keeps the game."""
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=1,
                  options={"first_player": "Yellow"})

    def broken(*args):
        raise RuntimeError("bot exploded")

    from tabletop_tui.engine import table

    monkeypatch.setattr(table.RandomBot, "choose", broken)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, GameScreen)
                    and "could not move" in str(app.screen.query_one("#message", Static).content),
                    "the bot's failure said", pilot=pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = str(screen.query_one("#message", Static).content)
        assert "could not move: something went wrong (RuntimeError)" in text and "Traceback" not in text
        assert f"Details are in {_data_dir / 'crash.log'}." in text and "Press u to undo" in text
        assert "bot exploded" in (_data_dir / "crash.log").read_text()
        assert len(match.log) == 0


async def test_a_step_no_legal_path_takes_shows_the_models_reason():
    """The board asks the model about a step off every legal path and shows its
    sentence; the path does not grow and nothing is played."""
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1,
                  options={"first_player": "Purple"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # Ana: a 1-tiki totem in the centre
        app.screen.table.act(match.legal_actions(1)[0], 1)
        await pilot.pause()
        app.screen.board.cursor = 4
        await pilot.press("enter", "up", "right")  # lift, one step, a second step
        await pilot.pause()
        message = str(app.screen.query_one("#message", Static).content)
        assert "moves exactly 1 village" in message
        assert app.screen.board.path == [1] and len(match.log) == 2


async def test_cursor_keys_move_while_a_level_3_bot_thinks():
    """The bot thinks in the worker process: the board answers keys meanwhile."""
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="search", level=3)],
                  seed=5, options={"first_player": "Purple"})
    # the bot's move is held for at least 2 s, so every key below falls in it
    app = TabletopApp(match=match, bot_delay=2.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")  # Ana raises a totem; the bot starts thinking
        await pilot.pause()
        assert len(match.log) == 1 and not screen.table.idle()
        board = screen.board
        moved = []
        for key in ("up", "left", "down", "right", "right"):
            before = board.cursor
            await pilot.press(key)
            moved.append(board.cursor != before)
        assert all(moved) and not screen.table.idle(), "keys waited for the bot"
        await settle(pilot, screen)
        assert len(match.log) == 2 and screen.current.my_turn


async def test_a_player_with_no_move_passes_with_the_p_key():
    """T6: when the model's only legal action is a pass, the board offers it on p."""
    from tests.tiki.test_end import no_move_for_purple

    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    match.state = no_move_for_purple()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.current.legal == [Pass()]
        assert "p" in screen.active_bindings  # shown in the footer
        await pilot.press("p")
        await pilot.pause()
        assert match.log[-1].action == {"kind": "pass"} and match.state.active == 1
        assert "p" not in screen.active_bindings  # Ben can move: no pass key
