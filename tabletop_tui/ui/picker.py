"""The game picker: every built game, and the saved games to resume."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine import Match, SaveError, games, list_saves


def players_text(game) -> str:
    lo, hi = game.min_players, game.max_players
    return f"{lo} players" if lo == hi else f"{lo}-{hi} players"


class PickerScreen(Screen[None]):
    """Pick a game to set up, or a saved game to resume."""

    BINDINGS = [
        Binding("enter", "open", "New game / resume", show=True),
        Binding("r", "rules", "Rules"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static("[b]tabletop[/b] — pick a game", id="picker-title")
            yield OptionList(id="picker-list")
            yield Static("", id="picker-message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        ol.clear_options()
        for g in games():
            ol.add_option(Option(f"[b]{g.title}[/b]  ({players_text(g)})\n  {g.blurb}", id=f"game:{g.id}"))
        resumable = []
        for path, save, note in list_saves():
            if save is None or save.over:
                continue
            try:
                game_title = next(g.title for g in games() if g.id == save.game)
            except StopIteration:
                continue
            names = ", ".join(s.name for s in save.seats)
            resumable.append(Option(f"Resume {game_title}: {names} — {len(save.log)} moves, {save.updated[:16].replace('T', ' ')}",
                                    id=f"save:{path}"))
        if resumable:
            ol.add_option(None)
            for opt in resumable[:9]:
                ol.add_option(opt)
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
            try:
                match = Match.load(value)
            except SaveError as err:
                self.query_one("#picker-message", Static).update(f"[b]Cannot resume:[/b] {err.reason}")
                return
            self.app.start_match(match)

    def action_rules(self) -> None:
        oid = self._current() or ""
        kind, _, value = oid.partition(":")
        if kind == "game":
            from .rules_screen import RulesScreen

            self.app.push_screen(RulesScreen(value))
        else:
            self.query_one("#picker-message", Static).update("Highlight a game to read its rules.")
