"""The lobby's records window: your recent games on this server (Enter
replays one) and each game's leaderboard (a co-operative game lists its
teams' records instead of ratings). Names are outside text: plain ``Text``."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


def recent_line(g: dict) -> Text:
    line = Text()
    line.append(str(g.get("title", "?")), style="bold")
    line.append(f"  {g.get('outcome', '')}")
    others = [str(o) for o in g.get("with", [])][:3]
    if others:
        line.append(" · with " + ", ".join(others))
    when = g.get("finished")
    if isinstance(when, (int, float)):
        line.append("  " + time.strftime("%d %b %H:%M", time.localtime(when)), style="dim")
    return line


def boards_text(boards: list[dict]) -> Text:
    """Every game's leaderboard (rating shown as mu - 3 sigma) or team record."""
    out = Text()
    for b in boards:
        out.append(str(b.get("title", "?")), style="bold")
        rows = b.get("rows", [])
        if b.get("cooperative"):
            out.append("  (co-operative: the team's record)\n", style="dim")
            for team, won, lost in rows:
                out.append(f"  {team}: {won} won, {lost} lost\n")
        else:
            out.append("  (rating · games)\n", style="dim")
            for n, (name, rating, played) in enumerate(rows, 1):
                out.append(f"  {n}. {name}  {rating:.1f} · {played}\n")
        if not rows:
            out.append("  no finished game yet\n", style="dim")
    return out


class RecordsScreen(Screen[None]):
    """Recent games and leaderboards, asked of the table service."""

    BINDINGS = [Binding("escape,q", "back", "Lobby")]

    def __init__(self, service: Any) -> None:
        super().__init__()
        self.service = service
        self.recent: list[dict] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(Text(f"Your recent games on this server — {self.service.user}"), id="picker-title")
            yield OptionList(Option(Text("Asking the server…"), disabled=True), id="records-recent")
            yield Static(Text("Enter replays a game · Esc goes back to the tables"), id="picker-message")
            with VerticalScroll(id="records-boards"):
                yield Static(Text(""), id="records-board-text")
        yield Footer()

    def on_mount(self) -> None:
        self.service.ask_records()
        self.query_one(OptionList).focus()

    def say(self, text: str) -> None:
        self.query_one("#picker-message", Static).update(Text(text))

    def show_records(self, data: dict) -> None:
        """The player's recent games and the leaderboards (the app calls this as they arrive)."""
        self.recent = list(data.get("recent", []))
        ol = self.query_one(OptionList)
        ol.clear_options()
        if not self.recent:
            ol.add_option(Option(Text("No finished game yet."), disabled=True))
        for g in self.recent:
            ol.add_option(Option(recent_line(g), id=str(g.get("id"))))
        if self.recent:
            ol.highlighted = 0
        self.query_one("#records-board-text", Static).update(boards_text(list(data.get("boards", []))))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.say("Fetching that game…")
            self.service.ask_replay(event.option.id)

    def show_replay(self, data: dict) -> None:
        """Step through a finished game the server sent (its save, as text)."""
        why = self.app.replay_save_text(str(data.get("save", "")))  # type: ignore[attr-defined]
        if why:
            self.say(why)

    def action_back(self) -> None:
        self.app.pop_screen()
