"""Where bots think: a worker process, so that search never holds up a key.

Search is pure Python; run in the app's process it shares the GIL with the
UI, and a level-3 bot doubles the time a key takes to draw. So every search
(a bot's move, a hint) goes to one worker process (``python -m
tabletop_tui.engine.thinker``) with the state, the seat and a seed, and the
chosen action comes back as JSON data. The worker gets only what the caller
gives it; the search bot itself plans only on ``determinize`` copies for the
seat, so it reads nothing that seat cannot see.

The worker is a plain child process talking pickle frames over its stdin and
stdout (both ours, trusted); it is started in its own session with no
terminal, so nothing it prints can reach the player's screen. If it cannot
be started, thinking falls back to a thread: slower keys, same moves. It
runs at a lower priority (:data:`NICE`) than the apps and the server, so a
search (a bot's, the coach's) never takes a core from a key or a move.

Requests go one at a time, the urgent first (a bot's move, a hint a player
asked for); the coach's looks ahead at each position (``later``) wait
behind them, and when more than :data:`LATER_KEPT` wait the oldest is
dropped (its Future cancelled): on a busy server the coach falls silent
before a bot or a hint waits.
"""

from __future__ import annotations

import atexit
import copy
import os
import pickle
import random
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import Future
from typing import Any

from .game import Seat

#: how much nicer than its parent the worker process runs (see ``os.nice``)
NICE = 10
#: how many ``later`` requests may wait; more drop the oldest
LATER_KEPT = 32


def _think(game_id: str, state: Any, seat: Seat, kind: str, level: int, seed: int) -> Any:
    """The bot's choice for ``seat`` as action JSON data (runs in the worker)."""
    from . import registry
    from .bots import make_bot

    game = registry.get(game_id)
    bot = make_bot(kind, level, game)
    assert bot is not None, "a human seat does not think"
    return bot.choose(game, state, seat, random.Random(seed)).model_dump(mode="json")


def _rank(game_id: str, state: Any, seat: Seat, level: int, seed: int,
          iterations: int | None = None) -> list[tuple[Any, float, int]]:
    """The search's ranking of ``seat``'s moves: (action JSON data, value,
    visits), best first, at most ``iterations`` of search if given (runs in
    the worker)."""
    from . import registry
    from .bots import SearchBot, make_bot

    game = registry.get(game_id)
    bot = make_bot("search", level, game)
    if not isinstance(bot, SearchBot):
        bot = SearchBot(level=level)
    if iterations is not None and isinstance(getattr(bot, "iterations", None), int):
        bot = copy.copy(bot)  # a game's own bot may be shared
        bot.iterations = min(bot.iterations, iterations)
    ranked = bot.rank(game, state, seat, random.Random(seed))
    return [(m.action.model_dump(mode="json"), m.value, m.visits) for m in ranked]


_JOBS = {"think": _think, "rank": _rank}


def _do(request: tuple) -> Any:
    job, args = request
    return _JOBS[job](*args)


class _Worker:
    """One child process and the pipe to it; requests go one at a time."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop_tui.engine.thinker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=True, env=env)

    def ask(self, request: tuple) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        pickle.dump(request, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        self.proc.stdin.flush()
        status, value = pickle.load(self.proc.stdout)
        if status == "ok":
            return value
        raise RuntimeError(value)

    def close(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass


class _Queue:
    """The one thread that thinks (asks the worker), a request at a time:
    the urgent first, then the ``later`` ones, at most :data:`LATER_KEPT`
    of them waiting."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._now: deque = deque()
        self._later: deque = deque()
        threading.Thread(target=self._loop, name="think", daemon=True).start()

    def submit(self, fn: Any, *args: Any, later: bool = False) -> Future:
        future: Future = Future()
        with self._cv:
            if later:
                self._later.append((future, fn, args))
                while len(self._later) > LATER_KEPT:
                    self._later.popleft()[0].cancel()
            else:
                self._now.append((future, fn, args))
            self._cv.notify()
        return future

    def hurry(self, future: Future) -> None:
        """A ``later`` request somebody now waits for joins the urgent ones."""
        with self._cv:
            for job in self._later:
                if job[0] is future:
                    self._later.remove(job)
                    self._now.append(job)
                    return

    def _loop(self) -> None:
        while True:
            with self._cv:
                while not self._now and not self._later:
                    self._cv.wait()
                future, fn, args = (self._now or self._later).popleft()
            if not future.set_running_or_notify_cancel():
                continue  # dropped while it waited
            try:
                future.set_result(fn(*args))
            except BaseException as err:  # handed to whoever waits for it
                future.set_exception(err)


_lock = threading.Lock()
_queue: _Queue | None = None
_worker: _Worker | None = None
#: "process" (default), "thread" (think in this process, off the caller's
#: thread) or "inline" (on the caller's thread: tests)
_mode = "process"
#: the process is ending: a worker that stops is not started again
_closing = False


def set_mode(mode: str) -> None:
    """Choose where thinking happens: "process", "thread" or "inline"."""
    global _mode
    with _lock:
        _mode = mode


def _run(request: tuple) -> Any:
    """Runs on the queue's one thread: send to the worker, or think here."""
    global _worker, _mode
    if _mode == "process":
        for attempt in (1, 2):
            try:
                if _worker is None:
                    _worker = _Worker()
                return _worker.ask(request)
            except (OSError, EOFError, pickle.UnpicklingError):
                # the worker died or could not start: once more, then think here
                if _worker is not None:
                    _worker.close()
                _worker = None
                if _closing:  # this process is ending (its thread does not hold it up)
                    raise RuntimeError("the thinker stopped") from None
        _mode = "thread"
    return _do(request)


def _executor() -> _Queue:
    global _queue
    with _lock:
        if _queue is None:
            _queue = _Queue()
        return _queue


def warm_up() -> None:
    """Start the worker early (it takes a moment to import the games)."""
    if _mode == "process":
        _executor().submit(_start)


def _start() -> None:
    global _worker
    if _worker is None and _mode == "process":
        try:
            _worker = _Worker()
        except OSError:
            pass


def think(game_id: str, state: Any, seat: Seat, kind: str, level: int, seed: int) -> Future:
    """A Future of the bot's choice for ``seat`` (action JSON data)."""
    return _submit(("think", (game_id, state, seat, kind, level, seed)))


def rank(game_id: str, state: Any, seat: Seat, level: int, seed: int, *, later: bool = False,
         iterations: int | None = None) -> Future:
    """A Future of the search's ranking of ``seat``'s moves, best first: a list
    of (action JSON data, estimated value in [0, 1], visits), after at most
    ``iterations`` of search if given (else the level's budget). ``later``: a
    look nobody waits for yet, after every urgent request, and dropped
    (cancelled) if too many wait (see :func:`hurry`)."""
    return _submit(("rank", (game_id, state, seat, level, seed, iterations)), later)


def hurry(future: Future) -> None:
    """Somebody now waits for this ``later`` request: it goes with the urgent ones."""
    if _queue is not None:
        _queue.hurry(future)


def _submit(request: tuple, later: bool = False) -> Future:
    if _mode == "inline":
        fut: Future = Future()
        try:
            fut.set_result(_do(request))
        except Exception as err:  # handed to the caller like a worker's error
            fut.set_exception(err)
        return fut
    return _executor().submit(_run, request, later=later)


@atexit.register
def _shutdown() -> None:
    global _closing
    _closing = True
    if _worker is not None:
        _worker.close()


def main() -> None:
    """The worker: answer pickled requests on stdin until it closes."""
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: think at the same priority
        pass
    sys.stdout = sys.stderr  # nothing printed may corrupt the pipe
    import tabletop_tui.games  # noqa: F401  (announce every game)

    while True:
        try:
            request = pickle.load(inp)
        except EOFError:
            return
        try:
            reply: tuple = ("ok", _do(request))
        except Exception as err:
            reply = ("err", f"{type(err).__name__}: {err}")
        pickle.dump(reply, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


if __name__ == "__main__":
    main()
