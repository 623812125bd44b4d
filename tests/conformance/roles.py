"""The game template as a contract of roles (docs/adding-a-game.md), read
from a game's folder: what each module imports (every ``import`` in its
source, read with ``ast``: function-level and ``TYPE_CHECKING`` imports
count too), the signatures of its text and view roles, and that the Game's
words come from its text role.

The roles: ``rules.py`` (legality and play; the Game subclass), with its
split-out rules modules, sits at the bottom of the folder over ``state``,
``actions`` and ``data``; ``view.py`` and ``text.py`` sit above it (they
may read the rules); ``bot.py``, ``board.py`` and ``render.py`` above those.
The engine reaches the view and text roles through ``Game.roles``, so the
rules never import them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tabletop_tui.engine.game import Game

#: files every game folder holds (board.py and render.py are optional: a
#: game without a board gets the generic one)
REQUIRED = ("__init__.py", "actions.py", "state.py", "data.py", "rules.py", "view.py", "text.py")
#: sibling modules a rules module may not import: the roles above the rules
ABOVE_RULES = frozenset({"text", "view", "board", "render", "bot"})
#: packages no rules module may import (by prefix)
FORBIDDEN_PACKAGES = ("tabletop_tui.ui", "tabletop_tui.net", "textual")
#: the search code: a game's bot code lives in its bot.py, never in its rules
BOTS = "tabletop_tui.engine.bots"

#: the text role's functions, each with the parameters it takes; ``why``,
#: ``describe_action`` and ``status`` are required
TEXT_SIGNATURES = {
    "why": ("game", "state", "action", "seat", "rng"),
    "describe_action": ("game", "state", "action", "seat"),
    "status": ("game", "state", "seat"),
    "opening": ("game", "state"),
    "rule_of": ("game", "state", "action", "seat"),
    "secrets_text": ("game", "state", "seat"),
    "estimate_text": ("game", "state", "seat", "value"),
}
TEXT_REQUIRED = ("why", "describe_action", "status")
VIEW_SIGNATURE = ("game", "state", "seat")
#: the Game's methods that belong to the view and text roles: a game's
#: rules do not write them, the engine's Game delegates them
ROLE_METHODS = ("view", *TEXT_SIGNATURES)


def folder_of(game: Game) -> tuple[str, Path]:
    """The package name and folder of ``game``'s rules."""
    package = type(game).__module__.rpartition(".")[0]
    return package, Path(sys.modules[package].__file__).parent  # type: ignore[arg-type]


def imports_of(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports, by absolute name (relative imports
    resolved against ``package``; ``from X import y`` gives ``X`` and, when
    ``X.y`` is a module of the folder, ``X.y`` too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    folder = path.parent
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            out.add(module)
            if module == package:
                for a in node.names:
                    if (folder / f"{a.name}.py").exists():
                        out.add(f"{package}.{a.name}")
    return out


def graph(package: str, folder: Path) -> dict[str, set[str]]:
    """Module (short name) -> the folder's modules it imports (short names)."""
    out: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        name = path.stem
        deps = imports_of(path, package)
        out[name] = {d[len(package) + 1:].split(".")[0] for d in deps
                     if d.startswith(package + ".")} - {name}
        out[name].discard("__init__")
    return out


def all_imports(package: str, folder: Path) -> dict[str, set[str]]:
    """Module (short name) -> every module it imports (absolute names)."""
    return {p.stem: imports_of(p, package) for p in sorted(folder.glob("*.py"))}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle of the graph, each as a path that returns to its
    start (one per strongly connected part of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                found.append(sorted(part) + [sorted(part)[0]])

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def rules_modules(edges: dict[str, set[str]]) -> set[str]:
    """rules.py and every module of the folder it imports, directly or not:
    its split-out rules modules and what they stand on."""
    seen, todo = set(), ["rules"]
    while todo:
        m = todo.pop()
        if m in seen or m not in edges:
            continue
        seen.add(m)
        todo.extend(edges[m])
    return seen


# -- the checks (each raises AssertionError with what is wrong) -----------------------------
def check_files(game: Game) -> None:
    package, folder = folder_of(game)
    missing = [f for f in REQUIRED if not (folder / f).exists()]
    assert not missing, f"{package} lacks {missing} (docs/adding-a-game.md, 'Files')"


def check_no_circles(game: Game) -> None:
    package, folder = folder_of(game)
    found = cycles(graph(package, folder))
    assert not found, f"{package} has import circles: " + "; ".join(" -> ".join(c) for c in found)


def check_rules_at_the_bottom(game: Game) -> None:
    """No rules module imports a role above the rules, the UI, the ssh layer
    or Textual."""
    package, folder = folder_of(game)
    edges = graph(package, folder)
    absolute = all_imports(package, folder)
    inside = rules_modules(edges)
    wrong = {m: sorted(edges[m] & ABOVE_RULES) for m in inside if edges[m] & ABOVE_RULES}
    assert not wrong, f"{package}: rules modules import roles above the rules: {wrong}"
    outside = {m: sorted(d for d in absolute[m] if d.startswith(FORBIDDEN_PACKAGES)) for m in inside}
    outside = {m: d for m, d in outside.items() if d}
    assert not outside, f"{package}: rules modules import the UI, the ssh layer or Textual: {outside}"


def check_rules_import_no_bots(game: Game) -> None:
    """No rules module imports the search (a game's bot code is in bot.py)."""
    package, folder = folder_of(game)
    absolute = all_imports(package, folder)
    inside = rules_modules(graph(package, folder))
    wrong = sorted(m for m in inside if any(d == BOTS or d.startswith(BOTS + ".") for d in absolute[m]))
    assert not wrong, f"{package}: rules modules import {BOTS}: {wrong}"


def check_text_below_view(game: Game) -> None:
    """text.py does not import view.py (the view takes its sentences from
    the text role, so the other way would close a circle)."""
    package, folder = folder_of(game)
    assert "view" not in graph(package, folder)["text"], f"{package}.text imports its view"


def check_words_ask_only_public_methods(game: Game) -> None:
    """text.py and view.py ask the game (``game.x``) only for public names,
    never a method of the rules' own (``game._entry``)."""
    package, folder = folder_of(game)
    private = []
    for name in ("text", "view"):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        private += [f"{name}.py:{n.lineno} game.{n.attr}" for n in ast.walk(tree)
                    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "game"
                    and n.attr.startswith("_")]
    assert not private, f"{package} reads private rules methods: {private}"


def check_data_is_static(game: Game) -> None:
    """data.py imports none of the game's other modules."""
    package, folder = folder_of(game)
    deps = graph(package, folder)["data"]
    assert not deps, f"{package}.data imports {sorted(deps)}: static data stands on nothing of the game"


def params(fn: Any) -> tuple[str, ...]:
    return tuple(inspect.signature(fn).parameters)


def text_role(game: Game) -> ModuleType:
    package, _ = folder_of(game)
    return importlib.import_module(f"{package}.text")


def check_text_role(game: Game) -> None:
    """text.py has ``why``, ``describe_action`` and ``status``, and every
    text function of the template has the template's signature."""
    text = text_role(game)
    assert game.text is text, "Game.roles does not find the game's text.py"
    for name in TEXT_REQUIRED:
        assert callable(getattr(text, name, None)), f"{text.__name__} lacks {name}"
    for name, want in TEXT_SIGNATURES.items():
        fn = getattr(text, name, None)
        if fn is not None:
            assert params(fn) == want, f"{text.__name__}.{name}{params(fn)} should take {want}"


def check_view_role(game: Game) -> None:
    package, _ = folder_of(game)
    view = importlib.import_module(f"{package}.view")
    assert callable(getattr(view, "build_view", None)), f"{package}.view lacks build_view"
    assert params(view.build_view) == VIEW_SIGNATURE, \
        f"{package}.view.build_view{params(view.build_view)} should take {VIEW_SIGNATURE}"


def check_game_delegates_its_words(game: Game, state: Any) -> None:
    """The Game writes none of the role methods itself, and what it says is
    what its text role says: each text function, replaced by one returning a
    marker, is what the Game's method returns (so no sentence of these is
    written in the rules)."""
    own = sorted(m for m in ROLE_METHODS if getattr(type(game), m) is not getattr(Game, m))
    assert not own, f"{type(game).__name__} writes {own} itself: they belong to the view and text roles"
    text = text_role(game)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    calls = {
        "why": lambda: game.why(state, action, seat, random.Random(1)),
        "describe_action": lambda: game.describe_action(state, action, seat),
        "status": lambda: game.status(state, seat),
        "opening": lambda: game.opening(state),
        "rule_of": lambda: game.rule_of(state, action, seat),
        "secrets_text": lambda: game.secrets_text(state, seat),
        "estimate_text": lambda: game.estimate_text(state, seat, 0.5),
    }
    for name, call in calls.items():
        original = getattr(text, name, None)
        if original is None:
            continue
        marker = f"<{name} of the text role>"
        setattr(text, name, lambda *args, _m=marker: _m)
        try:
            assert call() == marker, f"{type(game).__name__}.{name} does not say what text.{name} says"
        finally:
            setattr(text, name, original)


def check_roles(game: Game) -> None:
    """Every check of the template but the bots' (see check_rules_import_no_bots)."""
    check_files(game)
    check_no_circles(game)
    check_rules_at_the_bottom(game)
    check_text_below_view(game)
    check_words_ask_only_public_methods(game)
    check_data_is_static(game)
    check_text_role(game)
    check_view_role(game)
    check_game_delegates_its_words(game, game.new_state(game.min_players, None, 1))
