"""Who is who over ssh, with the real OpenSSH client: a name belongs to the
key that first used it, the table password makes nobody anyone, and the same
player joining from a second terminal takes over from the first."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sqlite3
import subprocess

import asyncssh
import pytest

from ..waiting import DEADLINE, until
from .test_ssh import free_port, open_table, read_until, server, session, start_serve  # noqa: F401

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("script") is None,
                                reason="needs the OpenSSH client and script(1)")


class OpenSSH:
    """The OpenSSH client in a terminal of its own (script(1) gives it a pty)."""

    def __init__(self, proc) -> None:
        self.proc = proc
        self.seen = b""

    @classmethod
    async def start(cls, port: int, user: str, *, key=None, askpass=None) -> "OpenSSH":
        args = ["ssh", "-tt", "-p", str(port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR"]
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
        if key is not None:
            args += ["-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "PreferredAuthentications=publickey",
                     "-o", "BatchMode=yes"]
        else:  # a password player: the prompts are answered by an askpass program
            args += ["-o", "PreferredAuthentications=keyboard-interactive", "-o", "PubkeyAuthentication=no",
                     "-o", "NumberOfPasswordPrompts=1"]
            env.update(SSH_ASKPASS=str(askpass), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
        args.append(f"{user}@127.0.0.1")
        proc = await asyncio.create_subprocess_exec(
            "script", "-qefc", " ".join(args), "/dev/null", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, env=env)
        return cls(proc)

    async def wait_for(self, words: bytes, timeout: float = DEADLINE) -> bytes:
        if words not in self.seen:
            self.seen += await read_until(self.proc.stdout, words, timeout)
        assert words in self.seen, f"{words!r} never came:\n{self.seen.decode(errors='replace')[-2000:]}"
        return self.seen

    async def ended(self, timeout: float = DEADLINE) -> int:
        """Read to the end; the client's exit code."""
        out, _ = await asyncio.wait_for(self.proc.communicate(), timeout)
        self.seen += out or b""
        return self.proc.returncode

    def keys(self, data: str) -> None:
        self.proc.stdin.write(data.encode())

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


def second_key(srv, tmp_path):
    """Key B: authorised too, before anyone connects."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "key_b"
    path.write_bytes(key.export_private_key())
    os.chmod(path, 0o600)
    with open(srv.config.authorized_keys, "ab") as fh:
        fh.write(key.export_public_key())
    srv._keys_read = 0.0  # read the file again at the next login
    return path


def askpass(tmp_path, passphrase: str, table: str = "open sesame"):
    """An SSH_ASKPASS program answering the table password and a passphrase."""
    path = tmp_path / f"askpass-{passphrase}"
    path.write_text(f'#!/bin/sh\ncase "$1" in *"Table password"*) echo "{table}";; *) echo "{passphrase}";; esac\n')
    os.chmod(path, 0o700)
    return path


async def the_table(srv):
    """The server's one table, once it is there and its creator sits at it."""
    def opened():
        entry = next(iter(srv.service.tables.values()), None)
        return entry if entry is not None and entry.connected() else None

    await until(opened, "a table to be opened")
    return opened()


async def test_key_b_asking_for_anas_name_is_refused_and_anas_screen_is_untouched(server, tmp_path):
    key_b = second_key(server, tmp_path)
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await open_table(ana)
    entry = await the_table(server)
    # ana's app draws what the service tells it: listen to what it is told
    [ana_link] = entry.conns
    told: list = []
    ana_link.send = lambda message, send=ana_link.send: (told.append(message), send(message))[1]
    links = set(server.service.conns)
    intruder = await OpenSSH.start(server.port, "ana", key=key_b)
    try:
        code = await intruder.ended()
    finally:
        await intruder.close()
    said = intruder.seen.decode(errors="replace")
    assert (f"The name ana belongs to another key; connect as another name, e.g. ssh -p {server.port} "
            f"ana2@127.0.0.1") in said
    assert code == 1 and "Tables on this server" not in said and "Traceback" not in said
    # refused before an app was started for it: no second connection reached the
    # table service, and ana's app was told nothing (so nothing changed on her screen)
    assert list(server.children.values())[0][0] == "ana" and len(server.children) == 1
    assert server.service.conns == links and told == []
    assert "another terminal" not in ana.text
    assert entry.owners[0] == "ana" and entry.connected() == {"ana"}
    assert server.records.holder("ana").fingerprint == server.client_key.get_fingerprint()
    # the same key asking for ANA is ana too; key B may be ana2
    b2 = await OpenSSH.start(server.port, "ana2", key=key_b)
    try:
        await b2.wait_for(b"Tables on this server")
    finally:
        await b2.close()
    ana_conn.close()


async def test_a_password_player_cannot_take_a_keys_name_and_keeps_their_own_by_passphrase(server, tmp_path):
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await ana.wait_for("Tables on this server")
    ssh = await OpenSSH.start(server.port, "ana", askpass=askpass(tmp_path, "ben-secret"))
    try:
        code = await ssh.ended()
    finally:
        await ssh.close()
    said = ssh.seen.decode(errors="replace")
    assert code == 1 and "Tables on this server" not in said
    assert ("The name ana belongs to a key, and the table password does not make you its holder; "
            f"connect as another name, e.g. ssh -p {server.port} ana2@127.0.0.1") in said
    # a free name: claimed with the player's own passphrase, asked by keyboard-interactive
    ssh = await OpenSSH.start(server.port, "ben", askpass=askpass(tmp_path, "ben-secret"))
    try:
        await ssh.wait_for(b"you are ben")
    finally:
        await ssh.close()
    assert server.records.holder("ben").has_passphrase
    # later, ben needs that passphrase: the table password alone is not enough
    ssh = await OpenSSH.start(server.port, "ben", askpass=askpass(tmp_path, "not-bens"))
    try:
        code = await ssh.ended()
    finally:
        await ssh.close()
    assert code == 255 and b"Permission denied" in ssh.seen
    ana_conn.close()


async def test_ana_joining_again_from_a_second_terminal_takes_over(server):
    ana_conn, ana = await session(server, "ana", client_keys=[server.client_key], auth="publickey")
    await open_table(ana)
    entry = await the_table(server)
    ben_conn, ben = await session(server, "ben", password="open sesame", auth="password")
    await ben.wait_for("Tiki  Purple")
    ben.keys("\r")  # ben takes the other seat: ana's is the one left for her
    await ben.wait_for("Yellow · human")
    second = await OpenSSH.start(server.port, "ana", key=server.key_path)
    try:
        await second.wait_for(b"Tables on this server")
        text = await ana.wait_for("You joined from another terminal.")
        assert "Tables on this server" in text  # the first terminal is back in the lobby
        await second.wait_for(b"yours")  # the table is listed, its seat ana's
        second.keys("\r")  # the second terminal takes the seat
        await until(lambda: any(0 in c.seats for c in entry.conns), "the second terminal at ana's seat")
        [holder] = [c for c in entry.conns if 0 in c.seats]
        assert holder.seats == (0,) and entry.connected() == {"ana", "ben"}
        # the first terminal takes it back: the second is sent to the lobby, never both at the seat
        ana.keys("\r")
        await second.wait_for(b"You joined from another terminal.")
        await until(lambda: holder not in entry.conns, "the second terminal to leave the table")
        assert [len([c for c in entry.conns if 0 in c.seats])] == [1] and holder not in entry.conns
    finally:
        await second.close()
    ana_conn.close()
    ben_conn.close()


# -- the server killed and started again ----------------------------------------------------------
ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}


#: up, up, left, left: the Tiki cursor in the top-left village (0), wherever it was
HOME = "\x1b[A\x1b[A\x1b[D\x1b[D"


def walk(a: int, b: int) -> str:
    """The arrow keys that walk the Tiki cursor from village ``a`` to ``b``."""
    from tests.ui.drive import arrows_between

    return "".join(ARROWS[k] for k in arrows_between(a, b))


async def play_by_keys_to_the_end(screen, save, name: str = "ana", seat: int = 0, turns: int = 400) -> None:
    """Play ``seat`` of a Tiki table by keys as its player would (a new
    totem when one may be placed, else the first legal action), reading
    what is legal from the table's save, until the game is over. A try the
    screen did not take yet (it showed the turn before) is tried again."""
    from tabletop_tui.engine.match import Match
    from tabletop_tui.games.tiki.rules import Move, Place, Resolve, Shaman

    def my_turn() -> bool:
        m = Match.load(save, autosave=False)
        return m.is_over() or (seat in m.to_act() and any(
            w in screen.text for w in (f"{name} to play", f"{name}: choose", "Your turn")))

    for _ in range(turns):
        await until(my_turn, f"{name}'s turn, or the end")
        m = Match.load(save, autosave=False)
        if m.is_over():
            return
        legal = m.legal_actions(seat)
        action = next((a for a in legal if isinstance(a, (Place, Resolve))), None) or \
            next((a for a in legal if isinstance(a, Shaman) and a.edge is None), None) or \
            next(a for a in legal if isinstance(a, Move))
        if isinstance(action, (Place, Resolve)):
            keys = HOME + walk(0, action.village) + "\r"
        elif isinstance(action, Shaman):
            keys = "n"
        else:
            keys, at = HOME + walk(0, action.start) + "\r", action.start
            for v in action.path:
                keys, at = keys + walk(at, v), v
            keys += "\r"
        before = len(m.log)
        screen.keys(keys)
        await until(lambda: len(Match.load(save, autosave=False).log) != before, f"{action!r} to be saved")
    raise AssertionError("the game never ended")


#: `tabletop serve` as the CLI starts it, but with bots that do not pause between moves
QUICK_SERVE = """
import asyncio, sys
from pathlib import Path
from tabletop_tui.net.server import ServeConfig, serve
config = ServeConfig(port=int(sys.argv[2]), folder=Path(sys.argv[1]), password="open sesame", bot_delay=0)
asyncio.run(serve(config, lambda server: print("Guests join with", flush=True)))
"""


async def serving(data, port: int, quick: bool = False, door: tuple = ("--password", "open sesame")):
    """A server in a process of its own (the CLI's, or QUICK_SERVE), once it listens."""
    if quick:
        return await start_serve(data, port, argv=["-c", QUICK_SERVE, str(data / "server"), str(port)])
    return await start_serve(data, port, *door)


def db_rows(data, sql: str) -> list:
    db = sqlite3.connect(f"file:{data / 'server' / 'tabletop.db'}?mode=ro", uri=True)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


async def test_a_server_killed_mid_game_comes_back_with_its_names_ratings_and_table(tmp_path):
    """ana (a key) and ben (the table password and his passphrase) play
    Tiki; both leave for the lobby, ana hands their seats to bots and
    watches the game end: it is recorded and rated. ana opens a second
    table and plays a move; the server is killed with kill -9. Started
    again, the names are still bound (key B cannot be ana, ben needs his
    passphrase), the ratings are the same, and the unfinished table is back."""
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    key_a, key_b = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    (data / "server" / "authorized_keys").write_bytes(key_a.export_public_key() + key_b.export_public_key())
    port = free_port()
    srv = type("Srv", (), {"port": port})
    proc = await serving(data, port, quick=True)
    conns = []
    try:
        ana_conn, ana = await session(srv, "ana", size=(120, 40), client_keys=[key_a], auth="publickey")
        conns.append(ana_conn)
        await open_table(ana)
        ben_conn, ben = await session(srv, "ben", size=(120, 40), password="open sesame", auth="password")
        conns.append(ben_conn)
        await ben.wait_for("Tiki  Purple")
        ben.keys("\r")
        await ben.wait_for("Yellow · human")
        await ana.wait_for("Yellow · human")
        ana.keys("\x1b")  # ana leaves for the lobby first, so the lobby that says ben left knows she did
        await ana.wait_for("Tables on this server")
        ben.keys("\x1b")
        await ben.wait_for("Tables on this server")
        await ana.wait_for("Yellow: ben (away)")
        ana.keys("b")  # ana, the creator: ben's absent seat to a bot (never her own)
        await ana.wait_for("Yellow: ben (a bot plays)")
        ana.keys("\r")  # back to her seat, to play the game out against ben's bot
        await ana.wait_for("Purple · human")
        [save] = (data / "server" / "tables").glob("*.json")
        await play_by_keys_to_the_end(ana, save)
        await until(lambda: db_rows(data, "SELECT id FROM games"), f"the game's record:\n{ana.text}")
        ratings = db_rows(data, "SELECT key, mu, sigma, played FROM ratings ORDER BY key")
        assert [r[0] for r in ratings] == ["ana", "ben"] and all(r[3] == 1 for r in ratings)
        # back to the lobby: from the result window (Enter), or the board saying it is over (Esc)
        ends = ("Back to games", "The game is over", "Tables on this server")
        while "Tables on this server" not in await ana.until(lambda: any(w in ana.text for w in ends), "the end"):
            word = ends[0] if ends[0] in ana.text else ends[1]
            ana.keys("\r" if word == ends[0] else "\x1b")
            await ana.until(lambda: word not in ana.text or ends[2] in ana.text, f"the key on {word!r} to be taken")
        await ana.wait_for("game over")
        # a second table, mid-game when the server dies
        ana.keys("n")
        await ana.wait_for("Which game?")
        ana.keys("\r")
        await ana.wait_for("Open seat")
        ana.keys("\x13")
        await ana.wait_for("Purple · human")
        saves = set(db_rows(data, "SELECT id FROM tables WHERE finished=0"))
        assert len(saves) == 1
        os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
        for c in conns:
            c.close()
        conns.clear()

        proc = await serving(data, port)  # started again as a host does
        assert db_rows(data, "SELECT key, mu, sigma, played FROM ratings ORDER BY key") == ratings
        intruder, refused = await session(srv, "ana", client_keys=[key_b], auth="publickey")
        conns.append(intruder)
        await refused.wait_for("The name ana belongs to another key")
        with pytest.raises(asyncssh.PermissionDenied):  # ben's name needs ben's passphrase
            await session(srv, "ben", password="open sesame", passphrase="not-bens", auth="password")
        ben_conn, ben = await session(srv, "ben", size=(120, 40), password="open sesame", auth="password")
        conns.append(ben_conn)
        await ben.wait_for("you are ben")
        ana_conn, ana = await session(srv, "ana", size=(120, 40), client_keys=[key_a], auth="publickey")
        conns.append(ana_conn)
        text = await ana.wait_for("Tiki  Purple: yours")
        assert text.count("Tiki  Purple") == 1  # the finished table is not listed again
        ana.keys("r")  # her recent games and the leaderboards
        text = await ana.wait_for("with ben")
        assert "1. " in text and "ana" in text.split("Tiki  (rating · games)", 1)[1]
        ana.keys("\r")  # replay it
        await ana.wait_for("Seen by")
    finally:
        for c in conns:
            c.close()
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        await proc.wait()


async def test_an_open_server_lets_any_key_in_and_still_binds_names_to_keys(tmp_path):
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)  # no authorised keys, no password: only --open lets anyone in
    port = free_port()
    srv = type("Srv", (), {"port": port})
    proc = await serving(data, port, door=("--open",))
    conns = []
    try:
        zoe_key, other_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
        conn, zoe = await session(srv, "zoe", client_keys=[zoe_key], auth="publickey")
        conns.append(conn)
        await zoe.wait_for("you are zoe")
        conn, other = await session(srv, "Zoe", client_keys=[other_key], auth="publickey")
        conns.append(conn)
        await other.wait_for(f"The name Zoe belongs to another key; connect as another name, "
                             f"e.g. ssh -p {port} Zoe2@127.0.0.1")
        with pytest.raises(asyncssh.PermissionDenied):  # no password door on this server
            await session(srv, "yan", password="open sesame", auth="password")
    finally:
        for c in conns:
            c.close()
        os.killpg(proc.pid, signal.SIGTERM)
        await proc.wait()
