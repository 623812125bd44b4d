"""Nayakas at 80x24 and 120x40: panes 2 and 3 use their box's whole width
from the first time they are shown (they wrapped at about 16 columns inside
a 48-column box until the first resize: a panel kept the rows it had wrapped
at another width)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.ui.app import TabletopApp


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_panes_two_and_three_fill_their_box_at_once(size):
    match = Match("nayakas", [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.board
        for key, panel, first in (("3", "#nk-market", "Building Tracker 0/6; Events gone"),
                                  ("2", "#nk-me", "Ana, Keladi (holds the Conch)")):
            await pilot.press(key)
            await pilot.pause()
            widget = board.query_one(panel)
            assert widget.size.width >= 40
            rows = [widget.render_line(y).text.rstrip() for y in range(3)]
            assert rows[0].startswith(first), rows
            assert all(len(r) <= widget.size.width for r in rows)


def test_a_panel_wraps_again_at_a_new_width():
    from rich.text import Text

    from tabletop_tui.ui.line_panel import LinePanel

    class Probe(LinePanel):
        app = type("App", (), {"console": __import__("rich.console").console.Console(width=200)})()

    panel = Probe()
    panel._lines = [Text("Building Tracker 0/6; Events gone 0/3; round 1")]
    panel._keys = [("k",)]
    assert len(panel._build(16)) > 2
    assert len(panel._build(60)) == 1
