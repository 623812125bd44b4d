"""`tabletop serve`: the ssh server (asyncssh), one app process per player.

Each ssh session gets its own process running the Textual app on a
pseudo-terminal (window-size changes forwarded, TERM passed on), which plays
on this server's tables through the table service (:mod:`.service`). A crash
in one session never reaches the server or another player. Only players with
an authorised key (any key with ``--open``) or the table password get in; the
ssh user name is the player's name, bound to the key or passphrase that first
used it (:mod:`.identity`, kept in :mod:`.records`).
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import signal
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .identity import Doorman
from .records import FolderLock, Records, lock_folder
from .service import Limits, Service


@dataclass
class ServeConfig:
    """What `tabletop serve` was told."""

    host: str = "127.0.0.1"
    port: int = 2222
    folder: Path = field(default_factory=lambda: Path("."))
    authorized_keys: Path | None = None
    password: str | None = None
    #: any key may come in (names are still bound to keys on first use)
    open_door: bool = False
    limits: Limits = field(default_factory=Limits)
    bot_delay: float = 0.6


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made on first run and readable only by its owner."""
    path = folder / "host_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())
    return key


def _winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


class _Gate(asyncssh.SSHServer):
    """Who may come in: an authorised key (any key with --open), or the
    table password; who they are is the doorman's (:mod:`.identity`)."""

    def __init__(self, server: "TabletopServer") -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.door = server.doorman()

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.door.connected(conn)

    def begin_auth(self, username: str) -> bool:
        return True  # everyone must authenticate

    def public_key_auth_supported(self) -> bool:
        return self.door.key_supported()

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return self.door.key_allowed(key)

    def kbdint_auth_supported(self) -> bool:
        return self.door.kbdint_supported()

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        return self.door.challenge(username)

    def validate_kbdint_response(self, username: str, responses: Any) -> Any:
        return self.door.respond(username, list(responses))

    def auth_completed(self) -> None:
        assert self.conn is not None
        self.door.completed(str(self.conn.get_extra_info("username") or ""))


class TabletopServer:
    """The ssh server, the table service, and the players' processes."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.folder = config.folder
        self.service = Service(self.folder / "tables", config.limits, bot_delay=config.bot_delay)
        self.sessions = 0
        #: the players' app processes now running: pid -> (user, process)
        self.children: dict[int, tuple[str, asyncio.subprocess.Process]] = {}
        self._ssh: asyncssh.SSHAcceptor | None = None
        self._sockdir = ""
        self._keys: Any = None
        self._keys_read = 0.0
        self.lock: FolderLock | None = None
        self.records: Records | None = None

    def doorman(self) -> Doorman:
        """A new connection's way in (the records are open once the server started)."""
        assert self.records is not None
        return Doorman(self.records, self.authorized_keys, self.config.password, self.config.open_door)

    def authorized_keys(self) -> Any:
        """The authorised keys (re-read at most every few seconds, so a
        friend's key added to the file works without a restart)."""
        path = self.config.authorized_keys or (self.folder / "authorized_keys")
        if time.monotonic() - self._keys_read > 5:
            self._keys_read = time.monotonic()
            try:
                self._keys = asyncssh.read_authorized_keys(str(path)) if path.exists() else None
            except (OSError, ValueError, asyncssh.KeyImportError):
                self._keys = None
        return self._keys

    async def start(self) -> None:
        """Take the data folder, open its records, listen; RecordsError with
        a sentence when the folder or its database cannot be used."""
        self.lock = lock_folder(self.folder)
        try:
            self.records = Records(self.folder)
        except Exception:
            self.lock.release()
            raise
        self.service.records = self.records
        (self.folder / "tables").mkdir(parents=True, exist_ok=True)
        self._sockdir = tempfile.mkdtemp(prefix="tabletop-")
        await self.service.start(Path(self._sockdir) / "tables.sock")
        self._ssh = await asyncssh.create_server(
            lambda: _Gate(self), self.config.host, self.config.port,
            server_host_keys=[host_key(self.folder)], process_factory=self.session,
            encoding=None, line_editor=False, keepalive_interval=30)

    @property
    def port(self) -> int:
        assert self._ssh is not None
        return self._ssh.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._ssh is not None:
            self._ssh.close()
        await self.service.stop()
        if self.records is not None:
            self.records.close()
        if self.lock is not None:
            self.lock.release()

    # -- one player ------------------------------------------------------------------
    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        """Run the app for one ssh session, bridged to its own pty."""
        limits = self.config.limits
        admission = process.get_extra_info("connection").get_owner().door.admission
        if admission is None or not admission.name:  # said before the lobby, in the player's ssh client
            why = admission.refusal if admission is not None else "You are not known here."
            process.stdout.write(why.encode() + b"\r\n")
            process.exit(1)
            return
        if self.sessions >= limits.max_connections:
            process.stdout.write(b"This server is full; try again later.\r\n")
            process.exit(1)
            return
        if process.get_terminal_type() is None:
            process.stdout.write(b"tabletop needs a terminal: connect with ssh -t.\r\n")
            process.exit(1)
            return
        self.sessions += 1
        try:
            await self._bridge(process, admission.name)
        finally:
            self.sessions -= 1

    async def _bridge(self, process: asyncssh.SSHServerProcess, user: str) -> None:
        cols, rows, _, _ = process.get_terminal_size()
        master, slave = pty.openpty()
        _winsize(master, cols or 80, rows or 24)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_TOKEN")}
        env.update(TERM=process.get_terminal_type() or "xterm-256color", LANG="C.UTF-8",
                   TABLETOP_SERVICE=str(Path(self._sockdir) / "tables.sock"),
                   TABLETOP_TOKEN=self.service.issue_token(user))
        colorterm = (process.env or {}).get("COLORTERM")
        if colorterm:
            env["COLORTERM"] = str(colorterm)[:20]
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tabletop_tui.net.session", stdin=slave, stdout=slave, stderr=slave,
            env=env, start_new_session=True)
        os.close(slave)
        self.children[child.pid] = (user, child)
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        last_input = [time.monotonic()]
        idle = [False]

        def output() -> None:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the app ended
                data = b""
            if not data:
                loop.remove_reader(master)
                done.set()
                return
            process.stdout.write(data)

        loop.add_reader(master, output)

        async def pump_input() -> None:
            while not done.is_set():
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as change:
                    _winsize(master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.DisconnectError, asyncssh.ConnectionLost, BrokenPipeError):
                    break
                if not data:
                    break
                last_input[0] = time.monotonic()
                try:
                    os.write(master, data)
                except OSError:
                    break
            done.set()

        async def idle_watch() -> None:
            limit = self.config.limits.idle_minutes * 60
            while not done.is_set():
                await asyncio.sleep(min(30.0, max(limit / 4, 0.05)))
                if time.monotonic() - last_input[0] > limit:
                    idle[0] = True  # said once the app is gone (its exit would wipe it)
                    done.set()

        tasks = [asyncio.ensure_future(pump_input()), asyncio.ensure_future(idle_watch())]
        await done.wait()
        for t in tasks:
            t.cancel()
        killed = child.returncode is None  # then the app could not put the terminal back
        if killed:
            try:
                os.killpg(child.pid, signal.SIGTERM)
            except OSError:
                pass
            try:
                await asyncio.wait_for(child.wait(), 3)
            except asyncio.TimeoutError:
                try:
                    os.killpg(child.pid, signal.SIGKILL)
                except OSError:
                    pass
                await child.wait()
        self.children.pop(child.pid, None)
        killed = killed or (child.returncode or 0) < 0  # a signal (the server stopping) ended it
        try:
            loop.remove_reader(master)
            _drain(master, process.stdout.write)  # the app's last frame and its leaving the screen
            os.close(master)
        except OSError as err:
            if err.errno != errno.EBADF:
                raise
        if killed:
            process.stdout.write(TERMINAL_BACK)
        if idle[0]:  # after the app's own exit, so the player's terminal keeps it
            process.stdout.write(b"\r\nIdle for too long: the session ends; your seats are kept.\r\n")
        process.exit(child.returncode if child.returncode and child.returncode > 0 else 0)


#: what a killed app leaves undone to the player's terminal: leave the
#: alternate screen, show the cursor, stop mouse, focus and paste reports
TERMINAL_BACK = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l"
                 b"\x1b[?1049l\x1b[?25h\x1b[0m")


def _drain(fd: int, write: Any) -> None:
    """Pass on what the ended app left in the pty (never blocks)."""
    os.set_blocking(fd, False)
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # nothing more (EAGAIN), or the other side is closed (EIO)
            return
        if not data:
            return
        write(data)


async def serve(config: ServeConfig, ready: Any = None) -> None:
    """Run the server until cancelled; ``ready(server)`` is called once it listens."""
    server = TabletopServer(config)
    await server.start()
    if ready is not None:
        ready(server)
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()
