"""Match: seats, autosave (atomic, under TABLETOP_DATA_DIR), load by replay,
refusal of damaged saves, and undo with its reveal barrier."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop_tui.engine import IllegalAction, Match, SaveError, SeatConfig, list_saves
from tabletop_tui.engine import storage
from tabletop_tui.games.tiki.rules import Move, Place

from .secret_game import Bump, Draw, Guess, SecretGame, registered

ANA, BEN = SeatConfig(name="Ana"), SeatConfig(name="Ben")
PURPLE, YELLOW = 0, 1


def tiki_match(**kw) -> Match:
    kw.setdefault("seed", 11)
    return Match("tiki", [ANA, BEN], {"first_player": "Purple"}, **kw)


def play_some(match: Match, n: int) -> None:
    """Play ``n`` actions: each the first legal action of the seat to act."""
    for _ in range(n):
        (seat,) = match.to_act()
        match.apply(match.legal_actions(seat)[0], seat)


@pytest.fixture
def secret():
    with registered(SecretGame()) as game:
        yield game


# -- seats ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 3, 5])
def test_seat_count_outside_min_max_is_refused(n):
    with pytest.raises(IllegalAction) as info:
        Match("tiki", [SeatConfig(name=f"P{i}") for i in range(n)])
    assert "Tiki is for 2 players" in info.value.reason and str(n) in info.value.reason


def test_unknown_game_is_refused():
    with pytest.raises(IllegalAction) as info:
        Match("chess", [ANA, BEN])
    assert "Known games" in info.value.reason and "tiki" in info.value.reason


def test_bad_options_and_seats_are_refused():
    with pytest.raises(IllegalAction):
        Match("tiki", [ANA, BEN], {"shaman": "sometimes"})
    with pytest.raises(ValueError):
        SeatConfig(name="")
    with pytest.raises(ValueError):
        SeatConfig(name="Ana", bot="genius")


def test_a_seat_that_does_not_exist_cannot_act():
    match = tiki_match()
    with pytest.raises(IllegalAction) as info:
        match.apply(Place(village=0), 2)
    assert "no such seat" in info.value.reason
    assert match.log == []


# -- autosave ----------------------------------------------------------------------------------

def test_autosave_after_every_action_under_the_data_dir(_data_dir):
    match = tiki_match()
    assert match.path is not None
    assert match.path.parent == _data_dir / "saves"
    assert match.path.name == f"tiki-{match.match_id}.json"
    for n in range(1, 6):
        play_some(match, 1)
        data = json.loads(match.path.read_text(encoding="utf-8"))
        assert data["format"] == "tabletop-tui-save" and data["version"] == 1
        assert data["game"] == "tiki" and data["seed"] == 11
        assert len(data["log"]) == n
        assert data["snapshot"] == json.loads(match.state.model_dump_json())
        assert [s["name"] for s in data["seats"]] == ["Ana", "Ben"]
    meta = match.path.with_suffix(".meta")
    assert sorted(p.name for p in match.path.parent.iterdir()) == sorted([match.path.name, meta.name]), \
        "the save and its summary, no temp files left"


def test_nothing_is_written_to_the_real_user_data_dir(_data_dir):
    assert os.environ["TABLETOP_DATA_DIR"] == str(_data_dir)
    assert storage.data_dir() == _data_dir


def test_no_autosave_when_turned_off(_data_dir, tmp_path):
    match = tiki_match(autosave=False)
    play_some(match, 3)
    assert not (_data_dir / "saves").exists() or not any((_data_dir / "saves").iterdir())
    target = match.save(tmp_path / "by-hand.json")
    assert target.exists() and Match.load(target).state == match.state


def test_atomic_write_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    storage.atomic_write(target, "old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", boom)
    with pytest.raises(OSError):
        storage.atomic_write(target, "new" * 1000)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"], "the temp file is cleaned up"


def test_atomic_write_replaces_in_one_step(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    storage.atomic_write(target, "old")
    calls = []
    real = os.replace

    def spy(src, dst):
        calls.append((Path(src).parent, Path(dst)))
        assert Path(src).read_text() == "new", "the full text is written before the rename"
        assert target.read_text() == "old"
        real(src, dst)

    monkeypatch.setattr(storage.os, "replace", spy)
    storage.atomic_write(target, "new")
    assert calls == [(tmp_path, target)] and target.read_text() == "new"


def test_list_saves(tmp_path):
    a = tiki_match(seed=1)
    play_some(a, 2)
    (a.path.parent / "junk.json").write_text("{")
    found = {e.path.name: e for e in list_saves()}
    assert found[a.path.name].summary is not None and found[a.path.name].summary.game == "tiki"
    assert found[a.path.name].summary.moves == 2 and [s.name for s in found[a.path.name].summary.seats] == ["Ana", "Ben"]
    assert found["junk.json"].summary is None and "not JSON" in found["junk.json"].note


# -- load --------------------------------------------------------------------------------------

def test_load_replays_the_log_and_reaches_the_snapshot():
    match = tiki_match()
    play_some(match, 12)
    loaded = Match.load(match.path)
    assert loaded.state == match.state
    assert loaded.log == match.log and loaded.history == match.history
    assert loaded.seats == match.seats and loaded.seed == match.seed
    assert loaded.options == match.options and loaded.match_id == match.match_id
    assert loaded.path == match.path
    # ... and carries on, saving to the same file
    play_some(loaded, 1)
    assert len(json.loads(match.path.read_text())["log"]) == 13


def valid_save() -> tuple[Path, dict]:
    match = tiki_match()
    play_some(match, 6)
    return match.path, json.loads(match.path.read_text())


def put(path: Path, data) -> None:
    path.write_text(json.dumps(data))


def mutate(fn):
    def apply(path: Path, data: dict) -> None:
        fn(data)
        put(path, data)
    return apply


def set_log_action(i, action):
    def fn(d):
        d["log"][i]["action"] = action
    return fn


CORRUPT = [
    ("not JSON", lambda p, d: p.write_text("{this is not json"), "not JSON"),
    ("empty file", lambda p, d: p.write_bytes(b""), "not JSON"),
    ("binary", lambda p, d: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff"), "not JSON"),
    ("a JSON list", lambda p, d: put(p, [1, 2, 3]), "not a tabletop-tui save"),
    ("wrong format tag", mutate(lambda d: d.update(format="other-app-save")), "not a tabletop-tui save"),
    ("no format tag", mutate(lambda d: d.pop("format")), "not a tabletop-tui save"),
    ("other version", mutate(lambda d: d.update(version=2)), "another version"),
    ("version as text", mutate(lambda d: d.update(version="1")), "another version"),
    ("missing log", mutate(lambda d: d.pop("log")), "damaged"),
    ("missing seats", mutate(lambda d: d.pop("seats")), "damaged"),
    ("missing snapshot", mutate(lambda d: d.pop("snapshot")), "damaged"),
    ("seed not a number", mutate(lambda d: d.update(seed="abc")), "damaged"),
    ("an illegal move in the log", mutate(set_log_action(1, {"kind": "pass"})), "not legal"),
    ("a move twice on one village", mutate(lambda d: d["log"].insert(1, d["log"][0])), "not legal"),
    ("a log entry for a seat that is not there", mutate(lambda d: d["log"][0].update(seat=5)), "not legal"),
    ("an action no game has", mutate(set_log_action(0, {"kind": "fly"})), "damaged"),
    ("snapshot differs from the replay", mutate(lambda d: d["snapshot"].update(reserve=3)), "does not reach"),
    ("a shortened log", mutate(lambda d: d["log"].pop()), "does not reach"),
    ("an unknown game", mutate(lambda d: d.update(game="chess")), "does not have"),
    ("invalid options", mutate(lambda d: d.update(options={"shaman": "often"})), "damaged"),
    ("three seats for Tiki", mutate(lambda d: d["seats"].append({"name": "Cy"})), "damaged"),
]


def assert_plain(err: SaveError) -> None:
    """A message for a person: one line, no traceback or library noise, and
    no chained exception to print."""
    msg = err.reason
    assert msg == str(err) and msg.endswith(".")
    assert "\n" not in msg and 10 < len(msg) < 300, msg
    for noise in ("Traceback", "pydantic", "errors.pydantic.dev", "object at 0x", "Error:"):
        assert noise not in msg, msg
    assert err.__cause__ is None
    assert err.__context__ is None or err.__suppress_context__


@pytest.mark.parametrize("break_it,words", [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_a_damaged_save_is_refused_with_a_plain_reason(break_it, words):
    path, data = valid_save()
    break_it(path, data)
    with pytest.raises(SaveError) as info:
        Match.load(path)
    assert words.lower() in info.value.reason.lower(), info.value.reason
    assert_plain(info.value)


def test_a_folder_is_not_a_save(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(SaveError) as info:
        Match.load(tmp_path / "folder.json")
    assert "folder" in info.value.reason
    assert_plain(info.value)


def test_a_missing_file(tmp_path):
    with pytest.raises(SaveError) as info:
        Match.load(tmp_path / "nope.json")
    assert "no file" in info.value.reason.lower()
    assert_plain(info.value)


def test_loading_a_damaged_save_does_not_overwrite_it():
    path, data = valid_save()
    data["snapshot"]["reserve"] = 3
    put(path, data)
    before = path.read_bytes()
    with pytest.raises(SaveError):
        Match.load(path)
    assert path.read_bytes() == before


def test_a_save_of_a_test_only_game_loads_while_it_is_registered(secret, tmp_path):
    match = Match(secret.id, [ANA, BEN], seed=4)
    match.apply(Bump(by=2), match.to_act()[0])
    match.apply(Draw(), match.to_act()[0])
    assert Match.load(match.path).state == match.state
    from tabletop_tui.engine import registry
    registry.unregister(secret.id)
    with pytest.raises(SaveError) as info:
        Match.load(match.path)
    assert "does not have" in info.value.reason
    registry.register(secret)


# -- undo ----------------------------------------------------------------------------------------

def test_undo_with_nothing_to_undo():
    match = tiki_match()
    assert match.undo_refusal() == "There is nothing to undo yet."
    with pytest.raises(IllegalAction) as info:
        match.undo()
    assert info.value.reason == "There is nothing to undo yet."


def test_undo_removes_the_last_action_between_two_humans():
    match = tiki_match()
    play_some(match, 3)
    state_before_last = None
    replay = tiki_match(autosave=False)
    for entry in match.log[:-1]:
        replay.apply(entry.action, entry.seat)
    state_before_last = replay.state
    assert match.undo() == 1
    assert match.state == state_before_last and len(match.log) == 2 and len(match.history) == 2
    assert len(json.loads(match.path.read_text())["log"]) == 2, "undo is saved"
    assert match.undo() == 1 and match.undo() == 1
    assert match.state == tiki_match(autosave=False).state
    with pytest.raises(IllegalAction):
        match.undo()


def test_undo_takes_back_the_bot_replies_too():
    match = Match("tiki", [ANA, SeatConfig(name="Bot", bot="random")], {"first_player": "Purple"}, seed=5)
    fresh = match.state.model_copy(deep=True)
    match.apply(Place(village=4), PURPLE)
    after_human = match.state.model_copy(deep=True)
    assert match.play_bots() >= 1
    assert match.humans_to_act() == [PURPLE]
    bot_moves = len(match.log) - 1
    assert match.undo_count() == 1 + bot_moves
    assert match.undo() == 1 + bot_moves
    assert match.state == fresh and match.log == []
    assert match.state != after_human


def test_undo_is_refused_when_only_bots_have_acted():
    match = Match("tiki", [SeatConfig(name="Bot", bot="random"), BEN], {"first_player": "Purple"}, seed=5)
    match.play_bots()
    assert len(match.log) >= 1 and match.humans_to_act() == [YELLOW]
    why = match.undo_refusal()
    assert why and "nothing" in why.lower()
    with pytest.raises(IllegalAction):
        match.undo()
    assert len(match.log) >= 1


def test_undo_stops_at_a_reveal(secret):
    match = Match(secret.id, [ANA, BEN], seed=9)
    first = match.to_act()[0]
    match.apply(Bump(by=1), first)
    assert match.undo() == 1 and match.log == [], "a bump reveals nothing: it can be undone"

    match.apply(Draw(), first)  # a card is drawn: chance revealed
    assert match.log[-1].reveals
    why = match.undo_refusal()
    assert why == "That cannot be undone: something hidden or random was revealed since."
    before = match.state.model_dump()
    with pytest.raises(IllegalAction) as info:
        match.undo()
    assert info.value.reason == why and match.state.model_dump() == before

    second = match.to_act()[0]
    match.apply(Bump(by=1), second)  # after the reveal: this one may be undone
    assert match.undo() == 1
    assert match.state.model_dump() == before
    with pytest.raises(IllegalAction):
        match.undo()


def test_a_bot_reveal_after_the_human_action_blocks_undo(secret):
    match = Match(secret.id, [ANA, SeatConfig(name="Bot", bot="random")], seed=9)
    human = 0
    if match.to_act() != [human]:
        match.apply(Bump(by=1), 1)
    match.apply(Bump(by=1), human)
    match.apply(Guess(number=next(n for n in range(1, 7) if n != match.state.secrets[human])), 1)
    assert match.log[-1].reveals, "a wrong guess reveals something about the secret"
    assert match.undo_count() == 0
    with pytest.raises(IllegalAction) as info:
        match.undo()
    assert "revealed" in info.value.reason


def test_events_for_hide_private_events(secret):
    match = Match(secret.id, [ANA, BEN], seed=9)
    seat = match.to_act()[0]
    match.apply(Draw(), seat)
    mine = [e.text for e in match.events_for(seat)]
    theirs = [e.text for e in match.events_for(1 - seat)]
    public = [e.text for e in match.events_for(None)]
    assert any(t.startswith("You drew a ") for t in mine)
    assert not any(t.startswith("You drew") for t in theirs + public)
    assert any("drew a card" in t for t in theirs)


def test_undo_by_another_seat_is_refused_in_a_hidden_game():
    from tabletop_tui.engine import IllegalAction

    with registered(SecretGame()) as game:
        match = Match(game, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1)
        seat = match.to_act()[0]
        match.apply(Bump(by=1), seat)
        other = 1 - seat
        before = match.state.model_dump()
        with pytest.raises(IllegalAction, match="can take back their own move"):
            match.undo(by=other)
        assert match.state.model_dump() == before
        assert match.undo(by=seat) == 1
