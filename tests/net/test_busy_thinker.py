"""On a busy server the coach never holds up a bot or a hint: every table's
searches share one thinker, where the coach's looks ahead at each position
(``later``) wait behind a bot's move or a hint, and only the newest of them
are kept. And the thinker process runs at a lower priority than the apps."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import CancelledError

import pytest

from tabletop_tui.engine import thinker


def run_in_order(queue: thinker._Queue, jobs: list) -> list[str]:
    """Submit ``jobs`` (name, later) while the queue's thread is busy, then
    let it go: the names in the order they ran."""
    ran: list[str] = []
    busy, release = threading.Event(), threading.Event()

    def block() -> None:
        busy.set()
        release.wait(10)

    queue.submit(block)
    assert busy.wait(10)
    futures = [queue.submit(ran.append, name, later=later) for name, later in jobs]
    release.set()
    for future in futures:
        try:
            future.result(10)
        except CancelledError:
            pass
    return ran


def test_a_bot_or_a_hint_goes_before_the_coachs_looks_ahead():
    order = run_in_order(thinker._Queue(), [("look 1", True), ("look 2", True), ("bot", False),
                                            ("look 3", True), ("hint", False)])
    assert order == ["bot", "hint", "look 1", "look 2", "look 3"]


def test_only_the_newest_looks_ahead_wait_and_a_hurried_one_goes_first():
    queue = thinker._Queue()
    busy, release = threading.Event(), threading.Event()
    queue.submit(lambda: (busy.set(), release.wait(10)))
    assert busy.wait(10)
    ran: list[int] = []
    looks = [queue.submit(ran.append, n, later=True) for n in range(thinker.LATER_KEPT + 5)]
    queue.hurry(looks[-1])  # a player asked for a hint on the newest position
    release.set()
    looks[-2].result(10)
    assert all(f.cancelled() for f in looks[:5])  # the oldest five were dropped
    with pytest.raises(CancelledError):
        looks[0].result(0)
    assert ran == [thinker.LATER_KEPT + 4, *range(5, thinker.LATER_KEPT + 4)]


def test_the_thinker_process_is_nicer_than_its_parent():
    worker = thinker._Worker()
    try:
        state, seat = _tiki_position()
        assert worker.ask(("rank", ("tiki", state, seat, 1, 1)))  # it answers
        with open(f"/proc/{worker.proc.pid}/stat") as fh:
            nice = int(fh.read().rsplit(")", 1)[1].split()[16])
        with open("/proc/self/stat") as fh:
            mine = int(fh.read().rsplit(")", 1)[1].split()[16])
        assert nice == min(19, mine + thinker.NICE)
    finally:
        worker.close()


def _tiki_position():
    """A new Tiki game's state and the seat to act."""
    from tabletop_tui.engine import registry
    from tabletop_tui.engine.match import Match, SeatConfig

    match = Match(registry.get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1)
    return match.state, match.to_act()[0]


if sys.platform != "linux":  # /proc
    pytestmark = pytest.mark.skip(reason="reads /proc")
