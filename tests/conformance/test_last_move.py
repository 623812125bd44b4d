"""Every board shows what the previous action changed (issue "One table owns
each game"): a player coming back to the keyboard sees at once what the
others did.

For every registered game, a seeded random game is played through a Table
while one seat's game screen watches it. After each action the screen is
drawn twice, with the board's ``last`` move and without it; the two must
differ in something other than colour (a glyph, bold, reverse or underline),
so the mark reads on a monochrome terminal too.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from rich.console import Console

from tabletop_tui.engine import Match, SeatConfig, registry
from tabletop_tui.engine.table import Table

from ..waiting import until

MOVES = 20
SIZE = (160, 50)  # the whole board in sight, nothing scrolled away
#: action kinds after which nothing a seat can see has changed on the board
SHOWS_NOTHING = {
    ("tiki", "pass"): "a pass changes nothing on the board",
    ("nyakuza", "bid"): "a bid is secret until all are in; the reveal is in the log",
    ("nisyros", "done"): "it only ends a step; the round tracker shows the step",
}


def cells(app) -> list[tuple[str, bool, bool, bool]]:
    """Every character on the screen with its bold, reverse and underline
    (colour left out)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False)
    out = []
    for seg in console.render(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)):
        style = seg.style
        attrs = (bool(style and style.bold), bool(style and style.reverse), bool(style and style.underline))
        out += [(ch, *attrs) for ch in seg.text]
    return out


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
async def test_every_board_marks_the_last_move(game):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen
    from tabletop_tui.ui.seats import FixedSeat

    match = Match(game, [SeatConfig(name=f"P{i + 1}") for i in range(game.min_players)], seed=1, autosave=False)
    table = Table(match)
    rng = random.Random(1)
    seen, marked = Counter(), Counter()
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(table, FixedSeat(0))
        await app.push_screen(screen)
        for _ in range(MOVES):
            if match.is_over():
                break
            seat = rng.choice(match.to_act())
            action = rng.choice(match.legal_actions(seat))
            table.act(action, seat)
            await until(lambda: screen.current is not None and screen.current.serial == table.serial,
                        "the screen to get the move", pilot=pilot)
            board = screen.board
            assert board.last is not None and board.last.action == action
            shown = cells(app)
            board.last = None
            board.update_board()
            await pilot.pause()
            unmarked = cells(app)
            board.show(screen.current)
            await pilot.pause()
            seen[action.kind] += 1
            marked[action.kind] += shown != unmarked
    missing = {k: f"{marked[k]} of {n}" for k, n in seen.items()
               if marked[k] < n and (game.id, k) not in SHOWS_NOTHING}
    assert not missing, f"{game.id}: the board does not mark these last moves: {missing}"
    assert sum(marked.values()) > 0
