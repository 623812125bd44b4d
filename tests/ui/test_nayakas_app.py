"""Nayakas through the real app: a whole 2-player hot-seat game by keys with
hand-offs, hidden development cards, panes at 80x24, refusals by key."""

from __future__ import annotations

import random

from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.nayakas.actions import Build
from tabletop_tui.games.nayakas.board import NayakasBoard
from tabletop_tui.games.nayakas.data import C
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen
from tabletop_tui.ui.result_screen import ResultScreen

from .drive import finish_review, press
from .drive_nayakas import nayakas_keys, screen_text


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def message(screen: GameScreen) -> str:
    return str(screen.query_one("#message", Static).content)


def pick(legal, rng: random.Random):
    """Lean towards building and taking actions, so buildings get finished."""
    builds = [a for a in legal if a.kind == "build"]
    if builds and rng.random() < 0.9:
        return rng.choice(builds)
    busy = [a for a in legal if a.kind != "pass" and getattr(a, "benefit", True)]
    if busy and rng.random() < 0.85:
        return rng.choice(busy)
    return rng.choice(legal)


def hidden_card_names(match, seat: int) -> list[str]:
    """Names of cards only other players hold (not also held, played or seen by ``seat``)."""
    st = match.state
    mine = set(st.seats[seat].hand) | set(st.dev_discard)
    return [C.card[c].name for s, p in enumerate(st.seats) if s != seat for c in p.hand if c not in mine]


async def test_two_humans_hot_seat_whole_game_by_keys():
    match = Match(get("nayakas"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    rng = random.Random(3)
    kinds: set[str] = set()
    handoffs = 0
    async with app.run_test(size=(80, 24)) as pilot:  # the panes: every key still reaches the board
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, NayakasBoard) and board.has_class("-narrow")
        for _ in range(3000):
            if match.is_over():
                break
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                assert board.view is None  # nothing of the last view behind it
                await press(pilot, "enter")
                continue
            seat = screen.viewer
            assert seat in match.to_act() and board.view.seat == seat
            # the other player's development cards are nowhere on screen
            text = screen_text(app)
            for name in hidden_card_names(match, seat):
                assert name not in text
            action = pick(match.legal_actions(seat), rng)
            kinds.add(action.kind)
            keys = nayakas_keys(board, action, worker_keys=rng.random() < 0.4)
            before = len(match.log)
            await press(pilot, *keys)
            assert len(match.log) == before + 1, f"{keys} for {action!r} were refused: {message(screen)}"
            assert match.log[-1].action == action.model_dump(mode="json")
            assert match.log[-1].seat == seat
            nxt = match.to_act()
            if nxt and nxt[0] != seat and not match.is_over():
                await finish_review(pilot, screen)
                assert isinstance(app.screen, HandoffScreen), "no hand-off between two players"
        await pilot.pause()
        assert match.is_over()
        assert isinstance(app.screen, ResultScreen)
    assert handoffs > 10
    assert {"place", "build", "tile", "pass"} <= kinds


async def _started(size, seed=5):
    match = Match(get("nayakas"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=seed, autosave=False)
    return match, TabletopApp(match=match, bot_delay=0)


async def test_small_terminal_switches_panes_and_keeps_the_cursor_in_view():
    match, app = await _started((80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        board = game_screen(app).board
        assert board.has_class("-narrow")
        shown = [p.id for p in board.query("Pane") if p.display]
        assert shown == ["nk-pane-board"]
        await pilot.press("tab")
        await pilot.pause()
        assert [p.id for p in board.query("Pane") if p.display] == ["nk-pane-kingdom"]
        await pilot.press("3")
        await pilot.pause()
        assert [p.id for p in board.query("Pane") if p.display] == ["nk-pane-market"]
        await pilot.press("1")
        for _ in range(12):
            await pilot.press("down")
        await pilot.pause()
        pane = board.query_one("#nk-pane-board")
        line = board.lines[board.cursor]
        assert pane.scroll_y <= line < pane.scroll_y + pane.scrollable_content_region.height


async def test_wide_board_shows_every_pane_and_the_cards_to_their_owner_only():
    match, app = await _started((160, 50))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        board = game_screen(app).board
        assert not board.has_class("-narrow")
        assert all(p.display for p in board.query("Pane"))
        text = screen_text(app)
        mine = C.card[match.state.seats[0].hand[0]].name
        assert mine in text
        for name in hidden_card_names(match, 0):
            assert name not in text


async def test_a_laborer_key_where_no_laborer_may_go_says_why_and_changes_nothing():
    match, app = await _started((120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        # walk to a Borderland outside Keladi: only Diplomats go there
        while board.cursor != "space:mysore_hills":
            await pilot.press("down")
        before = len(match.log)
        await pilot.press("l")
        await pilot.pause()
        assert len(match.log) == before
        assert "No Laborer" in message(screen)
        await pilot.press("d")  # two ways (with or without the action): the list opens
        await pilot.pause()
        assert len(match.log) == before
        await pilot.press("escape")  # back, nothing chosen
        await pilot.pause()
        assert len(match.log) == before and isinstance(app.screen, GameScreen)
        await pilot.press("d", "enter")
        await pilot.pause()
        assert len(match.log) == before + 1
        assert match.state.occupants["mysore_hills"][0].type == "diplomat"


async def test_last_move_is_marked_without_colour():
    match, app = await _started((120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        while board.cursor != "space:keladi_quarry":
            await pilot.press("down")
        await pilot.press("enter", "enter")  # the list: with the action first
        await pilot.pause()
        assert match.log and match.state.occupants["keladi_quarry"]
        await finish_review(pilot, screen)
        await pilot.press("enter")  # Ben takes the keyboard
        await pilot.pause()
        assert screen.viewer == 1
        text = screen_text(app)
        assert "Last: Ana places a Laborer on Keladi Quarry: gains 2 Stone and 1 Sculptor." in text
        quarry = next(line for line in text.splitlines() if "Quarry" in line and "+2St" in line)
        assert "◆" in quarry


async def test_clicking_a_space_opens_its_choices():
    match, app = await _started((120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        board = game_screen(app).board
        line = board.lines["space:keladi_quarry"]
        await pilot.click("#nk-board", offset=(4, line))
        await pilot.pause()
        assert board.cursor == "space:keladi_quarry"
        options = board.query_one("#nk-options")
        assert options.has_class("-open") and len(board.listed) == 4  # Laborer or Diplomat, with or without
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.seats[0].res["stone"] == 4


async def test_k7_a_builds_gold_is_stepped_by_keys_at_80x24():
    """Ruling K7 on the board: one entry per Section, + / - step the Gold it
    pays (shown in the strip above the panes), Enter builds with it."""
    match, app = await _started((80, 24))
    st = match.state
    st.phase, st.turn = "build", 0
    st.seats[0].res.update(stone=4, clay=4, gold=3)
    st.seats[0].art["architect"] = 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        key = "section:temple1:0"  # Keladi's Gopuram: 2 Stone, 1 Clay, an Architect
        while board.cursor != key:
            await pilot.press("down")
        assert len(board._group(key)) == 1  # one build listed, not one per payment
        strip = str(board.query_one("#nk-info", Static).content)
        assert "Gold pays" not in strip and "[+/- Gold for 0 St, 0 Cl]" in strip
        await pilot.press("plus", "plus", "plus")  # least Gold first: 1 for Stone, 1 for Clay, 2 for Stone
        await pilot.pause()
        strip = str(board.query_one("#nk-info", Static).content)
        assert "[+/- Gold for 2 St, 0 Cl]" in strip
        await pilot.press("minus")
        await pilot.pause()
        assert "[+/- Gold for 0 St, 1 Cl]" in str(board.query_one("#nk-info", Static).content)
        # a coach's hint sets the payment it suggests; a new hint (None) starts again from no Gold
        board.show_hint(Build(building="temple1", section=0, gold_stone=1, gold_clay=1))
        await pilot.pause()
        assert "[+/- Gold for 1 St, 1 Cl]" in str(board.query_one("#nk-info", Static).content)
        board.show_hint(None)
        await pilot.pause()
        assert "[+/- Gold for 0 St, 0 Cl]" in str(board.query_one("#nk-info", Static).content)
        await pilot.press("plus", "plus", "plus", "plus")
        await pilot.pause()
        assert "[+/- Gold for 1 St, 1 Cl]" in str(board.query_one("#nk-info", Static).content)
        before = len(match.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.log) == before + 1
        assert match.state.seats[0].res == {"stone": 3, "clay": 4, "culture": 2, "gold": 1}


async def test_k7_the_great_dams_gold_is_stepped_by_keys_at_80x24():
    """Ruling K7 on a Place: + / - step the Gold the Great Dam takes in place
    of Stone and Clay; l lists the choices paid so, Enter places with one."""
    match, app = await _started((80, 24))
    st = match.state
    st.posts[0] = "great_dam"
    st.turn = 0
    st.seats[0].res.update(stone=2, clay=2, gold=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        board = game_screen(app).board
        key = "space:tp1"
        while board.cursor != key:
            await pilot.press("down")
            await pilot.pause()
        strip = lambda: str(board.query_one("#nk-info", Static).content)  # noqa: E731
        assert "[+/- Gold for 0 St, 0 Cl]" in strip()
        assert all(a.gold_stone == a.gold_clay == 0 for a, _ in board._group(key))
        await pilot.press("plus", "plus")  # least Gold first: 1 for Stone, then 1 for Clay
        await pilot.pause()
        assert "[+/- Gold for 0 St, 1 Cl]" in strip()
        await pilot.press("plus")
        await pilot.pause()
        assert "[+/- Gold for 2 St, 0 Cl]" in strip()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")  # the first Laborer choice paid so: 2 Stone, both paid in Gold
        await pilot.pause()
        p = match.state.seats[0]
        assert (p.res["stone"], p.res["clay"], p.res["gold"], p.tokens) == (2, 2, 0, 3)
        assert match.log[-1].action["gold_stone"] == 2 and match.log[-1].action["amount"] == 2
        assert any("Gold pays 2 Stone" in e.text for e in match.history[-1])
