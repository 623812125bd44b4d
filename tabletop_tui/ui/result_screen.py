"""The end of a game: who won and the final table."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Footer, Static

from tabletop_tui.engine.game import Result
from tabletop_tui.engine.table import SeatInfo


def winner_line(result: Result, names: Sequence[str], cooperative: bool) -> str:
    """"Ana wins!", "Ana and Ben share the win.", "The team wins!" ..."""
    won = [names[s] for s in result.winners]
    if cooperative:
        return "The team wins!" if won else "The team loses."
    if not won:
        return "Nobody wins."
    if len(won) == 1:
        return f"{won[0]} wins!"
    return f"{', '.join(won[:-1])} and {won[-1]} share the win."


def clip(name: str, width: int) -> str:
    """``name`` cut to ``width`` cells, the cut shown by "…"."""
    return name if len(name) <= width else name[: max(1, width - 1)] + "…"


def _cell(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return ""
    return str(value)


class ResultScreen(ModalScreen[str]):
    """Dismisses with "menu" (back to the picker) or "board" (look at it).

    Column headings come from the game (``Game.result_columns``), so a wide
    score table still fits 80 columns; long names are cut (with "…") rather
    than the last column, the total, falling off the screen. Its own footer covers the game's, so
    no game key (hint, put back...) is offered over a finished game.
    """

    BINDINGS = [
        Binding("enter", "menu", "Back to games"),
        Binding("b", "board", "See the board"),
        Binding("escape", "board", "See the board", show=False),
    ]

    def __init__(self, result: Result, seats: Sequence[SeatInfo], cooperative: bool = False,
                 game_id: str | None = None) -> None:
        super().__init__()
        self.result = result
        self.seats = list(seats)
        self.cooperative = cooperative
        self.columns: dict[str, str] = {}
        self._names_at = 0  # the Player column's width the table was filled for
        if game_id:
            from tabletop_tui.engine.registry import get

            self.columns = dict(getattr(get(game_id), "result_columns", {}) or {})

    def compose(self) -> ComposeResult:
        res = self.result
        with Vertical(id="result"):
            yield Static(Text(winner_line(res, [s.name for s in self.seats], self.cooperative)),
                         id="result-title")
            if res.summary:
                yield Static(Text(res.summary), id="result-summary")
            if res.condition:
                yield Static(Text(res.condition), id="result-condition")
            table = DataTable(id="result-table", cursor_type="none", zebra_stripes=True)
            table.can_focus = False  # nothing here takes keys but the screen's own
            self._fill(table)
            yield table
            with Horizontal(id="result-buttons"):
                yield Button("Back to games (Enter)", id="result-menu", variant="primary", compact=True)
                yield Button("See the board (b)", id="result-board", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        for button in self.query(Button):  # clickable; the keys are Enter and b (in the footer)
            button.can_focus = False
        self.set_focus(None)

    def on_resize(self) -> None:
        tables = self.query("#result-table").results(DataTable)
        table = next(tables, None)  # none while the app quits as the game ends
        if table is not None and self._name_width(*self._rows()) != self._names_at:
            table.clear(columns=True)
            self._fill(table)

    def _rows(self) -> tuple[list[str], list[list[str]]]:
        """The final table's headings and its rows, a seat a row, as text."""
        res = self.result
        keys: list[str] = []
        for d in res.details.values():
            for k in d:
                if k not in keys:
                    keys.append(k)
        heads = ["Player"] + [self.columns.get(k, k.replace("_", " ").capitalize()) for k in keys]
        show_score = bool(res.scores) and not keys
        if show_score:
            heads.append("Score")
        rows = []
        for s, seat in enumerate(self.seats):
            row = [f"★ {seat.name}" if s in res.winners else f"  {seat.name}"]
            row += [_cell(res.details.get(s, {}).get(k, "")) for k in keys]
            if show_score:
                v = res.scores.get(s, "")
                row.append(str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
            rows.append(row)
        return heads, rows

    def _name_width(self, heads: list[str], rows: list[list[str]]) -> int:
        """How wide the Player column may be so that every column fits the
        box at the app's width (each column takes its widest cell plus 2)."""
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
        room = min(86, self.app.size.width) - 4  # the box's border and padding
        others = sum(w + 2 for w in widths[1:])
        return max(len(heads[0]), min(widths[0], room - others - 2))

    def _fill(self, table: DataTable) -> None:
        """The final table's columns and rows (filled before it is mounted:
        an app that quits as the game ends may never mount it)."""
        heads, rows = self._rows()
        self._names_at = width = self._name_width(heads, rows)
        for head in heads:
            table.add_column(head)
        for row in rows:
            table.add_row(Text(clip(row[0], width)), *row[1:])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("menu" if event.button.id == "result-menu" else "board")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_board(self) -> None:
        self.dismiss("board")
