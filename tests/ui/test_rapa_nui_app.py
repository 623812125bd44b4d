"""Rapa Nui through the real app: key presses, hand-offs, refusals, hidden hands."""

from __future__ import annotations

import random

from textual.widgets import DataTable, Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.rapa_nui.actions import Draw, PlayCard, SkipBuy
from tabletop_tui.games.rapa_nui.data import MOAI_COST
from tabletop_tui.games.rapa_nui.board import RapaNuiBoard
from tabletop_tui.games.rapa_nui.render import CARD_SHORT
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen
from tabletop_tui.ui.result_screen import ResultScreen

from ..waiting import until
from .drive import finish_review, press
from .drive_rapa_nui import rapa_nui_keys

PANELS = ("#rn-action", "#rn-market", "#rn-hand", "#rn-offerings", "#rn-players")


def two_humans(seed: int) -> Match:
    return Match(get("rapa_nui"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=seed)


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def panel_text(screen: GameScreen, selector: str) -> str:
    return str(screen.board.query_one(selector, Static).content)


def board_text(screen: GameScreen) -> str:
    """Everything the board and the side panel show, as plain text."""
    parts = [panel_text(screen, p) for p in PANELS]
    parts += [str(screen.board.query_one(p, Static).border_title) for p in PANELS]
    parts.append(str(screen.query_one("#seats", Static).content))
    parts.append(str(screen.query_one("#status", Static).content))
    return "\n".join(parts)


def message(screen: GameScreen) -> str:
    return str(screen.query_one("#message", Static).content)


async def press_handoff(pilot, app, seat_name: str) -> None:
    await finish_review(pilot, game_screen(app))
    assert isinstance(app.screen, HandoffScreen), f"expected a hand-off to {seat_name}, got {app.screen}"
    assert app.screen.player == seat_name
    assert game_screen(app).board.view is None  # nothing of the last view behind it
    await press(pilot, "enter")


async def test_two_humans_hot_seat_whole_game_by_keys():
    """A whole 2-player hot-seat game, every move made with keys (direct keys
    and the cursor), a hand-off each time the seat at the keys changes, then
    the final score table."""
    match = two_humans(seed=5)
    app = TabletopApp(match=match, bot_delay=0)
    rng = random.Random(11)
    kinds_seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        at_keys = None
        handoffs = 0
        for _ in range(1000):
            if match.is_over():
                break
            seat = match.to_act()[0]
            if seat != at_keys:
                await press_handoff(pilot, app, match.seats[seat].name)
                handoffs += 1
                at_keys = seat
            else:  # the same player goes on: no hand-off in between
                assert isinstance(app.screen, GameScreen)
            assert app.screen is screen and screen.viewer == seat
            assert screen.board.view is not None and screen.board.view.seat == seat
            action = rng.choice(match.legal_actions(seat))
            kinds_seen.add(action.kind)
            keys = rapa_nui_keys(screen.board, action, cursor=rng.random() < 0.3)
            before = len(match.log)
            await press(pilot, *keys)
            assert len(match.log) == before + 1, f"{keys} for {action!r} were refused: {message(screen)}"
            assert match.log[-1].seat == seat
            assert match.log[-1].action == action.model_dump(mode="json")
        assert match.is_over()
        assert handoffs > 10
        assert {"play", "draw"} <= kinds_seen
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        table = app.screen.query_one("#result-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        for col in ("Fame", "Moai", "Wood", "Offerings", "Offer. pts", "Total"):
            assert col in labels, labels
        res = match.result()
        total_col = labels.index("Total")
        for s in range(2):
            row = table.get_row_at(s)
            assert str(row[0]).strip(" ★") == match.seats[s].name
            assert str(row[0]).startswith("★") == (s in res.winners)
            assert row[total_col] == str(res.details[s]["total"])
            assert row[labels.index("Fame")] == str(res.details[s]["fame"])
        # "See the board": everything is revealed at the end
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Game over" in str(screen.board.query_one("#rn-action", Static).border_title)


def position_with_unaffordable_moai() -> tuple[Match, int]:
    """Random play (never raising a Moai) until the seat to act is to play a
    card, holds a Moai and has less than 7 wood."""
    for seed in range(200):
        match = two_humans(seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            st = match.state
            if not st.pending and st.phase == "play" and st.hands[seat]["moai"] and st.wood[seat] < MOAI_COST:
                return match, seat
            legal = [a for a in match.legal_actions(seat) if not (isinstance(a, PlayCard) and a.card == "moai")]
            match.apply(rng.choice(legal), seat)
    raise AssertionError("no such position")


async def test_unaffordable_moai_is_refused_with_the_models_reason():
    match, seat = position_with_unaffordable_moai()
    wood = match.state.wood[seat]
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press_handoff(pilot, app, match.seats[seat].name)
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, RapaNuiBoard) and board.mode == "play"
        # the Moai is in the hand, dimmed (the model lists no legal play of it)
        assert "Moai" in panel_text(screen, "#rn-hand")
        assert not any(isinstance(a, PlayCard) and a.card == "moai" for a in board.legal)
        before = match.state.model_dump()
        log = len(match.log)
        for key in rapa_nui_keys(board, PlayCard(card="moai", count=1)):
            await pilot.press(key)
        await pilot.pause()
        assert board.hand_cursor == "moai"
        assert message(screen) == f"A Moai costs 7 wood; you have {wood}."
        assert "error" in screen.query_one("#message", Static).classes
        assert match.state.model_dump() == before and len(match.log) == log
        # the board still waits for a card: another key still works
        playable = next(a for a in board.legal if isinstance(a, PlayCard))
        for key in rapa_nui_keys(board, playable):
            await pilot.press(key)
        await pilot.pause()
        assert len(match.log) == log + 1


async def test_board_at_80x24_renders_and_plays():
    match = Match(get("rapa_nui"), [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="random")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and "-narrow" in screen.classes
        for _ in range(25):  # a few turns by keys; the bot answers in between
            await until(lambda: match.is_over() or (0 in match.to_act() and screen.table.idle()),
                        "the bot to answer", pilot=pilot)
            if match.is_over():
                break
            view = match.view(0)
            # every market card, in row order, the exposed one in brackets
            market = panel_text(screen, "#rn-market").splitlines()
            for row in view.market:
                line = market[row.row]
                want = [CARD_SHORT[c] for c in row.cards]
                if want:
                    want[-1] = f"[{want[-1]}]"
                    assert " ".join(want) in line, (want, line)
                else:
                    assert "(empty)" in line
            hand = panel_text(screen, "#rn-hand")
            for card, n in view.hand.items():
                if n:
                    assert CARD_SHORT[card] + (f" ×{n}" if n > 1 else "") in hand
            # the choice line, the market and the hand are on screen without scrolling
            for sel in ("#rn-action", "#rn-market", "#rn-hand"):
                region = screen.board.query_one(sel).region
                assert region.height >= 2 and region.bottom <= 23, (sel, region)
            assert app.export_screenshot()
            action = rng.choice(match.legal_actions(0))
            before = len(match.log)
            for key in rapa_nui_keys(screen.board, action):
                await pilot.press(key)
            await pilot.pause()
            assert len(match.log) > before, message(screen)


def seed_without(cards: set[str]) -> int:
    game = get("rapa_nui")
    for seed in range(500):
        st = game.new_state(2, None, seed)
        if not any(c in cards for row in st.market for c in row):
            return seed
    raise AssertionError("no such seed")


async def test_own_hand_shown_and_the_other_hand_not():
    """Green starts with a Fisher and no Sweet-potato gatherer, Blue the other
    way round (R1); in a market with neither, only the viewer's own shows."""
    match = two_humans(seed_without({"fish", "sweet_potato"}))
    assert match.state.hands[0]["fish"] and not match.state.hands[0]["sweet_potato"]
    assert match.state.hands[1]["sweet_potato"] and not match.state.hands[1]["fish"]
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press_handoff(pilot, app, "Ana")
        screen = game_screen(app)
        text = board_text(screen)
        assert "Fisher" in panel_text(screen, "#rn-hand")
        assert "Fisher" in text and "Sweet potato" not in text
        # Ana skips buying (if asked), plays her Fisher and takes a card: Ben's turn
        if match.state.phase == "buy":
            await pilot.press("s")
        for key in rapa_nui_keys(screen.board, PlayCard(card="fish", count=1)):
            await pilot.press(key)
        await pilot.pause()
        while match.to_act() == [0]:
            draw = next(a for a in match.legal_actions(0) if isinstance(a, Draw))
            await pilot.press(*rapa_nui_keys(screen.board, draw))
            await pilot.pause()
        await press_handoff(pilot, app, "Ben")
        text = board_text(screen)
        assert screen.viewer == 1
        assert "Sweet potato" in panel_text(screen, "#rn-hand")
        assert "Fisher" not in panel_text(screen, "#rn-hand")
        # Ana's remaining hand (a Grain and a Mulberry gatherer plus the card she
        # took) appears only as a count
        assert "hand 3" in panel_text(screen, "#rn-players")
        assert "hand:" not in text


async def test_mouse_and_hint_reach_the_same_actions():
    match = two_humans(seed=4)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press_handoff(pilot, app, "Ana")
        screen = game_screen(app)
        board = screen.board
        if board.mode == "buy":
            skip = board.options().index(next(o for o in board.options() if isinstance(o[2], SkipBuy)))
            assert skip == 0
            await pilot.press("enter")  # the cursor starts on "skip"
            await pilot.pause()
        assert board.mode == "play"
        # clicking a hand card selects it; clicking it again plays it
        card = board.hand_kinds()[-1]
        board.query_one("#rn-hand", Static).post_message(type(board.query_one("#rn-hand")).Tapped(f"hand:{card}"))
        await pilot.pause()
        assert board.hand_cursor == card
        before = len(match.log)
        board.query_one("#rn-hand", Static).post_message(type(board.query_one("#rn-hand")).Tapped(f"hand:{card}"))
        await pilot.pause()
        assert len(match.log) == before + 1
        # a real click on market row 2 takes its exposed card
        assert board.mode == "draw"
        await pilot.click("#rn-market", offset=(4, 2))
        await pilot.pause()
        assert match.log[-1].action == Draw(row=1).model_dump(mode="json")


async def test_footer_keys_follow_the_step_and_hint_moves_the_cursor():
    match = two_humans(seed=6)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press_handoff(pilot, app, "Ana")
        screen = game_screen(app)
        board = screen.board
        if board.mode == "buy":
            await pilot.press("s")
            await pilot.pause()
        assert board.mode == "play"
        keys = screen.active_bindings
        assert keys["enter"].binding.action == "play_selected"
        assert keys["1"].binding.action == "count(1)" and "s" not in keys and "4" not in keys
        await pilot.press("h")
        await until(lambda: board.hint is not None, "the hint", pilot=pilot)
        hint = board.hint
        assert isinstance(hint, PlayCard) and hint in board.legal
        assert (board.hand_cursor, board.count) == (hint.card, hint.count)
        await pilot.press("enter")  # Enter plays the hinted card
        await pilot.pause()
        assert match.log[-1].action == hint.model_dump(mode="json")
        assert board.mode == "draw"
        keys = screen.active_bindings
        assert keys["enter"].binding.action == "take_selected" and keys["4"].binding.action == "take(3)"


async def test_the_drawer_sees_the_card_and_its_score_before_the_keyboard_moves_on():
    """A move that shows its player something (a drawn card) is not hidden
    at once: the board stays theirs, the log says what they drew, and Enter
    hands the keyboard on."""
    match = two_humans(5)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        for _ in range(40):  # play until a move of the viewer reveals something
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                await pilot.pause()
            seat = screen.viewer
            state = match.game.clone(match.state)
            action = next((a for a in match.legal_actions(seat)
                           if any(e.reveals for e in match.game.apply(match.game.clone(state), a, seat))),
                          match.legal_actions(seat)[0])
            revealing = any(e.reveals for e in match.game.apply(match.game.clone(state), action, seat))
            assert screen.play(action)
            await pilot.pause()
            if revealing and match.to_act() and match.to_act()[0] != seat:
                break
            await finish_review(pilot, screen)
        else:
            raise AssertionError("no revealing move handed the turn on")
        assert app.screen is screen and screen.board.view is not None and screen.board.view.seat == seat
        assert "pass the keyboard to" in message(screen)
        private = [e.text for e in match.history[-1] if e.seat == seat]
        log_text = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert private and all(match.text(t)[:20] in log_text.replace("\n", " ") for t in private)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player != match.seats[seat].name
