"""Nisyros through the real app: a whole game played by key presses, the
board at 80x24 and 120x40, dice and moves by mouse."""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from textual.widgets import OptionList, Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.nisyros.actions import MoveWorker, PlaceDie
from tabletop_tui.games.nisyros.board import NisyrosBoard
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.result_screen import ResultScreen

from ..waiting import until
from .drive import match_of, press, settled
from .drive_nisyros import click_die, click_place, die_span, island, nisyros_keys, place_text
from .drive_nyakuza import screen_text


def game_screen(app) -> GameScreen:
    (screen,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    return screen


def message(screen: GameScreen) -> str:
    return str(screen.query_one("#message", Static).content)


async def test_two_players_play_a_whole_game_by_keys(size=(80, 24), level="zeus"):
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=8,
                  options={"level": level}, autosave=False)
    rng = random.Random(2)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, NisyrosBoard)
        match = match_of(screen)
        kinds = set()
        for _ in range(1500):
            await until(lambda: settled(screen), "the table to settle", pilot=pilot)
            if match.is_over():
                break
            seat = match.to_act()[0]
            assert screen.viewer == seat
            legal = match.legal_actions(seat)
            assert board.legal == legal
            # mostly the first few choices, so a game does not take thousands of presses
            pool = legal[:8] + [a for a in legal if a.kind in ("done", "place_die", "build_boat", "evacuate")]
            action = rng.choice(pool)
            kinds.add(action.kind)
            before = len(match.log)
            await press(pilot, *nisyros_keys(board, action))
            assert len(match.log) == before + 1, (action, message(screen))
            assert match.log[-1].action == action.model_dump(mode="json")
        assert match.is_over()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        text = screen_text(app)
        assert "The team loses." in text or "The team wins!" in text
        assert "Saved" in text and "Ana" in text and "Ben" in text
        assert {"defeat": "Defeat: a victory", "small": "A small victory: every player",
                "big": "A big victory!"}[match.state.outcome] in text
        assert {"move_worker", "done", "place_die"} <= kinds


async def test_board_fits_80x24_and_shows_every_part():
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=3,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = game_screen(app).board
        text = screen_text(app)
        for part in ("Mandraki", "Nikia", "R1", "Village R8", "Village B8", "Round 1", "Wheat 6/16", "Stone 0/16",
                     "Wood 0/16", "Events", "[1]", " 10 Move"):
            assert part in text, part
        ol = board.query_one("#ni-choices", OptionList)
        assert ol.option_count == len(board.legal) and ol.region.height >= 3
        assert board.region.right <= 80 and board.region.bottom <= 24


async def test_dice_and_moves_by_mouse():
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        match = match_of(game_screen(app))
        # a worker: click its place, then where it goes
        src, dst = 6, 2  # Mandraki meeting place -> Mandraki R3
        await click_place(pilot, game_screen(app).board, src)
        await click_place(pilot, game_screen(app).board, dst)
        await pilot.pause()
        assert match.log and match.log[-1].action == MoveWorker(player=0, src=src, dst=dst).model_dump()
        # finish both players' moves, reach the dice
        while match.state.phase != "dice" and not match.is_over():
            await pilot.press("f")
            await pilot.pause()
            await until(lambda: settled(game_screen(app)), "the table to settle", pilot=pilot)
        dice = [a for a in match.legal_actions(match.to_act()[0]) if isinstance(a, PlaceDie)]
        if dice:
            a = dice[0]
            await click_die(pilot, game_screen(app).board, a.die)
            await click_place(pilot, game_screen(app).board, a.place)
            await pilot.pause()
            assert match.state.yellow_on[a.die] == a.place
            text = screen_text(app)
            d = "ABCDE"[a.die]
            assert f"{d}×2" in text or f"×{d}" in text  # the die's letter on its place (×A when short)


async def test_keys_that_cannot_act_say_why_and_change_nothing():
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        match = match_of(screen)
        await pilot.press("3")  # no die is thrown in step 1
        await pilot.pause()
        assert "cannot be placed now" in message(screen) and not match.log
        await click_place(pilot, game_screen(app).board, 16)  # Emporios R1: no move of Ana's reaches it
        await pilot.pause()
        assert "No move involves that place" in message(screen) and not match.log
        await click_place(pilot, game_screen(app).board, 6)  # Mandraki meeting place: her workers' moves are listed
        await pilot.pause()
        board = screen.board
        assert board.filter == ("place", 6) and len(board.shown) < len(board.legal)
        await pilot.press("a")
        await pilot.pause()
        assert board.filter is None and len(board.shown) == len(board.legal)


def _crowd(state) -> None:
    """A busy position: full upper fields, a die, dams, boats, lava, sleepers, fumes."""
    state.people[0][0] = 1
    state.people[1][0] = 1
    state.people[0][6] = 0
    state.people[1][22] = 0
    state.people[1][1] = 2
    state.dams[0][1], state.dams[1][2], state.dams[0][4] = 1, 1, 2
    state.boats = [3, 0, 12, 1]
    state.lava = [0, 1, 0, 5]
    state.yellow = ["stone", "wood", "hermes", "+1", "-1"]
    state.yellow_on = [None, None, 0, None, None]
    state.idle[1][1] = 1
    state.stupor = [1]
    state.in_play = [9, 10, 24]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_cell_fits_its_width_and_keeps_its_people(size):
    """Nothing on the island is cut: each line of each cell and zone header
    fits the cell, and a crowded cell still shows every seat's workers."""
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4,
                  options={"level": "heracles"}, autosave=False)
    _crowd(match.state)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await until(lambda: any(isinstance(s, GameScreen) for s in app.screen_stack)
                    and game_screen(app).board.size.width,
                    "the board laid out", pilot=pilot)
        await pilot.pause()
        board = game_screen(app).board
        grid = island(board)
        for cell, (_key, lines, *_look) in grid._cells.items():
            for line in lines:
                assert isinstance(line, Text) and line.cell_len <= grid.cell_region(cell).width, (cell, line.plain)
        r1 = place_text(board, 0)
        assert ("R1B1" in r1 or "R1 B1" in r1) and ("×C" in r1 or "C×2" in r1)  # both seats and the die
        r2 = place_text(board, 1)
        assert "✗" in r2 and "z1" in r2  # fumes and a sleeper, not by colour
        assert "Stone 0/16" in screen_text(app) and "Wood 0/16" in screen_text(app)


async def test_signs_mark_legal_picked_and_last_places():
    """Legal targets ›, the picked place ◆, the last move's places •: signs, not only colours."""
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = game_screen(app).board

        def cell(p):
            return place_text(board, p)
        assert cell(2).startswith("›") and cell(16).startswith(" ")  # Mandraki R3 reachable, Emporios R1 not
        await click_place(pilot, game_screen(app).board, 6)
        await pilot.pause()
        assert cell(6).startswith("◆")
        await click_place(pilot, game_screen(app).board, 2)
        await pilot.pause()
        assert cell(6).startswith("•") and cell(2).startswith("•")
        await pilot.press("3")  # no die thrown yet: the die row has no › either
        assert not die_span(board, 2)[1].strip().startswith("›")


async def test_a_hint_is_marked_and_enter_plays_it():
    """h asks the search bot; the hinted place shows ?, the list line », and
    the list's cursor is on it, so Enter plays the hint."""
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = game_screen(app).board
        await pilot.press("h")
        await until(lambda: board.hint is not None, "the hint", pilot=pilot)
        hint = board.hint
        assert hint is not None and hint in board.legal
        ol = board.query_one("#ni-choices", OptionList)
        assert board.legal[board.shown[ol.highlighted]] == hint
        if isinstance(hint, MoveWorker):
            assert place_text(board, hint.dst).startswith("?")
        await pilot.press("enter")
        await pilot.pause()
        assert match.log[-1].action == hint.model_dump(mode="json")


def _contested_flight(state) -> None:
    """Mandraki's coast buried with a Red worker and a Blue worker on it and
    one boat: the active player picks who flees next."""
    from tabletop_tui.engine.rng import chance_rng
    from tabletop_tui.games.nisyros.lava import cover
    state.people = [[0] * 32 for _ in range(state.players)]
    state.people[0][6] = 1  # Mandraki meeting place
    state.people[1][5] = 1  # Mandraki shipyard
    state.people[1][23] = 5  # Emporios village
    state.boats = [1, 0, 0, 0]
    state.lava = [4, 0, 0, 0]
    state.stage, state.phase, state.eruptions_left = "s9e", "auto", 0
    cover(state, 0, chance_rng(state), [], "Eruption")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_team_orders_a_contested_flight_by_keys(size):
    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=6, autosave=False)
    _contested_flight(match.state)
    assert match.state.phase == "flee"
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        text = screen_text(app)
        assert "flees next" in text and "worker of Ben" in text, text
        assert "B1" in place_text(board, 5)  # waiting on the buried shipyard
        action = board.legal[1]
        for key in nisyros_keys(board, action):
            await pilot.press(key)
        await pilot.pause()
        assert match.log[-1].action == action.model_dump(mode="json")
        assert match.state.phase != "flee"  # the last boat's question answered, the rest flee unasked


async def test_the_drizzle_sends_workers_by_keys_and_by_mouse():
    match = Match(get("nisyros"), [SeatConfig(name=n) for n in ("Ana", "Ben", "Cy", "Di")], seed=6,
                  autosave=False)
    s = match.state
    s.people = [[0] * 32 for _ in range(4)]
    s.people[0][1] = 2  # two Red workers on Mandraki R2
    s.people[1][8] = 1  # a Blue worker on Pali R1
    s.in_play, s.queue, s.stage, s.phase = [6], [], "s6vol", "auto"
    match.game._run(s, [])
    assert s.phase == "drizzle"
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = game_screen(app).board
        # by mouse: the worker's field, then the Pali meeting place
        await click_place(pilot, game_screen(app).board, 1)
        await click_place(pilot, game_screen(app).board, 14)
        await pilot.pause()
        assert match.log[-1].action == MoveWorker(player=0, src=1, dst=14).model_dump()
        # by keys: the next choice in the list
        action = next(a for a in board.legal if isinstance(a, MoveWorker))
        for key in nisyros_keys(board, action):
            await pilot.press(key)
        await pilot.pause()
        assert match.log[-1].action == action.model_dump(mode="json")


async def test_thrown_dice_and_a_changing_list_lay_nothing_out(monkeypatch):
    """The dice get their faces, and the list of moves grows and shrinks,
    without a layout pass of the screen: the five dice are one line, the
    list's scroll bar stays (each once asked for a layout of the whole
    screen, on a quarter of the move keys)."""
    from textual.widget import Widget

    asked: list[str] = []
    real = Widget.refresh

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout and self.id and self.id.startswith(("ni-di", "ni-choices")):
            asked.append(self.id)
        return real(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    match = Match(get("nisyros"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: settled(game_screen(app)), "the table to settle", pilot=pilot)
        board = game_screen(app).board
        assert die_span(board, 0)[1].strip() == "A -"
        monkeypatch.setattr(Widget, "refresh", refresh)
        sizes, bars = set(), set()
        ol = board.query_one("#ni-choices", OptionList)
        while match.state.phase != "dice" and not match.is_over():
            await pilot.press("f")
            await until(lambda: settled(game_screen(app)), "the table to settle", pilot=pilot)
            sizes.add(len(board.legal))
            bars.add(ol.show_vertical_scrollbar)
        assert match.state.phase == "dice"
        assert die_span(board, 0)[1].strip() != "A -"  # thrown: a face
        from tabletop_tui.games.nisyros.board import places_of
        counts = {}
        for a in board.legal:
            for p in places_of(a):
                counts[p] = counts.get(p, 0) + 1
        await click_place(pilot, board, min(counts, key=counts.get))  # that place's moves only: a short list
        await pilot.pause()
        sizes.add(len(board.shown))
        bars.add(ol.show_vertical_scrollbar)
        assert min(sizes) <= ol.scrollable_content_region.height < max(sizes), sizes  # it fitted, then not
        assert asked == [] and bars == {True}
