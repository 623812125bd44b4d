"""The lobby an ssh player sees: the server's tables, a new table, a seat.

Everything here comes from the table service, through its client object
(``RemoteService``: the lobby never writes wire messages itself);
names and chat are outside text and are shown only as plain ``Text``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Footer, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine.errors import IllegalAction

from .setup import SEAT_KINDS, SetupScreen


def table_line(t: dict, me: str = "") -> Text:
    """One table in the list: game, seats (who is here; "yours" for ``me``), status."""
    line = Text()
    line.append(str(t.get("title", "?")), style="bold")
    line.append("  ")
    for i, s in enumerate(t.get("seats", [])):
        if i:
            line.append(" · ")
        owner = s.get("owner")
        if owner and s.get("bot"):
            who = f"{s.get('colour')}: {owner} (a bot plays)"
        elif s.get("bot"):
            who = f"{s.get('colour')}: bot"
        elif owner and owner == me:
            who = f"{s.get('colour')}: yours"
        elif owner:
            who = f"{s.get('colour')}: {owner}" + ("" if s.get("here") else " (away)")
        else:
            who = f"{s.get('colour')}: open"
        line.append(who)
    if t.get("watching"):
        line.append(f"  · {t['watching']} watching", style="italic")
    status = "game over" if t.get("over") else str(t.get("status", ""))
    if status:
        line.append("\n   " + status[:100], style="dim")
    return line


#: the smallest window the lobby and its windows are drawn in (below: one sentence)
LOBBY_MIN = (40, 10)

#: the sentence in place of a lobby screen in a window too small for it; its
#: lists are never laid out narrower than they can wrap (a screen behind the
#: current one is laid out before it hears of the new size)
SMALL_CSS = """
{cls} > #lobby-small { display: none; }
{cls} > Vertical { min-width: 40; min-height: 8; }
{cls}.-too-small > * { display: none; }
{cls}.-too-small > #lobby-small { display: block; width: 100%; height: 100%; content-align: center middle;
    text-align: center; }
"""


class FitsOrSays:
    """(A lobby screen) below ``LOBBY_MIN`` its widgets are hidden and deaf,
    and one sentence says the size it needs, down to a 1x1 window."""

    def small_sentence(self) -> Static:
        return Static("", id="lobby-small")

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")  # type: ignore[attr-defined]

    def _fit(self) -> None:
        width, height = self.app.size  # type: ignore[attr-defined]
        small = width < LOBBY_MIN[0] or height < LOBBY_MIN[1]
        if small:
            self.query_one("#lobby-small", Static).update(Text(  # type: ignore[attr-defined]
                f"The lobby needs a terminal of at least {LOBBY_MIN[0]}x{LOBBY_MIN[1]}. "
                f"This one is {width}x{height}: make the window larger. Esc or q leaves."))
        if small == self.too_small:
            return
        self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        self.refresh_bindings()  # type: ignore[attr-defined]
        if small:
            self.set_focus(None)  # type: ignore[attr-defined]
        else:
            self.focus_first()

    def focus_first(self) -> None:
        """Where the keys go when the window is large enough again."""

    def on_resize(self) -> None:
        self._fit()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return not self.too_small or action in ("leave", "cancel", "quit")


#: what the lobby's keys do, said under the list (Enter is the list's own key)
LOBBY_KEYS = ("Enter takes a seat (yours again after a drop) · w watches · n opens a new table · "
              "r your games and the leaderboards · q leaves")


class LobbyScreen(FitsOrSays, Screen[None]):
    """The open tables of the server; create, take seats, watch, leave."""

    DEFAULT_CSS = SMALL_CSS.replace("{cls}", "LobbyScreen")

    BINDINGS = [
        Binding("enter", "take", "Take seats"),
        Binding("w", "watch", "Watch"),
        Binding("n", "new", "New table"),
        Binding("b", "bots", "Bot for absent"),
        Binding("r", "records", "Records"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, service: Any) -> None:
        super().__init__()
        self.service = service
        self.tables: list[dict] = []
        self._early_note = ""
        self._early_tables: dict | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(Text(f"Tables on this server — you are {self.service.user}"), id="picker-title")
            yield OptionList(id="lobby-list")
            yield Static(Text(LOBBY_KEYS), id="picker-message")
        yield self.small_sentence()
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        if self._early_note:
            self.say(self._early_note)
        if self._early_tables is not None:
            self.show_tables(self._early_tables)
        self.service.follow_lobby()
        self.focus_first()

    def focus_first(self) -> None:
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self._fit()
        self.service.follow_lobby()

    def show_tables(self, data: dict) -> None:
        """The service's list of tables (the app calls this as it arrives;
        before the screen is composed, it is shown once it is)."""
        self.tables = list(data.get("tables", []))
        try:
            ol = self.query_one(OptionList)
        except NoMatches:
            self._early_tables = data
            return
        keep = ol.highlighted
        ol.clear_options()
        if not self.tables:
            ol.add_option(Option(Text("No tables yet: press n to open one."), id="none", disabled=True))
        for t in self.tables:
            ol.add_option(Option(table_line(t, self.service.user), id=str(t["id"])))
        if self.tables:
            ol.highlighted = min(keep or 0, len(self.tables) - 1)

    def say(self, text: str) -> None:
        """Say ``text`` on the message line; said before the screen is
        composed (a "moved" right after the welcome), once it is."""
        try:
            self.query_one("#picker-message", Static).update(Text(text))
        except NoMatches:
            self._early_note = text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_take()

    def _selected(self) -> dict | None:
        i = self.query_one(OptionList).highlighted
        if i is None or not 0 <= i < len(self.tables):
            self.say("No table chosen: press n to open one.")
            return None
        return self.tables[i]

    def action_take(self) -> None:
        t = self._selected()
        if t is None:
            return
        me = self.service.user
        free = [(i, s) for i, s in enumerate(t["seats"]) if not s.get("bot") and s.get("owner") in (None, me)]
        if not free:
            self.say("No seat is free at that table: press w to watch it.")
            return
        if len(free) == 1:
            self._join(t["id"], [free[0][0]])
            return
        self.app.push_screen(SeatChooser(t, free), lambda seats: seats and self._join(t["id"], seats))

    def action_watch(self) -> None:
        t = self._selected()
        if t is not None:
            self._join(t["id"], [])

    def _join(self, table_id: str, seats: list[int]) -> None:
        self.service.join(table_id, seats)

    def action_new(self) -> None:
        games = self.service.lobby.get("games", [])
        if not games:  # the lobby's first message is still on its way
            self.say("The server has not sent its list of games yet: press n again in a moment.")
            return
        self.app.push_screen(GameChooser(games), self._new_for)

    def _new_for(self, game_id: str | None) -> None:
        if game_id:
            self.app.push_screen(RemoteSetupScreen(game_id, self.service))

    def action_bots(self) -> None:
        """(The table's creator) hand each absent player's seat to a bot, or
        give back the seats bots keep for players."""
        t = self._selected()
        if t is None:
            return
        if t.get("creator") != self.service.user:
            self.say("Only the table's creator may hand seats to bots.")
            return
        changed = []
        me = self.service.user
        for i, s in enumerate(t["seats"]):
            owner = s.get("owner")
            if owner and owner != me and not s.get("here") and not s.get("bot"):
                self.service.set_bot(t["id"], i, "search", 1)
                changed.append(f"{owner}: bot")
            elif owner and s.get("bot"):
                self.service.set_bot(t["id"], i, None)
                changed.append(f"{owner}: back to {owner}")
        self.say("; ".join(changed) if changed else "Nobody at that table is away.")

    def action_records(self) -> None:
        from .records_screen import RecordsScreen

        self.app.push_screen(RecordsScreen(self.service))

    def action_leave(self) -> None:
        self.service.close()
        self.app.exit()


#: the lobby's small windows: centred over the list, opaque
CHOOSER_CSS = """
{cls} { align: center middle; }
{cls} > Vertical { width: 60; max-width: 100%; height: auto; max-height: 100%;
    border: thick $accent; background: $surface; padding: 0 1; }
{cls} OptionList, {cls} SelectionList { height: auto; max-height: 12; }
""" + SMALL_CSS


class SeatList(SelectionList):
    """The free seats: Space marks one, Enter takes the marked ones (a
    SelectionList would take Enter to mark). Enter is the list's, not the
    window's: the Enter that opened the window never reaches it."""

    BINDINGS = [Binding("space", "mark", "Mark"), Binding("enter", "screen.done", "Take them")]

    def action_mark(self) -> None:
        """Mark or unmark the highlighted seat now (the list's own Space
        does it by a message, which an Enter typed right after overtakes)."""
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))


class SeatChooser(FitsOrSays, ModalScreen[list]):
    """Pick one or more free seats (friends sharing a keyboard take several)."""

    DEFAULT_CSS = CHOOSER_CSS.replace("{cls}", "SeatChooser")

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, table: dict, free: list) -> None:
        super().__init__()
        self.table, self.free = table, free

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Which seats are yours? Space marks one, Enter takes them."))
            yield SeatList(*[(Text(f"{s.get('colour')}" + (" (yours)" if s.get("owner") else "")), i,
                                   bool(s.get("owner")) or n == 0) for n, (i, s) in enumerate(self.free)])
        yield self.small_sentence()
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        self.focus_first()

    def focus_first(self) -> None:
        seats = self.query_one(SelectionList)
        seats.focus()
        if seats.highlighted is None:  # Space marks the highlighted seat: the first, to begin with
            seats.highlighted = 0

    def action_done(self) -> None:
        seats = list(self.query_one(SelectionList).selected)
        if not seats:
            self.query_one(Static).update(Text("No seat is marked: Space marks one, Esc goes back."))
            return
        self.dismiss(seats)

    def action_cancel(self) -> None:
        self.dismiss([])


class GameChooser(FitsOrSays, ModalScreen[str]):
    """Which game the new table plays."""

    DEFAULT_CSS = CHOOSER_CSS.replace("{cls}", "GameChooser")

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, games: list[dict]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Which game?")
            yield OptionList(*[Option(Text(f"{g['title']} ({g['players']})"), id=g["id"])
                               for g in self.games])
        yield self.small_sentence()
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        self.focus_first()

    def focus_first(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss("")


class RemoteSetupScreen(FitsOrSays, SetupScreen):
    """The new-game form for a server table: each seat open for a player or
    a bot; seats take their players' names, so none are asked. You take the
    first open seat."""

    DEFAULT_CSS = SMALL_CSS.replace("{cls}", "RemoteSetupScreen")

    seat_labels = [("Open seat (a player)", "human")] + SetupScreen.seat_labels[1:]
    ask_names = False

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.small_sentence()

    def __init__(self, game_id: str, service: Any) -> None:
        super().__init__(game_id)
        self.service = service

    def default_kind(self, seat: int) -> str:
        return "human"  # on a server every seat starts open for a player

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # Textual would run SetupScreen's on_mount after this one (focusing a hidden name)
        super().on_mount()
        for i in range(self.game.max_players):
            self.query_one(f"#name-{i}").display = False
        self.query_one("#seed").parent.display = False  # type: ignore[union-attr]
        self._fit()
        if not self.too_small:
            self.focus_first()

    def focus_first(self) -> None:
        """The first field a player sees: Players (if the game asks), else the first seat."""
        self.query_one("#players" if self.game.min_players != self.game.max_players else "#kind-0").focus()

    def action_start(self) -> None:
        try:
            plans: list[tuple[str | None, int]] = []
            for i in range(self.players()):
                bot, level = SEAT_KINDS[str(self.query_one(f"#kind-{i}").value)]  # type: ignore[attr-defined]
                plans.append((bot, level))
            opts = self.game.parse_options(self.options())
        except IllegalAction as err:
            self.say(err.reason)
            return
        open_seats = [i for i, (bot, _level) in enumerate(plans) if bot is None]
        coach = bool(self.query_one("#coach-flags", Checkbox).value)
        self.service.create(self.game.id, opts.model_dump(mode="json"), plans, open_seats[:1], coach)
        self.app.pop_screen()
