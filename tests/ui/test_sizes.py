"""Every game screen at the sizes players have: below a board's minimum a
sentence says the size it needs and no key reaches the hidden board; at
200x60 the space is used."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, games
from tabletop_tui.games.tiki.render import village_text
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

from ..waiting import until

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
        assert "This one is 60x20" in str(note.content)
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
        village = screen.board.villages()[0]
        assert village.region.width >= 24 and village.region.height >= 7
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
        await until(lambda: len(match.log) == 2 and screen.current.serial == screen.table.serial,
                    "the bot's answer on screen", pilot=pilot)
        for cell in board.villages():
            text = village_text(board.state, cell.index, names=board.names, styles=["", ""],
                                influence=board.view.influence, last=True)
            lines = text.plain.split("\n")
            assert len(lines) <= cell.content_region.height
            assert all(len(line) <= cell.content_region.width for line in lines), lines


# -- Nyakuza: the island grows with the room it has -------------------------------------

def _nyakuza_placing() -> Match:
    """Ana (human) to place 3 tokens: the + marks are lit on the map."""
    from tabletop_tui.engine import get
    from tabletop_tui.games.nyakuza.actions import Bid

    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2,
                  options={"first_amulet": "Blue"}, autosave=False)
    match.apply(Bid(shells=9), 0)
    match.apply(Bid(shells=1), 1)
    return match


async def _nyakuza_map(pilot):
    from tabletop_tui.games.nyakuza.board import HexMap
    from tabletop_tui.ui.handoff import HandoffScreen

    await pilot.pause()
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen, screen.board, screen.board.query_one(HexMap)


def _shows_cursor(hexmap) -> bool:
    """The cursor's hex is wholly inside the map's window, drawn with its heavy sides."""
    r = hexmap.cursor_region()
    x, y = hexmap.scroll_offset
    w, h = hexmap.scrollable_content_region.size
    if not (x <= r.x and r.right <= x + w and y <= r.y and r.bottom <= y + h):
        return False
    lines = [hexmap.render_line(row - y).text for row in range(r.y, r.bottom)]
    return any(line[r.x - x] == "┃" and line[r.right - 1 - x] == "┃" for line in lines)


#: the top of the island at 120x40 (and, but for the sea's label, 80x24) as
#: it was before the island could grow
NYAKUZA_SMALL_TOP = [
    "~     ~     ~     ~     ~     ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ~",
    "  Tiles face down: 54 ~     ~│ 1n│P1 │P2 │ 2m│P3 │P4 │P5 │ 3q│ORO│ ",
    "  ~     ~     ~     ~     ~  │  +│   │   │  ·│   │   │   │  ·│ ▲ │ ",
    "~     ~     ~     ~ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ╲ ╱ ~",
]


async def test_nyakuza_island_at_80x24_and_120x40_is_the_small_map_as_before():
    from tabletop_tui.games.nyakuza.render import SMALL

    for size, window in (((80, 24), (50, 17)), ((120, 40), (67, 31))):
        app = TabletopApp(match=_nyakuza_placing(), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            screen, board, hexmap = await _nyakuza_map(pilot)
            assert hexmap.scale == SMALL and tuple(hexmap.virtual_size) == (67, 31)
            assert tuple(hexmap.size) == window, size
            top = list(NYAKUZA_SMALL_TOP)
            if size == (80, 24):  # the map scrolls there: its sea is not labelled, the panel says it
                top[1] = "    ~     ~     ~     ~     ~" + top[1][len("  Tiles face down: 54 ~     ~"):]
                info = str(board.query_one("#ny-info", Static).content)
                assert "54 tiles face down" in info and "reef 9 shells" in info
            assert hexmap.map_lines()[:4] == top
            assert _shows_cursor(hexmap)
            if size == (120, 40):
                assert board.summary_width == 31  # the players panel's 36 columns, as before


async def test_nyakuza_island_grows_at_200x60_and_the_cursor_and_mouse_follow():
    from tabletop_tui.games.nyakuza.data import ISLAND
    from tabletop_tui.games.nyakuza.render import SCALES, SMALL

    from .drive_nyakuza import path_keys

    match = _nyakuza_placing()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        screen, board, hexmap = await _nyakuza_map(pilot)
        big = hexmap.scale
        assert big == SCALES[-1] and big.pitch > SMALL.pitch
        # the whole island shows, bigger than at 80x24 (50x17 of 67x31) and 120x40
        assert tuple(hexmap.size) == tuple(hexmap.virtual_size) == (big.width, big.height)
        assert hexmap.size.width >= 2 * 50 and hexmap.size.height >= 3 * 17
        assert hexmap.max_scroll_x == 0 and hexmap.max_scroll_y == 0
        # the players panel is wider too, and the seats' lines are worded for it
        side = screen.query_one("#seats", Static)
        assert board.summary_width == side.content_size.width - 2 >= 40
        summary = board.seat_summary(0)
        lines = summary.split("\n")
        assert len(lines[0]) > 31 and all(len(line) <= board.summary_width + 2 for line in lines), summary
        # the text is laid out for big hexes: kinds in words, labels placed in the sea
        text = "\n".join(hexmap.render_line(y).text for y in range(hexmap.size.height))
        for word in ("birdman", "quarry", "temple", "coastal", "inland", "Orongo"):
            assert word in text
        assert "Tiles face down: 54" in text and "Reef: 9 shells" in text
        assert "│ 1n│" not in text  # not the small hexes
        # legal spaces lit (the model's), the + sign in each
        lit = [s for s, c in hexmap.scene.cells.items() if "legal" in c.marks]
        assert lit and {s.id for s in board.view.spaces if s.placeable} == set(lit)
        # the cursor reaches every hex by the keys and is drawn in view at the big scale
        for space in range(len(ISLAND.spaces)):
            await pilot.press(*path_keys(board.cursor, space))
            assert board.cursor == space
            assert _shows_cursor(hexmap), space
        # a click anywhere inside a big hex (its slope lines too) picks it, a second places
        target = next(s.id for s in board.view.spaces if s.placeable and s.id != board.cursor)
        y, x0, x1 = big.spans(target)[0]  # the top slope line's inside
        assert big.space_at(x0, y) == target
        await pilot.click(type(hexmap), offset=(x0, y))
        await pilot.pause()
        assert board.cursor == target and match.state.occupant[target] is None
        y, x0, x1 = big.spans(target)[-2]
        await pilot.click(type(hexmap), offset=(x1 - 1, y))
        await pilot.pause()
        assert match.state.occupant[target] == 0
        # the token's letter on the hex's bottom line, where the small map has it too (first)
        y, x0, x1 = big.spans(target)[big.text_lines()["bottom"]]
        line = hexmap.map_lines()[y][x0:x1]
        assert line.strip().startswith("R") and line.startswith(" R"), line
        # smaller again: the small map, scrolling to the cursor; then big again
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert hexmap.scale == SMALL and tuple(hexmap.virtual_size) == (67, 31)
        assert _shows_cursor(hexmap)
        assert "Tiles face down" not in hexmap.map_lines()[1]  # narrow: the panel says it
        assert "54 tiles face down" in str(board.query_one("#ny-info", Static).content)
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert hexmap.scale == big and _shows_cursor(hexmap)


# -- Rapa Nui: cards as boxes on a big board ----------------------------------------------

async def test_rapa_nui_at_200x60_draws_cards_as_boxes_that_keys_and_clicks_reach():
    from tabletop_tui.engine import get
    from tabletop_tui.games.rapa_nui.actions import Draw, SkipBuy

    def match() -> Match:
        seats = [SeatConfig(name="Ana")] + [SeatConfig(name=n, bot="random") for n in ("Ben", "Cara", "Dan")]
        return Match(get("rapa_nui"), seats, seed=3, autosave=False)

    small = {}
    for size in ((80, 24), (120, 40)):
        app = TabletopApp(match=match(), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            board = app.screen.board
            market = board.query_one("#rn-market", Static)
            small[size] = market.region
            assert board._card_width() is None and board._display_width() is None
            assert "┏" not in str(market.content) and "[" in str(market.content)  # the text lines, as before
    m = match()
    app = TabletopApp(match=m, bot_delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        market = board.query_one("#rn-market", Static)
        hand = board.query_one("#rn-hand", Static)
        for size, region in small.items():
            assert market.region.width > region.width and market.region.height > region.height, size
        text = str(market.content).split("\n")
        assert len(text) == 12 and text[1].count("┃") == 2 and text[1].count("│") == 6  # 4 rows of 4 boxes
        assert board.query_one("#rn-players").display and board.query_one("BoardScroll").max_scroll_y == 0
        # the height left over holds every player's display as boxes too, with nothing to scroll
        players = str(board.query_one("#rn-players", Static).content)
        assert players.count("┌") >= 4 and "Woodcutter 1" in players
        assert board.query_one("#rn-players").region.bottom >= screen.board.region.bottom - 8  # was 17 rows short
        if board.mode == "buy":
            board.option_cursor = next(i for i, o in enumerate(board.options()) if isinstance(o[2], SkipBuy))
            await pilot.press("enter")
            await pilot.pause()
        assert board.mode == "play"
        # the cursor's card is the heavy box of the hand; → moves it
        first, *_ = board.hand_kinds()
        assert board.hand_cursor == first and str(hand.content).split("\n")[1].startswith("┃")
        await pilot.press("right")
        assert board.hand_cursor != first and str(hand.content).split("\n")[1].startswith("│")
        # a click on a hand box selects its card, a second plays it
        before = len(m.log)
        await pilot.click("#rn-hand", offset=(4, 2))
        await pilot.pause()
        assert board.hand_cursor == first
        await pilot.click("#rn-hand", offset=(4, 2))
        await pilot.pause()
        assert len(m.log) == before + 1
        for _ in range(20):  # the choices a card may bring, then the draw step
            if board.mode == "draw":
                break
            await pilot.press("enter")
            await pilot.pause()
        assert board.mode == "draw"
        # a real click on row 3's second box takes row 3's exposed card
        await pilot.click("#rn-market", offset=(32, 1 + 3 * 2 + 1))
        await pilot.pause()
        assert any(e.action == Draw(row=2).model_dump(mode="json") for e in m.log[before:])


# -- Tiki: the villages grow from 100 columns, and their words with them -------------------

async def test_tiki_villages_grow_with_the_board_and_print_more_words():
    from tabletop_tui.engine import get

    def match() -> Match:
        return Match(get("tiki"), [SeatConfig(name="Maximiliana"), SeatConfig(name="Bartholomew", bot="random")],
                     {"first_player": "Yellow"}, seed=5, autosave=False)

    seen = {}
    for size in ((80, 24), (120, 40), (200, 60)):
        app = TabletopApp(match=match(), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            # the bot opens: a village with an owner
            await until(lambda: app.screen.table.match.log, "the bot's opening", pilot=pilot)
            await pilot.pause()
            board = app.screen.board
            cells = board.villages()
            seen[size] = cells[0].region.size
            text = "\n".join(str(c.content) for c in cells)
            big = size != (80, 24)
            assert ("Bartholomew" in text) == big and "Barthol" in text
            assert ("Marshland" in text or "Cursed village" in text) == big, text
            # only a tall cell draws the totem standing, each tiki boxed with its player's name
            assert ("]│ Bartholomew" in text and "┌───┐" in text) == (size == (200, 60)), text
            for cell in cells:  # every line still fits its cell
                assert all(len(line) <= cell.content_region.width for line in str(cell.content).split("\n"))
            # the cursor walks every village and stays on screen
            for key in ("right", "right", "down", "down", "left", "left", "up"):
                await pilot.press(key)
                cursor = next(c for c in board.villages() if "cursor" in c.classes)
                assert app.screen.region.contains_region(cursor.region)
    assert tuple(seen[(80, 24)]) == (14, 5)  # as before
    assert seen[(120, 40)].width > 16 and seen[(120, 40)].height > 5  # it was 16x5
    assert seen[(200, 60)].width > seen[(120, 40)].width and seen[(200, 60)].height > seen[(120, 40)].height


# -- Nisyros: the island's rows spaced out on a tall board ---------------------------------

async def test_nisyros_island_grows_on_a_tall_board_and_clicks_still_reach_its_places():
    from tabletop_tui.engine import get
    from tabletop_tui.games.nisyros.board import island_cell

    from .drive_nisyros import click_place, place_text

    islands = {}
    for size in ((80, 24), (120, 40), (200, 60)):
        match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
        app = TabletopApp(match=match, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            board = app.screen.board
            island = board.query_one("#ni-island")
            islands[size] = island.region
            assert board.has_class("-tall") == (size == (200, 60))
            cells = [island.cell_region(island_cell(p)).translate(island.content_region.offset) for p in (2, 6)]
            assert all(app.screen.region.contains_region(c) and c.height >= 1 for c in cells)
            # the picked place ◆, then the move's places •, by real clicks
            await click_place(pilot, board, 6)
            await pilot.pause()
            assert place_text(board, 6).startswith("◆")
            await click_place(pilot, board, 2)
            await pilot.pause()
            assert place_text(board, 2).startswith("•") and len(match.log) == 1
    assert tuple(islands[(80, 24)].size) == (50, 9) and islands[(120, 40)].height == 18  # as before
    big = islands[(200, 60)]
    assert big.width > islands[(120, 40)].width and big.height > 18


# -- Nayakas: three panes side by side on a wide board -------------------------------------

async def test_nayakas_shows_its_three_panes_at_once_at_200x60():
    regions = {}
    for size in ((80, 24), (120, 40), (200, 60)):
        app = TabletopApp(match=one_human("nayakas"), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            board = app.screen.board
            shown = [n for n in ("board", "kingdom", "market") if board.query_one(f"#nk-pane-{n}").display]
            assert shown == (["board", "kingdom", "market"] if size == (200, 60) else ["board"]), size
            regions[size] = board.query_one("#nk-pane-board").region
            if size == (200, 60):
                side = [board.query_one(f"#nk-pane-{n}").region for n in ("kingdom", "market")]
                assert all(r.width >= 50 and r.height >= 20 for r in side)
                # the cursor walks the board's spaces and stays in view
                pane = board.query_one("#nk-pane-board")
                for _ in range(20):
                    await pilot.press("down")
                    await pilot.pause()
                    line = board.lines[board.cursor]
                    assert pane.scroll_y <= line < pane.scroll_y + pane.scrollable_content_region.height
    assert regions[(200, 60)].height > regions[(80, 24)].height and regions[(200, 60)].width > regions[(80, 24)].width


async def test_the_log_rewraps_when_the_layout_narrows_it_not_only_the_terminal():
    """RichLog wraps a line when it is written; when the layout (not the
    terminal) makes the log narrower, its lines are written again to fit."""
    from textual.widgets import RichLog

    app = TabletopApp(match=one_human("nisyros"), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#log", RichLog)
        await until(lambda: log.lines, "the island's deal in the log", pilot=pilot)
        wide = max(strip.cell_length for strip in log.lines)
        log.styles.width = 24
        await until(lambda: log.size.width < wide and max(s.cell_length for s in log.lines) <= log.size.width,
                    "the log rewritten at its new width", pilot=pilot)
        assert log.size.width < wide
        assert max(strip.cell_length for strip in log.lines) <= log.size.width
        assert "Mandraki" in "".join(strip.text for strip in log.lines), "nothing of the log is lost"


@pytest.mark.parametrize("size,width_class", [((80, 24), "-narrow"), ((120, 40), "-wide")])
async def test_a_game_screen_is_laid_out_for_its_width_from_its_first_frame(monkeypatch, size, width_class):
    """The screen has its width class before its first layout, so no board
    draws a frame for a passing width (Nisyros at 80x24 once showed its zone
    labels cut for a quarter second: 'MandR⛵0' for 'Mand R ⛵0')."""
    from tabletop_tui.games.nisyros.board import NisyrosBoard

    seen: list[tuple[frozenset, int]] = []
    draw = NisyrosBoard.update_board

    def watched(self) -> None:
        if self.is_mounted:
            island = self.query_one("#ni-island")
            seen.append((frozenset(self.screen.classes), island.column_width(0, 0)))
        draw(self)

    monkeypatch.setattr(NisyrosBoard, "update_board", watched)
    from tabletop_tui.engine import get

    m = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=m, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await until(lambda: seen and isinstance(app.screen, GameScreen), "the board drawn", pilot=pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.has_class(width_class)
    assert seen and all(width_class in classes for classes, _ in seen), seen
    assert all(width >= 11 for _, width in seen if width), seen  # 11: the narrow cells keep a gap between zones
