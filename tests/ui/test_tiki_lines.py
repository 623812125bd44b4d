"""Tiki's board is one Line API widget: no cell widgets to restyle, a cursor
key repaints the lines of the villages it changed and no others, a move from
the other seat draws again only what it changed, and a click on a border in
the shaman phase places the shaman."""

from __future__ import annotations

import random

from textual.widget import Widget

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.tiki.actions import Place, Shaman
from tabletop_tui.ui.app import TabletopApp
from tests.waiting import until


def game() -> Match:
    return Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4,
                 options={"first_player": "Purple", "shaman": True}, autosave=False)


async def test_a_cursor_key_repaints_only_the_lines_of_the_two_villages_it_changed():
    app = TabletopApp(match=game(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert not list(board.query(Widget)), "the board paints itself: no cell widgets"
        await until(lambda: board.villages() and board.strips_built, "the board drawn", pilot=pilot)
        await pilot.pause()
        rows = {v.region.y for v in board.villages()}
        assert len(rows) == 3
        built = board.strips_built
        await pilot.press("right")  # the centre's frame to the middle-right one: one row of villages
        await until(lambda: "cursor" in board.villages()[5].classes, "the cursor on the middle right", pilot=pilot)
        await pilot.pause()
        height = board.villages()[5].region.height
        assert 0 < board.strips_built - built <= height, "only the lines of that row of villages were built again"
        assert "cursor" not in board.villages()[4].classes


async def test_a_move_redraws_only_the_villages_it_changed_and_a_click_on_a_border_places_the_shaman():
    match = game()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        await until(lambda: board.villages() and board.strips_built, "the board drawn", pilot=pilot)
        await pilot.pause()
        before = {v.index: (v.content.plain, v.classes) for v in board.villages()}
        drawn = dict(board._drawn)
        screen.table.act(Place(village=0), 0)  # a move made elsewhere (another seat's terminal)
        await until(lambda: board.villages()[0].content.plain != before[0][0], "the new totem", pilot=pilot)
        changed = {key for key, (k, _lines) in board._drawn.items() if drawn.get(key, (None,))[0] != k}
        assert (0, 0) in changed and len(changed) < 9, f"only what the move touched: {changed}"
        # play on to a shaman phase (a marshland influenced) and place it by a click on a border
        screen.table.undo()
        rng = random.Random(0)
        while match.state.phase != "shaman":
            seat = match.to_act()[0]
            screen.table.act(rng.choice(match.legal_actions(seat)), seat)
        seat = match.to_act()[0]
        edges = [a.edge for a in match.legal_actions(seat) if isinstance(a, Shaman) and a.edge is not None]
        await until(lambda: screen.current is not None and screen.current.serial == screen.table.serial,
                    "the shaman phase on screen", pilot=pilot)
        await pilot.pause()
        a, b = edges[0]
        await pilot.click(board, offset=board.offset_of(f"edge:{a}-{b}"))
        await until(lambda: match.state.shaman == edges[0] or match.state.phase != "shaman",
                    "the shaman placed by the click", pilot=pilot)
        assert match.log[-1].action["kind"] == "shaman" and tuple(match.log[-1].action["edge"]) == (a, b)
