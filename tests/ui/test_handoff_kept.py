"""One hand-off screen per game screen, built once and shown again for each
player: a move that passes the keyboard does not build a screen anew."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Static

from tabletop_tui.engine import Match, SeatConfig, registry
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen

from ..waiting import until
from .secret_game import SecretGame


@pytest.fixture
def secrets():
    game = registry.register(SecretGame())
    yield game
    registry.unregister(game.id)


def handoff_text(screen: HandoffScreen) -> str:
    return " ".join(str(w.content) for w in screen.query(Static)) + " " + str(screen.query_one(Button).label)


async def test_the_hand_off_screen_is_built_once_and_names_each_next_player(secrets):
    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, HandoffScreen), "the first hand-off", pilot=pilot)
        first = app.screen
        assert "Ana" in handoff_text(first)
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, GameScreen), "Ana's view", pilot=pilot)
        game_screen = app.screen
        await pilot.press("down", "down", "enter")  # Ana bids 2: Ben is next
        await until(lambda: isinstance(app.screen, HandoffScreen), "the hand-off to Ben", pilot=pilot)
        assert app.screen is first  # the same screen, shown again
        text = handoff_text(app.screen)
        assert "Ben" in text and "Ana" not in text
        await pilot.press("enter")
        await until(lambda: game_screen.viewer == 1, "Ben's view", pilot=pilot)
        assert app.screen is game_screen


async def test_the_kept_hand_off_screen_is_restyled_only_after_a_new_theme(secrets, monkeypatch):
    """Shown again, the kept screen's styles are not worked out again
    (Textual does it on every showing) unless the theme changed since."""
    restyled: list[str] = []
    real = HandoffScreen.update_node_styles

    def counted(self, animate: bool = True) -> None:
        restyled.append(self.app.theme)
        real(self, animate)

    monkeypatch.setattr(HandoffScreen, "update_node_styles", counted)
    match = Match(secrets, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, HandoffScreen), "the first hand-off", pilot=pilot)
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, GameScreen), "Ana's view", pilot=pilot)
        first = len(restyled)
        await pilot.press("down", "down", "enter")  # Ana bids 2: Ben is next
        await until(lambda: isinstance(app.screen, HandoffScreen), "the hand-off to Ben", pilot=pilot)
        await pilot.pause()
        assert len(restyled) == first  # shown again: no restyle
        # the same showing again under a new theme: restyled (Textual's own handler runs on this event)
        from textual import events

        again = events.ScreenResume()
        app.screen._on_screen_resume(again)
        assert again.refresh_styles is False
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        again = events.ScreenResume()
        app.screen._on_screen_resume(again)
        assert again.refresh_styles is True
