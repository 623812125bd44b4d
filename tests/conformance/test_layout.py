"""One template for every registered game's folder, and the line between
the UI and the Match.

- Every game folder has the template's files (DESIGN.md: actions, state,
  rules, view, text, board, render), so a reader finds the same thing in the
  same place in every game.
- Each board carries its own CSS: the app's stylesheet names no board.
- The plural, list and seat-name helpers live in ``engine/text.py`` only.
- No board and no screen of the UI reads the Match or the true state: they
  get the Table's per-seat updates. Only the modules that build or load a
  Match to seat it at a Table (setup, picker, app) and the crash report name it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop_tui.engine import registry

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "tabletop_tui"
TEMPLATE = ("actions.py", "state.py", "rules.py", "view.py", "text.py", "board.py", "render.py")
GAMES = registry.games()

#: UI modules that may name a Match: they build or load one and hand it to a
#: Table (setup, picker, app), or say on a crash whether its moves are saved
MAY_NAME_MATCH = {"app.py", "setup.py", "picker.py", "crash.py"}


def game_folder(game) -> Path:
    module = type(game).__module__  # tabletop_tui.games.<game>.rules
    return ROOT.joinpath(*module.split(".")[:-1])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_folder_follows_the_template(game):
    folder = game_folder(game)
    assert folder.parent == PKG / "games"
    missing = [name for name in TEMPLATE if not (folder / name).is_file()]
    assert not missing, f"{game.id} has no {', '.join(missing)}"
    assert type(game).__module__.endswith(".rules"), "the Game class lives in rules.py"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_board_carries_its_own_css(game):
    from tabletop_tui.ui.boards import board_class

    board = board_class(game.id)
    assert board.__module__.endswith(f"{game.id}.board")
    assert "DEFAULT_CSS" in vars(board) and board.__name__ in vars(board)["DEFAULT_CSS"]
    sheet = (ROOT / "screens.tcss").read_text(encoding="utf-8")
    assert board.__name__ not in sheet, f"screens.tcss styles {board.__name__}: move it to its DEFAULT_CSS"


def _top_level_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_text_helpers_live_in_one_module():
    shared = _top_level_functions(PKG / "engine" / "text.py")
    assert {"plural", "and_list", "who", "seat_names"} <= shared
    helpers = {"plural", "and_list", "who", "seat_names", "name_of"}
    copies = []
    for path in sorted(PKG.rglob("*.py")):
        if path == PKG / "engine" / "text.py":
            continue
        for name in _top_level_functions(path) & helpers:
            copies.append(f"{path.relative_to(PKG)}: {name}")
    assert not copies, f"copies of the shared text helpers: {copies}"


def ui_side_files() -> list[Path]:
    files = sorted((PKG / "ui").glob("*.py"))
    files += sorted(p for p in (PKG / "games").rglob("*.py") if p.name in ("board.py", "render.py"))
    return files


@pytest.mark.parametrize("path", ui_side_files(), ids=lambda p: str(p.relative_to(PKG)))
def test_no_board_or_screen_reads_the_match(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "match":
            bad.append(f"line {node.lineno}: .match")
        if isinstance(node, ast.Attribute) and node.attr == "state" and isinstance(node.value, ast.Name) \
                and node.value.id == "match":
            bad.append(f"line {node.lineno}: match.state")
        if path.name not in MAY_NAME_MATCH:
            if isinstance(node, ast.Name) and node.id in ("Match", "match"):
                bad.append(f"line {node.lineno}: {node.id}")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("engine.match"):
                bad.append(f"line {node.lineno}: imports engine.match")
            if isinstance(node, ast.alias) and node.name == "Match":
                bad.append(f"line {node.lineno}: imports Match")
    assert not bad, f"{path.relative_to(PKG)} reaches for the Match: {bad}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
async def test_the_game_screen_and_board_hold_no_match(game):
    """At run time too: nothing the game screen or its board keeps is the
    Match or the true state (they hold the Table and its updates)."""
    from tabletop_tui.engine import Match, SeatConfig
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen

    seats = [SeatConfig(name=f"P{i + 1}") for i in range(game.min_players)]
    match = Match(game, seats, seed=4, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for holder in (screen, screen.board):
            for name, value in vars(holder).items():
                assert value is not match and value is not match.state, f"{type(holder).__name__}.{name}"
                assert not isinstance(value, (Match, game.state_model)), f"{type(holder).__name__}.{name}"
