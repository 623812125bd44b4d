"""One ssh session's bridge to its app's pseudo-terminal, which never blocks
the server's event loop.

- The pty master is non-blocking. Keys wait in a bounded queue until the app
  reads them; the app's output is read only while the ssh channel has room
  (asyncssh's write-buffer limits), so a client that stops reading makes the
  app wait, not the server grow.
- Past a bound (``keys_queued`` bytes of keys the app does not read, or
  ``stall_seconds`` of a client that reads nothing) the session is told why
  and ended; other sessions notice nothing.
- The slave side starts in raw mode with no signal keys: Ctrl+C, Ctrl+Z,
  Ctrl+\\ and Ctrl+S are bytes for the app from its first byte on, never a
  signal or a stop.
- Window sizes are clamped to what a terminal can be (``MAX_COLS`` x
  ``MAX_ROWS``), at the start and on every change.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import struct
import termios
import tty
from typing import Any, Callable

#: the largest window passed on to an app (a larger one is clamped)
MAX_COLS, MAX_ROWS = 1000, 500

#: the ssh channel's write buffer: output is read from the app while below HIGH
CHANNEL_HIGH, CHANNEL_LOW = 256 * 1024, 64 * 1024


def clamp(cols: Any, rows: Any) -> tuple[int, int]:
    """A window size any app can draw: 1x1 up to MAX_COLS x MAX_ROWS (a
    missing or nonsense size is 80x24)."""
    try:
        cols, rows = int(cols or 80), int(rows or 24)
    except (TypeError, ValueError):
        cols, rows = 80, 24
    return min(max(cols, 1), MAX_COLS), min(max(rows, 1), MAX_ROWS)


def set_winsize(fd: int, cols: Any, rows: Any) -> None:
    cols, rows = clamp(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def open_pty(cols: Any, rows: Any) -> tuple[int, int]:
    """A pty (master, slave) of the clamped size, the slave raw with no
    signal or flow-control keys; both ends are closed if any step fails."""
    master, slave = pty.openpty()
    try:
        set_winsize(master, cols, rows)
        attrs = termios.tcgetattr(slave)
        attrs[tty.IFLAG] &= ~(termios.IXON | termios.IXOFF | termios.IXANY | termios.ICRNL | termios.INLCR
                              | termios.IGNCR | termios.BRKINT | termios.ISTRIP)
        attrs[tty.LFLAG] &= ~(termios.ISIG | termios.ICANON | termios.ECHO | termios.IEXTEN)
        attrs[tty.CC][termios.VMIN] = 1
        attrs[tty.CC][termios.VTIME] = 0
        for key in ("VINTR", "VQUIT", "VSUSP", "VSTART", "VSTOP", "VDSUSP", "VLNEXT", "VDISCARD"):
            if hasattr(termios, key):
                attrs[tty.CC][getattr(termios, key)] = 0  # no key means anything
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        os.set_blocking(master, False)
    except BaseException:
        os.close(master)
        os.close(slave)
        raise
    return master, slave


class PtyBridge:
    """Moves bytes between an ssh process and a pty master without blocking.

    ``ended(reason)`` is set once: the app's side closed (reason ""), the
    client left (""), or a bound was passed (a sentence for the player).
    """

    def __init__(self, master: int, process: Any, *, keys_queued: int, stall_seconds: float) -> None:
        self.master = master
        self.process = process
        self.keys_queued = keys_queued
        self.stall_seconds = stall_seconds
        self.loop = asyncio.get_running_loop()
        self.done = asyncio.Event()
        self.reason = ""
        self.on_key: Callable[[], None] = lambda: None
        self._keys = bytearray()
        self._writing = False
        self._reading = False
        self._tasks: list[asyncio.Task] = []
        channel = process.channel
        channel.set_write_buffer_limits(high=CHANNEL_HIGH, low=CHANNEL_LOW)
        self._channel = channel

    def start(self) -> None:
        self._read_on()
        self._tasks.append(asyncio.ensure_future(self._pump_keys()))

    def end(self, reason: str = "") -> None:
        if not self.done.is_set():
            self.reason = reason
            self.done.set()

    def close(self) -> None:
        """Stop moving bytes (the master stays open for the last frame)."""
        for t in self._tasks:
            t.cancel()
        self._read_off()
        if self._writing:
            self.loop.remove_writer(self.master)
            self._writing = False

    # -- the app's output to the player -----------------------------------------------
    def _read_on(self) -> None:
        if not self._reading and not self.done.is_set():
            self.loop.add_reader(self.master, self._output)
            self._reading = True

    def _read_off(self) -> None:
        if self._reading:
            self.loop.remove_reader(self.master)
            self._reading = False

    def _output(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app ended
            data = b""
        if not data:
            self._read_off()
            self.end()
            return
        self.process.stdout.write(data)
        if self._channel.get_write_buffer_size() >= CHANNEL_HIGH:
            self._read_off()  # the app waits on its pty until the client reads
            self._tasks = [t for t in self._tasks if not t.done()]
            self._tasks.append(asyncio.ensure_future(self._wait_for_client()))

    async def _wait_for_client(self) -> None:
        try:
            await asyncio.wait_for(self.process.stdout.drain(), self.stall_seconds)
        except asyncio.TimeoutError:
            self.end(f"Your terminal read nothing for {self.stall_seconds:g} seconds: "
                     "the session ends; your seats are kept.")
            return
        except Exception:  # the connection went away
            self.end()
            return
        self._read_on()

    # -- the player's keys to the app -------------------------------------------------
    async def _pump_keys(self) -> None:
        import asyncssh

        while not self.done.is_set():
            try:
                data = await self.process.stdin.read(65536)
            except asyncssh.TerminalSizeChanged as change:
                try:
                    set_winsize(self.master, change.width, change.height)
                except OSError:
                    pass
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, OSError):
                break
            if not data:
                break
            self.on_key()
            if len(self._keys) + len(data) > self.keys_queued:
                self.end(f"Your game stopped taking keys ({len(self._keys) // 1024} kB were waiting): "
                         "the session ends; your seats are kept.")
                return
            self._keys += data
            self._flush()
        self.end()

    def _flush(self) -> None:
        try:
            while self._keys:
                n = os.write(self.master, self._keys)
                del self._keys[:n]
        except BlockingIOError:
            pass
        except OSError as err:  # EIO: the app ended
            if err.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):
                self._keys.clear()
                self.end()
        if self._keys and not self._writing and not self.done.is_set():
            self.loop.add_writer(self.master, self._flush)
            self._writing = True
        elif not self._keys and self._writing:
            self.loop.remove_writer(self.master)
            self._writing = False
