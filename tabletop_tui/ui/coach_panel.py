"""The coach's panel: its best moves for the seat at the keys, to read, see
on the board and take with Enter."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.coach import Suggestion


class CoachPanel(OptionList):
    """Up to three suggestions, best first. The highlighted one is shown on
    the board (messages up: :class:`Shown`); Enter takes it (:class:`Taken`);
    Esc or ``h`` closes the panel (:class:`Closed`)."""

    BINDINGS = [
        Binding("escape,h", "close", "Close the coach"),
        Binding("1", "pick(0)", "First", show=False),
        Binding("2", "pick(1)", "Second", show=False),
        Binding("3", "pick(2)", "Third", show=False),
    ]

    class Shown(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Taken(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Closed(Message):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.suggestions: list[Suggestion] = []
        self.can_focus = False  # only while it offers something

    def hide(self) -> None:
        """Close the panel: hidden and out of the focus chain."""
        self.display = False
        self.can_focus = False

    def offer(self, suggestions: list[Suggestion]) -> None:
        """Show ``suggestions`` (plain text: labels are the game's phrases)
        and highlight the first."""
        self.suggestions = list(suggestions)
        self.clear_options()
        for i, s in enumerate(self.suggestions):
            line = Text.assemble((f"{i + 1}. ", "bold"), (s.label, "bold"), f"\n   {s.estimate}")
            if s.why:
                line.append(f" — {s.why}")
            self.add_option(Option(line, id=str(i)))
        if self.suggestions:
            self.highlighted = 0
        self.display = True
        self.can_focus = True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        i = int(event.option.id or 0)
        if 0 <= i < len(self.suggestions):
            self.post_message(self.Shown(self.suggestions[i].action))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(int(event.option.id or 0))

    def action_pick(self, i: int) -> None:
        if 0 <= i < len(self.suggestions):
            self.post_message(self.Taken(self.suggestions[i].action))

    def action_close(self) -> None:
        self.post_message(self.Closed())
