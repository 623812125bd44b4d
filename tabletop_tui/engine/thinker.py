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
"""

from __future__ import annotations

import atexit
import os
import pickle
import random
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from .game import Seat

#: how much nicer than its parent the worker process runs (see ``os.nice``)
NICE = 10


def _think(game_id: str, state: Any, seat: Seat, kind: str, level: int, seed: int) -> Any:
    """The bot's choice for ``seat`` as action JSON data (runs in the worker)."""
    from . import registry
    from .bots import make_bot

    game = registry.get(game_id)
    bot = make_bot(kind, level, game)
    assert bot is not None, "a human seat does not think"
    return bot.choose(game, state, seat, random.Random(seed)).model_dump(mode="json")


def _rank(game_id: str, state: Any, seat: Seat, level: int, seed: int) -> list[tuple[Any, float, int]]:
    """The search's ranking of ``seat``'s moves: (action JSON data, value,
    visits), best first (runs in the worker)."""
    from . import registry
    from .bots import SearchBot, make_bot

    game = registry.get(game_id)
    bot = make_bot("search", level, game)
    if not isinstance(bot, SearchBot):
        bot = SearchBot(level=level)
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


_lock = threading.Lock()
_queue: ThreadPoolExecutor | None = None
_worker: _Worker | None = None
#: "process" (default), "thread" (think in this process, off the caller's
#: thread) or "inline" (on the caller's thread: tests)
_mode = "process"


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
        _mode = "thread"
    return _do(request)


def _executor() -> ThreadPoolExecutor:
    global _queue
    with _lock:
        if _queue is None:
            _queue = ThreadPoolExecutor(max_workers=1, thread_name_prefix="think")
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


def rank(game_id: str, state: Any, seat: Seat, level: int, seed: int) -> Future:
    """A Future of the search's ranking of ``seat``'s moves, best first: a list
    of (action JSON data, estimated value in [0, 1], visits)."""
    return _submit(("rank", (game_id, state, seat, level, seed)))


def _submit(request: tuple) -> Future:
    if _mode == "inline":
        fut: Future = Future()
        try:
            fut.set_result(_do(request))
        except Exception as err:  # handed to the caller like a worker's error
            fut.set_exception(err)
        return fut
    return _executor().submit(_run, request)


@atexit.register
def _shutdown() -> None:
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
