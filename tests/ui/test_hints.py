"""A hint lights the move it names and puts the cursor there, and says so;
a refused key never moves the cursor away from where the player pressed."""

from __future__ import annotations

from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.games.tiki.rules import Move, Place
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen


def message(screen) -> str:
    return str(screen.query_one("#message", Static).content)


async def test_tiki_hint_after_a_refused_enter_puts_the_cursor_on_the_village_it_names():
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"}, seed=3,
                  autosave=False)
    match.apply(Place(village=4), 0)  # Ana's totem in the centre; Ben to play
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 1
        board = screen.board
        board.cursor = 4
        await pilot.press("enter")  # Ben on Ana's totem: refused
        await pilot.pause()
        assert len(match.log) == 1 and board.cursor == 4, "a refused Enter leaves the cursor"
        assert "error" in screen.query_one("#message").classes
        screen.post_message(GameScreen.Hinted(screen.current.serial, 1, Place(village=0), "a totem top-left"))
        await pilot.pause()
        assert board.cursor == 0 and "hint" in board.villages()[0].classes
        assert message(screen) == "Hint: a totem top-left (the cursor is on it: Enter plays it)"
        await pilot.press("enter")
        await pilot.pause()
        assert match.log[-1].action == {"kind": "place", "village": 0}


async def test_tiki_hint_of_a_move_puts_the_cursor_on_the_totem_to_lift():
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"}, seed=3,
                  autosave=False)
    match.apply(Place(village=4), 0)
    match.apply(Place(village=0), 1)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        move = next(a for a in match.legal_actions(0) if isinstance(a, Move))
        screen.post_message(GameScreen.Hinted(screen.current.serial, 0, move, "move it"))
        await pilot.pause()
        assert screen.board.cursor == move.start
        assert "Enter lifts it" in message(screen)
