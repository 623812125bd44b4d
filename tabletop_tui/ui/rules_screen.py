"""The rules page of a game, rendered from Markdown in our own words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from tabletop_tui.resources import rules_markdown


class RulesScreen(Screen[None]):
    """Scrollable rules page; Escape or q goes back."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_markdown(self.game_id), show_table_of_contents=False, id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss(None)
