"""The layers read from their imports: net/ is the ssh layer and knows no
UI (no ui/, no Textual); the UI talks to the table service through its
client object and never writes wire messages (no net.protocol)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tabletop_tui"


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    parts = ["tabletop_tui", *path.relative_to(PACKAGE).with_suffix("").parts]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[: len(parts) - node.level]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names]  # from x import protocol
    return found


def offenders(folder: str, banned: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE)}: {name}" for path in sorted((PACKAGE / folder).rglob("*.py"))
            for name in imports(path) if any(name == b or name.startswith(b + ".") for b in banned)]


def test_net_imports_no_ui():
    assert not offenders("net", ("tabletop_tui.ui", "textual")), "net/ is the ssh layer: it knows no UI"


def test_the_ui_never_imports_the_wire_protocol():
    assert not offenders("ui", ("tabletop_tui.net.protocol",)), "the UI talks to the client object"


def test_the_reader_sees_relative_imports():
    """The check itself: a relative ``from . import protocol`` is read as net.protocol."""
    assert "tabletop_tui.net.protocol" in imports(PACKAGE / "net" / "client.py")
