"""The `tabletop` command: listing, rules, simulate, and bad arguments."""

from __future__ import annotations

import json

import pytest

from tabletop_tui import cli


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:  # argparse exits for usage errors and --help
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_registered_game(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "tiki" in out and "2 players" in out


def test_rules_prints_the_rules_page(capsys):
    code, out, _ = run(capsys, "rules", "tiki")
    assert code == 0
    assert out.startswith("# Tiki") and "Table rulings" in out


def test_simulate_prints_one_json_object(capsys):
    code, out, _ = run(capsys, "simulate", "tiki", "--games", "5", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("game", "games", "players", "finished", "mean_actions", "wins", "seconds", "games_per_second"):
        assert key in data
    assert data["game"] == "tiki" and data["games"] == 5 and data["players"] == 2
    assert data["finished"] == 5 and sum(data["wins"]) == pytest.approx(5)
    # Same seed, same games.
    code, out2, _ = run(capsys, "simulate", "tiki", "--games", "5", "--seed", "3", "--json")
    again = json.loads(out2)
    assert again["mean_actions"] == data["mean_actions"] and again["wins"] == data["wins"]


@pytest.mark.parametrize("argv, words", [
    (["play", "chess"], "no game called"),
    (["rules", "nope"], "no game called"),
    (["simulate", "tiki", "--games", "0"], "at least 1"),
    (["simulate", "tiki", "--games", "many"], "not a whole number"),
    (["simulate", "tiki", "--players", "3"], "2-2 players"),
    (["simulate", "tiki", "--bots", "genius"], "invalid choice"),
    (["play", "tiki", "--seed", "-4"], "must not be negative"),
    (["play", "tiki", "--bot", "genius"], "unknown bot"),
    (["play", "tiki", "--bot", "search:9"], "level must be"),
    (["play", "tiki", "--bot", "random", "--bot", "random"], "do not fit"),
    (["play", "tiki", "--option", "shaman"], "NAME=VALUE"),
    (["play", "tiki", "--option", "colour=red"], "not valid"),
    (["play", "tiki", "--names", "A,B,C"], "3 names for 2 seats"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_get_usage_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err
    assert words in err
    assert "Traceback" not in err


def test_load_of_a_bad_file_is_a_clear_message(capsys, tmp_path):
    bad = tmp_path / "save.json"
    bad.write_text("{ not json")
    code, _, err = run(capsys, "load", str(bad))
    assert code == 1
    assert "not a tabletop-tui save" in err and "Traceback" not in err
    code, _, err = run(capsys, "load", str(tmp_path / "missing.json"))
    assert code == 1 and "There is no file" in err
