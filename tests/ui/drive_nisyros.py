"""Key presses that make a Nisyros action on its board, like a player would."""

from __future__ import annotations

from tabletop_tui.games.nisyros.actions import Done, PlaceDie


def nisyros_keys(board, action) -> list[str]:
    """Finish with f; a die with its number key; anything else by walking the
    (unfiltered) choices list from the top and pressing Enter."""
    if isinstance(action, Done):
        return ["f"]
    if isinstance(action, PlaceDie):
        shown = [i for i, a in enumerate(board.legal) if isinstance(a, PlaceDie) and a.die == action.die]
        k = [board.legal[i] for i in shown].index(action)
        return [str(action.die + 1), "home"] + ["down"] * k + ["enter"]
    k = board.legal.index(action)
    return ["a", "home"] + ["down"] * k + ["enter"]


def island(board):
    """The board's island (one CellGrid)."""
    return board.query_one("#ni-island")


def place_text(board, p: int) -> str:
    """What place ``p``'s cell shows, its mark first."""
    from tabletop_tui.games.nisyros.board import island_cell

    return island(board).text_of(island_cell(p))


async def click_place(pilot, board, p: int) -> None:
    """Click place ``p`` on the island, as a player would."""
    await pilot.click(island(board), offset=island(board).tap_offset(f"place:{p}"))


def die_span(board, d: int):
    """Die ``d``'s span on the dice line: (its start, its text)."""
    row = board.query_one("#ni-dicerow")
    text = row.text
    for span in text.spans:
        meta = span.style.meta if hasattr(span.style, "meta") else {}
        if meta.get("tap") == f"die:{d}":
            return span.start, text.plain[span.start:span.end]
    raise AssertionError(f"no die {d} on the dice line")


async def click_die(pilot, board, d: int) -> None:
    """Click die ``d`` on the dice line."""
    x, _ = die_span(board, d)
    await pilot.click(board.query_one("#ni-dicerow"), offset=(x + 1, 0))
