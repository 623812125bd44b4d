"""New-game setup: number of players, names, human or bot per seat, variants, seed.

Enter moves to the next field (it never starts the game with values the
player has not seen); Ctrl+S or the Start button starts. A variant the game
would refuse for the chosen number of players is not offered: the form asks
the model (``new_state``) rather than knowing the rule. Names are checked by
the rule the command line and the lobby share
(:func:`~tabletop_tui.engine.outside_text.names_problem`)."""

from __future__ import annotations

import typing
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tabletop_tui.engine import IllegalAction, Match, SeatConfig, get
from tabletop_tui.engine.options_text import list_item, option_rows, value_notes
from tabletop_tui.engine.outside_text import NAME_LIMIT, names_problem

#: Seat kinds offered in setup: value -> (bot, level)
SEAT_KINDS: dict[str, tuple[str | None, int]] = {
    "human": (None, 2),
    "random": ("random", 1),
    "search-1": ("search", 1),
    "search-2": ("search", 2),
    "search-3": ("search", 3),
}
SEAT_LABELS = [("Human", "human"), ("Bot: random", "random"), ("Bot: search, easy", "search-1"),
               ("Bot: search, medium", "search-2"), ("Bot: search, hard", "search-3")]
DEFAULT_NAMES = ["Ana", "Ben", "Cara", "Dan"]


def option_fields(model: type) -> list[tuple[str, Any, str, Any]]:
    """(name, annotation, description, default) of each option: yes/no (a
    tick box), one of a few values (a choice), else typed in a box (a
    number, a word, or a list of words separated by commas), read as the
    command line's ``--option`` is (:func:`~tabletop_tui.engine.options_text.coerce_options`)."""
    return [(name, field.annotation, field.description or name.replace("_", " ").capitalize(), field.default)
            for name, field in model.model_fields.items()]


def _typed(default: Any) -> str:
    """A default as the box shows it: blank for None, a list comma-separated."""
    if default is None:
        return ""
    return ",".join(map(str, default)) if isinstance(default, list) else str(default)


def option_rows_choices(model: type, name: str) -> list[str]:
    """The allowed values of option ``name`` (empty when any value goes)."""
    return next((choices or [] for n, choices, _d, _w in option_rows(model) if n == name), [])


class TickBox(Checkbox):
    """A checkbox that reads differently ticked (✓) and unticked (blank),
    not by colour alone."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "✓" if self.value else " "


class SetupScreen(Screen[None]):
    """Choose players and variants, then start."""

    #: the choices of each seat's kind (label, value); a subclass may change them
    seat_labels = SEAT_LABELS
    #: ask for each seat's name (a server's seats take their players' names)
    ask_names = True

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start", show=True),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game = get(game_id)

    def compose(self) -> ComposeResult:
        g = self.game
        with VerticalScroll(id="setup"):
            yield Static(Text(f"New game of {g.title}", style="bold"), id="setup-title")
            if g.min_players != g.max_players:
                with Horizontal(classes="setup-row"):
                    yield Label("Players", classes="setup-label")
                    yield Select([(str(n), n) for n in range(g.min_players, g.max_players + 1)],
                                 value=g.min_players, allow_blank=False, id="players", compact=True, classes="opt-select")
            colours = g.seat_names(g.max_players)
            for i in range(g.max_players):
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"{colours[i]}", id=f"seat-label-{i}", classes="setup-label")
                    yield Input(DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Player {i + 1}",
                                max_length=NAME_LIMIT, id=f"name-{i}", classes="seat-name", compact=True)
                    yield Select(self.seat_labels, value=self.default_kind(i),
                                 allow_blank=False, id=f"kind-{i}", classes="seat-kind", compact=True)
            for name, ann, desc, default in option_fields(g.options_model):
                with Horizontal(classes="setup-row"):
                    if ann is bool:
                        yield TickBox(Text(desc), value=bool(default), id=f"opt-{name}", compact=True)
                    elif typing.get_origin(ann) is typing.Literal:
                        yield Label(desc, classes="setup-label wide")
                        yield Select([(self._choice_label(v), v) for v in typing.get_args(ann)], value=default,
                                     allow_blank=False, id=f"opt-{name}", compact=True, classes="opt-select")
                    else:
                        yield Label(self._typed_label(name, ann, desc), classes="setup-label wide")
                        yield Input(_typed(default), placeholder=self._hint(name, ann), id=f"opt-{name}",
                                    compact=True, classes="opt-input")
                if value_notes(g.options_model, name):
                    yield Static(self._note(name, default), id=f"opt-{name}-note", classes="setup-note")
            with Horizontal(classes="setup-row"):
                yield Checkbox("Coach: after a move, point out a clear slip and the better move",
                               value=True, id="coach-flags", compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input("", placeholder="blank = random", id="seed", restrict=r"[0-9]*", max_length=15,
                            compact=True, classes="opt-input")
            yield Static("", id="setup-message")
            with Horizontal(classes="setup-row"):
                yield Button("Start (Ctrl+S)", variant="primary", id="start", compact=True)
                yield Button("Back (Esc)", id="back", compact=True)
        yield Footer()

    def _note(self, name: str, value: Any) -> Text:
        """What the chosen value of option ``name`` means (its level's rules and difficulty)."""
        return Text(value_notes(self.game.options_model, name).get(str(value), ""))

    def _hint(self, name: str, ann: Any) -> str:
        """What a typed option's box says while blank: an example."""
        words = option_rows_choices(self.game.options_model, name)
        if list_item(ann) is not None and len(words) > 1:
            return f"e.g. {words[-1]},{words[0]}"
        return "blank = default"

    def _typed_label(self, name: str, ann: Any, desc: str) -> str:
        """A typed option's label: what it does and, for a list, the words it takes."""
        words = option_rows_choices(self.game.options_model, name)
        if list_item(ann) is not None and words:
            return f"{desc}; from {', '.join(words)}, separated by commas"
        return desc

    def _choice_label(self, value: object) -> str:
        """How an option's value reads: a seat number by its colour ("0" ->
        "Red"), other words capitalised."""
        colours = self.game.seat_names(self.game.max_players)
        if isinstance(value, str) and value.isdigit() and int(value) < len(colours):
            return f"{colours[int(value)]} (seat {int(value) + 1})"
        return str(value).replace("_", " ").capitalize()

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#name-0", Input).focus()
        self.say("Enter or Tab: next field. Ctrl+S starts the game.")

    def players(self) -> int:
        if self.game.min_players == self.game.max_players:
            return self.game.min_players
        return int(self.query_one("#players", Select).value)  # type: ignore[arg-type]

    def _show_seats(self) -> None:
        n = self.players()
        for i in range(self.game.max_players):
            self.query_one(f"#seat-row-{i}").display = i < n
        self._offer_options(n)
        self._label_seats()

    def _label_seats(self) -> None:
        """Name the seats as the options typed so far do (Nayakas' kingdoms);
        options the game refuses leave the default names."""
        n = self.players()
        try:
            options = self.game.parse_options(self.options())
        except IllegalAction:  # half-typed: the refusal comes when the game starts
            options = None
        names = self.game.seat_names_with(n, options) + self.game.seat_names(self.game.max_players)[n:]
        for i, name in enumerate(names):
            self.query_one(f"#seat-label-{i}", Label).update(name)

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("opt-"):
            self._label_seats()

    def _refusal(self, n: int, name: str, value: Any) -> str | None:
        """The model's sentence if ``name=value`` cannot be played by ``n``
        players (asked of the game, never worked out here), else None."""
        try:
            self.game.new_state(n, self.game.parse_options({name: value}), 0)
        except IllegalAction as err:
            return err.reason
        return None

    def _offer_options(self, n: int) -> None:
        """Offer only the option values the game takes for ``n`` players: a
        variant it would refuse is unticked and disabled, saying why."""
        for name, ann, desc, default in option_fields(self.game.options_model):
            widget = self.query_one(f"#opt-{name}")
            if ann is bool:
                why = self._refusal(n, name, True) if not default else None
                box: Checkbox = widget  # type: ignore[assignment]
                if why and box.value:
                    box.value = False
                box.disabled = bool(why)
                box.tooltip = why
                # refused: the option's short name (before any colon) and why, on one line
                box.label = Text(f"{desc.split(':')[0]}: not with {n} players" if why else desc)
            elif typing.get_origin(ann) is typing.Literal:
                select: Select = widget  # type: ignore[assignment]
                values = [v for v in typing.get_args(ann) if v == default or not self._refusal(n, name, v)]
                current = select.value
                select.set_options([(self._choice_label(v), v) for v in values])
                select.value = current if current in values else default

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_seats()
        name = (event.select.id or "").removeprefix("opt-")
        if event.select.id and event.select.id.startswith("opt-") and value_notes(self.game.options_model, name):
            self.query_one(f"#opt-{name}-note", Static).update(self._note(name, event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a box goes to the next field; only Ctrl+S or the Start
        button starts the game."""
        event.stop()
        self.focus_next()

    def say(self, text: str) -> None:
        """Show ``text`` under the form, as plain text (it may quote names)."""
        self.query_one("#setup-message", Static).update(Text(text, style="bold"))


    def default_kind(self, seat: int) -> str:
        """The kind a seat starts as: you, then easy bots."""
        return "human" if seat == 0 else "search-1"

    def options(self) -> dict[str, Any]:
        """The variants as the form has them (not yet checked by the game)."""
        options: dict[str, Any] = {}
        for name, _ann, _desc, _default in option_fields(self.game.options_model):
            options[name] = self.query_one(f"#opt-{name}").value  # type: ignore[attr-defined]
        return options

    def build(self) -> Match:
        """The match this form describes; IllegalAction with a reason if not valid."""
        n = self.players()
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(n)]
        why = names_problem(names)
        if why:
            raise IllegalAction(why)
        seats = []
        for i, name in enumerate(names):
            bot, level = SEAT_KINDS[str(self.query_one(f"#kind-{i}", Select).value)]
            seats.append(SeatConfig(name=name, bot=bot, level=level))  # type: ignore[arg-type]
        opts = self.game.parse_options(self.options())
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        coach = self.query_one("#coach-flags", Checkbox).value
        return Match(self.game, seats, opts, seed, coach_flags=coach)

    def action_start(self) -> None:
        try:
            match = self.build()
        except IllegalAction as err:
            self.say(err.reason)
            return
        self.app.start_match(match, replace=self)
