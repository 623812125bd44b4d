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
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .auth_limits import AuthLimits, ConnectionTries, TooManyTries
from .bridge import PtyBridge, open_pty
from .identity import Doorman
from .records import FolderLock, Records, lock_folder
from .limits import Limits
from .service import Service

log = logging.getLogger("tabletop_tui.net.server")


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
    #: the module each ssh player's pty runs (``python -m``): the app's side of
    #: a session, outside this package (net/ knows no UI)
    session_module: str = "tabletop_tui.ssh_session"


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


class _Gate(asyncssh.SSHServer):
    """Who may come in: an authorised key (any key with --open), or the
    table password; who they are is the doorman's (:mod:`.identity`); how
    often and how fast anyone may try is :mod:`.auth_limits`'s."""

    def __init__(self, server: "TabletopServer") -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.door = server.doorman()
        self.tries = ConnectionTries(addr="?")
        self.logged_in = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.door.connected(conn)
        self.tries.addr = self.door.peer or "?"

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.logged_in:
            log.warning("connection from %s closed before logging in%s", self.tries.addr,
                        f": {exc}" if exc else "")

    def begin_auth(self, username: str) -> bool:
        self.tries.user = username
        return True  # everyone must authenticate

    def _refused(self, method: str, *, counts_for_address: bool = True) -> None:
        """A refused try: logged and counted; the last one allowed ends the connection."""
        if self.server.auth_limits.refused(self.tries, method, counts_for_address=counts_for_address):
            self._disconnect()

    def _disconnect(self) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many authentication failures")

    def public_key_auth_supported(self) -> bool:
        return self.door.key_supported()

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key the doorman refuses counts as a try, but does not slow the
        address (a client offers each of its keys in turn)."""
        if self.door.key_allowed(key):
            return True
        self._refused("key", counts_for_address=False)
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.door.kbdint_supported()

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        return self.door.challenge(username)

    async def validate_kbdint_response(self, username: str, responses: Any) -> Any:
        """The table password (and a passphrase), judged after this try's
        wait; a wrong one is a refused try."""
        try:
            await self.server.auth_limits.before_try(self.tries)
        except TooManyTries:
            self._disconnect()
            return False
        verdict = await self.door.respond(username, list(responses))
        if verdict is False:
            self._refused("password")
        return verdict

    def auth_completed(self) -> None:
        assert self.conn is not None
        self.logged_in = True
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
        self.auth_limits = AuthLimits(config.limits)
        self._bridges: set[PtyBridge] = set()
        self._running: set[asyncio.Task] = set()
        self._per_conn: dict[Any, int] = {}
        self._per_user: dict[str, int] = {}
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
            encoding=None, line_editor=False, keepalive_interval=30,
            login_timeout=self.config.limits.login_grace_seconds)

    @property
    def port(self) -> int:
        assert self._ssh is not None
        return self._ssh.sockets[0].getsockname()[1]

    async def stop(self, goodbye: str = "The server is stopping: your seats are kept. Goodbye.") -> None:
        """Stop listening, say ``goodbye`` to every guest (their terminals put
        back), end their apps, stop the tables, remove the socket folder."""
        if self._ssh is not None:
            self._ssh.close()
        for bridge in list(self._bridges):
            bridge.end(goodbye)
        if self._running:
            await asyncio.wait(list(self._running), timeout=10)
        await self.service.stop()
        if self._sockdir:
            shutil.rmtree(self._sockdir, ignore_errors=True)
            self._sockdir = ""
        if self.records is not None:
            self.records.close()
            self.records = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- one player ------------------------------------------------------------------
    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        """Run the app for one ssh session, bridged to its own pty, within
        the server's limits (all sessions, per connection, per user)."""
        limits = self.config.limits
        conn = process.channel.get_connection()
        admission = conn.get_owner().door.admission
        user = admission.name if admission is not None else ""
        refusal = ""
        if not user:  # the door's sentence, said before the lobby, in the player's ssh client
            refusal = admission.refusal if admission is not None else "You are not known here."
        elif self.sessions >= limits.max_connections:
            refusal = "This server is full; try again later."
        elif self._per_conn.get(conn, 0) >= limits.sessions_per_connection:
            refusal = (f"One connection may hold at most {limits.sessions_per_connection} sessions here: "
                       "close one first.")
        elif self._per_user.get(user, 0) >= limits.sessions_per_user:
            refusal = f"{user} already has {limits.sessions_per_user} sessions on this server: close one first."
        elif process.get_terminal_type() is None:
            refusal = "tabletop needs a terminal: connect with ssh -t."
        if refusal:
            log.info("session refused for %r: %s", process.get_extra_info("username"), refusal)
            process.stdout.write(refusal.encode() + b"\r\n")
            process.exit(1)
            return
        self.sessions += 1
        self._per_conn[conn] = self._per_conn.get(conn, 0) + 1
        self._per_user[user] = self._per_user.get(user, 0) + 1
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            await self._bridge(process, user)
        finally:
            self.sessions -= 1
            for counts, key in ((self._per_conn, conn), (self._per_user, user)):
                counts[key] -= 1
                if not counts[key]:
                    del counts[key]
            if task is not None:
                self._running.discard(task)

    async def _bridge(self, process: asyncssh.SSHServerProcess, user: str) -> None:
        cols, rows, _, _ = process.get_terminal_size()
        master, slave = open_pty(cols, rows)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_TOKEN")}
        env.update(TERM=process.get_terminal_type() or "xterm-256color", LANG="C.UTF-8",
                   TABLETOP_SERVICE=str(Path(self._sockdir) / "tables.sock"),
                   TABLETOP_TOKEN=self.service.issue_token(user))
        colorterm = (process.env or {}).get("COLORTERM")
        if colorterm:
            env["COLORTERM"] = str(colorterm)[:20]
        try:
            child = await asyncio.create_subprocess_exec(
                sys.executable, "-m", self.config.session_module, stdin=slave, stdout=slave, stderr=slave,
                env=env, start_new_session=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.children[child.pid] = (user, child)
        limits = self.config.limits
        bridge = PtyBridge(master, process, keys_queued=limits.keys_queued, stall_seconds=limits.stall_seconds)
        self._bridges.add(bridge)
        last_input = [time.monotonic()]
        bridge.on_key = lambda: last_input.__setitem__(0, time.monotonic())

        async def idle_watch() -> None:
            limit = limits.idle_minutes * 60
            while not bridge.done.is_set():
                await asyncio.sleep(min(30.0, max(limit / 4, 0.05)))
                if time.monotonic() - last_input[0] > limit:
                    bridge.end("Idle for too long: the session ends; your seats are kept.")

        bridge.start()
        idle = asyncio.ensure_future(idle_watch())
        try:
            await bridge.done.wait()
        finally:
            idle.cancel()
            bridge.close()
            self._bridges.discard(bridge)
            await self._end_app(child)
            self.children.pop(child.pid, None)
        killed = (child.returncode or 0) < 0  # a signal ended it: it could not put the terminal back

        def write(data: bytes) -> None:  # the client may be gone already
            try:
                process.stdout.write(data)
            except (OSError, asyncssh.Error):
                pass

        try:
            _drain(master, write)  # the app's last frame and its leaving the screen
        finally:
            os.close(master)
        if killed or bridge.reason:
            write(TERMINAL_BACK)
        if bridge.reason:  # after the app's own exit, so the player's terminal keeps it
            log.info("session of %s ended: %s", user, bridge.reason)
            write(b"\r\n" + bridge.reason.encode() + b"\r\n")
        try:
            process.exit(child.returncode if child.returncode and child.returncode > 0 else 0)
        except (OSError, asyncssh.Error):
            pass

    @staticmethod
    async def _end_app(child: asyncio.subprocess.Process) -> None:
        """End an app still running: SIGTERM (and SIGCONT, were it stopped),
        then SIGKILL after 3 s."""
        if child.returncode is not None:
            return
        for sig in (signal.SIGTERM, signal.SIGCONT):
            try:
                os.killpg(child.pid, sig)
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
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGTERM, stopping.set)
    except (NotImplementedError, RuntimeError):
        pass
    try:
        await stopping.wait()
    finally:
        try:
            loop.remove_signal_handler(signal.SIGTERM)
        except (NotImplementedError, RuntimeError):
            pass
        await server.stop()
