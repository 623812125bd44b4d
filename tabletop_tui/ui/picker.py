"""The game picker: every built game, and the saved games to resume."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine.registry import catalogue


class PickerScreen(Screen[None]):
    """Pick a game to set up, or a saved game to resume.

    The games come from the registry's light catalogue (no rules model is
    loaded for the first frame); the saved games are read in a thread, which
    also warms up the rules models so a chosen game opens at once.
    """

    BINDINGS = [
        Binding("enter", "open", "New game / resume", show=True, priority=True),
        Binding("r", "rules", "Rules"),
        Binding("d", "demo", "Demo"),
        Binding("t", "tutorial", "Tutorial"),
        Binding("v", "replay", "Replay"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saves: list[tuple[str, Text]] = []  # (option id, label)

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(Text.assemble(("tabletop", "bold"), " — pick a game"), id="picker-title")
            yield OptionList(id="picker-list")
            yield Static("", id="picker-message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        """Show the games now, and the saved games once they are read (after
        the first frame is on screen)."""
        self._show()
        self.call_after_refresh(self._read_saves)

    @work(thread=True, exclusive=True, group="saves")
    def _read_saves(self) -> None:
        from tabletop_tui.engine.match import list_saves
        from tabletop_tui.engine.storage import storage_problem
        from tabletop_tui.engine.registry import games

        titles = {info.id: info.title for info in catalogue()}
        found, finished = [], []
        for entry in list_saves():
            save = entry.summary
            if save is None or not save.moves or save.game not in titles:
                continue
            if save.over:
                finished.append((f"done:{entry.path}", replay_label(titles[save.game], save)))
            else:
                found.append((f"save:{entry.path}", resume_label(titles[save.game], save)))
        found = found[:9] + finished[:5]
        problem = storage_problem()
        self.app.call_from_thread(self._saves_read, found)
        if problem:
            self.app.call_from_thread(self.say, problem)
        games()  # warm up every rules model while the player reads the list

    def _saves_read(self, found: list[tuple[str, Text]]) -> None:
        if found != self._saves:
            self._saves = found
            self._show()

    def _show(self) -> None:
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        ol.clear_options()
        for g in catalogue():
            # the blurb wrapped here, so its second line keeps the indent (fits 80 columns)
            blurb = textwrap.fill(g.blurb, 68, initial_indent="  ", subsequent_indent="  ")
            label = Text.assemble((g.title, "bold"), f"  ({g.players_text})\n", blurb)
            ol.add_option(Option(label, id=f"game:{g.id}"))
        if self._saves:
            ol.add_option(None)
            for oid, label in self._saves:
                ol.add_option(Option(label, id=oid))
        if ol.option_count:
            ol.highlighted = keep if keep is not None and keep < ol.option_count else 0

    def _current(self) -> str | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        return ol.get_option_at_index(ol.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option.id)

    def action_open(self) -> None:
        self._open(self._current())

    def _open(self, oid: str | None) -> None:
        if not oid:
            return
        kind, _, value = oid.partition(":")
        if kind == "game":
            from .setup import SetupScreen

            self.app.push_screen(SetupScreen(value))
        elif kind == "save":
            match = self._load(value, "Cannot resume: ")
            if match is not None:
                self.app.start_match(match)
        elif kind == "done":
            self._replay(value)

    def _load(self, path: str, failing: str, autosave: bool = True):
        """The match saved at ``path``, or None after saying why not."""
        from tabletop_tui.engine.errors import SaveError
        from tabletop_tui.engine.match import Match

        try:
            return Match.load(path, autosave=autosave)
        except SaveError as err:
            self.say(Text.assemble((failing, "bold"), err.reason))
            return None

    def _replay(self, path: str) -> None:
        match = self._load(path, "Cannot replay: ", autosave=False)
        if match is not None:
            self.app.start_replay(match)

    def action_replay(self) -> None:
        kind, _, value = (self._current() or "").partition(":")
        if kind in ("save", "done"):
            self._replay(value)
        else:
            self.say("Highlight a saved game to replay it.")

    def action_demo(self) -> None:
        kind, _, value = (self._current() or "").partition(":")
        if kind == "game":
            self.app.start_demo(value)
        else:
            self.say("Highlight a game to watch the bots play it.")

    def action_tutorial(self) -> None:
        kind, _, value = (self._current() or "").partition(":")
        if kind == "game":
            self.app.start_tutorial(value)
        else:
            self.say("Highlight a game to learn it in a tutorial.")

    def action_rules(self) -> None:
        oid = self._current() or ""
        kind, _, value = oid.partition(":")
        if kind == "game":
            from .rules_screen import RulesScreen

            self.app.push_screen(RulesScreen(value))
        else:
            self.say("Highlight a game to read its rules.")

    def say(self, text: str | Text) -> None:
        """Show ``text`` (plain text, never markup) under the list."""
        self.query_one("#picker-message", Static).update(Text(text) if isinstance(text, str) else text)


def resume_label(title: str, save) -> Text:
    """A resume entry: the game, who sits where (naming the bots), how far
    it got and when. Names are outside text: plain Text, never markup."""
    who = []
    for seat in save.seats:
        if seat.is_human:
            who.append(seat.name)
        else:
            kind = "random bot" if seat.bot == "random" else f"bot L{seat.level}"
            who.append(f"{seat.name} ({kind})")
    when = save.updated[:16].replace("T", " ")
    moves = f"{save.moves} move{'s' if save.moves != 1 else ''}"
    return Text(f"Resume {title}: {', '.join(who)} — {moves}, {when}")


def replay_label(title: str, save) -> Text:
    """A finished game's entry: who played, how long, when (plain text)."""
    who = ", ".join(seat.name for seat in save.seats)
    when = save.updated[:16].replace("T", " ")
    return Text(f"Replay {title}: {who} — finished, {save.moves} moves, {when}")


def leave_note(match) -> str:
    """What the picker says when a game is left (see :meth:`Match.leave_note`)."""
    return match.leave_note()
