"""The Table: one game, one action at a time, bots run by the table, and
per-seat updates that hold only what each seat may see."""

from __future__ import annotations

import errno
import json
import threading

import pytest

from tabletop_tui.engine import IllegalAction, Match, SeatConfig, get, thinker
from tabletop_tui.engine.runners import FakeClock, InlineRunner
from tabletop_tui.engine.table import SAVE_DELAY, Table, Update


@pytest.fixture(autouse=True)
def _think_inline():
    """Bots think on the table's own thread here: no worker process to start."""
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


def rapa_nui(seed: int = 5, bots: tuple = (None, None), autosave: bool = False) -> Match:
    seats = [SeatConfig(name=n, bot=b) for n, b in zip(("Ana", "Ben"), bots)]
    return Match(get("rapa_nui"), seats, seed=seed, autosave=autosave)


class Inbox:
    """A subscriber that keeps every update it gets."""

    def __init__(self) -> None:
        self.got: list[dict] = []
        self.lock = threading.Lock()

    def __call__(self, updates: dict) -> None:
        with self.lock:
            self.got.append(updates)

    @property
    def last(self) -> dict:
        return self.got[-1]


def inline(m: Match, hold: bool = False, **kwargs) -> Table:
    """A table whose bots, coach and autosave run in the test's thread, by a
    fake clock: when a call returns, everything it set off has happened
    (``hold``: the tasks wait for ``table.runner.run()``)."""
    return Table(m, runner=InlineRunner(hold=hold), clock=FakeClock(), **kwargs)


def serialised(up: Update) -> str:
    """What a client receives, as text: the view, the legal actions, the log."""
    return json.dumps({"view": json.loads(up.view.model_dump_json()),
                       "legal": [a.model_dump(mode="json") for a in up.legal],
                       "log": [line.text for line in up.log],
                       "last": up.last.text if up.last else ""})


def test_two_subscribers_each_get_only_their_own_seat():
    m = rapa_nui()
    table = Table(m)
    ana, ben = Inbox(), Inbox()
    table.subscribe([0], ana)
    table.subscribe([1], ben)
    assert set(ana.last) == {0} and set(ben.last) == {1}
    # play some turns through the table, whoever is to act
    for _ in range(12):
        seat = m.to_act()[0]
        table.act(m.legal_actions(seat)[0], seat)
    for inbox, me, other in ((ana, 0, 1), (ben, 1, 0)):
        for updates in inbox.got:
            assert set(updates) == {me}
            up = updates[me]
            assert up.view.seat == me
            sent = json.loads(serialised(up))
            # the other seat's hand is only a count in what I receive
            assert sent["view"]["players"][other]["hand"] is None
            assert sent["view"]["hand"] is not None and sent["view"]["seat"] == me
            if not up.my_turn:
                assert up.legal == []
        # private log lines ("You drew ...") reach only their own seat
        private = [e for evs in m.history for e in evs if e.private]
        mine = {m.text(e.text) for e in private if e.seat == me}
        theirs = {m.text(e.text) for e in private if e.seat == other} - mine
        lines = {line.text for line in inbox.last[me].log}
        assert not (lines & theirs)
        assert mine <= lines


def test_a_spectator_gets_the_public_view_and_no_actions():
    m = rapa_nui()
    table = Table(m)
    eye = Inbox()
    table.subscribe(None, eye)
    seat = m.to_act()[0]
    table.act(m.legal_actions(seat)[0], seat)
    up = eye.last[None]
    assert up.seat is None and up.view.seat is None and up.view.hand is None
    assert up.legal == [] and not up.my_turn


@pytest.mark.parametrize("seat", [None, -1, 2, 1.0, True, "0"])
def test_bad_seats_are_refused_and_change_nothing(seat):
    m = rapa_nui()
    table = Table(m)
    before = m.state.model_dump()
    action = m.legal_actions(m.to_act()[0])[0]
    with pytest.raises(IllegalAction, match="no such seat"):
        table.act(action, seat)
    with pytest.raises(IllegalAction, match="no such seat"):
        table.subscribe([seat], Inbox())
    assert m.state.model_dump() == before and m.log == []


def test_a_bot_seat_cannot_be_played_by_hand():
    m = rapa_nui(bots=(None, "random"))
    table = Table(m)
    with pytest.raises(IllegalAction, match="played by a bot"):
        table.act(m.game.legal_actions(m.state, 1)[0] if 1 in m.to_act() else m.legal_actions(0)[0], 1)


def test_a_refused_action_changes_nothing_and_sends_no_update():
    m = rapa_nui()
    table = Table(m)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    seat = m.to_act()[0]
    other = 1 - seat
    before, n = m.state.model_dump(), len(inbox.got)
    with pytest.raises(IllegalAction):
        table.act(m.legal_actions(seat)[0], other)
    assert m.state.model_dump() == before and len(inbox.got) == n


def test_the_table_runs_the_bots_to_the_end():
    m = Match(get("tiki"), [SeatConfig(name="A", bot="random"), SeatConfig(name="B", bot="random")],
              seed=3, autosave=False)
    table = Table(m)
    eye = Inbox()
    table.subscribe(None, eye)  # the real runner: each bot's move in a thread
    assert table.wait_settled(timeout=60)
    up = eye.last[None]
    assert m.is_over() and up.result is not None and up.result.winners == m.result().winners
    assert up.to_act == [] and up.thinking is None
    # every update came in order, one change at a time
    serials = [u[None].serial for u in eye.got]
    assert serials == sorted(serials) and serials[-1] == len(m.log)


def test_actions_from_many_threads_are_applied_one_at_a_time():
    m = Match(get("tiki"), [SeatConfig(name="A"), SeatConfig(name="B")], seed=9, autosave=False)
    table = Table(m)
    errors: list[str] = []

    def player(seat: int) -> None:
        for _ in range(200):
            if m.is_over():
                return
            try:
                legal = table.update_for(seat).legal
                if legal:
                    table.act(legal[0], seat)
            except IllegalAction as err:  # the other thread moved first: refused, fine
                errors.append(err.reason)

    threads = [threading.Thread(target=player, args=(s,)) for s in (0, 1) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # the log replays to the same state: no action was half-applied
    again = Match(get("tiki"), m.seats, seed=9, autosave=False)
    for entry in m.log:
        again.apply(entry.action, entry.seat)
    assert again.state == m.state


def test_undo_while_a_bot_thinks_drops_the_bots_stale_move():
    m = Match(get("tiki"), [SeatConfig(name="A"), SeatConfig(name="B", bot="random")], seed=1,
              options={"first_player": "Purple"}, autosave=False)
    table = inline(m, hold=True, bot_delay=0.3)
    inbox = Inbox()
    table.subscribe([0], inbox)
    table.act(m.legal_actions(0)[0], 0)
    assert table.update_for(0).thinking == 1 and table.runner.pending == 1
    table.undo(by=0)
    assert m.log == []
    seen = len(inbox.got)
    assert table.runner.run() == 1  # the bot's move arrives for a position that is gone
    assert m.log == [] and table.idle() and table.runner.pending == 0
    assert len(inbox.got) == seen and table.update_for(0).alert == "", "dropped without a word"


def test_hints_come_from_the_seats_own_information():
    m = rapa_nui()
    table = inline(m)
    seat = m.to_act()[0]
    got: list = []
    table.hint(seat, lambda serial, action, label: got.append((serial, action, label)))
    assert table.runner.names == ["coach"]  # in play, the coach's own thread
    serial, action, label = got[0]
    assert action in m.legal_actions(seat) and label and serial == table.serial
    got.clear()
    table.hint(1 - seat, lambda *a: got.append(a))  # refused at once, on no thread
    assert got[0][1] is None and "not your turn" in got[0][2]


def test_a_failed_save_keeps_the_game_and_says_so_once(monkeypatch, _data_dir):
    from tabletop_tui.engine import match as match_mod

    m = rapa_nui(autosave=True)
    table = inline(m)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    real = match_mod.atomic_write

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(match_mod, "atomic_write", full)
    seat = m.to_act()[0]
    table.act(m.legal_actions(seat)[0], seat)
    assert table.flush() is not None
    assert "Saving is off: the disk is full" in inbox.last[0].note
    assert len(m.log) == 1  # the move stands; the game goes on in memory
    # the disk has room again: the next move saves and the note goes
    monkeypatch.setattr(match_mod, "atomic_write", real)
    seat = m.to_act()[0]
    table.act(m.legal_actions(seat)[0], seat)
    assert table.flush() is None
    assert inbox.last[0].note == ""
    assert Match.load(m.path).log == m.log


def test_the_last_move_is_in_every_update():
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    table = Table(m)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    seat = m.to_act()[0]
    action = m.legal_actions(seat)[0]
    table.act(action, seat)
    for s in (0, 1):
        last = inbox.last[s].last
        assert last is not None and last.seat == seat and last.action == action
        assert last.text and "{s" not in last.text


def test_a_hint_reads_nothing_its_seat_cannot_see(monkeypatch):
    """Two tables whose states differ only in what the asking seat cannot see
    (the other hand and the deck, re-dealt by ``determinize``) give the same
    hint for the same random numbers: the hint used that seat's information only."""
    import random

    from tabletop_tui.engine import bots, coach

    monkeypatch.setitem(bots.SEARCH_LEVELS, coach.COACH_LEVEL, bots.SearchLevel(seconds=1e9, iterations=40))  # a fixed search, no time cap
    real = rapa_nui(seed=8)
    seat = real.to_act()[0]
    game = real.game
    other = rapa_nui(seed=8)
    other.state = game.determinize(real.state, seat, random.Random(99))
    assert game.view(other.state, seat) == game.view(real.state, seat)
    assert other.state.hands[1 - seat] != real.state.hands[1 - seat] or other.state.deck != real.state.deck
    hints = []
    for m in (real, other):
        got: list = []
        random.seed(2024)  # the table draws the search's seed from here
        inline(m).hint(seat, lambda serial, action, label: got.append(action))
        hints.append(got[0])
    assert hints[0] is not None and hints[0] == hints[1]


def test_the_autosave_waits_for_the_frame_then_saves_and_flush_does_not_wait(monkeypatch, _data_dir):
    """The background save starts ``SAVE_DELAY`` after a change (so the frame
    that shows the move is drawn first), saves moves made meanwhile
    together, and ``flush`` writes at once (by the table's clock: no test
    time passes)."""
    from tabletop_tui.engine import match as match_mod

    writes: list[float] = []
    real = match_mod.atomic_write

    def counted(path, text):
        started = table.clock.monotonic()
        real(path, text)
        if path == m.path:  # the save itself, not the picker's index; counted once written
            writes.append(started)

    monkeypatch.setattr(match_mod, "atomic_write", counted)
    m = rapa_nui(autosave=True)
    table = inline(m, hold=True)
    table.subscribe([0, 1], Inbox())
    t0 = table.clock.monotonic()
    for _ in range(2):
        seat = m.to_act()[0]
        table.act(m.legal_actions(seat)[0], seat)
    assert table.runner.names == ["autosave"]  # one saver for both moves
    assert writes == []  # not yet: the move's frame goes first
    table.runner.run()
    assert writes == [t0 + SAVE_DELAY]  # both moves in one write, SAVE_DELAY after the change
    assert len(Match.load(m.path).log) == 2
    # flush wakes a saver that waits (in its thread, by the real clock: an
    # hour here) and returns once the move is on disk
    from tabletop_tui.engine import autosave

    monkeypatch.setattr(autosave, "SAVE_DELAY", 3600.0)  # the saver's own module
    live = Table(m)
    live.subscribe([0, 1], Inbox())
    seat = m.to_act()[0]
    live.act(m.legal_actions(seat)[0], seat)
    assert live.flush(timeout=60) is None
    assert len(Match.load(m.path).log) == 3


def test_a_bot_that_cannot_think_plays_a_random_move_and_says_so(monkeypatch):
    """A failing bot is said in ``alert`` (the standing ``note`` is for
    saving) and a random legal move stands in, so no table stalls (an undo
    may be refused once a card was drawn). The alert crosses the wire
    without the server's path, and a player's next move clears it."""
    from tabletop_tui.engine import table as table_mod
    from tabletop_tui.net.service import wire_update

    def broken(*args):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(table_mod.thinker, "think", broken)
    m = rapa_nui(bots=(None, "search"))
    table = inline(m, hold=True)
    inbox = Inbox()
    table.subscribe([0], inbox)
    while m.to_act() == [0]:  # Ana's turn, to the bot's
        table.act(m.legal_actions(0)[0], 0)
    played = len(m.log)
    assert table.runner.run() >= 1 and table.idle()  # the bot's turn, played out
    up = inbox.last[0]
    assert up.alert == ("Ben (a bot) could not move: something went wrong (RuntimeError), "
                        "so it played a random legal move instead.") and up.note == ""
    assert up.alert_detail.startswith("Details are in ") and up.alert_detail.endswith("crash.log.")
    assert len(m.log) > played and m.log[played].seat == 1, "a stand-in move was played"
    wire = wire_update(up)
    assert wire["alert"] == up.alert and wire["note"] == ""
    assert wire["alert_detail"] == "Details are in the server's crash log; tell its host."  # no server path
    watcher = Inbox()
    table.subscribe(None, watcher)
    assert watcher.last[None].alert == up.alert
    assert 0 in m.to_act()
    table.act(m.legal_actions(0)[0], 0)  # Ana moves on: the alert is old news
    assert inbox.last[0].alert == "" and inbox.last[0].alert_detail == "" and watcher.last[None].alert == ""
    table.close()


def test_a_bot_with_no_move_at_all_holds_the_table_and_says_what_each_can_do(monkeypatch):
    """When not even a random move can be found, the table holds: the
    player is told to undo, a spectator that it waits for a player, and an
    undo clears the alert."""
    from tabletop_tui.engine import table as table_mod

    def broken(*args):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(table_mod.thinker, "think", broken)
    monkeypatch.setattr(table_mod.Table, "_stand_in", lambda self, *a: None)
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="search")], seed=3, autosave=False)
    table = inline(m)
    inbox, watcher = Inbox(), Inbox()
    table.subscribe([0], inbox)
    table.subscribe(None, watcher)
    table.act(m.legal_actions(0)[0], 0)  # the bot's turn is over when this returns
    assert table.runner.names == ["bot-1"] and table.runner.pending == 0
    assert m.to_act() == [1] and len(m.log) == 1, "nothing was played for the bot"
    assert inbox.last[0].alert == ("Ben (a bot) could not move: something went wrong (RuntimeError). "
                                   "Press u to undo or Esc to leave.")
    assert watcher.last[None].alert.endswith("(RuntimeError). Waiting for a player to undo.")
    table.undo(by=0)
    assert inbox.last[0].alert == "" and watcher.last[None].alert == "" and len(m.log) == 0
    table.close()


def test_a_demo_whose_bot_cannot_move_says_step_back(monkeypatch):
    """At a table of bots nobody undoes: a held alert says to step back,
    and a step back clears it."""
    from tabletop_tui.engine import table as table_mod

    def broken(*args):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(table_mod.thinker, "think", broken)
    monkeypatch.setattr(table_mod.Table, "_stand_in", lambda self, *a: None)
    m = rapa_nui(bots=("random", "search"))
    table = inline(m)
    inbox = Inbox()
    table.subscribe(None, inbox)  # the bots play until the search bot fails
    assert table.runner.pending == 0 and "could not move" in inbox.last[None].alert
    assert inbox.last[None].alert.endswith("Press b to step back or Esc to leave.")
    assert table.rewind(1) == 1 and inbox.last[None].alert == ""
    table.close()


def test_a_bot_that_picks_an_illegal_move_gets_a_random_stand_in_and_says_so(monkeypatch):
    """The model refuses a bot's move as it refuses a player's; the table
    plays a random legal move instead and says which rule was broken."""
    from concurrent.futures import Future

    from tabletop_tui.engine import table as table_mod

    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="search")], seed=3, autosave=False)
    table = inline(m)
    first = m.legal_actions(0)[0]

    def same_as_ana(*args):  # Ana's village: taken by then
        done: Future = Future()
        done.set_result(first.model_dump(mode="json"))
        return done

    monkeypatch.setattr(table_mod.thinker, "think", same_as_ana)
    inbox = Inbox()
    table.subscribe([0], inbox)
    table.act(first, 0)
    assert len(m.log) == 2
    alert = inbox.last[0].alert
    assert alert.startswith("Ben (a bot) tried an illegal move (") and alert.endswith(
        "), so it played a random legal move instead.")
    assert m.log[1].seat == 1 and m.log[1].action != first.model_dump(mode="json")
    table.close()

