"""What no guest of `tabletop serve` can do to the others: freeze the server
(a stopped app, signal keys, a client that stops reading), guess the password
at speed, leak its descriptors with a huge window, crash its app with a tiny
one. And what every guest gets: the seat chooser by keys, a goodbye when the
server stops, no app process left behind.

A bystander's key must answer within ``BYSTANDER`` seconds, 1 s as the issue
asks (the old freeze lasted until the stopped app resumed, or over 90 s).
The answer takes 0.05-0.25 s here with a load of 10 on two cores: the
bystander's app and the server's loop never wait for the troublemaker."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time

import asyncssh
import pyte
import pytest

from tabletop_tui.net.server import TERMINAL_BACK, ServeConfig, TabletopServer
from tabletop_tui.net.service import Limits

from .. import waiting
from .test_ssh import Answers, Screen, free_port, server, session, start_serve  # noqa: F401 (a fixture)

BYSTANDER = 1.0
PASSWORD = {"password": "open sesame", "auth": "password"}


async def password_login(srv, user: str, passphrase: str = "", table: str = "open sesame") -> asyncssh.SSHClientConnection:
    """A connection logged in through keyboard-interactive with the table
    password and the passphrase for ``user`` (by default "USER-secret")."""
    return await asyncssh.connect("127.0.0.1", srv.port, username=user, known_hosts=None, client_keys=None,
                                  client_factory=lambda: Answers(table, passphrase or f"{user}-secret"),
                                  preferred_auth="keyboard-interactive")


def app_of(srv, user: str) -> int:
    return next(pid for pid, (who, _) in srv.children.items() if who == user)


def state_of(pid: int) -> str:
    """A process's state letter (T: stopped), or "" once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


async def until(cond, what: str, timeout: float = 30.0) -> None:
    """Wait until ``cond()`` (the suite's one condition wait, tests/waiting.py)."""
    await waiting.until(cond, what, seconds=timeout)


async def bystander_answers(ben: Screen, seconds: float = BYSTANDER) -> None:
    """Ben's key (n: the game chooser) answers within ``seconds``; Esc closes it again."""
    ben.keys("n")
    await ben.wait_for("Which game?", timeout=seconds)
    ben.keys("\x1b")
    await ben.until(lambda: "Which game?" not in ben.text, "the chooser to close", timeout=seconds)


async def two_in_the_lobby(srv) -> tuple:
    out = []
    for user in ("ana", "ben"):
        conn, screen = await session(srv, user, **PASSWORD)
        await screen.wait_for("Tables on this server")
        out += [conn, screen]
    return tuple(out)


# -- nothing a session does blocks the server ---------------------------------------------
async def test_a_stopped_app_that_gets_keys_freezes_nobody_else(server):
    ana_conn, ana, ben_conn, ben = await two_in_the_lobby(server)
    pid = app_of(server, "ana")
    os.kill(pid, signal.SIGSTOP)
    try:
        ana.keys("\x1b[B" * 70000)  # 210 kB of arrow keys the stopped app never reads
        await bystander_answers(ben)
        # a new guest gets in meanwhile
        cara = await asyncio.wait_for(password_login(server, "cara"), BYSTANDER)
        cara.close()
        # ana is told why her session ends; the app is gone
        await ana.wait_for("Your game stopped taking keys")
        await until(lambda: state_of(pid) == "", "ana's stopped app ended")
        await bystander_answers(ben)
    finally:
        if state_of(pid):
            os.kill(pid, signal.SIGCONT)
    ana_conn.close()
    ben_conn.close()


def garbage(seed: int, size: int) -> bytes:
    """Random control and high bytes (not all UTF-8) with the signal keys
    among them, but none that leaves (Esc, Ctrl+Q), picks (Enter) or opens
    Textual's command palette (Ctrl+P)."""
    rng = random.Random(seed)
    alphabet = [b for b in list(range(0x20)) + list(range(0x80, 0x100))
                if b not in (0x1b, 0x11, 0x0d, 0x0a, 0x10)]
    out = bytearray(rng.choice(alphabet) for _ in range(size))
    for i in range(0, size, 97):
        out[i] = rng.choice((0x1a, 0x1c, 0x03, 0x13))  # Ctrl+Z, Ctrl+\, Ctrl+C, Ctrl+S
    return bytes(out)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client on this machine")
async def test_signal_keys_from_the_openssh_client_never_stop_an_app(server):
    """Garbage with Ctrl+Z, Ctrl+\\ and Ctrl+C among it, sent by the real ssh
    client from the first moment of its session: the app is never stopped
    or killed, reads it all, and the other player notices nothing."""
    ben_conn, ben = await session(server, "ben", **PASSWORD)
    await ben.wait_for("Tables on this server")
    cmd = ["ssh", "-tt", "-e", "none", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
           "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
           "-i", str(server.key_path), "-o", "IdentitiesOnly=yes", "ana@127.0.0.1"]
    proc = await asyncio.create_subprocess_exec(*cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                stderr=subprocess.DEVNULL,
                                                env={**os.environ, "TERM": "xterm-256color"})
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    async def read() -> None:
        try:
            while data := await proc.stdout.read(65536):
                stream.feed(data)
        except OSError:  # ssh went away: the asserts below say why
            return

    reader = asyncio.ensure_future(read())
    try:
        await until(lambda: any(who == "ana" for who, _ in server.children.values()), "ana's app started")
        pid = app_of(server, "ana")
        junk = garbage(23, 40000)
        for at in range(0, len(junk), 500):  # from the app's first moment until it is long up
            try:
                proc.stdin.write(junk[at:at + 500])
                await proc.stdin.drain()
            except ConnectionResetError:
                raise AssertionError(f"ana's session ended at byte {at} (her app: {state_of(pid) or 'gone'})") from None
            assert state_of(pid) not in ("T", ""), f"ana's app was stopped or ended at byte {at}"
            await asyncio.sleep(0.02)
        await bystander_answers(ben)
        proc.stdin.write(b"n")  # after all that, the app still answers her keys
        await until(lambda: "Which game?" in "\n".join(screen.display), "ana's game chooser:\n" +
                    "\n".join(screen.display))
        assert state_of(pid) not in ("T", "")
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        reader.cancel()
    ben_conn.close()


async def test_a_client_that_stops_reading_is_ended_and_freezes_nobody(server):
    """Ana's client reads nothing (a small ssh window, soon full) while her
    window keeps changing size (each change a full redraw): the server holds
    a bounded amount for her, ends her session after ``stall_seconds``, and
    Ben's keys answer all along."""
    server.config.limits.stall_seconds = 2
    ben_conn, ben = await session(server, "ben", **PASSWORD)
    await ben.wait_for("Tables on this server")
    ana_conn = await password_login(server, "ana")
    ana = await ana_conn.create_process(term_type="xterm-256color", term_size=(200, 60), encoding=None,
                                        window=8192)
    await until(lambda: any(who == "ana" for who, _ in server.children.values()), "ana's app started")
    pid = app_of(server, "ana")
    for n in range(400):  # redraw after redraw, none of it read
        if not state_of(pid):
            break
        ana.change_terminal_size(200 - n % 2, 60)
        ana.stdin.write(b"\x1b[B")
        if n % 20 == 0:
            await bystander_answers(ben)
        await asyncio.sleep(0.05)
    await until(lambda: state_of(pid) == "", "ana's session ended", timeout=30)
    await bystander_answers(ben)
    said = b""
    while True:  # what the server kept for her ends with why
        try:
            data = await asyncio.wait_for(ana.stdout.read(1 << 20), 10)
        except (asyncio.TimeoutError, asyncssh.Error):
            break
        if not data:
            break
        said += data
    assert b"Your terminal read nothing for 2 seconds" in said
    ana_conn.close()
    ben_conn.close()


async def test_sessions_per_connection_and_per_player_are_limited_with_a_sentence(server):
    """One connection may open 2 sessions, one name hold 3: the next is told
    which limit it met (one connection took all 64 slots before)."""
    async def one(conn) -> Screen:
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        return Screen(process)

    first = await password_login(server, "ana")
    screens = [await one(first), await one(first)]
    third = await one(first)
    await third.wait_for("One connection may hold at most 2 sessions here: close one first.")
    second = await password_login(server, "ana")
    screens.append(await one(second))
    fourth = await one(second)
    await fourth.wait_for("ana already has 3 sessions on this server: close one first.")
    for screen in screens:  # the three within the limits reach the lobby
        await screen.wait_for("Tables on this server")
    first.close()
    second.close()


# -- passwords and passphrases (keyboard-interactive) ----------------------------------------
class Guesser(asyncssh.SSHClient):
    """Answers each challenge with the next word, on one connection: as the
    table password, or (``passphrase_guesses``) as the name's passphrase
    after the right table password ``table``."""

    def __init__(self, words: list[str], table: str = "", passphrase_guesses: bool = False) -> None:
        self.words, self.table, self.passphrase_guesses = list(words), table, passphrase_guesses

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        if not self.words:
            return None
        word = self.words.pop(0)
        if self.passphrase_guesses:
            return [self.table if p.startswith("Table password") else word for p, _ in prompts]
        return [word if p.startswith("Table password") else "unused-secret" for p, _ in prompts]


def refusals_in(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "tabletop_tui.net.auth"]


async def test_the_seventh_password_try_on_one_connection_is_refused(server, caplog):
    server.auth_limits.limits.login_first_delay = server.auth_limits.limits.login_max_delay = 0.01
    caplog.set_level(logging.WARNING, logger="tabletop_tui.net.auth")
    words = ["guess"] * 6 + ["open sesame"]  # the right word, but as the 7th try
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None, client_keys=None,
                               preferred_auth="keyboard-interactive", client_factory=lambda: Guesser(words))
    assert sum("refused password for 'eve' from 127.0.0.1" in m for m in refusals_in(caplog)) == 6
    assert any("disconnected 'eve' from 127.0.0.1: 6 refused tries" in m for m in refusals_in(caplog))
    # six tries are fine: the right word as the 6th gets in
    conn = await asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None, client_keys=None,
                                  preferred_auth="keyboard-interactive",
                                  client_factory=lambda: Guesser(["guess"] * 5 + ["open sesame"]))
    conn.close()


async def test_passphrase_guesses_are_tries_too(server, caplog):
    """With the right table password, wrong passphrases for a name are
    refused tries: the 7th guess (even the right one) is not judged, and a
    burst of them slows down like wrong table passwords."""
    conn = await password_login(server, "ana", "ana-secret")  # ana claims her name with a passphrase
    conn.close()
    limits = server.auth_limits.limits
    limits.login_first_delay, limits.login_max_delay = 0.01, 10.0
    caplog.set_level(logging.WARNING, logger="tabletop_tui.net.auth")
    words = ["nope-nope"] * 6 + ["ana-secret"]
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await asyncssh.connect("127.0.0.1", server.port, username="ana", known_hosts=None, client_keys=None,
                               preferred_auth="keyboard-interactive",
                               client_factory=lambda: Guesser(words, "open sesame", passphrase_guesses=True))
    assert sum("refused password for 'ana' from 127.0.0.1" in m for m in refusals_in(caplog)) == 6
    assert any("disconnected 'ana' from 127.0.0.1: 6 refused tries" in m for m in refusals_in(caplog))
    assert server.auth_limits.delay("127.0.0.1") == 0.01 * 2 ** 5  # the address's next try waits
    conn = await password_login(server, "ana", "ana-secret")  # and then gets in
    conn.close()


class StillClock:
    """The auth limits' clock and sleep for a test: time stands still but for
    the waits the limits ask for, which are noted and pass at once."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.waits: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.waits.append(round(seconds, 6))
        self.now += seconds
        await asyncio.sleep(0)


async def test_a_burst_of_wrong_passwords_slows_down_and_the_right_one_waits_too(server):
    """Each wrong password from an address doubles the wait the next try from
    it is asked for, on a connection of its own or not; the right password
    waits as long (its speed does not tell it apart). The waits are the ones
    the limits ask for, on a clock of the test's: no timing luck."""
    limits = server.auth_limits.limits
    limits.login_first_delay, limits.login_max_delay = 0.2, 1.6
    still = StillClock()
    server.auth_limits.clock, server.auth_limits.sleep = still.clock, still.sleep
    for _ in range(5):  # each on a connection of its own: the address is what slows
        with pytest.raises(asyncssh.PermissionDenied):
            await password_login(server, "eve", table="guess")
    assert still.waits == [0.2, 0.4, 0.8, 1.6]  # none before the first try
    conn = await password_login(server, "ana")
    assert still.waits[4:] == [1.6]  # at most max_delay
    conn.close()


async def test_refused_keys_count_as_tries_but_do_not_slow_the_address(server, caplog):
    """A client offering six keys the door refuses is disconnected before its
    table password is asked; the address is not slowed by them."""
    caplog.set_level(logging.WARNING, logger="tabletop_tui.net.auth")
    strangers = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(6)]
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None, client_keys=strangers,
                               client_factory=lambda: Answers("open sesame", "eve-secret-1"),
                               preferred_auth=["publickey", "keyboard-interactive"])
    assert sum("refused key for 'eve'" in m for m in refusals_in(caplog)) == 6
    assert server.auth_limits.delay("127.0.0.1") == 0
    conn = await password_login(server, "eve", "eve-secret-1")  # a new connection gets in at once
    conn.close()


async def test_a_connection_that_never_logs_in_is_closed_after_the_grace_time(tmp_path, caplog):
    config = ServeConfig(port=0, folder=tmp_path / "server", password="open sesame", bot_delay=0,
                         limits=Limits(login_grace_seconds=0.5))
    config.folder.mkdir()
    srv = TabletopServer(config)
    await srv.start()
    caplog.set_level(logging.WARNING, logger="tabletop_tui.net.server")
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        await asyncio.wait_for(reader.read(), 15)  # until the server closes it (never, before the fix)
        writer.close()
        await until(lambda: any("closed before logging in" in r.getMessage() for r in caplog.records),
                    "a log line for it", timeout=5)
    finally:
        await srv.stop()


# -- window sizes ---------------------------------------------------------------------------
def fds() -> int:
    return len(os.listdir("/proc/self/fd"))


async def test_huge_windows_leak_nothing_and_a_huge_resize_leaves_the_session_alive(server):
    """100 connections asking for a 70000x70000 window leave the server's fd
    count where it started; a window changed to 70000 columns keeps its
    session (clamped), which still answers keys."""
    server.config.limits.max_connections = 200
    ana_conn, ana = await session(server, "ana", **PASSWORD)
    await ana.wait_for("Tables on this server")
    await asyncio.sleep(0)
    before, tasks_before = fds(), len(asyncio.all_tasks())

    async def one(n: int) -> None:
        conn = await asyncssh.connect("127.0.0.1", server.port, username=f"p{n}", known_hosts=None,
                                      client_keys=[server.client_key], preferred_auth="publickey")
        proc = await conn.create_process(term_type="xterm-256color", term_size=(70000, 70000), encoding=None)
        started = asyncio.ensure_future(until(lambda: any(who == f"p{n}" for who, _ in server.children.values()),
                                              f"p{n}'s app started"))
        await asyncio.wait([started, asyncio.ensure_future(proc.wait_closed())], timeout=30,
                           return_when=asyncio.FIRST_COMPLETED)  # the app started, or the session ended
        started.cancel()
        conn.close()
        await conn.wait_closed()

    for batch in range(5):
        await asyncio.gather(*(one(batch * 20 + i) for i in range(20)))
    await until(lambda: server.sessions == 1 and fds() <= before, f"fds back to {before} (now {fds()})")
    await until(lambda: len(asyncio.all_tasks()) <= tasks_before, "tasks back")
    ana.process.change_terminal_size(70000, 40)
    ana.process.change_terminal_size(100, 30)
    # the session still hears its keys (not a bystander's deadline: its own app
    # has just laid out a 70000-column screen, and a loaded machine may take seconds)
    await bystander_answers(ana, seconds=30)
    ana_conn.close()


async def test_a_1x1_window_shows_the_sentence_and_the_app_lives(server):
    conn, screen = await session(server, "ana", size=(1, 1), **PASSWORD)
    await until(lambda: any(who == "ana" for who, _ in server.children.values()), "ana's app started")
    pid = app_of(server, "ana")
    await until(lambda: screen.raw, "the app's first frame")
    screen.process.change_terminal_size(38, 9)
    screen.screen.resize(9, 38)
    await screen.wait_for("needs a terminal of at")
    assert "38x9" in screen.text
    screen.process.change_terminal_size(100, 30)
    screen.screen.resize(30, 100)
    await screen.wait_for("Tables on this server")
    assert state_of(pid) not in ("", "T")
    conn.close()


# -- seats by keys ----------------------------------------------------------------------------
async def test_three_players_join_a_4_player_table_through_the_seat_chooser_by_keys(server):
    ana_conn, ana = await session(server, "ana", size=(120, 40), **PASSWORD)
    await ana.wait_for("Tables on this server")
    ana.keys("n")
    await ana.wait_for("Which game?")
    ana.keys("\x1b[B\r")  # Rapa Nui
    await ana.wait_for("Open seat")
    ana.keys("\r")  # the form opens on Players: Enter opens its list, down down Enter picks 4
    players = lambda: next(line for line in ana.screen.display if line.strip().startswith("Players"))  # noqa: E731
    await until(lambda: "▲" in players(), "the list of player counts open:\n" + ana.text)
    ana.keys("\x1b[B\x1b[B\r")
    await until(lambda: players().split()[1] == "4", "4 players")
    ana.keys("\x13")  # Ctrl+S
    await ana.wait_for("Market")
    entry = next(iter(server.service.tables.values()))
    assert entry.table.players == 4 and entry.owners == ["ana", None, None, None]
    conns = [ana_conn]
    for user, keys, seat in (("ben", "\r", 1),  # the first free seat is marked: Enter takes it
                             ("cara", "\x1b[B \x1b[A \r", 3),  # Space marks the second, unmarks the first
                             ("dan", "", 2)):  # one seat left: Enter in the lobby takes it
        conn, screen = await session(server, user, size=(120, 40), **PASSWORD)
        conns.append(conn)
        await screen.wait_for("Rapa Nui")
        screen.keys("\r")
        if keys:
            await screen.wait_for("Which seats are yours?")
            screen.keys(keys)
        await screen.wait_for("Market")
        await until(lambda: entry.owners[seat] == user, f"{user} in seat {seat}: {entry.owners}")
    assert entry.owners == ["ana", "ben", "dan", "cara"]
    for conn in conns:
        conn.close()


# -- the server stops ---------------------------------------------------------------------------
async def test_a_stopping_server_says_goodbye_and_puts_every_terminal_back(tmp_path):
    config = ServeConfig(port=0, folder=tmp_path / "server", password="open sesame", bot_delay=0)
    config.folder.mkdir()
    srv = TabletopServer(config)
    await srv.start()
    sockdir = srv._sockdir
    ana_conn, ana, ben_conn, ben = await two_in_the_lobby(srv)
    await srv.stop()
    for screen in (ana, ben):
        await screen.wait_for("The server is stopping")
        raw = bytes(screen.raw)
        assert TERMINAL_BACK in raw and raw.rfind(TERMINAL_BACK) < raw.rfind(b"The server is stopping")
    assert not os.path.exists(sockdir) and not srv.children
    ana_conn.close()
    ben_conn.close()


async def test_sigterm_says_goodbye_and_a_killed_server_leaves_no_app_behind(tmp_path):
    """`tabletop serve` stopped by SIGTERM: the guest reads the goodbye, the
    socket folder is gone. Killed with SIGKILL: each guest's app ends on its
    own (its terminal hung up) instead of spinning forever."""
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "server" / "authorized_keys").write_bytes(key.export_public_key())
    temp = tmp_path / "tmp"
    temp.mkdir()
    srv = type("Srv", (), {})
    for how in (signal.SIGTERM, signal.SIGKILL):
        srv.port = free_port()
        proc = await start_serve(data, srv.port, TMPDIR=str(temp))
        try:
            conn, screen = await session(srv, "ana", client_keys=[key], auth="publickey")
            await screen.wait_for("Tables on this server")
            apps = [int(p) for p in subprocess.run(["pgrep", "-P", str(proc.pid), "-f", "tabletop_tui.ssh_session"],
                                                   capture_output=True, text=True).stdout.split()]
            assert apps
            os.kill(proc.pid, how)
            if how == signal.SIGTERM:
                await screen.wait_for("The server is stopping")
                assert await asyncio.wait_for(proc.wait(), 15) == 0
                assert list(temp.iterdir()) == []  # the socket folder is removed
            await until(lambda: all(not state_of(a) or state_of(a) == "Z" for a in apps), "the apps ended", 15)
            conn.close()
        finally:
            if proc.returncode is None:
                proc.kill()
            await proc.wait()


def test_an_app_whose_terminal_hangs_up_exits_even_without_a_hangup_signal():
    """The watch in every player's app: its pty's other side closed (no
    controlling terminal here, so no SIGHUP comes), it ends at once rather
    than read end-of-file forever."""
    import pty
    import sys

    master, slave = pty.openpty()
    said = tempfile.TemporaryFile()  # what the child said if it ends otherwise (print's two writes once met the closed pty: EIO, exit 1)
    child = subprocess.Popen(
        [sys.executable, "-c", "import os, time\nfrom tabletop_tui.ssh_session import exit_on_hangup\n"
         "exit_on_hangup()\nos.write(1, b'ready')\ntime.sleep(60)"],
        stdin=slave, stdout=slave, stderr=said, start_new_session=True)  # a hung-up stderr can fail its exit
    os.close(slave)
    try:
        seen = b""
        end = time.monotonic() + 30
        while b"ready" not in seen and time.monotonic() < end:  # one write, whole: nothing more is written
            seen += os.read(master, 1024)
        assert b"ready" in seen, seen
        os.close(master)
        code = child.wait(15)
        said.seek(0)
        assert code == 129, said.read().decode(errors="replace")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
