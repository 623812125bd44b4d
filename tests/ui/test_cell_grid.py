"""The kit's CellGrid: cells of text drawn as one widget. A cell that changed
repaints its own region and nothing else (no layout pass, no restyle); a
click reaches the cell under it; the columns share the width as a grid of
1fr columns with a gutter of 1 did."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from tabletop_tui.ui.board_kit import Tapped
from tabletop_tui.ui.cell_grid import CellGrid


class Grid(App):
    CSS = "#grid { height: 6; width: 49; }"

    def __init__(self) -> None:
        super().__init__()
        self.tapped: list[str] = []

    def compose(self) -> ComposeResult:
        yield CellGrid(4, 3, id="grid")

    def on_tapped(self, message: Tapped) -> None:
        self.tapped.append(message.what)


async def test_a_changed_cell_repaints_only_its_region_and_a_click_reaches_its_cell():
    app = Grid()
    async with app.run_test(size=(60, 10)) as pilot:
        grid = app.query_one(CellGrid)
        await pilot.pause()
        assert [grid.column_width(c) for c in range(4)] == [11, 12, 11, 12]
        for col in range(4):
            for row in range(3):
                grid.put((col, row), [Text(f"c{col}r{row}"), Text("two")], tap=f"cell:{col}:{row}", boxed=True)
        await pilot.pause()
        calls: list[tuple] = []
        real = grid.refresh
        grid.refresh = lambda *regions, **kw: (calls.append((regions, kw)), real(*regions, **kw))[1]
        grid.put((1, 2), [Text("c1r2"), Text("two")], tap="cell:1:2", boxed=True)  # unchanged
        assert calls == []
        grid.put((1, 2), [Text("moved"), Text("two")], tap="cell:1:2", boxed=True)
        assert calls == [((Region(12, 4, 12, 2),), {})]  # its region: no layout, no whole repaint
        await pilot.pause()
        assert grid.text_of((1, 2)) == "moved\ntwo"
        line = grid.render_line(4).text
        assert line[12:17] == "moved" and line[:4] == "c0r2"
        await pilot.click(grid, offset=grid.tap_offset("cell:2:1"))
        await pilot.click(grid, offset=(11, 0))  # the gutter between two columns: nothing
        assert app.tapped == ["cell:2:1"]
