"""The app an ssh player runs, driven by Pilot against a real table service
(in a thread of its own, as in the server): the lobby, a table's chat, who is
here or away, spectators, and a terminal too small for the game."""

from __future__ import annotations

import asyncio
import tempfile
import threading
from pathlib import Path

import pytest
from textual.widgets import RichLog, Static

from tabletop_tui.engine import thinker
from tabletop_tui.net import protocol as p
from tabletop_tui.net.client import Joined, RemoteService
from tabletop_tui.net.service import Limits, Service

from .. import waiting
from ..ui.drive import calm, press


class ServiceThread:
    """A table service on its own event loop in a thread, like the server's."""

    def __init__(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="tt-app-"))
        (folder / "tables").mkdir()
        self.service = Service(folder / "tables", Limits(), bot_delay=0)
        self.sock = folder / "s.sock"
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.service.start(self.sock))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="service", daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def connect(self, user: str) -> RemoteService:
        """An app process's connection, as ``user``."""
        return RemoteService(str(self.sock), self.service.issue_token(user))

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.service.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def tables():
    thinker.set_mode("inline")
    st = ServiceThread()
    yield st
    st.stop()
    thinker.set_mode("process")


def table_listed(app) -> bool:
    """The lobby shows its list of tables, the first one open to join."""
    lists = app.screen.query("OptionList")
    return bool(lists) and lists.first().option_count > 0 and not lists.first().get_option_at_index(0).disabled


async def until(pilot, cond, what: str) -> None:
    """Wait until ``cond()`` while the app runs (see tests/waiting.py)."""
    await waiting.until(cond, what, pilot=pilot)


async def served(link) -> None:
    """Wait until the service has handled every request ``link`` sent so
    far: a request is answered in the order it came (this one is refused:
    seat 99 is nobody's)."""
    answered = threading.Event()
    link.request(p.Explain(seat=99, action={}), lambda answer: answered.set())
    assert await asyncio.to_thread(answered.wait, 60), "the service answered nothing in 60 s"


async def resized(pilot, screen, size: tuple[int, int]) -> None:
    """Resize the terminal and wait until ``screen`` is laid out at that size."""
    await pilot.resize_terminal(*size)
    await until(pilot, lambda: tuple(screen.size) == size, f"the screen at {size}")
    await calm(pilot, layout=True)


def text(widget) -> str:
    return str(widget.content) if isinstance(widget, Static) else ""


def log_text(screen) -> str:
    log = screen.query_one("#log", RichLog)
    return "\n".join("".join(seg.text for seg in line) for line in log.lines)


async def open_table(pilot, app) -> object:
    """From the lobby: n, Rapa Nui, Ctrl+S; returns the game screen."""
    from tabletop_tui.ui.game_screen import GameScreen

    await until(pilot, lambda: "Tables on this server" in text(app.screen.query_one("#picker-title")), "the lobby")
    assert "Enter takes a seat" in text(app.screen.query_one("#picker-message"))
    await until(pilot, lambda: app.remote.lobby.get("games"), "the server's list of games")
    await pilot.press("n")
    await until(pilot, lambda: type(app.screen).__name__ == "GameChooser", "the game chooser")
    chooser = app.screen.query_one("OptionList")
    labels = [str(chooser.get_option_at_index(i).prompt) for i in range(chooser.option_count)]
    assert "Tiki (2 players)" in labels and "Rapa Nui (2-4 players)" in labels
    await pilot.press("down", "enter")
    await until(pilot, lambda: type(app.screen).__name__ == "RemoteSetupScreen", "the setup form")
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.current is not None,
                "the game screen")
    return app.screen


async def test_n_before_the_server_has_listed_its_games_says_so_and_opens_no_empty_chooser(tables):
    """A player who presses n the instant the lobby shows, before the
    server's list of games has come, is told to press again (not given an
    empty game chooser); once the list comes, n opens the chooser."""
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    held: list[dict] = []
    real = link._dispatch

    def holding_back_the_lobby(msg: dict) -> None:  # the service's reader thread
        if msg.get("type") == "lobby" and not link.lobby:
            held.append(msg)
            return
        real(msg)

    link._dispatch = holding_back_the_lobby
    app = TabletopApp(remote=link)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Tables on this server" in text(app.screen.query_one("#picker-title")), "the lobby")
        await until(pilot, lambda: held, "the server's first lobby message (held back)")
        await pilot.press("n")
        await until(pilot, lambda: "has not sent its list of games yet" in text(app.screen.query_one("#picker-message")),
                    "the lobby to say the list has not come")
        assert type(app.screen).__name__ == "LobbyScreen"  # no chooser opened
        # the list comes (from a thread, as the reader delivers it)
        delivery = threading.Thread(target=real, args=(held[0],))
        delivery.start()
        delivery.join(10)
        await until(pilot, lambda: app.remote.lobby.get("games"), "the server's list of games")
        await pilot.press("n")
        await until(pilot, lambda: type(app.screen).__name__ == "GameChooser", "the game chooser")
        chooser = app.screen.query_one("OptionList")
        assert chooser.option_count >= 5


async def test_seats_chat_and_absence_as_a_remote_player_sees_them(tables):
    from tabletop_tui.ui.app import TabletopApp

    ana_link = tables.connect("ana")
    app = TabletopApp(remote=ana_link)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(pilot, app)
        seats = lambda: text(screen.query_one("#seats"))  # noqa: E731
        assert "ana · Green · human" in seats() and "Blue · Blue · open seat" in seats()
        entry = next(iter(tables.service.tables.values()))
        assert entry.table.coach_flags  # the setup form's coach box (ticked) reached the server
        # ben takes the open seat: ana's panel says so
        ben = tables.connect("ben")
        ben.send(p.Join(table=entry.id, seats=[1]))
        await until(pilot, lambda: "ben · Blue · human" in seats(), "ben in ana's players panel")
        # ben's chat line is plain text in ana's log, and stays there through a resize
        ben.send(p.Chat(text="hi [b]ana[/b] \x1b]0;pwned\x07!"))
        await until(pilot, lambda: "ben: hi [b]ana[/b]" in log_text(screen), "ben's chat line")
        assert "ben: hi [b]ana[/b] !" in log_text(screen).splitlines()  # the escape sequence dropped
        await resized(pilot, screen, (100, 30))
        assert "ben: hi [b]ana[/b]" in log_text(screen)
        # ben drops: away, and when it is his turn ana is told she waits for an absent player
        ben.close()
        await until(pilot, lambda: "ben · Blue · human, away" in seats(), "ben away")
        m = entry.table.match
        while 0 in m.to_act():
            entry.table.act(m.legal_actions(0)[0], 0)
        await until(pilot, lambda: "Waiting for ben (away)." in text(screen.query_one("#message")),
                    "waiting for an absent player")
    ana_link.close()


async def test_a_returning_player_sees_the_chat_said_before(tables):
    from tabletop_tui.ui.app import TabletopApp

    ana = tables.connect("ana")
    ana.send(p.Create(game="tiki", seats=[p.SeatPlan(), p.SeatPlan()], take=[0]))
    waiting.wait_until(lambda: ana.table is not None, "ana's table")
    ana.table.send_chat("see you at the table")
    entry = next(iter(tables.service.tables.values()))
    waiting.wait_until(lambda: entry.chat, "ana's chat line at the service")
    ben_link = tables.connect("ben")
    app = TabletopApp(remote=ben_link)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Tiki" in str(app.screen.query("OptionList").first().get_option_at_index(0).prompt)
                    if app.screen.query("OptionList") else False, "the table in the lobby")
        await pilot.press("enter")
        await until(pilot, lambda: hasattr(app.screen, "board") and app.screen.current is not None, "the game")
        await until(pilot, lambda: "ana: see you at the table" in log_text(app.screen), "the chat said before")
    ana.close()
    ben_link.close()


async def test_a_spectator_has_no_undo_or_hint_keys(tables):
    from tabletop_tui.ui.app import TabletopApp

    ana = tables.connect("ana")
    ana.send(p.Create(game="tiki", seats=[p.SeatPlan(), p.SeatPlan(bot="random")], take=[0]))
    waiting.wait_until(lambda: tables.service.tables, "ana's table")
    eve_link = tables.connect("eve")
    app = TabletopApp(remote=eve_link)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: table_listed(app), "the table in the lobby")
        await pilot.press("w")
        await until(pilot, lambda: hasattr(app.screen, "board") and app.screen.current is not None, "the game")
        screen = app.screen
        assert screen.current.seat is None and screen.current.legal == []
        assert "u" not in screen.active_bindings and "h" not in screen.active_bindings
        assert "escape" in screen.active_bindings
    ana.close()
    eve_link.close()


async def test_a_terminal_too_small_shows_the_size_the_game_needs(tables):
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot, app)
        entry = next(iter(tables.service.tables.values()))
        m = entry.table.match
        await resized(pilot, screen, (60, 20))
        note = text(screen.query_one("#too-small"))
        assert screen.too_small and "Rapa Nui needs a terminal of at least 80x24" in note and "60x20" in note
        assert not screen.query_one("#board").display or not screen.query_one("#main").display
        before = list(m.log)
        await press(pilot, "enter", "1", "s")  # the hidden board's keys wait
        await served(link)  # a move they had sent would be played by now
        assert m.log == before and "u" not in screen.active_bindings
        await resized(pilot, screen, (80, 24))
        assert not screen.too_small and screen.query_one("#main").display
        await pilot.press("enter")  # plays again once the board fits
        await until(pilot, lambda: len(m.log) == len(before) + 1, "a move once the terminal fits")
    link.close()


def test_a_remote_table_asks_the_server_coach_and_reads_its_suggestions(tables):
    """RemoteTable.coach is the app's way to the server's coach (h over ssh):
    the suggestions arrive as the coach's own objects, legal for the seat."""
    from tabletop_tui.engine.coach import Suggestion

    link = tables.connect("ana")
    joined = threading.Event()
    link.listen(lambda event: joined.set() if isinstance(event, Joined) else None)
    link.create("tiki", {}, [(None, 2), (None, 2)], take=[0, 1])
    assert joined.wait(10)
    remote = link.table
    entry = next(iter(tables.service.tables.values()))
    seat = entry.table.match.to_act()[0]
    answered = threading.Event()
    got: list = []
    remote.coach(seat, lambda serial, found, reason: (got.append((serial, found, reason)), answered.set()))
    assert answered.wait(30)
    serial, found, reason = got[0]
    legal = entry.table.match.legal_actions(seat)
    assert found and all(isinstance(s, Suggestion) and s.action in legal and s.estimate for s in found)
    assert serial == entry.table.serial
    link.close()


async def test_the_lobby_by_keys_b_keeps_the_presser_s_seat_and_the_form_opens_on_players(tables):
    """The new-table form opens on its first visible field (Players); b in
    the lobby hands an absent player's seat to a bot, never the presser's."""
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Tables on this server" in text(app.screen.query_one("#picker-title")), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: type(app.screen).__name__ == "GameChooser", "the game chooser")
        await pilot.press("down", "enter")
        await until(pilot, lambda: type(app.screen).__name__ == "RemoteSetupScreen", "the setup form")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "players", "Players focused")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(tables.service.tables), "the table")
        entry = next(iter(tables.service.tables.values()))
        ben = tables.connect("ben")
        ben.send(p.Join(table=entry.id, seats=[1]))
        await until(pilot, lambda: entry.owners == ["ana", "ben"], "ben seated")
        ben.close()
        await until(pilot, lambda: entry.connected() == {"ana"}, "ben away")
        await pilot.press("escape")  # back to the lobby: ana is away from the table too
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen" and entry.connected() == set(),
                    "the lobby")
        await until(pilot, lambda: "ben (away)" in str(app.screen.query_one("OptionList").get_option_at_index(0)
                                                       .prompt), "ben away in the lobby")
        await pilot.press("b")
        await until(pilot, lambda: entry.table.seats[1].bot is not None, "a bot for ben")
        await calm(pilot)
        await served(link)  # any other seat b handed over is handed over by now
        assert entry.table.seats[0].is_human and entry.table.seats[0].name == "ana"
    link.close()


async def test_a_1x1_window_shows_the_sentence_in_the_lobby_and_the_game(tables):
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(1, 1)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen" and app.screen.too_small, "the lobby")
        assert "The lobby needs a terminal of at least 40x10" in text(app.screen.query_one("#lobby-small"))
        await pilot.resize_terminal(100, 30)
        screen = await open_table(pilot, app)
        for size in ((1, 1), (1, 30), (100, 1)):
            await pilot.resize_terminal(*size)
            await until(pilot, lambda: screen.too_small and f"{size[0]}x{size[1]}" in text(
                screen.query_one("#too-small")), f"the sentence at {size}")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: not screen.too_small, "the game again")
        assert app.is_running
    link.close()


async def test_a_player_who_opened_a_table_by_the_form_is_not_sent_the_lobby(tables):
    """The setup form sends its table and the lobby shows again for a
    moment (until "joined" comes), asking to follow the lobby: the service
    must not send a player at a table every change of the lobby (each one
    redrawn by their app: at a full server, every app at every table opened
    or finished)."""
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, app)
        await calm(pilot)
        await served(link)  # what the app asked on the way is handled
        [conn] = [c for c in tables.service.conns if c.user == "ana"]
        assert conn.entry is not None and not conn.in_lobby
    link.close()
