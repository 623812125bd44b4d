"""`tabletop serve` over real ssh: asyncssh clients reading a pyte screen,
and the standard OpenSSH client."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path

import asyncssh
import pyte
import pytest

from tabletop_tui.net.server import ServeConfig, TabletopServer
from tabletop_tui.net.service import Limits

from ..waiting import DEADLINE, until


class BellScreen(pyte.Screen):
    """A pyte screen that counts the terminal bells it hears."""

    bells = 0

    def bell(self, *args) -> None:
        self.bells += 1


class Screen:
    """One ssh session's terminal, as a player would see it (pyte)."""

    def __init__(self, process, cols: int = 100, rows: int = 30) -> None:
        self.process = process
        self.screen = BellScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # every byte the terminal got, for what pyte does not keep
        self.fed = asyncio.Event()  # set whenever bytes arrive (and when the session ends)
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                try:
                    data = await self.process.stdout.read(65536)
                except (asyncssh.Error, OSError):  # the connection went away (a test drops it)
                    return
                if not data:
                    return
                self.raw += data
                self.stream.feed(data)
                self.fed.set()
        finally:
            self.fed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, cond, what: str, timeout: float = DEADLINE) -> str:
        """The screen's text once ``cond()`` holds, looked at again each
        time bytes arrive; AssertionError naming ``what`` after ``timeout``
        seconds, or when the session ends first."""
        end = time.monotonic() + timeout
        while not cond():
            self.fed.clear()
            if self.task.done():
                raise AssertionError(f"the session ended before {what}:\n{self.text}")
            try:
                await asyncio.wait_for(self.fed.wait(), max(0.0, end - time.monotonic()))
            except asyncio.TimeoutError:
                if not cond():
                    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}:\n{self.text}") from None
        return self.text

    async def wait_for(self, words: str, timeout: float = DEADLINE) -> str:
        """The screen's text once it shows ``words``."""
        return await self.until(lambda: words in self.text, repr(words), timeout)

    def keys(self, data: str) -> None:
        self.process.stdin.write(data.encode())


@pytest.fixture
async def server(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "client_key").write_bytes(key.export_private_key())
    os.chmod(tmp_path / "client_key", 0o600)
    (tmp_path / "authorized_keys").write_bytes(key.export_public_key())
    config = ServeConfig(port=0, folder=tmp_path / "server", authorized_keys=tmp_path / "authorized_keys",
                         password="open sesame", limits=Limits(), bot_delay=0)
    config.folder.mkdir()
    srv = TabletopServer(config)
    await srv.start()
    srv.key_path = tmp_path / "client_key"
    srv.client_key = key
    yield srv
    await srv.stop()


def label(kind: str) -> str:
    """A card's name on a 100-column screen (the board's compact labels)."""
    from tabletop_tui.games.rapa_nui.render import card_label

    return card_label(kind, True)


class Answers(asyncssh.SSHClient):
    """A password player's answers at the keyboard-interactive door: the
    table password, and their own passphrase for their name."""

    def __init__(self, table: str, passphrase: str) -> None:
        self.table, self.passphrase = table, passphrase

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        if any(prompt.startswith("Table password") for prompt, _ in prompts):
            if getattr(self, "tried", False):
                return None  # refused once: give up, as ssh does after its tries
            self.tried = True
        return [self.table if prompt.startswith("Table password") else self.passphrase for prompt, _ in prompts]


async def session(srv, user: str, size: tuple[int, int] = (100, 30), **auth) -> tuple:
    """An ssh session; auth="password" answers the table password and the
    passphrase (by default "USER-secret") through keyboard-interactive."""
    kind = auth.get("auth", "publickey")
    table, phrase = auth.get("password"), auth.get("passphrase", f"{user}-secret")
    conn = await asyncssh.connect("127.0.0.1", srv.port, username=user, known_hosts=None,
                                  client_keys=auth.get("client_keys", None),
                                  client_factory=lambda: Answers(table or "", phrase),
                                  preferred_auth="keyboard-interactive" if kind == "password" else kind)
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return conn, Screen(process, *size)


async def open_table(screen: Screen, game: str = "tiki", ready: str = "Purple") -> str:
    """From the lobby, as a player types it: n, the game, Ctrl+S (the first
    seat is taken); returns the screen once ``ready`` shows."""
    await screen.wait_for("Tables on this server")
    screen.keys("n")
    await screen.wait_for("Which game?")
    screen.keys({"tiki": "\r", "rapa_nui": "\x1b[B\r"}[game])
    await screen.wait_for("Open seat")
    screen.keys("\x13")
    return await screen.wait_for(ready)


async def test_a_player_with_the_password_reaches_the_lobby_and_a_wrong_one_is_refused(server):
    conn, screen = await session(server, "ana", password="open sesame", auth="password")
    text = await screen.wait_for("Tables on this server")
    assert "you are ana" in text
    conn.close()
    # the host key is readable by its owner only
    assert (server.folder / "host_key").stat().st_mode & 0o777 == 0o600
    # an ssh user name is outside text: shown as typed (never as markup), and
    # cut to a name's length (ssh itself refuses control characters in it)
    conn, screen = await session(server, "[red]eve[/red]" + "x" * 30, password="open sesame", auth="password")
    text = await screen.wait_for("Tables on this server")
    assert "you are [red]eve[/red]" + "x" * 10 in text and "x" * 11 not in text
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None, client_keys=None,
                               client_factory=lambda: Answers("guess", "eve-secret"),
                               preferred_auth="keyboard-interactive")


async def test_two_players_each_see_only_their_own_hand(server):
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await open_table(ana, "rapa_nui", ready="Market")  # 2 players, both seats open; ana takes the first
    ben_conn, ben = await session(server, "ben", password="open sesame", auth="password")
    await ben.wait_for("Rapa Nui")
    ben.keys("\r")  # take the open seat
    await ben.wait_for("Market")
    entry = next(iter(server.service.tables.values()))
    assert entry.owners == ["ana", "ben"] and entry.connected() == {"ana", "ben"}
    m = entry.table.match
    for screen, me in ((ana, 0), (ben, 1)):
        mine = {k for k, n in m.state.hands[me].items() if n}
        # the hand drawn in full: every card of it named (a frame may come in pieces)
        text = await screen.until(lambda: "Your hand ·" in screen.text
                                  and all(label(k) in hand_line(screen.text) for k in mine), f"seat {me}'s hand")
        hand = hand_line(text)
        assert "Your hand" in text and "you are" not in text
        mine = {k for k, n in m.state.hands[me].items() if n}
        theirs = {k for k, n in m.state.hands[1 - me].items() if n} - mine
        for kind in mine:
            assert label(kind) in hand, (kind, hand)
        for kind in theirs:
            assert label(kind) not in hand, (kind, hand)
    ana_conn.close()
    ben_conn.close()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client on this machine")
async def test_the_openssh_client_gets_in_with_a_key_and_not_without(server, tmp_path):
    base = ["ssh", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "PasswordAuthentication=no", "-o", "LogLevel=ERROR"]
    # a key the server does not know is refused
    other = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "other_key").write_bytes(other.export_private_key())
    os.chmod(tmp_path / "other_key", 0o600)
    proc = await asyncio.create_subprocess_exec(
        *base, "-i", str(tmp_path / "other_key"), "-o", "IdentitiesOnly=yes", "eve@127.0.0.1", "true",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode != 0 and b"Permission denied" in err
    # the authorised key gets a session; without a terminal it is told to use one
    proc = await asyncio.create_subprocess_exec(
        *base, "-i", str(server.key_path), "-o", "IdentitiesOnly=yes", "ana@127.0.0.1",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert b"needs a terminal" in out + err
    # with a terminal (script gives ssh a pty), it reaches the lobby
    if shutil.which("script"):
        cmd = " ".join([*base, "-tt", "-i", str(server.key_path), "-o", "IdentitiesOnly=yes", "ana@127.0.0.1"])
        proc = await asyncio.create_subprocess_exec(
            "script", "-qfc", cmd, "/dev/null", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"})
        seen = await read_until(proc.stdout, b"Tables on this server")
        proc.kill()
        await proc.wait()
        assert b"Tables on this server" in seen
    Path(tmp_path / "other_key").unlink()


# -- a whole game over ssh ----------------------------------------------------------------
KEYS = {"right": "\x1b[C", "enter": "\r"}


def hand_line(text: str) -> str:
    """The line of the "Your hand" panel that names the cards (inside its borders)."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "Your hand ·" in line)  # the panel's title, not the log
    return lines[at + 1].split("│")[1]


def kinds_on(line: str) -> set[str]:
    """The card kinds a hand line names (wide labels: the screens are 120 wide)."""
    from tabletop_tui.games.rapa_nui.render import CARD_LABEL

    found = set()
    for kind, label in sorted(CARD_LABEL.items(), key=lambda kv: -len(kv[1])):
        if label in line:
            found.add(kind)
            line = line.replace(label, "")
    return found


def cursor_on(screen_text: str) -> set[str]:
    """The card kinds under the hand's cursor (▶) on the screen; empty when
    the hand shows no cursor."""
    line = hand_line(screen_text)
    return kinds_on(line.split("▶", 1)[1].split("  ")[0].strip()) if "▶" in line else set()


async def rapa_nui_play(scr, hand: dict, action) -> None:
    """Type ``action`` as a player does, looking at the screen between keys:
    a card is played by stepping the hand's cursor right until the screen
    shows it on the card (each step waited for), then its count and Enter."""
    from tabletop_tui.games.rapa_nui.actions import (BuyOffering, ChooseMoaiReward, Draw, PlayCard, SkipBuy)
    from tabletop_tui.games.rapa_nui.render import KIND_KEY

    if isinstance(action, PlayCard):
        for _ in range(2 * len(hand) + 2):
            shown = await scr.until(lambda: cursor_on(scr.text), f"the hand's cursor, to play {action!r}")
            if action.card in cursor_on(shown):
                break
            before = hand_line(shown)
            scr.keys(KEYS["right"])
            await scr.until(lambda: hand_line(scr.text) != before, "the hand's cursor to move right")
        assert action.card in cursor_on(scr.text), f"the cursor never reached {action.card}:\n{scr.text}"
        scr.keys(str(action.count) + KEYS["enter"])
    elif isinstance(action, Draw):
        scr.keys(str(action.row + 1))
    elif isinstance(action, SkipBuy):
        scr.keys("s")
    elif isinstance(action, ChooseMoaiReward):
        scr.keys("w" if action.reward == "wood" else "f")
    else:
        assert not isinstance(action, BuyOffering) or action.offering in KIND_KEY
        scr.keys(KIND_KEY[action.offering])


def shows(scr, table, seat: int) -> bool:
    """True when ``scr`` shows the table's latest position to ``seat``: its
    status on the top line and, further down, the hand panel naming exactly
    the cards the seat holds (a frame reaches the terminal in pieces, and
    the status may read the same before and after a move: both are waited
    for, so a screen that shows another hand fails when the wait runs out)."""
    text = scr.text
    if not scr.screen.display[0].strip().startswith(table.update_for(seat).status[:60].strip()):
        return False
    held = {k for k, n in table.match.state.hands[seat].items() if n}
    return "Your hand ·" in text and kinds_on(hand_line(text)) == held


async def synced(screens: dict, table) -> None:
    """Wait until every player's screen shows the table's latest position."""
    for s, scr in screens.items():
        held = sorted(k for k, n in table.match.state.hands[s].items() if n)
        await scr.until(lambda: shows(scr, table, s), f"seat {s}'s screen to show the latest position, "
                                                       f"its hand naming exactly {held}")


async def take_seat(server, user: str) -> tuple:
    """A player joins by ssh and takes their seat at the one table (Enter)."""
    conn, screen = await session(server, user, size=(120, 40), password="open sesame", auth="password")
    await screen.wait_for("Rapa Nui  Green")
    screen.keys("\r")
    await screen.wait_for("Your hand")
    return conn, screen


async def test_a_whole_rapa_nui_game_over_ssh_each_screen_shows_only_its_own_hand(server):
    """Two real ssh sessions (asyncssh clients reading pyte screens) play a
    whole 2-player Rapa Nui by keys, one seat each. Whenever both screens show
    the latest position, each hand panel names exactly its own cards, and no
    screen shows the other player's held cards before the end. Ben's
    connection drops mid-game; he joins again and plays on from his seat."""
    import random

    ana_conn, ana = await session(server, "ana", size=(120, 40), client_keys=[server.client_key], auth="publickey")
    await open_table(ana, "rapa_nui", ready="Your hand")
    ben_conn, ben = await take_seat(server, "ben")
    entry = next(iter(server.service.tables.values()))
    table, m = entry.table, entry.table.match
    screens = {0: ana, 1: ben}
    rng = random.Random(11)
    dropped = False
    for step in range(1000):
        if m.is_over():
            break
        await synced(screens, table)  # each hand panel naming exactly its own cards
        for me, scr in screens.items():
            assert "held:" not in scr.text  # nobody's hand is shown until the end
        if step == 20 and not dropped:  # ben's connection drops; he comes back to his seat
            ben_conn.close()
            await until(lambda: "ben" not in entry.connected(), "the service to see ben's connection end")
            assert entry.owners[1] == "ben"
            ben_conn, ben = await take_seat(server, "ben")
            screens[1] = ben
            dropped = True
            continue
        seat = m.to_act()[0]
        action = rng.choice(m.legal_actions(seat))
        before = len(m.log)
        await rapa_nui_play(screens[seat], m.state.hands[seat], action)
        await until(lambda: len(m.log) > before, f"{action!r} to be played, by keys on:\n{screens[seat].text}")
        assert len(m.log) == before + 1, f"{action!r} was not played:\n{screens[seat].text}"
        assert m.log[-1].action == action.model_dump(mode="json") and m.log[-1].seat == seat
    assert m.is_over() and dropped
    for scr in screens.values():
        await scr.wait_for("Back to games")  # the result window, on both screens
        assert scr.screen.bells > 0  # the turn came to each player with the terminal bell
    ana_conn.close()
    ben_conn.close()


# -- the server killed and started again --------------------------------------------------
def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def start_serve(data: Path, port: int, *flags: str, argv: list[str] | None = None, **env_more: str):
    """`tabletop serve` (with ``flags``; or python ``argv``) in a process of
    its own, ``env_more`` added to its environment; returns it once it listens."""
    import sys

    env = {**os.environ, "TABLETOP_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1", **env_more}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *(argv or ["-m", "tabletop_tui.cli", "serve", "--port", str(port), *flags]),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    out = await read_until(proc.stdout, b"Guests join with")
    assert b"Guests join with" in out, out.decode(errors="replace")
    return proc


async def read_until(stream, words: bytes, seconds: float = DEADLINE) -> bytes:
    """What ``stream`` says up to ``words``, or all it said when it ends or
    ``seconds`` pass first (the caller checks for ``words``)."""
    out = bytearray()

    async def read() -> None:
        while words not in out:
            chunk = await stream.read(4096)
            if not chunk:
                return
            out.extend(chunk)

    try:
        await asyncio.wait_for(read(), seconds)
    except asyncio.TimeoutError:
        pass
    return bytes(out)


async def test_a_killed_server_comes_back_with_its_tables_and_every_confirmed_move(tmp_path):
    """kill -9 the server in the middle of a Tiki game played by keys over
    ssh; started again, it lists the table, the player takes their seat, and
    every move the players made is on the board."""
    import signal

    from tabletop_tui.engine.match import Match

    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "server" / "authorized_keys").write_bytes(key.export_public_key())
    port = free_port()
    proc = await start_serve(data, port)
    try:
        srv = type("Srv", (), {"port": port})
        ana_conn, ana = await session(srv, "ana", size=(120, 40), client_keys=[key], auth="publickey")
        await open_table(ana)
        ben_conn, ben = await session(srv, "ben", size=(120, 40), client_keys=[key], auth="publickey")
        await ben.wait_for("Tiki  Purple")
        ben.keys("\r")
        await ben.wait_for("Yellow · human")
        # four totems raised by keys, whoever starts: centre, middle-right, top-centre, bottom-right
        def saved() -> int:
            """The moves in the table's save (0 before there is one)."""
            saves = list((data / "server" / "tables").glob("*.json"))
            assert len(saves) <= 1
            return len(Match.load(saves[0]).log) if saves else 0

        first = second = None
        for n, keys in enumerate(("\r", "\x1b[C\r", "\x1b[A\r", "\x1b[B\r")):
            if first is None:
                await until(lambda: any("Your turn" in s.text for s in (ana, ben)), "the first player's turn")
                first = next(s for s in (ana, ben) if "Your turn" in s.text)
                second = ben if first is ana else ana
            screen = first if n % 2 == 0 else second
            await screen.wait_for("Your turn")
            screen.keys(keys)
            await until(lambda: saved() == n + 1, f"move {n + 1} to be saved")
        saves = list((data / "server" / "tables").glob("*.json"))
        assert len(saves) == 1
        played = Match.load(saves[0]).log
        assert len(played) == 4
        os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
        ana_conn.close()
        ben_conn.close()
        proc = await start_serve(data, port)
        ana_conn, ana = await session(srv, "ana", size=(120, 40), client_keys=[key], auth="publickey")
        text = await ana.wait_for("Tiki  Purple: yours")
        assert "Yellow: ben (away)" in text
        ana.keys("\r")
        text = await ana.wait_for("0 fruit · 6 tikis left")
        assert Match.load(saves[0]).log == played
        # the four totems on the board (the side panel may come a frame before it)
        await ana.until(lambda: ana.text.count("[P]") == 2 and ana.text.count("[Y]") == 2, "the four totems")
        ana_conn.close()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        await proc.wait()


async def test_limits_a_full_server_and_an_idle_session(server):
    """Beyond --max-connections a guest is told the server is full; a session
    idle past --idle-minutes ends, and its seats are kept."""
    server.config.limits.max_connections = 1
    conn, screen = await session(server, "ana", password="open sesame", auth="password")
    await screen.wait_for("Tables on this server")
    other, full = await session(server, "ben", password="open sesame", auth="password")
    await full.wait_for("This server is full; try again later.")
    other.close()
    conn.close()
    await until(lambda: server.sessions == 0, "the server to end both sessions")
    server.config.limits.max_connections = 8
    server.config.limits.idle_minutes = 0.02  # 1.2 s without a key (on a loaded machine, maybe before the lobby)
    conn, screen = await session(server, "ana", password="open sesame", auth="password")
    await screen.wait_for("Idle for too long: the session ends; your seats are kept.", timeout=20)
    # said after the ended app's terminal is put back (alternate screen left,
    # mouse reports off), so a real terminal keeps the sentence on screen
    from tabletop_tui.net.server import TERMINAL_BACK

    raw = bytes(screen.raw)
    assert raw.rfind(TERMINAL_BACK) < raw.rfind(b"Idle for too long") and TERMINAL_BACK in raw
    conn.close()


async def test_a_session_that_dies_takes_nobody_else_with_it(server):
    """Kill one player's app process: that ssh session ends, the server and
    the other player's session go on, and the player can come back."""
    import signal

    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await open_table(ana)
    ben_conn, ben = await session(server, "ben", password="open sesame", auth="password")
    await ben.wait_for("Tiki  Purple")
    ben.keys("\r")
    await ben.wait_for("Yellow · human")
    entry = next(iter(server.service.tables.values()))
    pid = next(pid for pid, (user, _) in server.children.items() if user == "ana")
    os.kill(pid, signal.SIGKILL)  # ana's app crashes hard
    await asyncio.wait_for(ana.process.wait_closed(), DEADLINE)
    await until(lambda: "ana" not in entry.connected(), "the service to see ana's app gone")
    assert entry.owners == ["ana", "ben"] and entry.connected() == {"ben"}
    await ben.wait_for("ana · Purple · human, away")
    # ben's session answers keys: the rules page opens and closes
    ben.keys("?")
    await ben.wait_for("Tiki")
    ben.keys("\x1b")
    # and ana comes back to her seat
    ana_conn.close()
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await ana.wait_for("Purple: yours")
    ana.keys("\r")
    await ana.wait_for("ben · Yellow · human")
    assert entry.connected() == {"ana", "ben"}
    ana_conn.close()
    ben_conn.close()


async def test_a_window_resized_over_ssh_reaches_the_app(server):
    """The client's window-size changes are forwarded to the app's pty: too
    small, the game says the size it needs; large enough, the board is back."""
    conn, screen = await session(server, "ana", size=(100, 30), client_keys=[server.client_key], auth="publickey")
    await open_table(screen)
    screen.process.change_terminal_size(60, 20)
    screen.screen.resize(20, 60)
    await screen.wait_for("Tiki needs a terminal of at least 80x24")
    await screen.wait_for("This one is 60x20")
    screen.process.change_terminal_size(100, 30)
    screen.screen.resize(30, 100)
    await screen.wait_for("Purple · human")
    conn.close()
