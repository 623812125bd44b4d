"""Nisyros' island at 80 columns: cells stand apart (a gap between zones, none
touching the panel's border), and a worker arriving on a field with a bonus
marker leaves the marker's kind readable ("+Wh", never a bare "+")."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.games.nisyros.board import island_cell
from tabletop_tui.games.nisyros.render import cell_text
from tabletop_tui.ui.app import TabletopApp

from ..nisyros.util import P, new


@pytest.mark.parametrize("width", [9, 10, 11, 12])
def test_a_worker_on_a_bonus_field_leaves_the_bonus_kind(width):
    from tabletop_tui.engine import get

    state = new(2, seed=1)
    g = get("nisyros")
    z = next(z for z in range(4) if state.bonus[z])
    state.people[0][P(z, 0)] += 1
    view = g.view(state, 0)
    line = cell_text(view, view.places[P(z, 0)], ["", "", "", ""], False, width)[0].plain
    abbr = {"stone": "St", "wood": "Wo", "wheat": "Wh"}[state.bonus[z]]
    assert f"+{abbr}" in line or f"+{state.bonus[z]}" in line, line
    assert "R1" in line.split()[-1] and len(line) <= width and "+ " not in line


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_island_cells_do_not_run_together(size):
    match = Match("nisyros", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.board
        island = board.query_one("#ni-island")
        at = island.content_region.offset
        for slot in range(8):
            row = [island.cell_region(island_cell(P(z, slot))).translate(at) for z in range(4)]
            for left, right in zip(row, row[1:]):
                assert right.x > left.right, (slot, left, right)  # a gap between zones
            assert row[-1].right < island.region.right or size[0] >= 100
            for z in range(4):
                first = island.text_of(island_cell(P(z, slot))).split("\n")[0]
                assert len(first) <= row[z].width, (slot, z, first)


def test_a_zone_header_with_two_seats_keeps_its_spaces_at_80_columns():
    from tabletop_tui.engine import get
    from tabletop_tui.games.nisyros.render import zone_header

    state = new(2, seed=1)
    state.home[1] = state.origin[0]  # a guest: two seats live in one zone
    view = get("nisyros").view(state, 0)
    line = zone_header(view, state.origin[0], False, 10)[0]
    assert line.cell_len <= 10 and len(line.plain.split()) == 3, line.plain  # "Man RB ⛵0", never "ManRB"
