"""Every table honours one declared face (engine.table_face.TableFace), and
what tables can do is data the screens read, never probed for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.engine.runners import FakeClock, InlineRunner
from tabletop_tui.engine.table import Table
from tabletop_tui.engine.table_face import CAPABILITIES, TableFace
from tabletop_tui.engine.tutorial import TutorialTable, load_tutorial
from tabletop_tui.net.client import RemoteTable

UI = Path(__file__).resolve().parents[2] / "tabletop_tui" / "ui"


def local() -> Table:
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2, autosave=False)
    return Table(m, runner=InlineRunner(), clock=FakeClock())


def tutorial() -> Table:
    return TutorialTable(load_tutorial("tiki"), runner=InlineRunner(), clock=FakeClock())


def remote() -> RemoteTable:
    return RemoteTable(None, {"table": "t1", "game": "tiki", "seats": [  # type: ignore[arg-type]
        {"name": "Ana", "colour": "Purple"}, {"name": "Ben", "colour": "Yellow"}], "yours": [0]})


def face_names() -> set[str]:
    """Every attribute and method the face declares."""
    return set(TableFace.__annotations__) | {n for n in vars(TableFace) if not n.startswith("_")}


@pytest.mark.parametrize("make", [local, tutorial, remote], ids=["Table", "TutorialTable", "RemoteTable"])
def test_every_table_honours_the_face(make):
    table = make()
    assert isinstance(table, TableFace)
    missing = [name for name in face_names() if not hasattr(table, name)]
    assert not missing, f"{type(table).__name__} lacks {missing}"
    methods = [n for n, v in vars(TableFace).items() if not n.startswith("_") and callable(v)]
    assert methods and all(callable(getattr(table, n)) for n in methods)
    for flag in CAPABILITIES:
        assert type(getattr(table, flag)) is bool, f"{flag} is not a flag"
    if isinstance(table, Table):
        table.close()


def test_the_capabilities_say_what_differs():
    t, tut, r = local(), tutorial(), remote()
    assert (t.has_chat, t.can_undo, t.answers_later) == (False, True, False)
    assert tut.can_undo is False
    assert (r.has_chat, r.answers_later, r.save_path) == (True, True, None)
    t.close()
    tut.close()


def probes(path: Path) -> list[str]:
    """getattr/hasattr calls in ``path`` whose object is a table (``...table``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            target = ast.unparse(node.args[0]) if node.args else ""
            if "table" in target.lower():
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_screens_never_probe_a_table():
    """A screen reads the face's flags; it never asks getattr what a table has."""
    found = [p for path in sorted(UI.glob("*.py")) for p in probes(path)]
    assert not found, found
    source = (UI / "game_screen.py").read_text(encoding="utf-8")
    assert "getattr(" not in source and "hasattr(" not in source
