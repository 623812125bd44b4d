"""A key holds the garbage collector off until its frame is out (ui/gc_pause)."""

from __future__ import annotations

import gc

import pytest

from tabletop_tui.ui import gc_pause
from tabletop_tui.ui.gc_pause import GcPause

from ..waiting import until


class Timers:
    """Stands in for the app's set_timer: callbacks run when told to."""

    def __init__(self) -> None:
        self.pending: list = []

    def __call__(self, delay, callback) -> None:
        assert delay == gc_pause.HOLD
        self.pending.append(callback)

    def fire(self) -> None:
        self.pending.pop(0)()


@pytest.fixture(autouse=True)
def _gc_back_on():
    gc.enable()  # an app that ended during a hold (another test in this process) leaves it off
    yield
    gc.enable()


def test_a_key_pauses_the_collector_until_the_last_hold_ends():
    timers = Timers()
    pause = GcPause(timers)
    pause.key()
    assert not gc.isenabled() and pause.holding
    pause.key()  # a second key before the first frame is out
    timers.fire()
    assert not gc.isenabled()
    timers.fire()
    assert gc.isenabled() and not pause.holding


def test_keys_without_a_gap_let_the_collector_run(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(gc_pause.time, "monotonic", lambda: now[0])
    timers = Timers()
    pause = GcPause(timers)
    pause.key()
    now[0] += gc_pause.MAX_HELD + 0.01
    pause.key()  # held too long already: this key does not extend the pause
    assert len(timers.pending) == 1
    timers.fire()
    assert gc.isenabled()


def test_a_collector_someone_else_paused_is_left_alone():
    gc.disable()
    timers = Timers()
    GcPause(timers).key()
    assert timers.pending == [] and not gc.isenabled()


async def test_the_app_pauses_on_a_key_until_its_frame_is_out(monkeypatch):
    from tabletop_tui.ui.app import TabletopApp

    seen = []  # the collector and the hold just after each key (a loaded machine may end a hold
    real = GcPause.key  # before the test looks: so it is seen as the key leaves it, not later)

    def key(self):
        real(self)
        seen.append((gc.isenabled(), self.holding))

    monkeypatch.setattr(GcPause, "key", key)
    app = TabletopApp()
    async with app.run_test() as pilot:
        await pilot.press("down")
        assert seen and seen[0] == (False, True)
        await until(lambda: gc.isenabled() and not app.gc_pause.holding, "the hold to end", pilot=pilot)
