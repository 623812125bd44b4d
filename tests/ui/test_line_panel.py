"""LinePanel: a pane drawn line by line, repainting only the lines that changed."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult

from tabletop_tui.ui.line_panel import LinePanel


class One(App):
    def compose(self) -> ComposeResult:
        yield LinePanel(id="p")


def lines(cursor: int, n: int = 6) -> Text:
    t = Text()
    for i in range(n):
        t.append(f"{'▸' if i == cursor else ' '} space {i}\n", style="bold" if i == cursor else "")
    t.right_crop(1)
    return t


def spy(panel: LinePanel) -> list:
    calls: list = []
    real = panel.refresh

    def refresh(*regions, **kw):
        calls.append((regions, kw.get("layout", False)))
        return real(*regions, **kw)

    panel.refresh = refresh  # type: ignore[method-assign]
    return calls


async def test_a_cursor_move_repaints_its_two_lines_and_lays_nothing_out():
    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.show(lines(0))
        await pilot.pause()
        assert panel.size.height == 6
        assert "▸ space 0" in panel.render_line(0).text and "space 3" in panel.render_line(3).text
        calls = spy(panel)
        panel.show(lines(2))
        assert [r[0].y for r, layout in calls] == [0, 2] and not any(layout for _, layout in calls)
        await pilot.pause()
        assert panel.render_line(2).text.startswith("▸ space 2")
        calls.clear()
        panel.show(lines(2))  # the same text again: nothing to do
        assert calls == []
        panel.show(lines(2, n=7))  # one more line: the panel grows
        assert calls and calls[-1][1] is True
        await pilot.pause()
        assert panel.size.height == 7


async def test_long_lines_wrap_at_the_width_and_other_renderables_draw_too():
    app = One()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one(LinePanel)
        panel.show(Text("one two three four five six"))
        await pilot.pause()
        rows = [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]
        assert rows == ["one two three four", "five six"]
        grid = Table.grid()
        grid.add_column()
        grid.add_column()
        grid.add_row("left", "right")
        panel.show(grid)
        await pilot.pause()
        assert panel.size.height == 1 and panel.render_line(0).text.startswith("leftright")
