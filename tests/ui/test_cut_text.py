"""No word is cut at 80x24 (nor at 120x40): every tutorial step (its lesson,
message line, status line and footer, played by keys), the introduction,
and the footers of the demo, the replay and the rules page of every game."""

from __future__ import annotations

import random
import time

import pytest

from tabletop_tui.engine import Match, SeatConfig, get, thinker
from tabletop_tui.engine.demo import demo_match
from tabletop_tui.engine.table import Table
from tabletop_tui.engine.tutorial import load_tutorial
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.demo_screen import DemoScreen
from tabletop_tui.ui.rules_screen import RulesScreen
from tabletop_tui.ui.tutorial_screen import TutorialScreen

from .cut_text import cut_footer, cut_text
from .test_board_keys import DRIVERS
from .test_teaching_app import until

GAMES = ("tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas")
SIZES = [(80, 24), (120, 40)]


async def settled_cuts(pilot, app, seconds: float = 3.0) -> list[str]:
    """What the screen shows cut once its layout has caught up with its text:
    a Static that just got longer words is laid out on a later refresh, so a
    loaded machine may show a passing cut; a real one is still there after
    ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        found = cut_text(app.screen)
        if not found or time.monotonic() > end:
            return found
        await pilot.pause(0.05)


@pytest.fixture(autouse=True)
def _inline():
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
async def test_no_tutorial_step_is_cut(game_id, size):
    tut = load_tutorial(game_id)
    app = TabletopApp(bot_delay=0, start=lambda a: a.start_tutorial(game_id))
    found: list[str] = []

    async def look(where: str) -> None:
        found.extend(f"{where}: {c}" for c in await settled_cuts(pilot, app))

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        table = screen.table
        table.bot_delay = 0
        await pilot.pause()
        await look("the introduction")
        for _ in range(len(tut.steps) * 4):
            await until(pilot, lambda: table.done or (table.expected()[0] == tut.you and table.idle()
                                                      and screen.current.serial == table.serial))
            if table.done:
                break
            await pilot.pause()
            await look(f"step {table.at}")
            seat, want = table.expected()
            for key in DRIVERS[game_id](screen.board, want):
                await pilot.press(key)
            await pilot.pause()
        assert table.done
        await pilot.pause()
        await look("the end")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
async def test_no_footer_of_a_demo_a_replay_or_a_rules_page_is_cut(size, tmp_path):
    found: list[str] = []
    for game_id in GAMES:
        game = get(game_id)
        m = Match(game, [SeatConfig(name=n) for n in ("Ana", "Ben", "Cy")][: max(2, game.min_players)],
                  seed=3, path=tmp_path / f"{game_id}.json")
        rng = random.Random(1)
        for _ in range(6):
            seat = m.to_act()[0]
            m.apply(rng.choice(m.legal_actions(seat)), seat)
        table = Table(demo_match(game_id, seed=3, bot="random"))
        starts = [lambda a: a.push_screen(DemoScreen(table)),
                  lambda a: a.start_replay(Match.load(m.path, autosave=False))]
        if game_id == GAMES[0]:  # the rules page's footer is every game's
            starts.append(lambda a: a.push_screen(RulesScreen(game_id)))
        for start in starts:
            app = TabletopApp(bot_delay=0, start=start)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await pilot.pause()
                found.extend(f"{game_id} {type(app.screen).__name__}: {c}" for c in cut_footer(app.screen))
                if isinstance(app.screen, DemoScreen):
                    table.close()
    assert not found, "\n".join(found)
