"""The roles of a game's board.py and render.py (issue 21, the template as a
contract), read from their imports and calls:

- render.py is pure Rich: it imports no Textual, neither itself nor through
  what it imports (widgets belong in board.py);
- board.py gets everything from the update (view, legal actions, labels):
  it imports none of its game's rules side (rules.py, state.py and every
  module that works on the state for the rules) and builds no Game or Match.

Parametrised over ``registry.games()``, so a new game gets the checks too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui.engine import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.games()
#: the folder's modules that read the state for a player, not for the rules
READ_SIDE = {"actions", "view", "text", "teaching", "render", "board"}


def folder(game) -> Path:
    return ROOT.joinpath(*type(game).__module__.split(".")[:-1])


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports, anywhere in it, as written: relative
    ones keep their dots (``.state``, ``. import rules`` as ``.rules``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out.append(base)
            if not node.module:  # from . import rules
                out += [base + alias.name for alias in node.names]
    return out


def rules_side(game) -> set[str]:
    """The modules of the game's folder on the rules' side: rules and state,
    and every other module that imports either (but the read side)."""
    side = {"rules", "state"}
    for path in folder(game).glob("*.py"):
        name = path.stem
        if name in READ_SIDE or name == "__init__":
            continue
        mods = imports(path)
        if any(m in (".rules", ".state") or m.endswith((".rules", ".state")) for m in mods):
            side.add(name)
    return side


def local_name(module: str, game) -> str | None:
    """The folder module ``module`` names (``.state`` or the full
    ``tabletop_tui.games.tiki.state``), or None for one outside the folder."""
    package = type(game).__module__.rsplit(".", 1)[0]
    if module.startswith(".") and not module.startswith(".."):
        return module[1:].split(".")[0] or None
    if module.startswith(package + "."):
        return module[len(package) + 1:].split(".")[0]
    return None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_render_imports_no_textual(game):
    path = folder(game) / "render.py"
    found = [m for m in imports(path) if m == "textual" or m.startswith("textual.")]
    assert not found, f"{game.id}/render.py imports {found}: widgets belong in board.py"


def test_no_render_module_brings_textual_in():
    """Imported alone, the five render modules leave Textual unloaded."""
    modules = [f"{type(g).__module__.rsplit('.', 1)[0]}.render" for g in GAMES]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in modules)
            + "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", f"importing the render modules loads {out.stdout.strip()}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_board_imports_nothing_of_the_rules(game):
    side = rules_side(game)
    path = folder(game) / "board.py"
    wrong = sorted({m for m in imports(path) if local_name(m, game) in side})
    assert not wrong, f"{game.id}/board.py imports {wrong}: a board gets the view, legal actions and labels"
    engine = [m for m in imports(path) if m.startswith("tabletop_tui.engine.")
              and m.rsplit(".", 1)[-1] in ("game", "match", "registry", "table")]
    assert not engine, f"{game.id}/board.py imports {engine}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_board_builds_no_game(game):
    """No call to any game's class (``Tiki()``), Match or the registry."""
    forbidden = {type(g).__name__ for g in GAMES} | {"Match", "Table", "get", "games"}
    tree = ast.parse((folder(game) / "board.py").read_text(encoding="utf-8"))
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else None
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "registry":
                name = f.attr
            if name in forbidden:
                calls.append(f"{name}() on line {node.lineno}")
    assert not calls, f"{game.id}/board.py builds {calls}"


def test_the_rules_side_is_what_it_says():
    """The check above knows the rules' modules: Nisyros' rules are split."""
    nisyros = next(g for g in GAMES if g.id == "nisyros")
    assert {"rules", "state", "legal", "round"} <= rules_side(nisyros)
    assert not rules_side(nisyros) & READ_SIDE


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_board_is_built_from_the_kit(game):
    """A board maps keys (bindings) and taps (``KitBoard.tap``) to actions:
    its clicks arrive as the kit's one ``Tapped`` message, so board.py
    handles no click itself and declares no message of its own."""
    from tabletop_tui.ui.board_kit import KitBoard
    from tabletop_tui.ui.boards import board_class

    assert issubclass(board_class(game.id), KitBoard)
    tree = ast.parse((folder(game) / "board.py").read_text(encoding="utf-8"))
    clicks = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "on_click"]
    messages = [n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                and any(getattr(b, "id", getattr(b, "attr", "")) in ("Message", "_Message") for b in n.bases)]
    assert not clicks and not messages, f"{game.id}/board.py: on_click on lines {clicks}, messages {messages}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_cursor_board_leaves_its_cursor_keys_to_the_kit(game):
    """A board on the kit's ``CursorBoard`` binds its arrows to the kit's
    ``cursor`` action and steps no cursor by hand (no ``action_move``,
    no ``cycle`` of its own): it writes its targets and what Enter does."""
    from tabletop_tui.ui.board_kit import CursorBoard
    from tabletop_tui.ui.boards import board_class

    board = board_class(game.id)
    if not issubclass(board, CursorBoard):
        pytest.skip(f"{game.id}'s board has no cursor board (yet)")
    arrows = [b for b in board.BINDINGS if getattr(b, "key", None) in ("up", "down", "left", "right")]
    assert arrows and all(b.action.startswith("cursor(") for b in arrows), arrows
    tree = ast.parse((folder(game) / "board.py").read_text(encoding="utf-8"))
    by_hand = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "action_move"]
    by_hand += [f"cycle() on line {n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Call)
                and getattr(n.func, "id", None) == "cycle"]
    assert not by_hand, f"{game.id}/board.py steps its cursor by hand: {by_hand}"


def test_at_least_two_boards_are_cursor_boards():
    from tabletop_tui.ui.board_kit import CursorBoard
    from tabletop_tui.ui.boards import board_class

    assert sum(issubclass(board_class(g.id), CursorBoard) for g in GAMES) >= 2
