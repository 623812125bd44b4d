"""benchmarks/bots.py --ladder: who plays whom, in which seats, and how the
games become ratings and win rates (issue 20). Tiny runs on fixed iteration
budgets; the strength figures themselves are the benchmark's, not tested."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tabletop_tui.engine import get
from tabletop_tui.engine.bots import RandomBot, SearchBot
from tabletop_tui.games.tiki.bot import ScriptedBot

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bots.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_bots", _PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def test_every_pair_meets_as_often_with_the_seats_alternated(bench):
    games = bench.schedule(["L3", "L1", "random"], 5)
    assert len(games) == 3 * 5
    for pair in ({"L3", "L1"}, {"L3", "random"}, {"L1", "random"}):
        mine = [(k, a, b) for k, a, b in games if {a, b} == pair]
        assert [k for k, _, _ in mine] == [0, 1, 2, 3, 4]
        firsts = [a for _, a, _ in mine]
        assert firsts[0::2] == [firsts[0]] * 3 and firsts[1::2] == [firsts[1]] * 2 and firsts[0] != firsts[1]
    assert [k for k, _, _ in games] == sorted(k for k, _, _ in games), "interleaved by game number"


def test_the_field_is_random_then_each_level_made_by_the_game(bench, monkeypatch):
    game = get("tiki")

    class Own(SearchBot):
        pass

    monkeypatch.setattr(type(game), "bot_for", lambda self, level: Own(level=level) if level == 3 else None)
    field = bench.entrants(game, {1: 4, 2: 9, 3: 20})
    assert [e.name for e in field] == ["random", "scripted", "L1", "L2", "L3"]
    made = [e.make(game) for e in field]
    assert isinstance(made[0], RandomBot) and isinstance(made[1], ScriptedBot), "its bot.py's ScriptedBot"
    assert type(made[2]) is SearchBot and type(made[4]) is Own, "a game's own bot plugs in through bot_for"
    assert [(b.level, b.iterations, b.seconds) for b in made[2:]] == [(1, 4, 1e9), (2, 9, 1e9), (3, 20, 1e9)]


def test_a_tiny_ladder_plays_each_game_in_the_scheduled_seats(bench):
    game = get("tiki")
    field = bench.entrants(game, {1: 2, 2: 3, 3: 4})[::-1]
    times: dict = {}
    results = bench.play_ladder(game, field, 2, seed=3, times=times)
    assert [(r["k"], *r["seats"]) for r in results] == bench.schedule([e.name for e in field], 2)
    for r in results:
        assert sum(r["share"].values()) in (0.0, 1.0)
    assert set(times) == {"random", "scripted", "L1", "L2", "L3"} and all(times[n]["cpu"] for n in times)
    again = bench.play_ladder(game, field, 2, seed=3)
    assert [r["share"] for r in again] == [r["share"] for r in results], "seeded: the same games again"


def _results(pairs: list[tuple[str, str, float]]) -> list[dict]:
    return [{"k": k, "seats": [a, b], "share": {a: s, b: 1 - s}} for k, (a, b, s) in enumerate(pairs)]


def test_win_rates_count_each_pair_whatever_the_seat(bench):
    results = _results([("L3", "L1", 1), ("L1", "L3", 0), ("L3", "L1", 0.5), ("L1", "L3", 1)])
    (row,) = bench.pair_rates(results)
    assert (row["a"], row["b"], row["wins"], row["games"], row["a_first"]) == ("L3", "L1", 2.5, 4, 2)
    assert row["low"] < 2.5 / 4 < row["high"]
    assert (row["low"], row["high"]) == bench.wilson(2.5, 4)


def test_ratings_rank_the_bot_that_wins_first_with_an_interval(bench):
    results = _results([("L3", "L1", 1), ("L1", "random", 1), ("L3", "random", 1)] * 4)
    rated = bench.ratings(results)
    assert [r["bot"] for r in rated] == ["L3", "L1", "random"]
    for r in rated:
        assert r["low"] < r["mu"] < r["high"] and r["games"] == 8


def test_matched_caps_are_each_games_own_and_an_unmeasured_game_is_refused(bench):
    table = {"tiki": {1: 700, 2: 1800, 3: 7700}, "nayakas": {1: 90, 2: 230, 3: 800}}
    assert bench.caps_for("nayakas", {1: 25, 2: 62, 3: 200}, True, table) == {1: 90, 2: 230, 3: 800}
    assert bench.caps_for("tiki", {1: 25, 2: 62, 3: 200}, False, table) == {1: 25, 2: 62, 3: 200}
    assert bench.caps_for("tiki", None, False, table) is None, "no caps: each level's CPU budget"
    with pytest.raises(SystemExit, match="--calibrate"):
        bench.caps_for("rapa_nui", None, True, table)


def test_pairs_are_read_unordered_and_a_bad_one_is_refused(bench):
    assert bench.parse_pairs("L3-L1, scripted-L1") == {frozenset(("L1", "L3")), frozenset(("L1", "scripted"))}
    assert bench.parse_pairs(None) is None
    for bad in ("L3", "L3-L3", "-L1", "L4-L1", "l3-L1"):
        with pytest.raises(SystemExit):
            bench.parse_pairs(bad)


def test_only_the_chosen_pair_plays_from_the_first_game_asked(bench):
    game = get("tiki")
    field = bench.entrants(game, {1: 2, 2: 3, 3: 4})[::-1]
    logged: list[dict] = []
    results = bench.play_ladder(game, field, 3, seed=3, pairs={frozenset(("L3", "L1"))}, log=logged.append,
                                first=2)
    assert [(r["k"], *r["seats"]) for r in results] == [(2, "L3", "L1"), (3, "L1", "L3"), (4, "L3", "L1")]
    assert logged == results, "each game logged as it ends"
    whole = bench.play_ladder(game, field, 5, seed=3, pairs={frozenset(("L3", "L1"))})
    assert [r["share"] for r in whole[2:]] == [r["share"] for r in results], "game k is the same game"


def test_a_matched_ladder_prints_and_uses_each_games_caps(bench, monkeypatch, capsys):
    monkeypatch.setattr(bench, "MATCHED_ITERATIONS", {"tiki": {1: 3, 2: 5, 3: 9}})
    report: dict = {"ladder": []}
    bench.ladder([get("tiki")], 2, 1, {1: 25, 2: 62, 3: 200}, report, matched=True,
                 pairs={frozenset(("L3", "L1"))})
    out = capsys.readouterr().out
    assert "each game's matched caps" in out and "iteration caps a move L1 3, L2 5, L3 9" in out
    (row,) = report["ladder"]
    assert row["iterations"] == {1: 3, 2: 5, 3: 9}
    assert row["seconds"]["L3"]["iterations_p50"] == 9 and row["seconds"]["L1"]["iterations_p50"] == 3
    assert [(p["a"], p["b"], p["games"]) for p in row["pairs"]] == [("L3", "L1", 2)]


def test_calibrate_counts_each_levels_iterations_at_its_budget(bench, monkeypatch):
    from tabletop_tui.engine.bots import SEARCH_LEVELS, SearchLevel

    for level, its in ((1, 5), (2, 7), (3, 11)):  # budgets no search reaches: the caps end each move
        monkeypatch.setitem(SEARCH_LEVELS, level, SearchLevel(seconds=60.0, iterations=its, deep=level == 3))
    got = bench.calibrate(get("tiki"), 3, seed=2)
    assert {lv: (r["median"], r["low"], r["high"], r["positions"]) for lv, r in got.items()} == {
        1: (5, 5, 5, 3), 2: (7, 7, 7, 3), 3: (11, 11, 11, 3)}
