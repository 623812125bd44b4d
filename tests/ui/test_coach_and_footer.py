"""Small frictions of the game screen: Esc from the coach puts the cursor
back (the next Enter does not play its suggestion); a finished game's footer
no longer offers the coach; the chat key is in the footer over ssh only; a
hint asked out of turn names whose turn it is."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.engine.coach import Suggestion
from tabletop_tui.engine.table import Table
from tabletop_tui.games.rapa_nui.actions import Draw
from tabletop_tui.games.tiki.rules import Place
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.coach_panel import CoachPanel
from tabletop_tui.ui.game_screen import GameScreen

from ..waiting import until
from .drive import footer_keys

SIZES = [(80, 24), (120, 40)]


def message(screen) -> str:
    return str(screen.query_one("#message", Static).content)


async def _offer(pilot, screen, seat, action, label="a move"):
    screen.post_message(GameScreen.Coached(screen.current.serial, seat, [
        Suggestion(action=action, label=label, value=0.6, estimate="60% to win", why="it is good")], ""))
    await pilot.pause()
    assert screen.query_one(CoachPanel).display


@pytest.mark.parametrize("size", SIZES)
async def test_esc_from_the_coach_puts_tikis_cursor_back(size):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"}, seed=3,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        board.cursor = 4
        await _offer(pilot, screen, 0, Place(village=0))
        assert board.cursor == 0, "the coach shows its move with the cursor"
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query_one(CoachPanel).display
        assert board.cursor == 4
        assert "cursor is back" in message(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert match.log[-1].action == {"kind": "place", "village": 4}, "Enter plays the player's own village"


@pytest.mark.parametrize("size", SIZES)
async def test_h_again_closes_the_coach_and_puts_rapa_nuis_cursor_back(size):
    match = Match("rapa_nui", [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=2,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        before = board.cursor_state()
        await _offer(pilot, screen, 0, Draw(row=3))
        assert board.row_cursor == 3 or board.cursor_state() != before
        await pilot.press("h")
        await pilot.pause()
        assert not screen.query_one(CoachPanel).display
        assert {k: v for k, v in board.cursor_state().items() if not k.startswith("#")} == \
            {k: v for k, v in before.items() if not k.startswith("#")}


@pytest.mark.parametrize("size", SIZES)
async def test_a_finished_games_footer_does_not_offer_the_coach(size):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=2, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "h" in footer_keys(screen)
        with screen.table._lock:  # the bot's thread waits while the game is played out here
            while not match.is_over():
                match.apply(match.legal_actions(match.to_act()[0])[0], match.to_act()[0], save=False)
            screen.table._publish()
        for _ in range(20):
            await pilot.pause()
            if app.screen is not screen:
                break
        await pilot.press("b")  # from the result to the board
        await pilot.pause()
        assert app.screen is screen
        assert "h" not in footer_keys(screen)
        await pilot.press("h")
        await pilot.pause()
        assert "not your turn" not in message(screen)


class ChatTable(Table):
    """A table with chat, as a server's is."""

    has_chat = True

    chat_lines: list = []

    def send_chat(self, text: str) -> None:
        pass


@pytest.mark.parametrize("size", SIZES)
async def test_the_chat_key_is_in_the_footer_over_ssh_only(size):
    from tabletop_tui.ui.seats import FixedSeat

    local = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2, autosave=False)
    app = TabletopApp(match=local, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "slash" not in footer_keys(app.screen)
        remote = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2, autosave=False)
        app.push_screen(GameScreen(ChatTable(remote, bot_delay=0), FixedSeat(0)))
        await pilot.pause()
        keys = footer_keys(app.screen)
        assert keys.get("slash") == "Chat"


@pytest.mark.parametrize("size", SIZES)
async def test_a_hint_out_of_turn_names_whose_turn_it_is(size):
    from tabletop_tui.ui.seats import FixedSeat

    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Yellow"}, seed=2,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(Table(match, bot_delay=0), FixedSeat(0)))
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert message(app.screen) == "No hint now: it is Ben's turn."


@pytest.mark.parametrize("size", SIZES)
async def test_a_dropped_player_is_not_shown_as_playing(size):
    import dataclasses

    from tabletop_tui.ui.seats import FixedSeat

    match = Match("rapa_nui", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2, autosave=False)
    table = Table(match, bot_delay=0)
    waiting = 1 - match.to_act()[0]
    app = TabletopApp(match=Match("tiki", [SeatConfig(name="X"), SeatConfig(name="Y")], seed=1, autosave=False),
                      bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table.seats[1 - waiting] = dataclasses.replace(table.seats[1 - waiting], presence="away")
        app.push_screen(GameScreen(table, FixedSeat(waiting)))
        await pilot.pause()
        shown = " ".join(str(w.content) for w in app.screen.board.query("Static"))
        assert "has dropped out; the table waits for them to join again" in shown, shown
        assert "is playing a card" not in shown and "is buying" not in shown


@pytest.mark.parametrize("size", SIZES)
async def test_ctrl_q_says_the_game_is_saved_and_how_to_resume(size, capsys):
    from tabletop_tui import cli

    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"}, seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.screen.board.cursor = 4
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.log) == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_note == (f"The game is saved; resume it with `tabletop` (it is in the list) or "
                             f"`tabletop load {match.path}`.")
    assert match.path.is_file()

    class Ran:
        exit_note, crash_message, return_code = app.exit_note, None, 0

        def run(self):
            pass

    assert cli.run_app(Ran()) == 0
    assert capsys.readouterr().out.strip() == app.exit_note


@pytest.mark.parametrize("size", SIZES)
async def test_the_log_names_a_player_who_took_a_seat_by_name_from_the_start(size):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Blue 3")], {"first_player": "Purple"}, seed=3,
                  autosave=False)
    match.apply(Place(village=4), 0)
    match.apply(Place(village=0), 1)  # "Blue 3" (an open seat's name) moved before ben joined
    table = Table(match, bot_delay=0)
    app = TabletopApp(match=Match("tiki", [SeatConfig(name="X"), SeatConfig(name="Y")], seed=1, autosave=False),
                      bot_delay=0)
    async with app.run_test(size=size) as pilot:
        from textual.widgets import RichLog

        from tabletop_tui.ui.seats import FixedSeat

        await pilot.pause()
        app.push_screen(GameScreen(table, FixedSeat(0)))
        await until(lambda: isinstance(app.screen, GameScreen) and app.screen.query("#log"), "the game screen",
                    pilot=pilot)
        log = app.screen.query_one("#log", RichLog)

        def text() -> str:
            return " ".join(s.text for s in log.lines)

        await until(lambda: "Blue 3" in text(), "the log written", pilot=pilot)
        table.set_seat(1, "ben")
        await until(lambda: "ben" in text(), "the log to name ben", pilot=pilot)
        assert "Blue 3" not in text(), text()


@pytest.mark.parametrize("size", SIZES)
async def test_a_finished_nisyros_offers_no_move_keys(size):
    match = Match("nisyros", [SeatConfig(name="Ana", bot="random"), SeatConfig(name="Ben", bot="random")], seed=3,
                  autosave=False)
    match.play_bots()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        keys = footer_keys(app.screen)
        assert not {"f", "1", "a", "h"} & set(keys), keys
