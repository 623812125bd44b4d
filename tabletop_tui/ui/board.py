"""The board widget contract, and a generic board for games without one.

A game's board is a widget bound to the current seat's view. The screen sets
its attributes (attributes down) with :meth:`Board.show`; the board turns keys
and clicks into Actions and posts :class:`Board.Chosen` (messages up). It never
decides what is legal: it asks ``legal`` (from the model) for highlights and
lets the model refuse anything else with a reason.

A game's board is built from the board kit (:mod:`.board_kit`): tappable
cells and panels that send one ``Tapped`` message, and ``KitBoard.tap``
where the board maps a click to its action, beside its key bindings.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.actions import parse as _parse_action
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.table import LastMove, Update


class Board(Widget):
    """Base of every game board.

    The screen binds the table's seat names, colours and ``explain`` once
    (:meth:`bind`), then hands each update for the seat at the keys to
    :meth:`show`. Before every :meth:`update_board` these attributes hold:
    ``view`` (the seat's view, None while hidden), ``seat`` (None: the public
    view), ``legal`` (its legal actions) and ``labels`` (their phrases),
    ``names``, ``colours``, ``last`` (the previous move, to highlight what it
    changed) and ``hint``.
    """

    class Chosen(Message):
        """The player at the keys chose ``action``."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Said(Message):
        """A short note for the message line (e.g. "Path: centre → top");
        ``error``: it is the model's refusal of what the keys tried."""

        def __init__(self, text: str, error: bool = False) -> None:
            super().__init__()
            self.text = text
            self.error = error

    #: Rich styles of the seats' colours, readable on dark and light themes.
    SEAT_STYLES = ["#b45fd6", "#c98a00", "#2f8fd8", "#3c9c4a"]
    #: The smallest terminal (columns, rows) this board can be played in.
    MIN_SIZE: tuple[int, int] = (80, 24)
    #: Columns a :meth:`seat_summary` line has in the players panel, after
    #: its indent: the screen sets it from the panel's width before asking
    #: (the panel is a quarter of a wide terminal, 36 columns at least).
    summary_width: int = 31

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: Any = None
        self.seat: Seat | None = None
        self.legal: list[Action] = []
        self.labels: list[str] = []
        self.names: list[str] = []
        self.colours: list[str] = []
        self.last: LastMove | None = None
        self.hint: Action | None = None
        #: every move the coach suggests now (``hint`` is the one selected)
        self.hints: list[Action] = []
        self._explain: Callable[[Action, Seat], str | None] | None = None
        #: seats whose (remote) player has dropped: a board says so rather than "is playing…"
        self.away: frozenset[int] = frozenset()

    def bind(self, names: list[str], colours: list[str],
             explain: Callable[[Action, Seat], str | None] | None = None) -> None:
        """Seat names and colours for the whole game, and how to ask the
        model why an action would be refused."""
        self.names, self.colours, self._explain = list(names), list(colours), explain

    def show(self, update: Update | None) -> None:
        """Bind the board to ``update`` (None: hide everything) and redraw."""
        if update is None:
            self.view, self.seat, self.legal, self.labels, self.last = None, None, [], [], None
        else:
            self.view, self.seat, self.last = update.view, update.seat, update.last
            self.legal, self.labels = update.legal, update.labels
        self.hint = None
        self.update_board()

    #: the attributes that hold this board's cursors: put back when the coach
    #: is closed unused, so the next Enter does not play its suggestion
    cursor_fields: tuple[str, ...] = ()

    def cursor_state(self) -> dict[str, Any]:
        """The cursors as they are (``cursor_fields`` and each list's highlight)."""
        state: dict[str, Any] = {f: getattr(self, f, None) for f in self.cursor_fields}
        for ol in self.query(OptionList):
            if ol.id:
                state[f"#{ol.id}"] = ol.highlighted
        return state

    def restore_cursor(self, state: dict[str, Any]) -> None:
        """Put the cursors back as :meth:`cursor_state` found them."""
        for key, value in state.items():
            if not key.startswith("#"):
                setattr(self, key, value)
        self.update_board()
        for key, value in state.items():
            if key.startswith("#"):
                for ol in self.query(key):
                    if isinstance(ol, OptionList) and (value is None or value < ol.option_count):
                        ol.highlighted = value

    def show_hint(self, action: Action | None) -> str | None:
        """Light the hinted ``action`` (None: no hint). A board that also
        moves its cursor or selection onto it returns a few words saying so
        (e.g. "Enter plays it"), so the player is told what changed; None
        when nothing moved."""
        self.hint = action
        self.update_board()
        return None

    def update_board(self) -> None:
        """Redraw from ``view``/``legal``; subclasses override."""
        self.refresh()

    def text(self, text: str) -> str:
        """``text`` with the seat placeholders ``{s0}``.. filled with names."""
        for i, name in enumerate(self.names):
            text = text.replace(f"{{s{i}}}", name)
        return text

    def label(self, action: Action) -> str:
        """The phrase for a legal ``action`` (its describe_action text)."""
        try:
            return self.labels[self.legal.index(action)]
        except (ValueError, IndexError):
            return ""

    def explain(self, action: Action) -> str | None:
        """The model's sentence for why ``action`` would be refused now, or None."""
        if self._explain is None or self.seat is None:
            return "It is not your turn."
        return self._explain(action, self.seat)

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

    def say(self, text: str, error: bool = False) -> None:
        self.post_message(self.Said(text, error))

    def focus_board(self) -> None:
        """Give the keyboard to the board."""
        if self.can_focus:
            self.give_focus(self)

    def refresh_footer(self) -> None:
        """Ask the footer to show the keys again, only when what
        :meth:`check_action` offers has changed: the footer rebuilds its keys
        (a layout pass), too dear for every cursor key."""
        offered = []
        for binding in self._bindings.key_to_bindings.values():
            for b in binding:
                name, params = _parse_action(b.action)[1:]
                offered.append(self.check_action(name, params))
        offered_key = tuple(offered)
        if getattr(self, "_offered", None) != offered_key:
            self._offered = offered_key
            self.refresh_bindings()

    def give_focus(self, widget: Widget) -> None:
        """Focus ``widget`` unless it has the focus already (focusing again
        would repaint the whole board for nothing, after every move)."""
        if self.app.focused is not widget:
            widget.focus()


class GenericBoard(Board):
    """A board for any game: the list of the legal actions, in words."""

    DEFAULT_CSS = """
    GenericBoard { height: 1fr; }
    GenericBoard OptionList { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield OptionList(id="generic-actions")

    def update_board(self) -> None:
        ol = self.query_one("#generic-actions", OptionList)
        ol.clear_options()
        for i, label in enumerate(self.labels):
            ol.add_option(Option(Text(label), id=str(i)))
        if self.legal:
            ol.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        idx = int(event.option.id or 0)
        if 0 <= idx < len(self.legal):
            self.choose(self.legal[idx])

    def focus_board(self) -> None:
        self.give_focus(self.query_one(OptionList))
