"""The board widget contract, and a generic board for games without one.

A game's board is a widget bound to the current seat's view. The screen sets
its attributes (attributes down) with :meth:`Board.show`; the board turns keys
and clicks into Actions and posts :class:`Board.Chosen` (messages up). It never
decides what is legal: it asks ``legal`` (from the model) for highlights and
lets the model refuse anything else with a reason.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine import Action, Match, Seat


class Board(Widget):
    """Base of every game board."""

    class Chosen(Message):
        """The player at the keys chose ``action``."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Said(Message):
        """A short note for the message line (e.g. "Path: centre → top")."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    #: Rich styles of the seats' colours, readable on dark and light themes.
    SEAT_STYLES = ["#b45fd6", "#c98a00", "#2f8fd8", "#3c9c4a"]

    def __init__(self, match: Match, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.match = match
        self.view: Any = None
        self.seat: Seat | None = None
        self.legal: list[Action] = []
        self.hint: Action | None = None

    def show(self, view: Any, seat: Seat | None, legal: list[Action]) -> None:
        """Bind the board to ``seat``'s ``view`` and its ``legal`` actions."""
        self.view, self.seat, self.legal = view, seat, legal
        self.hint = None
        self.update_board()

    def show_hint(self, action: Action) -> None:
        self.hint = action
        self.update_board()

    def update_board(self) -> None:
        """Redraw from ``view``/``legal``; subclasses override."""
        self.refresh()

    def seat_style(self, seat: Seat) -> str:
        """The Rich style of ``seat``'s colour."""
        return self.SEAT_STYLES[seat % len(self.SEAT_STYLES)]

    def prompt(self) -> str:
        """What the player at the keys can do now, in a few words (shown when
        there is no other message)."""
        return ""

    def seat_summary(self, seat: Seat) -> str:
        """One short line about ``seat`` for the players panel (e.g. "3 fruit")."""
        return ""

    def choose(self, action: Action) -> None:
        self.post_message(self.Chosen(action))

    def focus_board(self) -> None:
        """Give the keyboard to the board."""
        if self.can_focus:
            self.focus()


class GenericBoard(Board):
    """A board for any game: the status and a list of the legal actions."""

    DEFAULT_CSS = """
    GenericBoard { height: 1fr; }
    GenericBoard OptionList { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="generic-view")
            yield OptionList(id="generic-actions")

    def update_board(self) -> None:
        game, state = self.match.game, self.match.state
        seat = self.seat
        self.query_one("#generic-view", Static).update(self.match.status(seat))
        ol = self.query_one("#generic-actions", OptionList)
        ol.clear_options()
        for i, a in enumerate(self.legal):
            label = self.match.text(game.describe_action(state, a, seat if seat is not None else 0))
            ol.add_option(Option(label, id=str(i)))
        if self.legal:
            ol.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        idx = int(event.option.id or 0)
        if 0 <= idx < len(self.legal):
            self.choose(self.legal[idx])

    def focus_board(self) -> None:
        self.query_one(OptionList).focus()
