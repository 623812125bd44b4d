#!/usr/bin/env python3
"""Remote play under load: ssh sessions of `tabletop serve`, driven by
scripted clients. Figures, not pass/fail (it always exits 0).

    python benchmarks/ssh.py                  # keys at N = 1; pairs at N = 10, 25, 50 (about 5-8 minutes)
    python benchmarks/ssh.py --quick          # keys at N = 1; pairs at N = 10, short loops (under a minute)
    python benchmarks/ssh.py --sessions 1,10 --pairs 50 --seconds 20 --json out.json

Two measures, each on a `tabletop serve` of its own (a fresh data folder,
one authorised key), with asyncssh clients reading pyte screens (100x30):

- **keys** (``--sessions``): each session at a Tiki table of its own presses
  a cursor key every ``--interval`` seconds; key to the first output that
  changes its screen. The same loop runs first on the app started locally in
  a pseudo-terminal (no ssh): the single-player key figure, and "added" is
  the ssh figure minus it.
- **pairs** (``--pairs``): N sessions as N/2 pairs, each pair at a Tiki table
  of its own, one seat each; they take turns placing a tiki (by arrows and
  Enter) every ``--pair-interval`` seconds; a move is timed from the mover's
  Enter to the first frame on the other seat's screen that says "Your turn":
  the path that matters (app, table service, the other app, ssh). p50/p95,
  CPU seconds of the server, the apps and the thinker processes (bots,
  hints, the coach that judges each move), the thinker's share, and the CPU
  milliseconds per move of all three (load-independent, unlike the latencies).

The machine may be shared: wall-clock latencies include waiting for a core,
so CPU seconds are printed beside them and the load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import pty
import random
import resource
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import fcntl
from pathlib import Path
from typing import Any, Callable

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
COLS, ROWS = 100, 30
TARGET_ADDED_MS = 50.0
TARGET_SESSIONS = 50
TARGET_MOVE_P95_MS = 100.0
KEYS = ["\x1b[C", "\x1b[D"]  # right, left: the Tiki board's cursor goes out and back
CLK_TCK = os.sysconf("SC_CLK_TCK")
#: a folder for the sessions' profiles (--profile), or ""
PROFILE_TO = ""


# -- a terminal read into pyte --------------------------------------------------------------
class Term:
    """One terminal as a player sees it. ``feed`` takes what the app wrote;
    :meth:`press` times a key to the first output that changes the screen.

    After each output it looks only at the lines that output wrote (pyte's
    ``dirty`` lines): a 100x30 screen read whole at every output cost the
    scripted clients more CPU per move than the apps spent
    (``--whole-screen-clients`` reads it whole, as before, for comparison)."""

    #: read the whole screen after every output (the old clients)
    whole_screen = False

    def __init__(self, write: Callable[[bytes], None]) -> None:
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.write = write
        self._wait: tuple[list[str], asyncio.Future, float] | None = None
        self._words: tuple[str, asyncio.Future] | None = None
        self.closed = False

    def expect(self, words: str) -> asyncio.Future:
        """A future set to the time of the first output after which the screen shows ``words``."""
        fut = asyncio.get_running_loop().create_future()
        self._words = (words, fut)
        return fut

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        if self.whole_screen:
            self._feed_whole()
            return
        dirty = self.screen.dirty
        if self._words is not None:
            words, fut = self._words
            if not fut.done() and any(words in self.line(y) for y in dirty if y < ROWS):
                fut.set_result(time.perf_counter())
                self._words = None
        if self._wait is not None:
            before, fut, t0 = self._wait
            if not fut.done() and any(self.line(y) != before[y] for y in dirty if y < ROWS):
                fut.set_result(time.perf_counter() - t0)
                self._wait = None
        dirty.clear()

    def _feed_whole(self) -> None:
        if self._words is not None:
            words, fut = self._words
            if not fut.done() and words in self.text:
                fut.set_result(time.perf_counter())
                self._words = None
        if self._wait is not None:
            before, fut, t0 = self._wait
            if self.screen.display != before and not fut.done():
                fut.set_result(time.perf_counter() - t0)
                self._wait = None

    def line(self, y: int) -> str:
        """Row ``y`` as shown (a wide character's second cell is empty)."""
        row = self.screen.buffer[y]
        return "".join(row[x].data for x in range(COLS))

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, words: str, timeout: float = 120.0) -> None:
        end = time.monotonic() + timeout
        while words not in self.text:
            if self.closed or time.monotonic() > end:
                raise RuntimeError(f"{words!r} never appeared:\n{self.text}")
            await asyncio.sleep(0.05)

    async def press(self, key: str, timeout: float = 2.0) -> float | None:
        """Seconds from the key to the frame that shows it (None: no frame)."""
        fut = asyncio.get_running_loop().create_future()
        t0 = time.perf_counter()
        before = list(self.screen.display) if self.whole_screen else [self.line(y) for y in range(ROWS)]
        self._wait = (before, fut, t0)
        self.write(key.encode())
        try:
            return await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            self._wait = None
            return None


async def drive(term: Term, seconds: float, interval: float, rng: random.Random) -> tuple[list[float], int]:
    """Press cursor keys for ``seconds``; returns (latencies in s, keys with no frame)."""
    times: list[float] = []
    missed = 0
    end = time.monotonic() + seconds
    i = 0
    await asyncio.sleep(rng.uniform(0, interval))  # sessions do not press in step
    while time.monotonic() < end and not term.closed:
        got = await term.press(KEYS[i % len(KEYS)])
        i += 1
        if got is None:
            missed += 1
        else:
            times.append(got)
        await asyncio.sleep(interval * rng.uniform(0.6, 1.4))
    return times, missed


# -- processes ---------------------------------------------------------------------------------
def proc_stat(pid: int) -> tuple[float, int] | None:
    """(CPU seconds, parent pid) of a process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLK_TCK, int(fields[1])


def proc_memory(pid: int) -> tuple[float, float] | None:
    """(RSS, PSS) of a process in MiB (PSS shares the common pages out)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    vals = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("Rss:", "Pss:"):
            vals[parts[0]] = int(parts[1]) / 1024
    return vals.get("Rss:", 0.0), vals.get("Pss:", 0.0)


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (the server's app processes and their thinkers)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = proc_stat(int(entry))
            if st is not None:
                parents[int(entry)] = st[1]
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        out += kids
        todo += kids
    return out


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def child_env(data: Path) -> dict[str, str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), PYTHONUNBUFFERED="1", TERM="xterm-256color")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    env.pop("TEXTUAL", None)
    if PROFILE_TO:  # every session's app writes a cProfile of its thread there as it ends
        env["TABLETOP_PROFILE"] = PROFILE_TO
    return env


async def start_server(data: Path, port: int, max_connections: int) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tabletop_tui.cli", "serve", "--port", str(port),
        "--max-connections", str(max_connections), "--idle-minutes", "60",
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=child_env(data), start_new_session=True)
    out = b""
    end = time.monotonic() + 60
    while b"Guests join with" not in out:
        if time.monotonic() > end or proc.returncode is not None:
            raise RuntimeError("tabletop serve did not start: " + out.decode(errors="replace")[-300:])
        try:
            out += await asyncio.wait_for(proc.stdout.read(4096), 1)  # type: ignore[union-attr]
        except asyncio.TimeoutError:
            pass
    return proc


@contextlib.asynccontextmanager
async def bench_server(tag: str, max_connections: int, out: dict):
    """A `tabletop serve` of its own (a new data folder, one key let in) for
    one run: yields (the key, its port, its process, the run's sessions).
    What breaks in the run goes in ``out["error"]`` (figures, not pass/fail);
    the sessions, the server and the folder go in the end."""
    data = Path(tempfile.mkdtemp(prefix=f"tabletop-bench-{tag}-"))
    (data / "server").mkdir(parents=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "server" / "authorized_keys").write_bytes(key.export_public_key())
    port = free_port()
    server = await start_server(data, port, max_connections)
    sessions: list[Session] = []
    try:
        yield key, port, server, sessions
    except Exception as err:
        out["error"] = what_broke(err)
    finally:
        await close_all(sessions, server)
        shutil.rmtree(data, ignore_errors=True)


def cpu_since(before: dict[int, tuple[float, int] | None], pids: list[int]) -> float:
    """CPU seconds ``pids`` spent since ``before`` (their :func:`proc_stat`);
    a process started since counts from zero."""
    total = 0.0
    for pid in pids:
        was, now = before.get(pid), proc_stat(pid)
        if now:
            total += now[0] - (was[0] if was else 0.0)
    return total


async def stop(proc: asyncio.subprocess.Process) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 15)
    except (ProcessLookupError, asyncio.TimeoutError):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        await proc.wait()


# -- one ssh session --------------------------------------------------------------------------------
class Session:
    def __init__(self, conn: asyncssh.SSHClientConnection, process: Any, term: Term) -> None:
        self.conn, self.process, self.term = conn, process, term

    @classmethod
    async def open(cls, port: int, user: str, key: Any) -> "Session":
        conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                      preferred_auth="publickey")
        process = await conn.create_process(term_type="xterm-256color", term_size=(COLS, ROWS), encoding=None)
        term = Term(process.stdin.write)
        session = cls(conn, process, term)
        session.reader = asyncio.ensure_future(session._read())
        return session

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.term.feed(data)
        except (asyncssh.Error, OSError):
            pass
        self.term.closed = True

    async def sit_down(self) -> None:
        """From the lobby: a new Tiki table, the first seat taken."""
        t = self.term
        await t.wait_for("Tables on this server")
        t.write(b"n")
        await t.wait_for("Which game?")
        t.write(b"\r")  # Tiki is the first game
        await t.wait_for("Open seat")
        t.write(b"\x13")  # Ctrl+S
        await t.wait_for("Purple")
        await asyncio.sleep(0.5)
        for key in KEYS * 2:  # warm-up: first-use caches, styles
            await t.press(key)

    def close(self) -> None:
        self.conn.close()


async def close_all(sessions: list[Session], server: asyncio.subprocess.Process) -> None:
    for s in sessions:
        s.close()
    await asyncio.sleep(0.5)  # the sessions end before their server
    await stop(server)


def what_broke(err: Exception) -> str:
    return f"{type(err).__name__}: {str(err).splitlines()[0][:160] if str(err) else ''}"


# -- the local app in a pseudo-terminal -------------------------------------------------------------
async def run_local(seconds: float, interval: float, seed: int) -> dict:
    """The same key loop on `tabletop play tiki` in a pty of its own (no ssh)."""
    data = Path(tempfile.mkdtemp(prefix="tabletop-bench-local-"))
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tabletop_tui.cli", "play", "tiki", "--names", "Ana,Ben", "--seed", str(seed),
        stdin=slave, stdout=slave, stderr=slave, env=child_env(data), start_new_session=True)
    os.close(slave)
    term = Term(lambda b: os.write(master, b))
    loop = asyncio.get_running_loop()

    def readable() -> None:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            loop.remove_reader(master)
            term.closed = True
            return
        term.feed(chunk)

    loop.add_reader(master, readable)
    try:
        await term.wait_for("Purple")
        await asyncio.sleep(0.5)
        for key in KEYS * 2:
            await term.press(key)
        cpu0 = proc_stat(proc.pid)
        times, missed = await drive(term, seconds, interval, random.Random(seed))
        cpu1 = proc_stat(proc.pid)
        mem = proc_memory(proc.pid)
    finally:
        loop.remove_reader(master)
        await stop(proc)
        os.close(master)
        shutil.rmtree(data, ignore_errors=True)
    return {"keys": len(times), "no_frame": missed, **summary(times),
            "app_cpu_s": (cpu1[0] - cpu0[0]) if cpu0 and cpu1 else None,
            "rss_mib": mem[0] if mem else None, "pss_mib": mem[1] if mem else None}


def summary(times: list[float]) -> dict:
    ms = sorted(t * 1000 for t in times)
    if not ms:
        return {"median_ms": None, "p95_ms": None, "max_ms": None}
    return {"median_ms": statistics.median(ms), "p95_ms": ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))],
            "max_ms": ms[-1]}


# -- N sessions ---------------------------------------------------------------------------------------
async def run_n(n: int, seconds: float, interval: float, seed: int) -> dict:
    out: dict[str, Any] = {"sessions": n}
    async with bench_server(f"ssh{n}", n + 8, out) as (key, port, server, sessions):
        started = time.perf_counter()
        base = proc_memory(server.pid)
        gate = asyncio.Semaphore(4)  # starting an app process costs a second or two of CPU

        async def one(i: int) -> Session:
            async with gate:
                s = await Session.open(port, f"p{i:02d}", key)
                await s.sit_down()
                return s

        sessions += await asyncio.gather(*(one(i) for i in range(n)))
        out["start_s"] = time.perf_counter() - started
        apps = [p for p in descendants(server.pid) if "tabletop_tui.ssh_session" in cmdline(p)]
        others = [p for p in descendants(server.pid) if p not in apps]
        watched = [server.pid, *apps, *others]
        cpu0 = {p: proc_stat(p) for p in watched}
        me0 = resource.getrusage(resource.RUSAGE_SELF)
        load0 = os.getloadavg()[0]
        t0 = time.perf_counter()
        rngs = [random.Random(seed * 1000 + i) for i in range(n)]
        results = await asyncio.gather(*(drive(s.term, seconds, interval, rngs[i]) for i, s in enumerate(sessions)))
        wall = time.perf_counter() - t0
        me1 = resource.getrusage(resource.RUSAGE_SELF)
        cpu = lambda pids: cpu_since(cpu0, pids)  # noqa: E731

        mems = [m for m in (proc_memory(p) for p in apps) if m]
        server_mem = proc_memory(server.pid)
        times = [t for ts, _ in results for t in ts]
        out.update({
            "ready": len(apps), "keys": len(times), "no_frame": sum(m for _, m in results), **summary(times),
            "seconds": wall, "server_cpu_s": cpu([server.pid]), "sessions_cpu_s": cpu(apps + others),
            "bench_cpu_s": (me1.ru_utime + me1.ru_stime) - (me0.ru_utime + me0.ru_stime),
            "session_rss_mib": statistics.median(m[0] for m in mems) if mems else None,
            "session_pss_mib": statistics.median(m[1] for m in mems) if mems else None,
            "server_rss_mib": server_mem[0] if server_mem else None,
            "server_rss_per_session_mib": ((server_mem[0] - base[0]) / n) if server_mem and base else None,
            "load_start": load0, "load_end": os.getloadavg()[0],
        })
    return out


# -- pairs: a move by one seat reaching the other's screen -------------------------------------------
#: the Tiki board's cursor: village index (0-8, the centre 4) and the arrow for each step
STEPS = {"\x1b[A": (-1, 0), "\x1b[B": (1, 0), "\x1b[D": (0, -1), "\x1b[C": (0, 1)}


def path_keys(start: int, goal: int) -> str:
    """Arrow keys from village ``start`` to ``goal`` (rows first), then Enter."""
    (r0, c0), (r1, c1) = divmod(start, 3), divmod(goal, 3)
    return (("\x1b[B" if r1 > r0 else "\x1b[A") * abs(r1 - r0) + ("\x1b[C" if c1 > c0 else "\x1b[D") * abs(c1 - c0)
            + "\r")


async def play_pair(a: Session, b: Session, seconds: float, interval: float, rng: random.Random) -> tuple[list, int]:
    """Two seats of one Tiki table take turns placing a tiki on an empty
    village (at most 9 moves, none stacks, so no village is influenced).
    Each move is timed from the mover's Enter to the first frame on the
    other seat's screen that says "Your turn"."""
    times: list[float] = []
    missed = 0
    cursor = {id(a): 4, id(b): 4}
    empty = set(range(9))
    end = time.monotonic() + seconds
    await asyncio.sleep(rng.uniform(0, interval))
    while empty and time.monotonic() < end and not (a.term.closed or b.term.closed):
        wait_end = time.monotonic() + 10
        while not any("Your turn" in s.term.text for s in (a, b)) and time.monotonic() < wait_end:
            await asyncio.sleep(0.02)
        mover = next((s for s in (a, b) if "Your turn" in s.term.text), None)
        if mover is None:
            missed += 1
            break
        other = b if mover is a else a
        goal = rng.choice(sorted(empty))
        seen = other.term.expect("Your turn")
        t0 = time.perf_counter()
        mover.term.write(path_keys(cursor[id(mover)], goal).encode())
        try:
            times.append(await asyncio.wait_for(seen, 5) - t0)
        except asyncio.TimeoutError:
            missed += 1
            break
        cursor[id(mover)] = goal
        empty.discard(goal)
        await asyncio.sleep(interval * rng.uniform(0.6, 1.4))
    return times, missed


async def run_pairs(n: int, seconds: float, interval: float, seed: int) -> dict:
    """N sessions as N/2 pairs, each pair at a Tiki table of its own."""
    pairs = max(1, n // 2)
    out: dict[str, Any] = {"sessions": 2 * pairs}
    async with bench_server(f"pairs{n}", 2 * pairs + 8, out) as (key, port, server, sessions):
        started = time.perf_counter()
        gate = asyncio.Semaphore(4)  # starting an app process costs a second or two of CPU
        table_lock = asyncio.Lock()  # one table opened and joined at a time: the newest is pair k's

        async def lobby(user: str) -> Session:
            async with gate:
                s = await Session.open(port, user, key)
                await s.term.wait_for("Tables on this server")
                return s

        firsts = await asyncio.gather(*(lobby(f"a{k:02d}") for k in range(pairs)))
        seconds_ = await asyncio.gather(*(lobby(f"b{k:02d}") for k in range(pairs)))
        sessions += [*firsts, *seconds_]
        for k, (a, b) in enumerate(zip(firsts, seconds_)):
            async with table_lock:
                a.term.write(b"n")
                await a.term.wait_for("Which game?")
                a.term.write(b"\r")  # Tiki
                await a.term.wait_for("Open seat")
                a.term.write(b"\x13")
                await a.term.wait_for("Purple")
                for _ in range(60):  # End: the newest table, once b's lobby lists it
                    b.term.write(b"\x1b[F")
                    try:
                        await b.term.wait_for(f"Purple: a{k:02d}", timeout=1)
                        break
                    except RuntimeError:
                        continue
                b.term.write(b"\x1b[F\r")  # End again: the list has it now
                await b.term.wait_for(f"a{k:02d} · Purple")
        out["start_s"] = time.perf_counter() - started
        kids = descendants(server.pid)
        apps = [p for p in kids if "tabletop_tui.ssh_session" in cmdline(p)]
        thinkers = [p for p in kids if "tabletop_tui.engine.thinker" in cmdline(p)]
        others = [p for p in kids if p not in apps and p not in thinkers]
        watched = [server.pid, *kids]
        if PROFILE_TO:  # the profiles count the loop only, not the start
            for pid in apps:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGUSR1)
        cpu0 = {p: proc_stat(p) for p in watched}
        me0 = resource.getrusage(resource.RUSAGE_SELF)
        load0 = os.getloadavg()[0]
        t0 = time.perf_counter()
        results = await asyncio.gather(*(play_pair(a, b, seconds, interval, random.Random(seed * 1000 + k))
                                         for k, (a, b) in enumerate(zip(firsts, seconds_))))
        wall = time.perf_counter() - t0
        me1 = resource.getrusage(resource.RUSAGE_SELF)
        # thinkers started during the loop count too
        thinkers += [p for p in descendants(server.pid) if "tabletop_tui.engine.thinker" in cmdline(p)
                     and p not in thinkers]
        cpu = lambda pids: cpu_since(cpu0, pids)  # noqa: E731

        times = [t for ts, _ in results for t in ts]
        server_cpu, apps_cpu, thinker_cpu = cpu([server.pid]), cpu(apps + others), cpu(thinkers)
        total = server_cpu + apps_cpu + thinker_cpu
        bench_cpu = (me1.ru_utime + me1.ru_stime) - (me0.ru_utime + me0.ru_stime)
        out.update({
            "ready": len(apps), "moves": len(times), "no_frame": sum(m for _, m in results), **summary(times),
            "seconds": wall, "server_cpu_s": server_cpu, "apps_cpu_s": apps_cpu, "thinker_cpu_s": thinker_cpu,
            "thinker_share": (thinker_cpu / total) if total else None,
            "cpu_ms_per_move": (1000 * total / len(times)) if times else None,
            "server_ms_per_move": (1000 * server_cpu / len(times)) if times else None,
            "apps_ms_per_move": (1000 * apps_cpu / len(times)) if times else None,
            "thinker_ms_per_move": (1000 * thinker_cpu / len(times)) if times else None,
            "bench_cpu_s": bench_cpu,
            "bench_ms_per_move": (1000 * bench_cpu / len(times)) if times else None,
            "thinker_share_of_machine": thinker_cpu / (wall * (os.cpu_count() or 1)),
            "load_start": load0, "load_end": os.getloadavg()[0],
        })
    return out


# -- the report ---------------------------------------------------------------------------------------
def fmt(x: Any, spec: str = ".1f") -> str:
    return "-" if x is None else format(x, spec)


def capacity(local_ms: float | None, rows: list[dict]) -> tuple[str, bool | None]:
    """Sessions served before the median added latency passes the target."""
    if local_ms is None:
        return "-", None
    ok = [r for r in rows if r.get("median_ms") is not None and r["median_ms"] - local_ms <= TARGET_ADDED_MS]
    bad = [r for r in rows if r.get("median_ms") is not None and r["median_ms"] - local_ms > TARGET_ADDED_MS]
    if not ok:
        return f"< {min(r['sessions'] for r in rows)}", False
    best = max(r["sessions"] for r in ok)
    worse = [r["sessions"] for r in bad if r["sessions"] > best]
    if not worse:
        return f"≥ {best} (the most measured)", True if best >= TARGET_SESSIONS else None
    return f"between {best} and {min(worse)}", best >= TARGET_SESSIONS


async def main_async(args: argparse.Namespace) -> dict:
    counts = [int(x) for x in args.sessions.split(",")]
    report: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"), "python": platform.python_version(),
        "asyncssh": asyncssh.__version__, "cpus": os.cpu_count(), "load_start": list(os.getloadavg()),
        "seconds": args.seconds, "interval": args.interval, "size": [COLS, ROWS],
    }
    print("tabletop-tui: ssh sessions under load — figures, not pass/fail")
    print(f"  {report['when']}  Python {report['python']}  asyncssh {report['asyncssh']}  "
          f"{report['cpus']} CPUs  load {report['load_start'][0]:.2f}")
    print(f"  each session: a Tiki table of its own, a cursor key every {args.interval:g} s (±40%) for "
          f"{args.seconds:g} s, key to the first output that changes its {COLS}x{ROWS} pyte screen", flush=True)
    local = await run_local(args.seconds, args.interval, args.seed)
    report["local"] = local
    rows = []
    for n in counts:
        print(f"  N = {n}: starting {n} session{'s' if n != 1 else ''}…", flush=True)
        rows.append(await run_n(n, args.seconds, args.interval, args.seed))
    report["runs"] = rows
    pair_rows = []
    for n in [int(x) for x in args.pairs.split(",")] if args.pairs else []:
        print(f"  N = {n}: {n // 2} pairs at tables of their own…", flush=True)
        pair_rows.append(await run_pairs(n, args.pair_seconds, args.pair_interval, args.seed))
    report["pairs"] = pair_rows
    lm = local.get("median_ms")
    print()
    head = ["", "sessions", "start s", "keys", "median ms", "p95 ms", "added med", "no frame", "server CPU s",
            "apps CPU s", "bench CPU s", "app RSS MiB", "app PSS MiB", "server +MiB/sess", "load"]
    table = [["local", 1, "-", local["keys"], fmt(lm), fmt(local["p95_ms"]), "-", local["no_frame"], "-",
              fmt(local["app_cpu_s"], ".2f"), "-", fmt(local["rss_mib"]), fmt(local["pss_mib"]), "-", "-"]]
    for r in rows:
        if "error" in r:
            table.append(["ssh", r["sessions"], "error", r["error"], "", "", "", "", "", "", "", "", "", "", ""])
            continue
        added = None if r["median_ms"] is None or lm is None else r["median_ms"] - lm
        r["added_median_ms"] = added
        table.append(["ssh", f"{r['ready']}/{r['sessions']}", fmt(r["start_s"]), r["keys"], fmt(r["median_ms"]), fmt(r["p95_ms"]),
                      fmt(added), r["no_frame"], fmt(r["server_cpu_s"], ".2f"), fmt(r["sessions_cpu_s"], ".2f"),
                      fmt(r["bench_cpu_s"], ".2f"), fmt(r["session_rss_mib"]), fmt(r["session_pss_mib"]),
                      fmt(r["server_rss_per_session_mib"], ".2f"),
                      f"{r['load_start']:.1f}→{r['load_end']:.1f}"])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *table)]
    for i, line in enumerate([head, *table]):
        print("  " + "  ".join(str(c).rjust(w) if j else str(c).ljust(w) for j, (c, w) in enumerate(zip(line, widths))))
        if i == 0:
            print("  " + "  ".join("-" * w for w in widths))
    print("  CPU s: CPU seconds during the key loop (server: sshd side and the table service; apps: the\n"
          "  players' app processes; bench: these scripted clients and their pyte screens). PSS shares\n"
          "  the pages common to all app processes out among them: the memory one more session costs.")
    if pair_rows:
        print(f"\n  A move by one seat to the other seat's screen (Enter to the frame that says \"Your turn\"; "
              f"target p95 ≤ {TARGET_MOVE_P95_MS:g} ms at 50 sessions on an idle machine):")
        head = ["sessions", "start s", "moves", "p50 ms", "p95 ms", "max ms", "no frame", "server CPU s",
                "apps CPU s", "thinker CPU s", "thinker share", "CPU ms/move", "server/apps/thinker", "clients ms/move", "load"]
        table = []
        for r in pair_rows:
            if "error" in r:
                table.append([r["sessions"], "error", r["error"], *[""] * 12])
                continue
            table.append([f"{r['ready']}/{r['sessions']}", fmt(r["start_s"]), r["moves"], fmt(r["median_ms"]),
                          fmt(r["p95_ms"]), fmt(r["max_ms"]), r["no_frame"], fmt(r["server_cpu_s"], ".2f"),
                          fmt(r["apps_cpu_s"], ".2f"), fmt(r["thinker_cpu_s"], ".2f"),
                          "-" if r["thinker_share"] is None else f"{100 * r['thinker_share']:.0f}%",
                          fmt(r["cpu_ms_per_move"]),
                          "/".join(fmt(r[k], ".0f") for k in ("server_ms_per_move", "apps_ms_per_move",
                                                               "thinker_ms_per_move")),
                          fmt(r["bench_ms_per_move"], ".0f"),
                          f"{r['load_start']:.1f}→{r['load_end']:.1f}"])
        widths = [max(len(str(x)) for x in col) for col in zip(head, *table)]
        for i, line in enumerate([head, *table]):
            print("  " + "  ".join(str(c).rjust(w) for c, w in zip(line, widths)))
            if i == 0:
                print("  " + "  ".join("-" * w for w in widths))
        print("  thinker share: the thinker processes' part of the CPU the server, the apps and the\n"
              "  thinkers spent in the loop (the coach judges each move). CPU ms/move: all three\n"
              "  summed over the loop, per move timed (a load-independent figure, unlike the latencies).\n"
              "  clients ms/move: these scripted ssh clients and their pyte screens (on the same cores),\n"
              "  not in CPU ms/move.")
    served, ok = capacity(lm, [r for r in rows if "error" not in r])
    report["capacity"] = {"sessions": served, "target": TARGET_SESSIONS, "ok": ok}
    mark = "-" if ok is None else ("✓" if ok else "✗")
    print(f"\n  {mark} sessions served before the median added key-to-frame passes {TARGET_ADDED_MS:g} ms: "
          f"{served} (target {TARGET_SESSIONS})")
    report["load_end"] = list(os.getloadavg())
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="tabletop serve under N concurrent ssh sessions (figures, not pass/fail).")
    ap.add_argument("--sessions", default=None,
                    help="comma-separated session counts for the key loop (default 1; quick 1)")
    ap.add_argument("--pairs", default=None,
                    help="comma-separated session counts for the pairs' moves (default 10,25,50; quick 10)")
    ap.add_argument("--pair-seconds", type=float, default=None, help="move loop length (default 20, quick 8)")
    ap.add_argument("--pair-interval", type=float, default=1.0, help="seconds between a pair's moves (default 1)")
    ap.add_argument("--seconds", type=float, default=None, help="key loop length per run (default 20, quick 8)")
    ap.add_argument("--interval", type=float, default=0.5, help="seconds between one session's keys (default 0.5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="key loop at N = 1 and pairs at N = 10, short loops (< 1 minute)")
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    ap.add_argument("--whole-screen-clients", action="store_true",
                    help="the scripted clients read their whole screen after every output, as before "
                    "(they read only the lines it wrote otherwise): to compare the clients' CPU")
    ap.add_argument("--profile", metavar="DIR", help="each ssh session's app writes a cProfile of its main thread "
                    "to DIR as it ends (read them with pstats; the figures then include the profiler's cost)")
    args = ap.parse_args(argv)
    Term.whole_screen = args.whole_screen_clients
    global PROFILE_TO
    PROFILE_TO = str(Path(args.profile).resolve()) if args.profile else ""
    if PROFILE_TO:
        Path(PROFILE_TO).mkdir(parents=True, exist_ok=True)
    args.sessions = args.sessions or "1"
    args.pairs = args.pairs if args.pairs is not None else ("10" if args.quick else "10,25,50")
    args.seconds = args.seconds or (5.0 if args.quick else 20.0)
    args.pair_seconds = args.pair_seconds or (8.0 if args.quick else 20.0)
    report = asyncio.run(main_async(args))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"  figures written to {args.json}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
