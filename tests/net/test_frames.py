"""A move is one frame on each player's screen over ssh.

Each frame costs the app a compositor pass and the player's terminal (and
ssh) its bytes, so at a full server the frames per move are what the apps
spend. The move's board, status, players panel, message line and log line
are drawn together: one frame on the mover's screen after their Enter, one
on the other seat's when the move comes. The frames are counted as the app
writes them (``App._display`` with something to draw), after waiting for
every part of the move to be on screen, the log line included.
"""

from __future__ import annotations

import random

from tabletop_tui.games.tiki.rules import Place
from tabletop_tui.net import protocol as p

from .. import waiting
from ..ui.drive import arrows_between, calm, press
from .test_app import log_text, table_listed, tables, text, until  # noqa: F401  (tables: the fixture)


def count_frames(app) -> list[int]:
    """A counter (``[n]``) of the frames ``app`` writes from now on."""
    frames = [0]
    real = app._display

    def display(screen, renderable) -> None:
        if renderable is not None and not app._batch_count:
            frames[0] += 1
        return real(screen, renderable)

    app._display = display
    return frames


def drawn(screen) -> bool:
    """Nothing of ``screen`` is waiting to be drawn (Textual's own marks,
    cleared as it writes the frame)."""
    return not (screen._dirty_widgets or screen._layout_required or screen._repaint_required
                or screen._scroll_required)


async def test_a_move_is_one_frame_on_the_mover_s_screen_and_one_on_the_other_s(tables):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen

    ben = tables.connect("ben")
    ben.send(p.Create(game="tiki", seats=[p.SeatPlan(), p.SeatPlan()], take=[1]))
    waiting.wait_until(lambda: ben.table is not None, "ben's table")
    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: table_listed(app), "ben's table in the lobby")
        await pilot.press("enter")  # the free seat
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.current is not None
                    and "ana · " in text(app.screen.query_one("#seats")), "ana at the table")
        screen = app.screen
        m = next(iter(tables.service.tables.values())).table.match
        message = lambda: text(screen.query_one("#message"))  # noqa: E731
        frames = count_frames(app)
        rng = random.Random(3)
        moves = {0: 0, 1: 0}
        while min(moves.values()) < 3:
            seat = m.to_act()[0]
            place = rng.choice([a for a in m.legal_actions(seat) if isinstance(a, Place)])
            lines = len(log_text(screen).splitlines())
            if seat == 1:  # ben's move comes to ana's screen
                await until(pilot, lambda: drawn(screen), "ana's screen drawn")
                frames[0] = 0
                ben.send(p.Act(seat=1, action=place.model_dump(mode="json")))
                said = "Your turn."
            else:  # ana walks her cursor there (drawn first), then Enter
                await press(pilot, *arrows_between(screen.board.cursor, place.village))
                await until(pilot, lambda: drawn(screen), "ana's cursor drawn")
                frames[0] = 0
                await press(pilot, "enter")
                said = "Waiting for ben."
            await until(pilot, lambda: said in message() and len(log_text(screen).splitlines()) > lines
                        and drawn(screen), f"the move on ana's screen ({said!r} and its log line)")
            await calm(pilot)
            assert frames[0] == 1, f"seat {seat}'s move took {frames[0]} frames on ana's screen"
            moves[seat] += 1
    link.close()
    ben.close()


async def test_a_log_line_repaints_its_own_row_while_the_log_fits_and_the_whole_log_once_it_scrolls():
    """A line written to the game log repaints only its row while every
    line fits unscrolled (RichLog repaints the whole log at every line);
    once the log scrolls, every row moved and all of it is repainted."""
    from rich.text import Text
    from textual.app import App

    from tabletop_tui.ui.game_log import GameLog

    class OneLog(App):
        def compose(self):
            yield GameLog(id="log", wrap=True, markup=False, min_width=20)

    app = OneLog()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(GameLog)
        await until(pilot, lambda: log.size.height == 8 and log._size_known, "the log laid out")
        log.write(Text("the first line"))
        log.write(Text("the second line"))
        await calm(pilot)
        await until(pilot, lambda: drawn(app.screen) and not log._repaint_regions, "the log drawn")
        log.write(Text("the third line"))
        assert [r.height for r in log._repaint_regions] == [1] and next(iter(log._repaint_regions)).y == 2
        await calm(pilot)
        await until(pilot, lambda: drawn(app.screen) and not log._repaint_regions, "the third line drawn")
        for i in range(6):  # past the log's 8 rows: it scrolls
            log.write(Text(f"line {i + 4}"))
        assert any(r.height == log.outer_size.height for r in log._repaint_regions)
        await calm(pilot)
        await until(pilot, lambda: log.scroll_offset.y == 1, "the log scrolled to its end")
        assert "line 9" in "".join(seg.text for seg in log.lines[-1])
