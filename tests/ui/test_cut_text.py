"""No footer key is cut at 80x24 (nor at 120x40) on the demo, the replay and
the rules page of every game. (The tutorials' words are checked at both
sizes as each tutorial is played by keys, once per game and size:
tests/ui/test_teaching_app.py.)"""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import Match, SeatConfig, get, thinker
from tabletop_tui.engine.demo import demo_match
from tabletop_tui.engine.table import Table
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.demo_screen import DemoScreen
from tabletop_tui.ui.rules_screen import RulesScreen

from ..waiting import until
from .cut_text import cut_footer
from .drive import calm

GAMES = ("tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas")
SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def _inline():
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


def demo(table: Table) -> DemoScreen:
    """A demo whose bots wait an hour between moves: its footer is the same
    at every pace, and a board that does not change is laid out once."""
    screen = DemoScreen(table)
    table.bot_delay = 3600
    return screen


@pytest.mark.parametrize("size", SIZES)
async def test_no_footer_of_a_demo_a_replay_or_a_rules_page_is_cut(size, tmp_path):
    """One app per size: each game's demo and replay (and the rules page,
    every game's one footer) pushed over the picker in turn, looked at once
    laid out, and closed."""
    found: list[str] = []
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for game_id in GAMES:
            game = get(game_id)
            m = Match(game, [SeatConfig(name=n) for n in ("Ana", "Ben", "Cy")][: max(2, game.min_players)],
                      seed=3, path=tmp_path / f"{game_id}.json")
            rng = random.Random(1)
            for _ in range(6):
                seat = m.to_act()[0]
                m.apply(rng.choice(m.legal_actions(seat)), seat)
            table = Table(demo_match(game_id, seed=3, bot="random"))
            starts = [lambda a: a.push_screen(demo(table)),
                      lambda a: a.start_replay(Match.load(m.path, autosave=False))]
            if game_id == GAMES[0]:  # the rules page's footer is every game's
                starts.append(lambda a: a.push_screen(RulesScreen(game_id)))
            for start in starts:
                below = app.screen
                start(app)
                await until(lambda: app.screen is not below and app.screen.is_mounted, "the screen", pilot=pilot)
                for _ in range(3):  # laid out again until the footer settles (a real cut stays)
                    await calm(pilot, layout=True)
                    cut = cut_footer(app.screen)
                    if not cut:
                        break
                found.extend(f"{game_id} {type(app.screen).__name__}: {c}" for c in cut)
                await app.pop_screen()
                await calm(pilot)
            table.close()
    assert not found, "\n".join(found)
