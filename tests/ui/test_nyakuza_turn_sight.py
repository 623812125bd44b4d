"""Nyakuza at 80x24: the map follows the other players' moves, and when
your turn comes it scrolls back to your cursor (issue 24), with their last
move beside it only when both fit; the line under the map names them all."""

from __future__ import annotations

from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.nyakuza.data import ISLAND
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

from ..waiting import until


def in_sight(hexmap, space: int) -> bool:
    r = hexmap.scale.hex_region(space)
    x, y = hexmap.scroll_offset
    w, h = hexmap.scrollable_content_region.size
    return x <= r.x and r.right <= x + w and y <= r.y and r.bottom <= y + h


async def test_the_map_comes_back_to_your_cursor_when_your_turn_comes():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random"),
                                   SeatConfig(name="Cy", bot="random")], seed=11, options={"first_amulet": "Red"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.board
        await until(lambda: match.humans_to_act() == [0] and board.view is not None, "Ana's bid", pilot=pilot)
        # Ana's cursor in the far top-left corner of the island, the bots place below it
        corner = min(ISLAND.spaces, key=lambda s: (s.row, s.col)).id
        board.map.set_cursor(corner)
        await pilot.press("1", "enter")  # a small bid: the bots, bidding more, place first
        await until(lambda: match.state.phase == "place" and match.to_act() == [0] and board.view is not None
                    and board.view.phase == "place", "Ana's turn to place", pilot=pilot)
        await pilot.pause()
        others = [e.action["space"] for e in match.log if e.action["kind"] == "place"]
        assert others and board.cursor == corner
        hexmap = board.map
        assert not hexmap.window_region.size.width >= hexmap.virtual_size.width, "the map scrolls at 80x24"
        assert in_sight(hexmap, corner), "the map shows Ana's cursor on her turn"
        info = str(board.query_one("#ny-info", Static).content)
        assert "Since your turn: " in info and all(ISLAND.spaces[s].name in info for s in others)
        # an arrow key still moves from the cursor, which stays in sight
        await pilot.press("right")
        await pilot.pause()
        assert in_sight(hexmap, board.cursor) and board.cursor != corner
