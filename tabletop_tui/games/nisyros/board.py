"""Nisyros' board: the island (4 zones x 5 areas plus the coastal places),
the round tracker, the dice, the stock against its caps, the event cards in
play, and the list of every move allowed now.

Keys: Up/Down/PgUp/PgDn and Enter in the choices list; f finishes the step
(or declines); 1-5 pick a yellow die, listing where it may go; a lists all
moves again. Mouse: click a choice; click a die, then a highlighted place;
click a place to list its moves, then a second place to make the one move
between them. Everything shown comes from the view and the legal actions.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine.actions import Action
from tabletop_tui.ui.board_kit import KitBoard, SteadyList, TapLines
from tabletop_tui.ui.cell_grid import CellGrid
from tabletop_tui.ui.fit import same_height, wrapped_lines

from .actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker, PickWorker, PickZone, PlaceDie,
                      RemoveDam, Reroll)
from .data import SHIPYARD, SLOTS, place
from .render import SEAT_LETTERS, cards_text, cell_text, dice_text, die_text, stock_text, tracker, zone_header

#: the island grid, top to bottom: the four slopes, then the coastal places
ROWS = [0, 1, 2, 3, 4, 5, 6, 7]


def island_cell(p: int) -> tuple[int, int]:
    """Place ``p``'s (column, row) on the island grid (row 0: the zone names)."""
    z, slot = divmod(p, SLOTS)
    return z, 1 + ROWS.index(slot)


def zones_of(a: Action) -> tuple[int, ...]:
    """The zones a zone choice or a boat's sailing touches."""
    if isinstance(a, PickZone):
        return (a.zone,)
    if isinstance(a, MoveBoat):
        return (a.src, a.dst)
    if isinstance(a, Evacuate):
        return (a.boat,)
    return ()


def places_of(a: Action) -> tuple[int, ...]:
    """The places an action touches (for highlights and filters)."""
    if isinstance(a, MoveWorker):
        return (a.src, a.dst)
    if isinstance(a, (PlaceDie, Evacuate, PickWorker)):
        return (a.place,)
    if isinstance(a, (BuildDam, RemoveDam)):
        return (place(a.zone, a.ring if a.ring < 4 else 4),)
    if isinstance(a, BuildBoat):
        return (place(a.zone, SHIPYARD),)
    if isinstance(a, MoveBoat):
        return (place(a.src, 7), place(a.dst, 7))
    return ()


class NisyrosBoard(KitBoard, can_focus=True):
    """The Nisyros board."""

    cursor_fields = ("filter",)

    MIN_SIZE = (80, 24)
    SCOPED_CSS = False  # the narrow rules below start at the screen's "-narrow" class
    SEAT_STYLES = ["#d0453a", "#3b7fd9", "#3c9c4a", "#c98a00"]

    DEFAULT_CSS = """
    NisyrosBoard { layout: vertical; height: 100%; }
    NisyrosBoard #ni-top { height: auto; }
    NisyrosBoard #ni-island { height: 18; width: 1fr; }
    NisyrosBoard #ni-track { width: 27; height: auto; padding: 0 0 0 1; }
    NisyrosBoard #ni-track-line { display: none; height: 1; }
    NisyrosBoard #ni-dicerow { height: 1; }
    NisyrosBoard #ni-dice, NisyrosBoard #ni-stock, NisyrosBoard #ni-cards { height: auto; padding: 0 1; }
    /* its scroll bar always shown: one that came and went with the count
       of moves laid the whole screen out (a quarter of the move keys) */
    NisyrosBoard #ni-choices { height: 1fr; min-height: 4; border-top: solid $accent 50%; overflow-y: scroll; }
    /* a tall board (48 lines and more, e.g. 200x60): a line between the
       island's rows, so its places stand apart and are bigger to click */
    NisyrosBoard.-tall #ni-island { height: 26; }
    .-narrow NisyrosBoard #ni-track { display: none; }
    .-narrow NisyrosBoard #ni-track-line { display: block; }
    .-narrow NisyrosBoard #ni-island { height: 9; padding-right: 1; }
    .-narrow NisyrosBoard #ni-choices { min-height: 4; border: none; border-top: solid $accent 50%; }
    """

    BINDINGS = [
        Binding("f", "finish", "Finish"),
        Binding("1", "die(0)", "Die A-E", key_display="1-5"),
        Binding("2", "die(1)", "Die B", show=False),
        Binding("3", "die(2)", "Die C", show=False),
        Binding("4", "die(3)", "Die D", show=False),
        Binding("5", "die(4)", "Die E", show=False),
        Binding("a", "show_all", "All moves"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: ("place", p) or ("die", d): the choices list shows only those moves
        self.filter: tuple[str, int] | None = None
        #: indices into ``self.legal`` of the lines in the choices list
        self.shown: list[int] = []
        #: what each widget was last given (widget id -> its text's key): an unchanged
        #: one is not updated, so a move redraws only what it changed
        self._drawn: dict[str, Any] = {}
        #: each widget's (text width, wrapped lines) as last drawn
        self._sizes: dict[str, tuple[int, int]] = {}
        #: the choices list's lines (and their moves) as last filled
        self._choice_lines: tuple | None = None
        #: the highlight colours, from the theme (None: to be read again)
        self._lit_colours: tuple[Color, Color] | None = None
        #: each place's cell lines with the key of everything they were drawn from
        self._cells: dict[int, tuple[tuple, list[Text]]] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="ni-track-line")
        with Horizontal(id="ni-top"):
            yield CellGrid(4, 1 + len(ROWS), id="ni-island")  # one widget: a move repaints only its cells
            yield Static(id="ni-track")
        yield TapLines(id="ni-dicerow")  # the five dice on one line: a new face lays nothing out
        yield Static(id="ni-dice")
        yield Static(id="ni-stock")
        yield Static(id="ni-cards")
        yield SteadyList(id="ni-choices")

    # -- helpers --------------------------------------------------------------------------------
    @property
    def wide(self) -> bool:
        """The screen is 100 columns or more (the app's breakpoint)."""
        if not self.is_mounted:
            return True
        if self.screen.has_class("-narrow") or self.screen.has_class("-wide"):
            return not self.screen.has_class("-narrow")
        return self.app.size.width >= 100

    #: board lines from which the island's rows are spaced out (``-tall``)
    TALL = 48

    def on_resize(self) -> None:
        self.set_class(self.wide and self.size.height >= self.TALL, "-tall")
        self.call_after_refresh(self.update_board)

    @staticmethod
    def _width(w: Static, default: int) -> int:
        """The cells ``w`` has for its text (``default`` before the first layout)."""
        return w.content_size.width or default

    @staticmethod
    def _marked(mark: str, lines: list[Text]) -> list[Text]:
        """``lines`` after a one-cell mark, the lines below indented to match."""
        out = []
        for i, line in enumerate(lines):
            t = Text(mark if not i else " ", style="bold")
            t.append_text(line)
            out.append(t)
        return out or [Text(mark, style="bold")]

    def _names(self) -> list[str]:
        names = list(self.names)
        v = self.view
        n = v.players if v is not None else 0
        return names + [f"Player {i + 1}" for i in range(len(names), n)]

    def _styles(self) -> list[str]:
        return [self.seat_style(s) for s in range(4)]

    def _put(self, widget: Static, text: Text, layout: bool = True) -> None:
        """Show ``text`` in ``widget`` unless it shows it already; lay the
        screen out again (``layout``) only when the widget's size changes:
        its height (its wrapped lines)."""
        key = (text.plain, text.spans, text.style, text.end)  # Text's == leaves out its own style
        old = self._drawn.get(widget.id)
        if old == key:
            return
        self._drawn[widget.id] = key
        size = widget.content_size
        lines = (text.cell_len, wrapped_lines(text, self.app.console, size.width))
        shown = self._sizes.get(widget.id)
        self._sizes[widget.id] = lines
        if not widget.display:  # hidden: it is laid out when it shows again
            layout = False
        elif layout and shown is not None:
            layout = not same_height(widget, shown[1], lines[1])
        widget.update(text, layout=layout)

    #: a highlighted place or die: a legal target, the picked one (bold), the
    #: last move's place (underlined); as the theme's success 25% / warning 35%
    def _colours(self) -> tuple[Color, Color]:
        """The highlight colours (a legal target, the picked one), from the theme."""
        if self._lit_colours is None:
            theme = self.app.get_css_variables()
            self._lit_colours = (Color.parse(theme["success"]).multiply_alpha(0.25),
                                 Color.parse(theme["warning"]).multiply_alpha(0.35))
        return self._lit_colours

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._new_theme, init=False)

    def _new_theme(self) -> None:
        """A new theme: the highlight colours are read again and reapplied."""
        self._lit_colours = None
        self.call_after_refresh(self.update_board)

    def _cell_lines(self, v: Any, p: int, styles: list[str], wide: bool, width: int) -> list[Text]:
        """``render.cell_text`` of place ``p``, drawn again only when what it
        reads of the view (the place, its zone's lava, bonus and dams, the
        people on it) or the cell's width changed."""
        pv = v.places[p]
        z = pv.zone
        key = (tuple(pv.__dict__.values()), v.lava[z], v.bonus[z], tuple(v.dams[z]), tuple(v.dam_spots),
               tuple(row[p] for row in v.people[:v.players]), tuple(styles), wide, width)
        hit = self._cells.get(p)
        if hit is not None and hit[0] == key:
            return hit[1]
        lines = cell_text(v, pv, styles, wide, width)
        self._cells[p] = (key, lines)
        return lines

    def _matches(self, a: Action) -> bool:
        if self.filter is None:
            return True
        kind, x = self.filter
        if kind == "die":
            return isinstance(a, PlaceDie) and a.die == x
        return x in places_of(a)

    # -- drawing --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """A finished game offers no moves: its keys leave the footer."""
        if action in ("finish", "die", "show_all") and self.view is not None and self.view.phase == "over":
            return False
        return True

    def update_board(self) -> None:
        if not self.is_mounted:
            return
        self.refresh_footer()
        v = self.view
        if self.filter is not None and not any(self._matches(a) for a in self.legal):
            self.filter = None
        wide = self.wide
        styles = self._styles()
        names = self._names()
        legal_places = {p for a in self.legal for p in places_of(a)}
        last_places = set(places_of(self.last.action)) if self.last is not None else set()
        hint_places = set(places_of(self.hint)) if self.hint is not None else set()
        last_zones = set(zones_of(self.last.action)) if self.last is not None else set()
        legal_zones = {z for a in self.legal for z in zones_of(a)}
        island = self.query_one("#ni-island", CellGrid)
        green, amber = self._colours()
        for z in range(4):
            if v is None:
                island.put((z, 0), [])
                continue
            mark = "•" if z in last_zones else "›" if z in legal_zones else " "
            island.put((z, 0), self._marked(mark, zone_header(v, z, wide, island.column_width(z) - 1)))
        for z in range(4):
            for slot in ROWS:
                p = z * SLOTS + slot
                cell = island_cell(p)
                if v is None:
                    island.put(cell, [], tap=f"place:{p}", boxed=True)
                    continue
                # the picked place, the last move, a hint or a legal target, marked by a sign (not colour alone)
                picked, last = self.filter == ("place", p), p in last_places
                mark = ("◆" if picked else "•" if last else "?" if p in hint_places
                        else "›" if p in legal_places else " ")
                lines = self._cell_lines(v, p, styles, wide, island.column_width(z) - 1)
                style = " ".join(name for name, on in (("bold", picked), ("underline", last)) if on)
                island.put(cell, self._marked(mark, lines), tap=f"place:{p}", boxed=True,
                           lit=amber if picked else green if p in legal_places else None, text_style=style)
        last = self.last.action if self.last is not None else None
        rerolled = set(last.dice) if isinstance(last, Reroll) else set()
        row = self.query_one("#ni-dicerow", TapLines)
        back = row.background_colors[1]
        boost = Color.parse(self.app.get_css_variables().get("boost", "transparent"))
        dice = Text()
        for d in range(5):
            can = any(isinstance(a, PlaceDie) and a.die == d for a in self.legal)
            picked = self.filter == ("die", d)
            mark = "◆" if picked else "›" if can else ""
            face = Text(mark, style="bold") + die_text(v, d, wide) if v is not None else Text("")
            if d in rerolled:
                face.append(" •", style="bold")  # thrown again by the last move, not by colour alone
            # each die a box of its own (at least 6 cells wide, 3 when narrow), one cell apart when wide
            face = Text(" ") + face
            face.pad_right(max(1, (6 if wide else 3) - face.cell_len))
            colour = back + (amber if picked else green if can else boost)
            face.stylize(Style(bgcolor=colour.rich_color, bold=picked or None, meta={"tap": f"die:{d}"}))
            dice.append_text(face)
            if wide and d < 4:
                dice.append(" ")
        row.show(dice)
        if v is not None:
            line = self.query_one("#ni-track-line", Static)
            self._put(self.query_one("#ni-track", Static), tracker(v, True))
            self._put(line, tracker(v, False, self._width(line, 48)))
            dice = self.query_one("#ni-dice", Static)
            self._put(dice, dice_text(v, wide, self._width(dice, 48)))
            stock = self.query_one("#ni-stock", Static)
            self._put(stock, stock_text(v, names, styles, wide, self._width(stock, 48)))
            self._put(self.query_one("#ni-cards", Static), cards_text(v, wide))
        self._fill_choices()

    def show_hint(self, action: Action | None) -> None:
        """Show the hint and put the choices list's cursor on it, so Enter plays it."""
        if action is not None:
            self.filter = None
        super().show_hint(action)
        if action is None:
            return
        ol = self.query_one("#ni-choices", OptionList)
        for k, i in enumerate(self.shown):
            if self.legal[i] == action:
                ol.highlighted = k
                break

    def _fill_choices(self) -> None:
        ol = self.query_one("#ni-choices", OptionList)
        labels = self.labels
        keep = ol.highlighted
        self.shown = [i for i, a in enumerate(self.legal) if self._matches(a)]
        lines = []
        for i in self.shown:
            a = self.legal[i]
            mark = "» " if self.hint is not None and a == self.hint else ""
            key = " [f]" if isinstance(a, Done) else ""
            lines.append(f"{mark}{labels[i]}{key}")
        if (lines, self.shown) == self._choice_lines and ol.option_count == len(lines):
            return  # the same list: the cursor stays where it is
        self._choice_lines = (lines, self.shown)
        ol.set_options([Option(Text(line), id=str(i)) for line, i in zip(lines, self.shown)])  # one layout pass
        if self.shown:
            ol.highlighted = keep if keep is not None and keep < len(self.shown) else 0

    def prompt(self) -> str:
        if not self.legal:
            return ""
        if self.filter is not None:
            return f"{len(self.shown)} move(s) listed; a shows all of them again."
        if not self.wide:
            return "↑↓ Enter choose · f finish · 1-5 dice · click the island"
        return "Up/Down and Enter choose; f finishes; 1-5 pick a die; click places on the island."

    def seat_summary(self, seat: int) -> str:
        v = self.view
        if v is None or seat >= v.players:
            return ""
        k, h, i = v.kos[seat], v.hades[seat], sum(v.people[seat])
        if self.wide:
            return f"{SEAT_LETTERS[seat]} · Kos {k} · Hades {h} · island {i}"
        return f"{SEAT_LETTERS[seat]} Kos {k} Hades {h} island {i}"

    def focus_board(self) -> None:
        self.give_focus(self.query_one("#ni-choices", OptionList))

    # -- input ----------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = int(event.option.id or -1)
        if 0 <= i < len(self.legal):
            self._choose(self.legal[i])

    def _choose(self, action: Action) -> None:
        self.filter = None
        self.choose(action)

    def action_finish(self) -> None:
        done = next((a for a in self.legal if isinstance(a, Done)), None)
        if done is None:
            self.say("There is nothing to finish now: pick one of the choices.")
            return
        self._choose(done)

    def action_die(self, d: int) -> None:
        if not any(isinstance(a, PlaceDie) and a.die == d for a in self.legal):
            self.say(f"Die {'ABCDE'[d]} cannot be placed now.")
            return
        self.filter = ("die", d)
        self.update_board()
        self.say(f"Die {'ABCDE'[d]}: choose where it goes (Enter), or click a highlighted place.")

    def action_show_all(self) -> None:
        self.filter = None
        self.update_board()

    # -- mouse ---------------------------------------------------------------------------------
    def tap(self, what: str) -> None:
        """A die: pick it (as its number key does); a place: see :meth:`_tap_place`."""
        kind, _, arg = what.partition(":")
        if kind == "die":
            self.action_die(int(arg))
        elif kind == "place":
            self._tap_place(int(arg))

    def _tap_place(self, p: int) -> None:
        """List the moves involving place ``p``; with a place or die listed
        already, make the one move between the two."""
        if self.filter is not None:
            kind, x = self.filter
            if kind == "die":
                hit = [a for a in self.legal if isinstance(a, PlaceDie) and a.die == x and a.place == p]
            else:
                hit = [a for a in self.legal if x in places_of(a) and p in places_of(a) and p != x]
            if len(hit) == 1:
                self._choose(hit[0])
                return
        if not any(p in places_of(a) for a in self.legal):
            self.say("No move involves that place now.")
            return
        self.filter = ("place", p)
        self.update_board()
        self.say("Moves involving that place are listed; click a second place to make the move between them.")


BOARD = NisyrosBoard
