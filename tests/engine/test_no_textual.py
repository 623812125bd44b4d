"""The rules side never imports Textual: the engine and every game module
except the game's board.py / render.py are pure Python, so bots, saves, the
ssh server and tests can use them without a UI."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "tabletop_tui"
UI_FILES = {"board.py", "render.py"}


def rules_side_files() -> list[Path]:
    files = sorted((PKG / "engine").glob("*.py"))
    # the ssh server and table service know no UI either (session.py runs the app)
    files += sorted(p for p in (PKG / "net").glob("*.py") if p.name != "session.py")
    files += sorted(p for p in (PKG / "games").rglob("*.py") if p.name not in UI_FILES)
    return files


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def run(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_importing_the_engine_and_the_games_loads_no_textual():
    code = "import tabletop_tui.engine, tabletop_tui.games; import sys; print('textual' in sys.modules)"
    assert run(code) == "False"


def test_importing_every_rules_side_module_loads_no_textual():
    names = [module_name(p) for p in rules_side_files()]
    code = ("import importlib, sys\n"
            f"for name in {names!r}:\n"
            "    importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))")
    assert run(code) == "[]"


@pytest.mark.parametrize("path", rules_side_files(), ids=lambda p: str(p.relative_to(PKG)))
def test_no_textual_import_statement(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bad += [a.name for a in node.names if a.name.split(".")[0] == "textual"]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level == 0 and mod.split(".")[0] == "textual":
                bad.append(mod)
            # A rules-side module must not pull in its game's UI either.
            if node.level > 0 and mod.split(".")[-1] in {"board", "render"}:
                bad.append("." * node.level + mod)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                "import_module", "__import__"):
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            bad += [a for a in args if a.split(".")[0] == "textual"]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_scan_sees_the_engine_and_tiki():
    names = {str(p.relative_to(PKG)) for p in rules_side_files()}
    assert {"engine/game.py", "engine/match.py", "engine/bots.py", "games/tiki/rules.py"} <= names
    assert not any(n.endswith(("/board.py", "/render.py")) for n in names)
