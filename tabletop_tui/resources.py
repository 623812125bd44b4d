"""Finding the files shipped beside the code: ``assets/`` and ``screens.tcss``.

In a checkout (or an editable install) they sit at the repository's top
level; a wheel carries copies under ``tabletop_tui/_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _first(*candidates: Path) -> Path:
    for c in candidates:
        if c.exists():
            return c
    return candidates[0]


def assets_dir() -> Path:
    """The ``assets`` folder."""
    return _first(_PKG.parent / "assets", _PKG / "_data" / "assets")


def stylesheet() -> Path:
    """The app's ``screens.tcss``."""
    return _first(_PKG.parent / "screens.tcss", _PKG / "_data" / "screens.tcss")


def rules_markdown(game_id: str) -> str:
    """The in-app rules page of a game (Markdown), or a short apology."""
    path = assets_dir() / "rules" / f"{game_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {game_id}\n\nThe rules page for this game is missing from this installation."
