"""Every game screen at the sizes players have: below a board's minimum a
sentence says the size it needs and no key reaches the hidden board; at
200x60 the space is used."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, games
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

GAMES = [g.id for g in games()]


def one_human(game_id: str) -> Match:
    from tabletop_tui.engine import get

    game = get(game_id)
    seats = [SeatConfig(name="Ana")] + [SeatConfig(name=f"Bot{i}", bot="random") for i in range(game.min_players - 1)]
    return Match(game, seats, seed=5, autosave=False)


@pytest.mark.parametrize("game_id", GAMES)
async def test_below_the_minimum_a_sentence_says_the_size_and_keys_do_nothing(game_id):
    match = one_human(game_id)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        need = screen.board.MIN_SIZE
        note = screen.query_one("#too-small", Static)
        assert note.display and f"needs a terminal of at least {need[0]}x{need[1]}" in str(note.content)
        assert "this one is 60x20" in str(note.content)
        assert not screen.query_one("#main").display
        await pilot.press("enter", "space", "down", "enter", "1", "enter", "f", "p")
        await pilot.pause()
        assert all(entry.seat != 0 for entry in match.log), "a key reached the hidden board"
        await pilot.resize_terminal(*need)
        await pilot.pause()
        assert not note.display and screen.query_one("#main").display
        assert app.focused is not None


async def test_at_200x60_the_side_panel_grows_and_tiki_villages_too():
    app = TabletopApp(match=one_human("tiki"), bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#side").outer_size.width >= 48
        village = screen.query_one("#village-0")
        assert village.size.width >= 24 and village.size.height >= 7
    app = TabletopApp(match=one_human("tiki"), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#side").outer_size.width == 36


async def test_rapa_nui_at_80x24_with_four_players_needs_no_scrolling():
    from tabletop_tui.engine import get
    from tabletop_tui.games.rapa_nui.board import BoardScroll

    seats = [SeatConfig(name="Ana")] + [SeatConfig(name=n, bot="random") for n in ("Ben", "Cara", "Dan")]
    app = TabletopApp(match=Match(get("rapa_nui"), seats, seed=3, autosave=False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        scroll = screen.board.query_one(BoardScroll)
        assert scroll.max_scroll_y == 0, "the whole board fits: no PgDn for the players"
        side = str(screen.query_one("#seats", Static).content)
        for name in ("Ana", "Ben", "Cara", "Dan"):
            assert name in side
        assert side.count("hand 3") == 4 and side.count("offerings") == 4
        assert not screen.board.query_one("#rn-players").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.board.query_one("#rn-players").display
        assert "hand 3" not in str(screen.query_one("#seats", Static).content)


async def test_tiki_village_lines_fit_their_cells_at_80x24_so_the_owner_stays_in_view():
    from tabletop_tui.games.tiki.rules import KIND_NAME, Place

    match = Match("tiki", [SeatConfig(name="Maximilian"), SeatConfig(name="Bartholomew", bot="random")],
                  {"first_player": "Purple"}, seed=5, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        longest = max(range(9), key=lambda v: len(KIND_NAME[board.state.villages[v]]))
        screen.play(Place(village=longest))
        for _ in range(100):
            await pilot.pause(0.02)
            if len(match.log) == 2 and screen.current.serial == screen.table.serial:
                break
        for cell in board.query(".village"):
            text = board._village_text(board.state, cell.index, last=True)
            lines = text.plain.split("\n")
            assert len(lines) <= cell.content_region.height
            assert all(len(line) <= cell.content_region.width for line in lines), lines
