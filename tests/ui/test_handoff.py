"""The pass-the-keyboard screen guards every change of seat in a game with secrets."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from tabletop_tui.engine import Match, SeatConfig, registry
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen
from tabletop_tui.ui.result_screen import ResultScreen

from ..waiting import until
from .drive import footer_keys
from .secret_game import SecretGame


@pytest.fixture
def secrets():
    game = registry.register(SecretGame())
    yield game
    registry.unregister(game.id)


def screen_text(app) -> str:
    return "\n".join(str(w.content) for w in app.screen.query(Static) if w.display)


async def test_handoff_between_humans_hides_the_board(secrets):
    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    cards = match.state.cards
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # The first human of several must confirm before seeing anything.
        assert isinstance(app.screen, HandoffScreen)
        assert "Ana" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen) and game_screen.viewer == 0
        assert f"your card is {cards[0]}" in str(game_screen.query_one("#status", Static).content)
        await pilot.press("down", "down", "enter")  # Ana bids 2
        await pilot.pause()
        assert match.state.bids[0] == 2
        # Ben is next: hand-off first, and nothing of Ana's view is drawn.
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert "Ben" in text and "your card" not in text and "bid 2" not in text
        assert game_screen.board.view is None
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen.viewer == 1
        assert f"your card is {cards[1]}" in str(game_screen.query_one("#status", Static).content)
        log_text = "\n".join(str(line.text) for line in game_screen.query_one("#log").lines)
        assert "You bid 2" not in log_text  # Ana's private log line stays hers
        await pilot.press("enter")  # Ben bids 0: bids revealed, round 2
        await pilot.pause()
        assert match.state.round == 2
        # Ben is still at the keys and bids first in round 2; then Ana's turn
        # comes behind a hand-off again.
        assert isinstance(app.screen, GameScreen) and game_screen.viewer == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and "Ana" in screen_text(app)
        assert str(game_screen.query_one("#status", Static).content) == ""


async def test_one_human_among_bots_needs_no_handoff(secrets):
    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="random")], seed=4)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for _ in range(2):
            app.screen.query_one(OptionList).focus()
            await pilot.press("enter")
            await until(lambda: match.is_over() or 0 in match.to_act(), "Ana's turn", pilot=pilot)
        await pilot.pause()
        assert match.is_over()
        assert isinstance(app.screen, ResultScreen)


async def test_a_player_cannot_undo_another_players_secret_bid(secrets):
    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ana at the keys
        await pilot.press("down", "enter")  # Ana bids 1
        await pilot.press("enter")  # hand-off: Ben at the keys
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 1
        before = match.state.model_dump()
        await pilot.press("u")
        await pilot.pause()
        assert match.state.model_dump() == before and len(match.log) == 1
        assert "Only Ana can take back" in str(screen.query_one("#message", Static).content)


async def test_the_handoff_shows_its_keys_and_esc_goes_back_to_the_menu(secrets):
    from textual.widgets import Footer

    from tabletop_tui.ui.picker import PickerScreen

    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.query(Footer), "the hand-off has a footer"
        assert {"enter", "escape"} <= set(footer_keys(app.screen))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert match.log == []


@pytest.mark.parametrize("hostile", ["[/x]", "[b]x[/b]", "\x1b]0;pwned\x07Eve", "x" * 300])
async def test_hostile_names_on_the_handoff_are_plain_text(secrets, hostile):
    match = Match(secrets, [SeatConfig(name=hostile), SeatConfig(name="Ben")], seed=3)
    name = match.seats[0].name
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert f"Pass the keyboard to {name}" in text and "\x1b" not in text and "pwned" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert app.crash_message is None
