"""The picker lists the built games and resumes autosaved ones."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from tabletop_tui.engine import Match, SeatConfig, games, get
from tabletop_tui.games.tiki.rules import Place
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.picker import PickerScreen
from tabletop_tui.ui.rules_screen import RulesScreen


async def test_picker_lists_every_registered_game_with_player_counts():
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        labels = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        for g in games():
            assert any(g.title in label and "players" in label for label in labels)


async def test_rules_page_from_the_picker():
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "## Options" in app.screen.page and "| `shaman` | `true`, `false` |" in app.screen.page
        page, text = app.screen.query_one("#rules"), app.screen.query_one("#rules-text")

        def shown() -> str:
            top = int(page.scroll_y)
            return "\n".join(text.render_line(top + y).text for y in range(page.size.height))

        assert "Tiki" in shown() and "#" not in shown()  # the Markdown rendered, not its source
        before = page.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert page.scroll_y > before  # the page scrolls by the keys
        await pilot.press("end")
        await pilot.pause()
        assert "shaman" in shown()  # the options at its end
        await pilot.press("escape")
        assert isinstance(app.screen, PickerScreen)


async def test_an_autosaved_game_resumes_from_the_picker():
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=9,
                  options={"first_player": "Yellow"})
    match.apply(Place(village=4), 1)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
        index = next(i for i, oid in enumerate(ids) if oid and oid.startswith("save:"))
        assert "Ana, Ben" in str(ol.get_option_at_index(index).prompt)
        ol.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.match.state.stacks[4] == [1] and app.screen.table.match.match_id == match.match_id


async def test_a_damaged_save_is_reported_not_raised(_data_dir):
    saves = _data_dir / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=9)
    match.apply(match.legal_actions(match.to_act()[0])[0], match.to_act()[0])
    text = match.path.read_text().replace('"seed": 9', '"seed": 10')
    match.path.write_text(text)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        index = next(i for i in range(ol.option_count) if (ol.get_option_at_index(i).id or "").startswith("save:"))
        ol.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert "Cannot resume" in str(app.screen.query_one("#picker-message", Static).content)
