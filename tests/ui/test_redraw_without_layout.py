"""A move redraws what changed without a layout pass of the whole screen
where nothing changed size: the footer keeps its keys when they are the
same, a text panel held by its min-height keeps its height, a list of a
fixed height takes new options without laying the screen out."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from tabletop_tui.ui.board_kit import SteadyList, TapPanel
from tabletop_tui.ui.fit import same_height
from tabletop_tui.ui.footer import FittingFooter, SteadyFooter
from tests.waiting import until


class Keys(Screen):
    BINDINGS = [Binding("x", "x", "Ex"), Binding("y", "y", "Why")]
    offer_y = True

    def compose(self) -> ComposeResult:
        yield Static("board", id="board")
        yield FittingFooter()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.offer_y if action == "y" else True


class KeysApp(App):
    def on_mount(self) -> None:
        self.push_screen(Keys())


def footer_keys(screen: Screen) -> list:
    return list(screen.query_one(SteadyFooter).query("FooterKey"))


async def test_the_footer_keeps_its_keys_when_they_did_not_change_and_rebuilds_when_they_did():
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: len(footer_keys(app.screen)) >= 2, "the footer's keys", pilot=pilot)
        before = footer_keys(app.screen)
        app.screen.refresh_bindings()  # what a move does: nothing the footer shows changed
        await pilot.pause()
        await pilot.pause()
        assert footer_keys(app.screen) == before  # the same widgets: no rebuild, no layout
        app.screen.offer_y = False
        app.screen.refresh_bindings()
        await until(lambda: footer_keys(app.screen) != before, "the footer rebuilt", pilot=pilot)
        shown = " ".join(str(k.description) for k in footer_keys(app.screen))
        assert "Ex" in shown and "Why" not in shown


class Panels(App):
    CSS = """
    #held { height: auto; min-height: 3; }
    #list { height: 5; }
    """

    def compose(self) -> ComposeResult:
        yield TapPanel(id="held")
        yield SteadyList(id="list")


async def test_a_panel_held_by_its_min_height_takes_one_to_three_lines_without_a_layout():
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one("#held", TapPanel)
        panel.show(Text("one line"))
        await pilot.pause()
        assert panel.size.height == 3
        calls: list[bool] = []
        real = panel.update
        panel.update = lambda content, layout=True: (calls.append(layout), real(content, layout=layout))
        panel.show(Text("a\nb\nc"))
        panel.show(Text("a\nb"))
        assert calls == [False, False]
        panel.show(Text("a\nb\nc\nd"))  # taller than its min-height: laid out again
        assert calls[-1] is True
        await pilot.pause()
        assert panel.size.height == 4


def test_same_height_knows_the_bounds_that_held_the_height():
    panel = Static()
    panel.styles.min_height = 3
    panel.styles.max_height = 5
    assert same_height(panel, 1, 3) and same_height(panel, 3, 1)
    assert same_height(panel, 6, 9)  # both cut to five rows
    assert not same_height(panel, 3, 4) and not same_height(panel, 5, 4)
    assert not same_height(panel, -1, 1)  # not laid out yet


async def test_a_list_of_fixed_height_takes_more_options_without_laying_the_screen_out():
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        lst = app.query_one(SteadyList)
        lst.set_options([Option(f"move {i}") for i in range(2)])
        await pilot.pause()
        laid_out = count_layouts(app)
        lst.set_options([Option(f"move {i}") for i in range(3)])  # no scroll bar yet: same size
        await pilot.pause()
        await pilot.pause()
        assert laid_out == []
        lst.highlighted = 2
        await pilot.pause()
        assert "move 2" in str(lst.get_option_at_index(2).prompt)


def count_layouts(app) -> list:
    """A list that gets an entry at each layout pass of the app's screen from now on."""
    laid_out: list[object] = []
    real = app.screen._refresh_layout

    def refresh_layout(*args, **kw):
        laid_out.append(args)
        return real(*args, **kw)

    app.screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
    return laid_out


class Hidden(App):
    CSS = "#box { height: auto; } #box.-off { display: none; }"

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        from tabletop_tui.ui.line_panel import LinePanel

        with Vertical(id="box"):
            yield LinePanel(id="lines")
        yield Static("below", id="below")


async def test_a_line_panel_out_of_sight_lays_nothing_out_and_is_laid_out_when_shown():
    """(Nayakas' panes at 80x24: one pane in sight) a panel whose container
    is hidden takes new text of another height without a layout pass of the
    screen, and has the height of that text when its container is shown."""
    from tabletop_tui.ui.line_panel import LinePanel

    app = Hidden()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one("#lines", LinePanel)
        box = app.query_one("#box")
        panel.show(Text("one"))
        await until(lambda: panel.size.height == 1, "the panel laid out", pilot=pilot)
        box.add_class("-off")
        await until(lambda: not box.display and app.query_one("#below").region.y == 0, "the box hidden", pilot=pilot)
        laid_out = count_layouts(app)
        panel.show(Text("one\ntwo\nthree"))
        await pilot.pause()
        await pilot.pause()
        assert laid_out == []  # out of sight: nothing laid out for it
        box.remove_class("-off")
        await until(lambda: panel.size.height == 3, "the panel shown at its new height", pilot=pilot)
        assert [panel.render_line(y).text.strip() for y in range(3)] == ["one", "two", "three"]
        assert app.query_one("#below").region.y == 3
