"""The table service against hand-written clients: the service is the
authority over seats, and bad bytes end only the connection that sent them."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path

import pytest

from tabletop_tui.engine import thinker
from tabletop_tui.net.protocol import MAX_LINE
from tabletop_tui.net.service import Limits, Service

from ..waiting import until


@pytest.fixture(autouse=True)
def _inline_bots():
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


class Client:
    """A crafted client: raw JSON lines over the service's socket."""

    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer
        self.got: list[dict] = []

    @classmethod
    async def open(cls, service: Service, sock: Path, user: str) -> "Client":
        reader, writer = await asyncio.open_unix_connection(str(sock), limit=MAX_LINE * 2)
        c = cls(reader, writer)
        await c.send({"type": "hello", "token": service.issue_token(user)})
        assert (await c.expect("welcome"))["user"] == user
        return c

    async def send(self, msg) -> None:
        self.writer.write(msg if isinstance(msg, bytes) else json.dumps(msg).encode() + b"\n")
        await self.writer.drain()

    async def expect(self, kind: str, timeout: float = 10.0) -> dict:
        """The next message of ``kind`` (others are kept in ``got``)."""
        async def read():
            while True:
                line = await self.reader.readline()
                if not line:
                    raise ConnectionError("closed")
                msg = json.loads(line)
                self.got.append(msg)
                if msg.get("type") == kind:
                    return msg
        return await asyncio.wait_for(read(), timeout)

    async def sync(self) -> None:
        """Read everything the service sent this connection so far: ask for
        the lobby and read up to its answer (one connection's messages
        arrive in the order they were queued)."""
        await self.send({"type": "lobby"})
        await self.expect("lobby")

    async def closed(self, timeout: float = 5.0) -> bool:
        async def drain():
            while await self.reader.readline():
                pass
        try:
            await asyncio.wait_for(drain(), timeout)
        except asyncio.TimeoutError:
            return False
        return True


@pytest.fixture
async def service():
    folder = Path(tempfile.mkdtemp(prefix="tt-svc-"))
    svc = Service(folder / "tables", Limits(actions_per_second=50), bot_delay=0)
    (folder / "tables").mkdir()
    sock = Path(tempfile.mkdtemp(prefix="tt-")) / "s.sock"
    await svc.start(sock)
    svc.sock = sock
    yield svc
    await svc.stop()


async def gone(entry, user: str) -> None:
    """Wait until the service has seen ``user``'s connection to ``entry`` end."""
    await until(lambda: user not in entry.connected(), f"the service to see {user}'s connection end")


async def two_players(service, game="rapa_nui"):
    ana = await Client.open(service, service.sock, "ana")
    ben = await Client.open(service, service.sock, "ben")
    await ana.send({"type": "create", "game": game, "seats": [{}, {}], "take": [0]})
    joined = await ana.expect("joined")
    table_id = joined["table"]
    await ben.send({"type": "join", "table": table_id, "seats": [1]})
    assert (await ben.expect("joined"))["yours"] == [1]
    return ana, ben, service.tables[table_id]


async def test_each_connection_gets_only_its_own_seat(service):
    ana, ben, entry = await two_players(service)
    await ana.sync()
    await ben.sync()
    m = entry.table.match
    for client, me in ((ana, 0), (ben, 1)):
        updates = [u for u in client.got if u["type"] == "update"]
        assert updates
        for u in updates:
            assert set(u["updates"]) == {str(me)}
            view = u["updates"][str(me)]["view"]
            assert view["seat"] == me and view["players"][1 - me]["hand"] is None
    assert [s.name for s in entry.table.seats] == ["ana", "ben"] and entry.owners == ["ana", "ben"]
    assert m.log == []


async def test_acting_for_another_seat_is_refused_and_changes_nothing(service):
    ana, ben, entry = await two_players(service)
    m = entry.table.match
    seat = m.to_act()[0]
    other = ben if seat == 0 else ana
    before = m.state.model_dump()
    action = m.legal_actions(seat)[0].model_dump(mode="json")
    await other.send({"type": "act", "id": 7, "seat": seat, "action": action})
    reply = await other.expect("reply")
    assert reply["id"] == 7 and not reply["ok"] and "not yours" in reply["reason"]
    # asking for the other seat's view: taking it is refused too
    await other.send({"type": "join", "table": entry.id, "seats": [seat]})
    err = await other.expect("error")
    assert "ana's" in err["reason"] or "ben's" in err["reason"]
    assert m.state.model_dump() == before and m.log == []


async def test_garbage_oversized_and_floods_end_only_that_connection(service):
    ana, ben, entry = await two_players(service)
    m = entry.table.match
    before = m.state.model_dump()
    mallory = await Client.open(service, service.sock, "mallory")
    await mallory.send(b"{not json\n")
    assert (await mallory.expect("bye"))["reason"].startswith("That message is not understood")
    assert await mallory.closed()
    huge = await Client.open(service, service.sock, "huge")
    await huge.send(b"x" * (MAX_LINE + 10) + b"\n")
    assert "too long" in (await huge.expect("bye"))["reason"]
    stranger = await Client.open(service, service.sock, "x")  # then a forged second session
    reader, writer = await asyncio.open_unix_connection(str(service.sock))
    writer.write(b'{"type":"hello","token":"guessed"}\n')
    line = await reader.readline()
    assert json.loads(line)["type"] == "bye"
    # a flood of moves for a seat it does not hold: refused or slowed, never applied
    await stranger.send({"type": "join", "table": entry.id, "seats": []})
    await stranger.expect("joined")
    for i in range(200):
        await stranger.send({"type": "act", "id": i, "seat": 0, "action": {"kind": "skip_buy"}})
    replies = 0
    while replies < 200:
        r = await stranger.expect("reply")
        assert not r["ok"]
        replies += 1
    assert m.state.model_dump() == before and m.log == []
    # the players' game goes on
    seat = m.to_act()[0]
    player = ana if seat == 0 else ben
    await player.send({"type": "act", "id": 1, "seat": seat,
                       "action": m.legal_actions(seat)[0].model_dump(mode="json")})
    assert (await player.expect("reply"))["ok"] and len(m.log) == 1


async def test_a_dropped_player_gets_the_seat_back(service):
    ana, ben, entry = await two_players(service)
    ben.writer.close()
    await gone(entry, "ben")
    assert entry.owners[1] == "ben" and "ben" not in entry.connected()
    # another user cannot take it; ben can
    eve = await Client.open(service, service.sock, "eve")
    await eve.send({"type": "join", "table": entry.id, "seats": [1]})
    assert "ben's" in (await eve.expect("error"))["reason"]
    ben2 = await Client.open(service, service.sock, "ben")
    await ben2.send({"type": "join", "table": entry.id, "seats": [1]})
    assert (await ben2.expect("joined"))["yours"] == [1]
    # the creator may hand an absent player's seat to a bot, not a present one's
    await ana.send({"type": "set_bot", "table": entry.id, "seat": 1, "bot": "random"})
    assert "here" in (await ana.expect("error"))["reason"]
    ben2.writer.close()
    await gone(entry, "ben")
    await ana.send({"type": "set_bot", "table": entry.id, "seat": 1, "bot": "random"})
    await ana.expect("lobby")
    assert entry.table.seats[1].bot == "random"


async def test_a_whole_game_between_two_connections(service):
    ana, ben, entry = await two_players(service, game="tiki")
    m = entry.table.match
    clients = {0: ana, 1: ben}
    rng = random.Random(7)  # the table's seed is its own: a fixed move order could cycle
    for i in range(3000):
        if m.is_over():
            break
        seat = m.to_act()[0]
        action = rng.choice(m.legal_actions(seat)).model_dump(mode="json")
        await clients[seat].send({"type": "act", "id": i, "seat": seat, "action": action})
        assert (await clients[seat].expect("reply"))["ok"]
    assert m.is_over()
    await ana.sync()
    last = [u for u in ana.got if u["type"] == "update"][-1]["updates"]["0"]
    assert last["result"]["winners"] == m.result().winners


async def test_tables_resume_after_a_restart(service):
    ana, ben, entry = await two_players(service)
    m = entry.table.match
    seat = m.to_act()[0]
    entry.table.act(m.legal_actions(seat)[0], seat)
    entry.table.flush()
    log = list(m.log)
    folder = service.folder
    await service.stop()
    again = Service(folder, bot_delay=0)
    assert again.resume() == 1
    back = again.tables[entry.id]
    assert back.owners == ["ana", "ben"] and back.table.match.log == log
    for t in again.tables.values():
        t.table.close()


async def test_chat_is_plain_one_line_length_limited_and_rate_limited(service):
    from tabletop_tui.net.protocol import MAX_CHAT

    ana, ben, entry = await two_players(service)
    await ana.send({"type": "chat", "text": "[b]hi[/b]\x1b[2J\nthere\x07 " + "x" * 400})
    line = (await ben.expect("chat"))
    assert line["name"] == "ana" and line["text"].startswith("[b]hi[/b]")
    assert "\x1b" not in line["text"] and "\n" not in line["text"] and "\x07" not in line["text"]
    assert len(line["text"]) <= MAX_CHAT
    assert (await ana.expect("chat"))["text"] == line["text"]  # the sender sees it too
    # a burst of 3 lines goes through; the next is refused until the bucket refills
    await ana.send({"type": "chat", "text": "two"})
    await ana.send({"type": "chat", "text": "three"})
    await ana.send({"type": "chat", "text": "four"})
    err = await ana.expect("error")
    assert "Too many lines" in err["reason"]
    assert [t for n, t in entry.chat][-2:] == ["two", "three"]
    # chat is for the people at a table
    lonely = await Client.open(service, service.sock, "lonely")
    await lonely.send({"type": "chat", "text": "anyone?"})
    assert "people at a table" in (await lonely.expect("error"))["reason"]


async def test_moves_and_hints_are_rate_limited_per_connection(service):
    service.limits.actions_per_second = 1.0  # a burst of 4, then one a second
    service.limits.hints_per_minute = 1.0  # a burst of 2
    ana = await Client.open(service, service.sock, "ana")  # both seats at one keyboard
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0, 1]})
    entry = service.tables[(await ana.expect("joined"))["table"]]
    m = entry.table.match
    replies = []
    for i in range(8):
        seat = m.to_act()[0]
        await ana.send({"type": "act", "id": i, "seat": seat,
                        "action": m.legal_actions(seat)[0].model_dump(mode="json")})
        replies.append(await ana.expect("reply"))
    refused = [r for r in replies if not r["ok"]]
    assert refused and all("Too fast" in r["reason"] for r in refused)
    assert len(m.log) == 8 - len(refused) and len(m.log) <= 5
    seat, client = m.to_act()[0], ana
    labels = []
    for _ in range(3):
        await client.send({"type": "hint", "seat": seat})
        labels.append((await client.expect("hint"))["label"])
    assert "One hint at a time" in labels[-1]


async def test_the_creator_hands_an_absent_seat_to_a_bot_and_back(service):
    ana, ben, entry = await two_players(service, game="tiki")
    ben.writer.close()
    await gone(entry, "ben")
    await ana.send({"type": "set_bot", "table": entry.id, "seat": 1, "bot": "search", "level": 1})
    await ana.expect("lobby")
    assert entry.table.seats[1].bot == "search" and entry.owners[1] == "ben"
    # only the creator may
    eve = await Client.open(service, service.sock, "eve")
    await eve.send({"type": "set_bot", "table": entry.id, "seat": 1, "bot": None})
    assert "creator" in (await eve.expect("error"))["reason"]
    await ana.send({"type": "set_bot", "table": entry.id, "seat": 1, "bot": None})
    await ana.expect("lobby")
    assert entry.table.seats[1].is_human and entry.table.seats[1].name == "ben"
    ben2 = await Client.open(service, service.sock, "ben")
    await ben2.send({"type": "join", "table": entry.id, "seats": [1]})
    assert (await ben2.expect("joined"))["yours"] == [1]
    # never the creator's own seat, even from the lobby (where she counts as away)
    await ana.send({"type": "leave"})
    await ana.send({"type": "set_bot", "table": entry.id, "seat": 0, "bot": "search", "level": 1})
    assert "That seat is yours" in (await ana.expect("error"))["reason"]
    assert entry.table.seats[0].is_human


async def test_everyone_at_the_table_hears_who_comes_and_goes(service):
    ana, ben, entry = await two_players(service)
    ben.writer.close()
    seats = await ana.expect("seats")
    while seats["seats"][1][4] != "away":
        seats = await ana.expect("seats")
    assert seats["seats"][0][4] == "here"
    ben2 = await Client.open(service, service.sock, "ben")
    await ben2.send({"type": "join", "table": entry.id, "seats": [1]})
    seats = await ana.expect("seats")
    assert [row[4] for row in seats["seats"]] == ["here", "here"]


async def test_the_coach_answers_a_seat_of_the_connection_and_no_other(service):
    """Over the wire, ``coach`` gives the seat's best legal moves with their
    estimate and why; another player's seat is refused and changes nothing."""
    ana, ben, entry = await two_players(service, game="tiki")
    m = entry.table.match
    seat = m.to_act()[0]
    mover, other = (ana, ben) if seat == 0 else (ben, ana)
    await mover.send({"type": "coach", "seat": seat})
    got = await mover.expect("coach", timeout=30)
    legal = [a.model_dump(mode="json") for a in m.legal_actions(seat)]
    assert got["seat"] == seat and got["serial"] == entry.table.serial and 1 <= len(got["suggestions"]) <= 3
    for s in got["suggestions"]:
        assert s["action"] in legal and s["label"] and "% to win" in s["estimate"] and 0 <= s["value"] <= 1
    before = (len(m.log), entry.table.serial)
    await other.send({"type": "coach", "seat": seat})
    assert "not yours" in (await other.expect("error"))["reason"]
    assert (len(m.log), entry.table.serial) == before


async def test_a_table_created_with_coach_flags_tells_its_player_of_a_slip(service):
    """``create`` carries the setup's coach box: the table's coach then
    judges each human move (off unless asked), leanly as a server's must
    (only once a move is made, see tests/engine/test_coach_scheduling.py)."""
    ana = await Client.open(service, service.sock, "ana")
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0], "coach_flags": True})
    flagged = service.tables[(await ana.expect("joined"))["table"]]
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0]})
    plain = service.tables[(await ana.expect("joined"))["table"]]
    assert flagged.table.coach_flags and flagged.table.match.coach_flags
    assert not plain.table.coach_flags
    assert flagged.table.lean_coach and plain.table.lean_coach


async def test_a_slip_at_a_server_table_reaches_its_player_only_after_the_move(service, monkeypatch):
    """At a coach table of the server the move goes out first; the coach's
    two looks (quick, then closer) come after, and the word reaches the
    mover's connection only."""
    from concurrent.futures import Future

    from tabletop_tui.engine import coach

    sent_before_look: list[bool] = []

    def rank(game_id, state, seat, level, seed, *, later=False, iterations=None):
        entry = next(iter(service.tables.values()))
        sent_before_look.append(entry.table.serial > 0 and len(entry.table.match.log) == 1)
        legal = entry.table.game.legal_actions(state, seat)
        best, slip = legal[0], legal[-1]
        drop = 0.6 if iterations == coach.SCREEN_ITERATIONS else 0.9
        f: Future = Future()
        f.set_result([(best.model_dump(mode="json"), 0.95, 600), (slip.model_dump(mode="json"), 0.95 - drop, 40)])
        return f

    monkeypatch.setattr(thinker, "rank", rank)
    ana = await Client.open(service, service.sock, "ana")
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0], "coach_flags": True,
                    "options": {"first_player": "Purple"}})
    table_id = (await ana.expect("joined"))["table"]
    ben = await Client.open(service, service.sock, "ben")
    await ben.send({"type": "join", "table": table_id, "seats": [1]})
    await ben.expect("joined")
    table = service.tables[table_id].table
    slip = table.game.legal_actions(table.match.state, 0)[-1]
    await ana.send({"type": "act", "id": 1, "seat": 0, "action": slip.model_dump(mode="json")})
    while True:
        up = (await ana.expect("update"))["updates"]["0"]
        if up.get("coach"):
            break
    assert up["coach"].startswith("Coach: that move looks like a slip")
    assert sent_before_look == [True, True], "both looks came after the move (quick, then closer)"
    await ben.sync()
    assert not any(m.get("type") == "update" and m["updates"]["1"].get("coach") for m in ben.got)
