"""Every `tabletop ...` command in README.md is run, so an example cannot rot.

Each is run through :func:`tabletop_tui.cli.main` as the shell would pass it
(``GAME`` and ``FILE`` filled in, ``~`` expanded): its arguments are parsed
and checked by the command itself. Where the command would open the app, the
app is not run (the check has happened by then and the app is recorded);
``serve`` stops before listening; ``simulate`` before playing (its
arguments are checked, then the games are left unplayed)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tabletop_tui import cli

README = Path(__file__).resolve().parents[2] / "README.md"
_CODE = re.compile(r"```[^\n]*\n(.*?)```|`([^`\n]+)`", re.S)
_COMMAND = re.compile(r"(?:^|[\s/])tabletop(?=\s|$)(.*)$")


def readme_commands() -> list[str]:
    """The `tabletop` command lines in README.md (inline code and code
    blocks), without shell comments and what follows ``&&``, ``|`` or ``;``."""
    found = []
    for m in _CODE.finditer(README.read_text(encoding="utf-8")):
        for line in (m.group(1) or m.group(2)).splitlines():
            line = line.split(" #")[0]
            hit = _COMMAND.search(line)
            if hit:
                rest = re.split(r"&&|\||;", hit.group(1))[0].strip()
                found.append(f"tabletop {rest}".strip())
    return list(dict.fromkeys(found))


COMMANDS = readme_commands()


def test_the_readme_has_its_commands():
    assert len(COMMANDS) >= 15
    assert any(c.startswith("tabletop demo ") for c in COMMANDS)
    assert "tabletop" in COMMANDS  # the picker, from the install line


@pytest.fixture
def save_file(tmp_path):
    from tabletop_tui.engine import Match, SeatConfig, get

    match = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], None, 7,
                  path=tmp_path / "tiki.json")
    return match.save()


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command, monkeypatch, tmp_path, save_file, capsys, _data_dir):
    import getpass
    import sys

    from tabletop_tui import simulate as simulate_module
    from tabletop_tui.net import server

    opened, served, simulated = [], [], []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: opened.append(kw) or 0)

    async def fake_serve(config, ready):
        served.append(config)

    monkeypatch.setattr(server, "serve", fake_serve)
    monkeypatch.setattr(simulate_module, "simulate", lambda *a, **kw: simulated.append((a, kw)) or {})
    monkeypatch.setattr(getpass, "getpass", lambda prompt="": "a table password")
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    friends = tmp_path / "friends.pub"
    friends.write_text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDummyKeyForTheTestOnly ana@example\n")
    (_data_dir / "server").mkdir(parents=True)  # a friend's key added as the README says
    (_data_dir / "server" / "authorized_keys").write_text(friends.read_text())
    if command.startswith("tabletop names"):  # a server that ran once, where ana holds her name
        from tabletop_tui.net.records import Records

        records = Records(_data_dir / "server")
        records.claim_key("ana", "SHA256:" + "a" * 43)
        records.close()
    line = command.replace("GAME", "tiki").replace("FILE", str(save_file)).replace("~/", f"{tmp_path}/")
    argv = shlex.split(line)[1:]
    try:
        code = cli.main(argv)
    except SystemExit as stop:  # --help
        code = stop.code
    out = capsys.readouterr()
    assert code == 0, f"{command!r} exited {code}: {out.err}"
    verb = argv[0] if argv else None
    if verb in (None, "play", "load", "demo", "replay", "tutorial") and "--help" not in argv:
        assert len(opened) == 1, f"{command!r} would not open the app"
    if verb == "serve" and "--help" not in argv:
        assert len(served) == 1
    if verb == "simulate":
        assert len(simulated) == 1
