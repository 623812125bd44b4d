"""The `tabletop` command: listing, rules, simulate, and bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

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
    assert "## Options" in out and "| `shaman` | `true`, `false` | `false` |" in out


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


def test_simulate_takes_one_bot_per_seat(capsys):
    argv = ["simulate", "rapa_nui", "--games", "2", "--seed", "4", "--bots", "search:1,random,random",
            "--iterations", "8", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    assert data["players"] == 3, "three bots: three seats"
    assert data["bots"] == ["search:1", "random", "random"] and data["iterations"] == 8
    assert data["finished"] == 2 and sum(data["wins"]) == pytest.approx(2)
    code, again, _ = run(capsys, *argv)
    assert json.loads(again)["wins"] == data["wins"], "an iteration budget repeats the games"


@pytest.mark.parametrize("bots, players, seats", [
    ("random", None, ["random", "random"]),
    ("search", "3", ["search:2"] * 3),
    ("search:3, random", None, ["search:3", "random"]),
])
def test_simulate_names_each_seats_bot(capsys, monkeypatch, bots, players, seats):
    import tabletop_tui.simulate as sim

    seen = {}

    def fake(game, games, seed, players, bots, options, iterations=None):
        seen.update(players=players, bots=bots)
        return {"game": game.id, "bots": bots}

    monkeypatch.setattr(sim, "simulate", fake)
    argv = ["simulate", "nyakuza", "--bots", bots, "--json"] + (["--players", players] if players else [])
    code, out, _ = run(capsys, *argv)
    assert code == 0 and seen == {"players": len(seats), "bots": seats}
    assert json.loads(out)["bots"] == seats


@pytest.mark.parametrize("argv, words", [
    (["simulate", "tiki", "--bots", "search:4"], "bot level must be 1, 2 or 3, not '4'"),
    (["simulate", "tiki", "--bots", "random:2"], "a random bot has no level"),
    (["simulate", "tiki", "--bots", "search,oracle"], "unknown bot 'oracle': use random or search"),
    (["simulate", "tiki", "--bots", "random,,random"], "--bots has an empty name"),
    (["simulate", "rapa_nui", "--bots", "search:1,random", "--players", "3"], "names 2 bots for 3 seats"),
    (["simulate", "tiki", "--bots", "random,random,random"], "Tiki is for 2 players, not 3"),
    (["simulate", "tiki", "--iterations", "0"], "at least 1"),
    (["simulate", "tiki", "--bots", "\x1b[31msearch"], "unknown bot"),
])
def test_simulate_refuses_bad_bots_in_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err
    said = [line for line in err.splitlines() if line.startswith("tabletop")]  # after the usage
    assert len(said) == 1 and words in said[0] and err.rstrip().endswith(said[0])
    assert "Traceback" not in err and "\x1b" not in err


@pytest.mark.parametrize("argv, words", [
    (["play", "chess"], "no game called"),
    (["rules", "nope"], "no game called"),
    (["simulate", "tiki", "--games", "0"], "at least 1"),
    (["simulate", "tiki", "--games", "many"], "not a whole number"),
    (["simulate", "tiki", "--players", "3"], "Tiki is for 2 players, not 3"),
    (["play", "tiki", "--players", "3"], "Tiki is for 2 players, not 3"),
    (["play", "nyakuza", "--players", "5"], "Nyakuza is for 2-4 players, not 5"),
    (["simulate", "tiki", "--games", "1000001"], "at most 100 000"),
    (["play", "tiki", "--names", ",,"], "--names holds no name"),
    (["play", "tiki", "--names", "Ana,"], "empty name"),
    (["play", "tiki", "--names", "Ana,Ana"], "both called 'Ana'"),
    (["play", "tiki", "--names", "Ana,ana"], "both called 'ana'"),
    (["play", "tiki", "--names", "x" * 30], "too long"),
    (["play", "tiki", "--names", "\x1b]0;pwned\x07Eve,Ben"], "cannot be shown"),
    (["play", "tiki", "--option", "foo=1"], "there is no option 'foo'; the options are: shaman, first_player"),
    (["play", "tiki", "--option", "shaman=maybe"], "takes true or false"),
    (["play", "tiki", "--option", "first_player=Red"], "takes random, Purple or Yellow"),
    (["play", "rapa_nui", "--option", "x=1"], "has no options"),
    (["simulate", "tiki", "--bots", "genius"], "unknown bot"),
    (["play", "tiki", "--seed", "-4"], "must not be negative"),
    (["play", "tiki", "--bot", "genius"], "unknown bot"),
    (["play", "tiki", "--bot", "search:9"], "level must be"),
    (["play", "tiki", "--bot", "random", "--bot", "random"], "do not fit"),
    (["play", "tiki", "--option", "shaman"], "NAME=VALUE"),
    (["play", "tiki", "--option", "colour=red"], "not valid"),
    (["play", "\x1b]0;t\x07" + "g" * 300], "no game called"),
    (["play", "tiki", "--names", "A,B,C"], "3 names for 2 seats"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_get_usage_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err
    assert words in err
    assert "Traceback" not in err and "Extra inputs" not in err and "{s" not in err
    assert "\x1b" not in err and "\x07" not in err
    assert all(len(line) < 200 for line in err.splitlines())


def test_load_of_a_bad_file_is_a_bad_argument(capsys, tmp_path):
    bad = tmp_path / "save.json"
    bad.write_text("{ not json")
    code, _, err = run(capsys, "load", str(bad))
    assert code == 2 and "usage:" in err
    assert "not a tabletop-tui save" in err and "Traceback" not in err
    code, _, err = run(capsys, "load", str(tmp_path / "missing.json"))
    assert code == 2 and "There is no file" in err
    code, _, err = run(capsys, "load", "/etc/passwd")
    assert code == 2 and "not a tabletop-tui save" in err
    code, _, err = run(capsys, "load", "/dev/zero")
    assert code == 2 and "not a regular file" in err


# -- the terminal: pipes, encodings, crashes ---------------------------------------------------

def _tabletop(*argv: str, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabletop_tui", *argv], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120, **kw)


def test_a_closed_pipe_ends_quietly(tmp_path):
    """`tabletop rules nyakuza | head -1`: the reader is gone before the
    text is written; no BrokenPipeError traceback."""
    read, write = os.pipe()
    os.close(read)
    try:
        out = subprocess.run([sys.executable, "-m", "tabletop_tui", "rules", "nyakuza"], stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr
    assert out.stderr == ""
    assert out.returncode == 141


def test_an_ascii_terminal_gets_replacement_characters_not_a_traceback():
    out = _tabletop("rules", "tiki", env={"PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"})
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and out.stdout.startswith("# Tiki")
    out.stdout.encode("ascii")


def test_play_help_lists_every_games_options():
    out = _tabletop("play", "--help")
    assert out.returncode == 0
    text = out.stdout
    assert "options of each game" in text
    assert "shaman=true|false (default false)" in text
    assert "first_player=random|Purple|Yellow (default random): Who starts" in text
    assert "first_amulet=random|Red|Blue|Yellow|Green" in text and "rapa_nui:\n    (none)" in text


def test_options_as_markdown_for_the_rules_pages():
    from tabletop_tui.engine import games
    from tabletop_tui.engine.options_text import options_markdown

    for g in games():
        md = options_markdown(g.options_model)
        assert md.startswith("## Options")
        for name in g.options_model.model_fields:
            assert f"| `{name}` |" in md
        if not g.options_model.model_fields:
            assert "no options" in md


def test_an_unexpected_error_writes_crash_log_and_one_sentence(capsys, monkeypatch, _data_dir):
    def bug(parser, args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "_command", bug)
    code, out, err = run(capsys, "list")
    assert code == 1
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "crash.log" in err
    assert "Traceback" not in err
    assert "ZeroDivisionError: a bug" in (_data_dir / "crash.log").read_text()


CRASHING_APP = textwrap.dedent("""
    import sys
    from tabletop_tui import cli
    from tabletop_tui.ui.app import TabletopApp

    class Boom(TabletopApp):
        def on_mount(self):
            super().on_mount()
            self.set_timer(0.1, self.boom)

        def boom(self):
            raise KeyError("a bug")

    sys.exit(cli.run_app(Boom(), headless=True))
""")


@pytest.mark.parametrize("usable", [True, False])
def test_a_crash_in_the_app_exits_1_with_one_sentence_and_a_crash_log(tmp_path, usable):
    data = tmp_path / "data"
    if not usable:  # the data folder cannot be made: the log goes to the temp folder
        (tmp_path / "file").write_text("")
        data = tmp_path / "file" / "data"
    env = {**os.environ, "TABLETOP_DATA_DIR": str(data), "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir()
    out = subprocess.run([sys.executable, "-c", CRASHING_APP], capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "unexpected error (KeyError)" in lines[0], out.stderr
    log = (data if usable else tmp_path / "tmp" / "tabletop-tui") / "crash.log"
    assert "KeyError: 'a bug'" in log.read_text() and str(log) in lines[0]


def test_default_names_fill_the_seats_left_without_clashing():
    from tabletop_tui.engine import get

    seats = cli._seats(get("tiki"), None, "Ben", [])
    assert [s.name for s in seats] == ["Ben", "Ana"]
    seats = cli._seats(get("nyakuza"), 3, " Zoë ,Ana", ["random"])
    assert [s.name for s in seats] == ["Zoë", "Ana", "Ben"] and seats[1].bot == "random"
