"""`?` opens every game's page on its keys and symbols, then the rules:
the legend is one key away at 80x24."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.resources import rules_markdown
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.rules_screen import RulesScreen

GAMES = ("tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas")


def shown(screen: RulesScreen) -> str:
    page, text = screen.query_one("#rules"), screen.query_one("#rules-text")
    top = int(page.scroll_y)
    return "\n".join(text.render_line(top + y).text for y in range(page.size.height))


def test_every_page_puts_keys_and_symbols_before_the_rules():
    for game_id in GAMES:
        page = rules_markdown(game_id)
        sections = [line for line in page.splitlines() if line.startswith("## ")]
        assert sections[0] == "## Keys and symbols", (game_id, sections[:2])
        assert "## Keys\n" not in page
        keys = page[page.index("## Keys and symbols"):page.index(sections[1])]
        assert "| on the board |" in keys or "| on the map |" in keys or "Signs on the island" in keys \
            or "marked with" in keys, game_id  # the symbols, not only the keys


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_question_mark_opens_on_keys_and_symbols(size):
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=2,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        first = shown(app.screen)
        assert "Keys and symbols" in first and "Goal" not in first
        await pilot.press("pagedown")
        await pilot.pause()
        assert "coastal palm" in shown(app.screen) and "face down" in shown(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for game_id in GAMES:  # every game's page opens on them too
            app.push_screen(RulesScreen(game_id))
            await pilot.pause()
            assert "Keys and symbols" in shown(app.screen), game_id
            app.pop_screen()
            await pilot.pause()
