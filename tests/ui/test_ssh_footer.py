"""Over ssh the game footer has "/ Chat" too: at 80 columns every key of
the game footer still shows whole (Nayakas' too: "l d Worker" in one entry)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.engine.table import Table
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.seats import HotSeat

from .cut_text import cut_footer
from .drive import footer_keys


class ChatTable(Table):
    """A local table with a server table's chat (what makes the "/" key show)."""

    has_chat = True

    def send_chat(self, text: str) -> None:
        pass


@pytest.mark.parametrize("game_id", ["tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas"])
async def test_the_ssh_footer_fits_80_columns(game_id):
    game = get(game_id)
    match = Match(game, [SeatConfig(name=f"P{i}") for i in range(game.min_players)], seed=2, autosave=False)
    seat = match.to_act()[0]
    table = ChatTable(match)
    app = TabletopApp(bot_delay=0, start=lambda a: a.push_screen(GameScreen(table, HotSeat([seat], False))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "slash" in footer_keys(app.screen), footer_keys(app.screen)
        assert not cut_footer(app.screen), list(footer_keys(app.screen).items())
    table.close()
