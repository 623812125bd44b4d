"""A move redraws only what it changed: the board that has the keys is not
focused again after every move (focusing repaints the whole board)."""

from __future__ import annotations

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

from ..waiting import until
from .drive import settled


async def test_a_move_does_not_focus_the_focused_board_again(_data_dir):
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.focused is screen.board
        focused: list = []
        real = type(screen.board).focus

        def counting(self, *a, **k):
            focused.append(self)
            return real(self, *a, **k)

        type(screen.board).focus = counting
        try:
            for then in ("right", "down", None):
                await pilot.press("enter")  # raise a totem; the turn passes
                await until(lambda: settled(screen), "the turn to pass", pilot=pilot)
                if then:
                    await pilot.press(then)  # to an empty village
        finally:
            type(screen.board).focus = real
        assert len(match.log) == 3 and app.focused is screen.board
        assert focused == []
