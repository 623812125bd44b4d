"""The result screen offers only its own keys; Tiki's "c" says what it does
and shows only while a totem is lifted."""

from __future__ import annotations

import random

import pytest
from textual.app import App
from textual.widgets import DataTable, Footer, Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.engine.game import Result
from tabletop_tui.engine.updates import SeatInfo
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.result_screen import ResultScreen

from ..waiting import until
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


async def test_an_app_that_quits_as_the_result_shows_raises_nothing():
    """The game ends and the app quits in the same instant (Ctrl+Q, or an ssh
    session ending): the result screen goes before it is ever mounted, and
    nothing raises (it once filled its table in on_mount, from a query that
    found no table there). Mounted, the table is filled as before."""
    result = Result(winners=[1], scores={0: 2, 1: 3})
    seats = [SeatInfo("Ana", "Red"), SeatInfo("Ben", "Blue")]
    app = App()
    async with app.run_test(size=(80, 24)):
        app.push_screen(ResultScreen(result, seats))  # and quits at once
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ResultScreen(result, seats))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2 and [str(c.label) for c in table.columns.values()] == ["Player", "Score"]
        assert [str(v) for v in table.get_row_at(1)] == ["★ Ben", "3"]


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


@pytest.mark.parametrize("game_id", ["tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas"])
async def test_a_finished_game_offers_no_undo(game_id):
    """Back on the board after the result, neither the footer nor the
    message line offers "u" to undo: the game is over."""
    n = get(game_id).min_players
    match = Match(game_id, [SeatConfig(name=f"P{i}") for i in range(n)], seed=5)
    rng = random.Random(5)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(rng.choice(match.legal_actions(seat)), seat)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, ResultScreen), "the result", pilot=pilot)
        await pilot.press("b")
        await until(lambda: isinstance(app.screen, GameScreen), "the board", pilot=pilot)
        await pilot.pause()
        assert "u" not in footer_keys(app.screen)
        assert "undo" not in str(app.screen.query_one("#message", Static).content)
