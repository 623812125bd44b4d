"""The result screen offers only its own keys; Tiki's "c" says what it does
and shows only while a totem is lifted."""

from __future__ import annotations

from textual.widgets import Footer

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.result_screen import ResultScreen

from .drive import footer_keys


async def test_the_result_screen_shows_no_game_keys():
    match = Match("tiki", [SeatConfig(name="Ana", bot="random"), SeatConfig(name="Ben", bot="random")], seed=2)
    match.play_bots()
    assert match.is_over()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.query(Footer)
        keys = footer_keys(app.screen)
        assert set(keys) == {"enter", "b"}, keys
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_tiki_put_back_key_is_named_for_what_it_does_and_shown_only_when_lifted():
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"}, seed=3)
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0], seat)  # Ana raises a totem
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        assert "c" not in footer_keys(screen)
        # Ben's turn: raise a totem, then Ana lifts hers.
        board.cursor = next(v for v in range(9) if not board.state.stacks[v])
        await pilot.press("enter")
        await pilot.pause()
        mine = next(v for v in range(9) if board.state.stacks[v] and board.state.stacks[v][-1] == 0)
        board.cursor = mine
        await pilot.press("enter")
        await pilot.pause()
        assert board.selected == mine
        assert footer_keys(screen).get("c") == "Put totem back"
        await pilot.press("c")
        await pilot.pause()
        assert board.selected is None and "c" not in footer_keys(screen)
