"""The server's records (SQLite): names bound to keys and passphrases, bans,
finished games and ratings; and what a damaged, locked, read-only or shared
data folder does to `tabletop serve`."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tabletop_tui.net.identity import Doorman
from tabletop_tui.net.records import DB_NAME, Records, RecordsError, lock_folder
from tabletop_tui.net.service import Limits, Service

from ..waiting import until
from .test_service import Client, _inline_bots  # noqa: F401  (the fixture: bots think inline)
from .test_ssh import free_port


@pytest.fixture
def records(tmp_path):
    r = Records(tmp_path)
    yield r
    r.close()


def test_the_first_key_claims_a_name_and_another_key_cannot_have_it(records):
    assert records.claim_key("ana", "SHA256:aaa") == "ana"
    assert records.claim_key("ana", "SHA256:aaa") == "ana"  # the same key again
    assert records.claim_key("ana", "SHA256:bbb") is None
    assert records.claim_key("ANA", "SHA256:bbb") is None  # one name however it is spelt
    assert records.claim_key("Ａｎａ", "SHA256:bbb") is None  # fullwidth letters fold to the same name
    assert records.claim_key("ANA", "SHA256:aaa") == "ana"  # the holder gets the name as first claimed
    assert records.claim_key("ana2", "SHA256:bbb") == "ana2"  # one key may hold several names
    assert records.suggest("ana") == "ana3"
    assert records.holder("ana").fingerprint == "SHA256:aaa"


def test_a_passphrase_claims_a_free_name_stored_as_a_slow_hash(records):
    records.claim_key("ana", "SHA256:aaa")
    assert records.claim_passphrase("ana", "secret words") is None  # a key holds it
    assert records.claim_passphrase("ben", "secret words") == "ben"
    assert records.claim_passphrase("Ben", "other words") is None  # claimed once
    assert records.check_passphrase("BEN", "secret words") == "ben"
    assert records.check_passphrase("ben", "wrong words") is None
    assert records.claim_key("ben", "SHA256:bbb") is None  # a key cannot take a passphrase's name
    raw = records.db.execute("SELECT salt, hash FROM names WHERE key='ben'").fetchone()
    assert len(raw[0]) == 16 and len(raw[1]) == 32 and b"secret" not in raw[1]
    assert records.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_free_and_ban_names_and_keys(records):
    records.claim_key("ana", "SHA256:aaa")
    assert records.free("Ana") and not records.free("ana")
    assert records.claim_key("ana", "SHA256:bbb") == "ana"  # free again: the next key claims it
    assert records.ban("eve") == "name" and records.ban("SHA256:ccc") == "key"
    assert records.banned_name("EVE") and records.banned_key("SHA256:ccc") and not records.banned_key("SHA256:bbb")
    assert records.bans() == [("key", "SHA256:ccc"), ("name", "eve")]
    assert records.unban("eve") and not records.banned_name("eve")


class _Key:
    def __init__(self, fp: str) -> None:
        self.fp = fp

    def get_fingerprint(self) -> str:
        return self.fp


def test_the_door_cleans_names_and_refuses_with_a_sentence(records):
    """Markup, escapes and 10 kB names are cleaned as the lobby always did;
    a name with nothing printable is refused (it never becomes a shared
    "guest"); another key's name is refused with the way to connect instead."""
    door = Doorman(records, lambda: None, None, open_door=True)
    door.where = ("127.0.0.1", 2222)
    assert door.key_allowed(_Key("SHA256:aaa"))
    got = door.completed("[red]ana[/red]\x1b]0;title\x07" + "x" * 10_000)
    assert got.name == "[red]ana[/red]" + "x" * 10 and not got.refusal
    for blank in ("\x1b[31m\x07", "\u202e\u200b", ""):
        door = Doorman(records, lambda: None, None, open_door=True)
        door.key_allowed(_Key("SHA256:bbb"))
        got = door.completed(blank)
        assert not got.name and "has no letters" in got.refusal
    door = Doorman(records, lambda: None, None, open_door=True)
    door.where = ("127.0.0.1", 2222)
    door.key_allowed(_Key("SHA256:bbb"))
    got = door.completed("[RED]ANA[/red]" + "x" * 50)
    assert not got.name
    assert got.refusal == ("The name [RED]ANA[/red]xxxxxxxxxx belongs to another key; connect as another name, "
                           "e.g. ssh -p 2222 [RED]ANA[/red]xxxxxxxxx2@127.0.0.1")
    records.ban("SHA256:ddd")
    assert not Doorman(records, lambda: None, None, open_door=True).key_allowed(_Key("SHA256:ddd"))


async def test_the_password_door_asks_a_new_name_for_a_passphrase_and_checks_it_later(records):
    door = Doorman(records, lambda: None, "table", open_door=False)
    _, text, _, prompts = door.challenge("ben")
    assert "is free: choose a passphrase" in text and len(prompts) == 3
    assert await door.respond("ben", ["wrong", "pass-ben", "pass-ben"]) is False
    again = await door.respond("ben", ["table", "pass-ben", "pass-bem"])
    assert "differ" in again[1] and len(again[3]) == 2  # asked again, not the table password
    assert await door.respond("ben", ["pass-ben", "pass-ben"]) is True and door.completed("ben").name == "ben"
    door = Doorman(records, lambda: None, "table", open_door=False)
    assert len(door.challenge("Ben")[3]) == 2  # the table password and ben's passphrase
    assert await door.respond("Ben", ["table", "pass-bem"]) is False
    assert await door.respond("Ben", ["table", "pass-ben"]) is True and door.completed("Ben").name == "ben"
    # a key's name: the table password lets the player in, to be told it is not theirs
    records.claim_key("ana", "SHA256:aaa")
    door = Doorman(records, lambda: None, "table", open_door=False)
    assert len(door.challenge("ana")[3]) == 1
    assert await door.respond("ana", ["table"]) is True
    got = door.completed("ana")
    assert not got.name and got.refusal.startswith("The name ana belongs to a key")


def test_a_damaged_database_is_refused_and_left_as_it_is(tmp_path):
    junk = b"SQLite format 3\x00" + bytes(range(256)) * 20
    (tmp_path / DB_NAME).write_bytes(junk)
    with pytest.raises(RecordsError) as err:
        Records(tmp_path)
    assert "is damaged; it was left as it is" in err.value.reason
    assert (tmp_path / DB_NAME).read_bytes() == junk
    assert not (tmp_path / (DB_NAME + "-wal")).exists()


def test_a_locked_database_is_refused_and_left_as_it_is(tmp_path):
    Records(tmp_path).close()
    other = sqlite3.connect(str(tmp_path / DB_NAME), isolation_level=None)
    other.execute("PRAGMA journal_mode=DELETE")  # another program, without WAL, holding it
    before = (tmp_path / DB_NAME).read_bytes()
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(RecordsError) as err:
            Records(tmp_path, timeout=0.2)
        assert "is locked by another program" in err.value.reason
        assert (tmp_path / DB_NAME).read_bytes() == before
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_second_server_on_one_folder_is_refused(tmp_path):
    lock = lock_folder(tmp_path)
    try:
        with pytest.raises(RecordsError) as err:
            lock_folder(tmp_path)
        assert "Another tabletop server is using the data folder" in err.value.reason
    finally:
        lock.release()
    lock_folder(tmp_path).release()  # free once the first let go


def serve_cmd(data: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABLETOP_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "tabletop_tui.cli", *args], env=env, capture_output=True,
                          text=True, timeout=60)


def test_serve_refuses_a_damaged_database_and_a_second_server_in_one_sentence(tmp_path):
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    junk = b"this is not a database" * 100
    (data / "server" / DB_NAME).write_bytes(junk)
    out = serve_cmd(data, "serve", "--open", "--port", str(free_port()))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.strip().startswith("tabletop: The server's database") and "is damaged" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert (data / "server" / DB_NAME).read_bytes() == junk
    (data / "server" / DB_NAME).unlink()
    lock = lock_folder(data / "server")  # a server already serves this folder
    try:
        out = serve_cmd(data, "serve", "--open", "--port", str(free_port()))
    finally:
        lock.release()
    assert out.returncode == 1 and "Another tabletop server is using the data folder" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare for a read-only mount")
def test_serve_reports_a_read_only_data_folder(tmp_path):
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    env = {**os.environ, "TABLETOP_DATA_DIR": str(data)}
    cmd = (f"mount --bind {data} {data} && mount -o remount,bind,ro {data} && "
           f"exec {sys.executable} -m tabletop_tui.cli serve --open --port {free_port()}")
    out = subprocess.run(["unshare", "-m", "sh", "-c", cmd], env=env, capture_output=True, text=True, timeout=60)
    if "mount" in out.stderr and "tabletop" not in out.stderr:
        pytest.skip("this machine allows no read-only mount")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "cannot be used: it is read-only." in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_tabletop_names_lists_frees_and_bans_while_the_records_are_open(tmp_path):
    data = tmp_path / "data"
    (data / "server").mkdir(parents=True)
    assert "No names yet" in serve_cmd(data, "names").stdout
    records = Records(data / "server")  # as the running server holds them
    lock = lock_folder(data / "server")
    try:
        records.claim_key("ana", "SHA256:aaa")
        records.claim_passphrase("ben", "secret words")
        out = serve_cmd(data, "names")
        assert out.returncode == 0 and "ana" in out.stdout and "key SHA256:aaa" in out.stdout
        assert "passphrase" in out.stdout.split("ben", 1)[1]
        assert serve_cmd(data, "names", "free", "ana").returncode == 0
        assert records.holder("ana") is None  # the server sees it at once
        assert serve_cmd(data, "names", "ban", "SHA256:eee").returncode == 0
        assert serve_cmd(data, "names", "ban", "mallory").returncode == 0
        assert records.banned_key("SHA256:eee") and records.banned_name("Mallory")
        out = serve_cmd(data, "names", "free", "nobody")
        assert out.returncode == 1 and "nobody holds the name nobody" in out.stderr
        assert serve_cmd(data, "names", "ban").returncode == 2
    finally:
        lock.release()
        records.close()


# -- the service: one player, one connection; finished games --------------------------------------
@pytest.fixture
async def served(tmp_path):
    svc = Service(tmp_path / "tables", Limits(actions_per_second=200), bot_delay=0)
    (tmp_path / "tables").mkdir()
    svc.records = Records(tmp_path)
    sock = Path(tempfile.mkdtemp(prefix="tt-")) / "s.sock"
    await svc.start(sock)
    svc.sock = sock
    yield svc
    await svc.stop()
    svc.records.close()


async def test_the_same_player_joining_again_takes_over_and_the_old_connection_goes_to_the_lobby(served):
    ana = await Client.open(served, served.sock, "ana")
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0, 1]})
    table_id = (await ana.expect("joined"))["table"]
    entry = served.tables[table_id]
    again = await Client.open(served, served.sock, "ana")
    moved = await ana.expect("moved")
    assert moved["reason"] == "You joined from another terminal."
    assert ana not in entry.conns and not any(c.seats for c in served.conns if c.user == "ana")
    await again.send({"type": "join", "table": table_id, "seats": [0, 1]})
    assert (await again.expect("joined"))["yours"] == [0, 1]
    # the old connection can no longer move for the seat
    m = entry.table.match
    seat = m.to_act()[0]
    action = m.legal_actions(seat)[0].model_dump(mode="json")
    await ana.send({"type": "act", "id": 1, "seat": seat, "action": action})
    assert (await ana.expect("reply"))["ok"] is False and m.log == []
    # and if it takes the seat back, the newer one goes to the lobby: never two at one seat
    await ana.send({"type": "join", "table": table_id, "seats": [0, 1]})
    await ana.expect("joined")
    assert (await again.expect("moved"))["reason"] == "You joined from another terminal."
    assert [len([c for c in entry.conns if s in c.seats]) for s in (0, 1)] == [1, 1]


async def test_a_finished_game_is_recorded_once_and_rated(served):
    from tabletop_tui.net import history

    ana = await Client.open(served, served.sock, "ana")
    ben = await Client.open(served, served.sock, "ben")
    await ana.send({"type": "create", "game": "tiki", "seats": [{}, {}], "take": [0]})
    table_id = (await ana.expect("joined"))["table"]
    await ben.send({"type": "join", "table": table_id, "seats": [1]})
    await ben.expect("joined")
    entry = served.tables[table_id]
    m = entry.table.match
    clients = {0: ana, 1: ben}
    rng = random.Random(7)
    for i in range(3000):
        if m.is_over():
            break
        seat = m.to_act()[0]
        action = rng.choice(m.legal_actions(seat)).model_dump(mode="json")
        await clients[seat].send({"type": "act", "id": i, "seat": seat, "action": action})
        assert (await clients[seat].expect("reply"))["ok"]
    assert m.is_over()
    records = served.records
    await until(lambda: records.recent("ana"), "the finished game's record")
    [game] = records.recent("ana")
    assert game["id"] == table_id and [p["name"] for p in game["players"]] == ["ana", "ben"]
    board = dict((n, r) for n, r, _ in records.leaderboard("tiki"))
    winner = ["ana", "ben"][m.result().winners[0]] if m.result().winners else None
    assert set(board) == {"ana", "ben"}
    if winner:
        assert board[winner] > board[{"ana": "ben", "ben": "ana"}[winner]]
    assert history.record_match(served, table_id, m, ["ana", "ben"]) is False  # once only
    assert records.db.execute("SELECT played FROM ratings WHERE key='ana'").fetchone()[0] == 1
    # the lobby's records: ana's recent game, the leaderboards; the replay of her game
    await ana.send({"type": "records"})
    got = await ana.expect("records")
    assert got["recent"][0]["id"] == table_id and got["recent"][0]["with"] == ["ben"]
    tiki = next(b for b in got["boards"] if b["game"] == "tiki")
    assert {r[0] for r in tiki["rows"]} == {"ana", "ben"}
    await ana.send({"type": "replay", "game": table_id})
    assert '"log"' in (await ana.expect("replay"))["save"]
    eve = await Client.open(served, served.sock, "eve")
    await eve.send({"type": "replay", "game": table_id})
    assert (await eve.expect("error"))["reason"] == "That is not one of your games."


def test_a_co_operative_game_keeps_the_team_record_not_ratings(records):
    for won in (True, False, True):
        gid = f"n{random.random()}"
        records.record_game(gid, "nisyros", [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "ben"}],
                            cooperative=True, won=won, summary="", save="")
    assert records.team_records("nisyros") == [("ana, ben", 2, 1)]
    assert records.leaderboard("nisyros") == []
