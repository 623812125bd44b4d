"""The rules page of a game, rendered from Markdown in our own words, with
the game's options at the end (as `tabletop rules GAME` prints it).

Rich renders the page as one text (about 0.1 s for the longest page);
Textual's MarkdownViewer, a widget per block, took 2 s to open it."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tabletop_tui.engine.options_text import with_options
from tabletop_tui.engine.registry import get
from tabletop_tui.resources import rules_markdown
from .footer import FittingFooter


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
        self.page = with_options(rules_markdown(self.game_id), get(self.game_id).options_model)
        with VerticalScroll(id="rules"):
            yield Static(Markdown(self.page, hyperlinks=False), id="rules-text")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#rules", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
