"""Nyakuza at 80 columns: each player's line in the players panel stays one
line (a line that wrapped made the panel change height, and the whole
screen was laid out again on most move keys)."""

from __future__ import annotations

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.ui.app import TabletopApp

from ..waiting import until
from . import drive


async def test_a_seat_with_a_last_bid_and_the_amulet_keeps_one_line_at_80_columns():
    match = Match("nyakuza", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await drive.to_the_game(pilot)).board
        await until(lambda: board.view is not None and board.summary_width < 31, "the narrow board", pilot=pilot)
        v = board.view
        seats = [p.model_copy(update={"to_place": 0, "has_bid": False, "last_bid": 24, "last_tokens": 3,
                                      "amulet": i == 0}) for i, p in enumerate(v.seats)]
        board.view = v.model_copy(update={"phase": "bid", "seats": seats})
        line = board.seat_summary(0)
        assert len(line) <= board.summary_width and "\n" not in line, line
        assert "24→3" in line and "◆" in line  # the bid and the amulet stay
