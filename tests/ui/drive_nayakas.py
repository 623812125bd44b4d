"""Turn a Nayakas action into the key presses a player would make on the board:
walk the cursor (↓) to the action's place, + / - to the Gold payment of a
build, the Great Dam or a temple tile,
Enter (or l / d for a worker), then ↓ and Enter in the choice list when
there is more than one way."""

from __future__ import annotations

import io

from tabletop_tui.games.nayakas.actions import Build, Pass, Place, PlayCard
from tabletop_tui.games.nayakas.board import target_key


def nayakas_keys(board, action, *, worker_keys: bool = False) -> list[str]:
    """The keys that make ``action`` on ``board`` (a NayakasBoard) from where
    its cursor is now; ``worker_keys`` uses l / d instead of Enter for workers."""
    if isinstance(action, Pass):
        return ["p"]
    if isinstance(action, PlayCard):
        group = [a for k in board._targets() if k.startswith("card:") for a, _ in board._group(k)]
        return ["c"] + ["down"] * group.index(action) + ["enter"]
    key = target_key(action)
    targets = board._targets()
    here = targets.index(board.cursor) if board.cursor in targets else 0
    keys = ["down"] * ((targets.index(key) - here) % len(targets))
    pays = board._payments(key) if isinstance(action, (Build, Place)) else []
    if pays and (isinstance(action, Build) or action.benefit):  # a Section, the Great Dam, a temple tile
        pay = (action.gold_stone, action.gold_clay)
        step = pays.index(pay) - pays.index(board._payment(key))
        keys += ["plus" if step > 0 else "minus"] * abs(step)
        group = [a for a in board.legal if target_key(a) == key
                 and ((a.gold_stone, a.gold_clay) == pay or (isinstance(a, Place) and not a.benefit))]
    else:
        group = [a for a, _ in board._group(key)]
    if worker_keys and isinstance(action, Place):
        group = [a for a in group if a.worker == action.worker]
        keys.append("l" if action.worker == "laborer" else "d")
    else:
        keys.append("enter")
    if len(group) > 1:
        keys += ["down"] * group.index(action) + ["enter"]
    return keys


def screen_text(app) -> str:
    """Everything the Nayakas board holds (scrolled out of sight or not), as plain text."""
    from rich.console import Console
    from textual.widgets import Static
    screen = next(s for s in app.screen_stack if hasattr(s, "board"))
    console = Console(width=160, record=True, file=io.StringIO())
    from tabletop_tui.ui.line_panel import LinePanel
    for w in screen.board.query("Static, LinePanel"):
        console.print(w.text if isinstance(w, LinePanel) else w.content)
    parts = [console.export_text()]
    parts.append(str(screen.query_one("#status", Static).content))
    return "\n".join(parts)
