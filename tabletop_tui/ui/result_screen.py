"""The end of a game: who won and the final table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static

from tabletop_tui.engine import Match


def winner_line(match: Match) -> str:
    """"Ana wins!", "Ana and Ben share the win.", "The team wins!" ..."""
    res = match.result()
    names = [match.seats[s].name for s in res.winners]
    if match.game.cooperative:
        return "The team wins!" if names else "The team loses."
    if not names:
        return "Nobody wins."
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win."


def _cell(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return ""
    return str(value)


#: Short headings for common score components, so wide tables fit 80 columns.
COLUMN_NAMES = {
    "moai_points": "Moai pts", "wood_points": "Wood pts", "offering_cards": "Offerings",
    "offering_points": "Offer. pts", "moai_left": "Moai left", "moai_erected": "Moai up",
    "ceremonial_moai": "Ceremonial", "tokens_on_board": "Tokens",
}


class ResultScreen(ModalScreen[str]):
    """Dismisses with "menu" (back to the picker) or "board" (look at it)."""

    BINDINGS = [
        Binding("enter", "menu", "Back to games"),
        Binding("b", "board", "See the board"),
        Binding("escape", "board", "See the board", show=False),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        res = self.match.result()
        with Vertical(id="result"):
            yield Static(winner_line(self.match), id="result-title")
            if res.summary:
                yield Static(self.match.text(res.summary), id="result-summary")
            yield DataTable(id="result-table", cursor_type="none", zebra_stripes=True)
            with Horizontal(id="result-buttons"):
                yield Button("Back to games (Enter)", id="result-menu", variant="primary", compact=True)
                yield Button("See the board (b)", id="result-board", compact=True)

    def on_mount(self) -> None:
        res = self.match.result()
        table = self.query_one(DataTable)
        table.can_focus = False
        self.query_one("#result-menu", Button).focus()
        keys: list[str] = []
        for d in res.details.values():
            for k in d:
                if k not in keys:
                    keys.append(k)
        table.add_column("Player")
        for k in keys:
            table.add_column(COLUMN_NAMES.get(k, k.replace("_", " ").capitalize()))
        show_score = bool(res.scores) and not keys
        if show_score:
            table.add_column("Score")
        for s, seat in enumerate(self.match.seats):
            name = f"★ {seat.name}" if s in res.winners else f"  {seat.name}"
            row = [name] + [_cell(res.details.get(s, {}).get(k, "")) for k in keys]
            if show_score:
                v = res.scores.get(s, "")
                row.append(str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
            table.add_row(*row)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("menu" if event.button.id == "result-menu" else "board")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_board(self) -> None:
        self.dismiss("board")
