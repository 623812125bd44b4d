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


class Screen:
    """One ssh session's terminal, as a player would see it (pyte)."""

    def __init__(self, process, cols: int = 100, rows: int = 30) -> None:
        self.process = process
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, words: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if words in self.text:
                return self.text
            await asyncio.sleep(0.05)
        raise AssertionError(f"{words!r} never appeared:\n{self.text}")

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
    from tabletop_tui.games.rapa_nui.render import card_label

    return card_label(kind)


async def session(srv, user: str, **auth) -> tuple:
    conn = await asyncssh.connect("127.0.0.1", srv.port, username=user, known_hosts=None,
                                  client_keys=auth.get("client_keys", None), password=auth.get("password"),
                                  preferred_auth=auth.get("auth", "password,publickey"))
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    return conn, Screen(process)


async def test_a_player_with_the_password_reaches_the_lobby_and_a_wrong_one_is_refused(server):
    conn, screen = await session(server, "ana", password="open sesame", auth="password")
    text = await screen.wait_for("Tables on this server")
    assert "you are ana" in text
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="eve", password="guess", known_hosts=None,
                               client_keys=None, preferred_auth="password")


async def test_two_players_each_see_only_their_own_hand(server):
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await ana.wait_for("Tables on this server")
    ana.keys("n")
    await ana.wait_for("Which game?")
    ana.keys("\x1b[B\r")  # Rapa Nui
    await ana.wait_for("New game of Rapa Nui")
    await ana.wait_for("Open seat")  # 2 players, both seats open for players
    ana.keys("\x13")  # Ctrl+S: create, and take the first seat
    await ana.wait_for("Market")
    ben_conn, ben = await session(server, "ben", password="open sesame", auth="password")
    await ben.wait_for("Rapa Nui")
    ben.keys("\r")  # take the open seat
    await ben.wait_for("Market")
    entry = next(iter(server.service.tables.values()))
    assert entry.owners == ["ana", "ben"] and entry.connected() == {"ana", "ben"}
    m = entry.table.match
    await asyncio.sleep(0.5)
    for screen, me in ((ana, 0), (ben, 1)):
        text = screen.text
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if "Your hand" in line)
        # the line of the hand panel that names the cards, without the panels beside it
        hand = lines[at + 1].split("│")[1]
        assert "Your hand" in text and f"you are" not in text
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
        seen = b""
        end = time.monotonic() + 30
        while b"Tables on this server" not in seen and time.monotonic() < end:
            try:
                seen += await asyncio.wait_for(proc.stdout.read(4096), 2)
            except asyncio.TimeoutError:
                continue
        proc.kill()
        await proc.wait()
        assert b"Tables on this server" in seen
    Path(tmp_path / "other_key").unlink()
