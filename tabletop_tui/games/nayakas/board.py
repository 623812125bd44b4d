"""Nayakas' board: three panes (the Board with its kingdoms, Trading Posts
and Empire; the Kingdom pane with the seat's player board and the others in
brief; the Market with the bonus tiles, temples and the seat's own
development cards) and a list of the choices at the cursor.

Keys (the rules page lists them): ↑/↓ move between the places you can act
on (marked ▸), Enter lists what you can do there (↑↓ Enter pick, Esc back),
l / d place a Laborer / Diplomat at the cursor, + / - step the Gold a
build, the Great Dam or a temple tile pays in place of Stone and Clay
(ruling K7), p passes, c lists your
playable cards, Tab or 1 2 3 switch panes on a small screen. Clicks on a
marked place do what Enter does.

Everything drawn comes from the view, the legal actions and their labels;
the board never decides what is legal.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.engine import Action, Seat
from tabletop_tui.ui.board_kit import CursorBoard, TapLines, cursor_keys

from .actions import Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, Place, PlayCard
from .data import C
from .render import board_text, brief_text, cards_text, market_text, player_text, positions, supply_line, wrap
from .view import NayakasView

PANES = ("board", "kingdom", "market")
#: l and d, + and -, each in one footer entry, so that the footer fits 80
#: columns with the ssh "/ Chat" ("l/d Worker", "+/- Gold")
WORKER = Binding.Group("Worker", compact=True)
GOLD = Binding.Group("Gold", compact=True)


def _cut(text: str, width: int, lines: int) -> list[Text]:
    """``text`` wrapped into at most ``lines`` lines of ``width``, the last
    ending in "…" when something was left out."""
    out = wrap(text, width)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:width - 1].rstrip() + "…"
    return [Text(line) for line in out]


CARD_INFO = {c.id: (c.name, c.timing, c.text) for c in C.dev_cards.cards}


def target_key(a: Action) -> str:
    """The place on the board an action belongs to (see render.py)."""
    if isinstance(a, Place):
        return f"space:{a.space}"
    if isinstance(a, Build):
        return f"section:{a.building}:{a.section}"
    if isinstance(a, PlayCard):
        return f"card:{a.card}"
    if isinstance(a, ChooseTile):
        return f"tile:{a.index}"
    if isinstance(a, ChooseTemple):
        return "temple:r" if a.ruler else f"temple:{a.index}"
    if isinstance(a, ChooseFacility):
        return f"facility:{a.index}"
    if isinstance(a, ChooseBorderland):
        return f"border:{a.index}"
    return "pass"


def pane_of(key: str) -> str:
    """Which pane draws a target."""
    if key.startswith("space:"):
        return "board"
    if key.startswith("section:"):
        return "kingdom"
    return "market"


class Panel(TapLines):
    """A part of the board (drawn line by line: a cursor key repaints the
    lines it changed); clicks on its ``tap`` spans reach the board."""


class Pane(VerticalScroll, can_focus=False):
    """A scrolling pane; the keys stay with the board."""


class NayakasBoard(CursorBoard, can_focus=True):
    """The Nayakas board, bound to one seat's view: a cursor over the marked
    places (the board kit's), Enter opening the choices there."""

    MIN_SIZE = (80, 24)
    #: Keladi red, Mysore blue, Thanjavur brown, Madurai green
    SEAT_STYLES = ["#d6453d", "#2f8fd8", "#a0703c", "#3c9c4a"]

    DEFAULT_CSS = """
    NayakasBoard { height: 100%; layout: vertical; }
    NayakasBoard #nk-info { height: 6; padding: 0 1; background: $boost; }  /* fixed: the panes below never jump */
    NayakasBoard:focus #nk-info { background: $accent 15%; }
    NayakasBoard #nk-main { height: 1fr; }
    NayakasBoard Pane { height: 1fr; width: 1fr; border: round $panel-lighten-2;
                        border-title-color: $text-muted; scrollbar-size-vertical: 1; }
    NayakasBoard #nk-side { width: 1fr; height: 1fr; }
    NayakasBoard Panel { height: auto; padding: 0 1; }
    NayakasBoard #nk-options { height: auto; max-height: 8; display: none; border: round $accent; }
    NayakasBoard #nk-options.-open { display: block; }
    NayakasBoard #nk-pane-board { width: 3fr; }
    NayakasBoard #nk-side { width: 2fr; }
    """

    BINDINGS = [
        *cursor_keys("Pick"),
        Binding("l", "worker('laborer')", "Laborer", group=WORKER, key_display="l/"),
        Binding("d", "worker('diplomat')", "Diplomat", group=WORKER),
        Binding("plus,equals_sign", "gold(1)", "Gold up", group=GOLD, key_display="+/"),
        Binding("minus", "gold(-1)", "Gold down", group=GOLD),
        Binding("p", "pass_turn", "Pass"),
        Binding("c", "cards", "Cards"),
        Binding("tab", "next_pane", "Pane"),
        Binding("1", "pane('board')", "Board", show=False),
        Binding("2", "pane('kingdom')", "Kingdom", show=False),
        Binding("3", "pane('market')", "Market", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor: str | None = None  # a target key ("space:3")
        self.pane = "board"
        #: the actions listed in the option list, in order
        self.listed: list[Action] = []
        #: target key -> line in its pane (to keep the cursor in view)
        self.lines: dict[str, int] = {}
        #: Section key -> the step of its Gold payment (see ``_payments``)
        self.gold: dict[str, int] = {}
        #: the panes whose panels show an older view or cursor: a pane out of
        #: sight (one pane at a time) is drawn when it is shown
        self._stale: set[str] = set(PANES)

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="nk-info")
        with Horizontal(id="nk-main"):
            with Pane(id="nk-pane-board"):
                yield Panel(id="nk-board")
            with Vertical(id="nk-side"):
                with Pane(id="nk-pane-kingdom"):
                    yield Panel(id="nk-me")
                    yield Panel(id="nk-others")
                with Pane(id="nk-pane-market"):
                    yield Panel(id="nk-market")
                    yield Panel(id="nk-cards")
        yield OptionList(id="nk-options")

    def on_mount(self) -> None:
        self.query_one("#nk-pane-board", Pane).border_title = "1 Board"
        self.query_one("#nk-pane-kingdom", Pane).border_title = "2 Kingdom"
        self.query_one("#nk-pane-market", Pane).border_title = "3 Market and cards"
        self._layout(self.size.width)

    def on_resize(self, event: Resize) -> None:
        self._layout(event.size.width)
        if self.view is not None:
            self._draw()

    def _layout(self, width: int) -> None:
        """The panes side by side when the board is 110 columns wide or more;
        one pane at a time below that."""
        narrow = 0 < width < 110
        self.set_class(narrow, "-narrow")
        for name in PANES:
            pane = self.query_one(f"#nk-pane-{name}", Pane)
            pane.display = shown = not narrow or name == self.pane
            if shown:  # its panels changed while it was hidden: laid out in this pass
                for panel in pane.query(Panel):
                    panel.pay_layout()
        self.query_one("#nk-side", Vertical).display = not narrow or self.pane != "board"

    def action_pane(self, name: str, draw: bool = True) -> None:
        self.pane = name
        self._layout(self.size.width)
        if draw and self.view is not None:
            self._draw_panes()

    def action_next_pane(self) -> None:
        self.action_pane(PANES[(PANES.index(self.pane) + 1) % len(PANES)])

    # -- targets ------------------------------------------------------------------------
    def targets(self) -> list[str]:
        """Target keys of the legal actions, in the model's order, without repeats."""
        seen: list[str] = []
        for a in self.legal or []:
            k = target_key(a)
            if k not in seen and k != "pass":
                seen.append(k)
        return seen

    _targets = targets  # (the tests' key driver reads the targets by this name)

    def hint_target(self, action: Action) -> str:
        return target_key(action)

    def _group(self, key: str) -> list[tuple[Action, str]]:
        """The legal actions at ``key`` with their labels; where Gold may pay
        Stone and Clay (a Section, the Great Dam, a temple tile), only those
        paying the Gold its step (``+`` / ``-``) has reached (and placing
        without the action)."""
        labels = list(getattr(self, "labels", None) or [])
        out = []
        pay = self._payment(key)
        for i, a in enumerate(self.legal or []):
            if target_key(a) == key and (pay is None or (a.gold_stone, a.gold_clay) == pay
                                         or (isinstance(a, Place) and not a.benefit)):
                out.append((a, labels[i] if i < len(labels) else a.kind))
        return out

    def _payments(self, key: str) -> list[tuple[int, int]]:
        """The ways to pay the Section or space at ``key`` (Gold for Stone,
        Gold for Clay), least Gold first: the steps of ``+`` / ``-``. None at
        a space where Gold pays nothing."""
        if key.startswith("section:"):
            found = {(a.gold_stone, a.gold_clay) for a in self.legal or []
                     if isinstance(a, Build) and target_key(a) == key}
        elif key.startswith("space:"):
            found = {(a.gold_stone, a.gold_clay) for a in self.legal or []
                     if isinstance(a, Place) and a.benefit and target_key(a) == key}
            if len(found) < 2:
                return []
        else:
            return []
        return sorted(found, key=lambda t: (t[0] + t[1], -t[0]))

    def _payment(self, key: str | None) -> tuple[int, int] | None:
        """The payment chosen at a Section key (None elsewhere)."""
        pays = self._payments(key) if key else []
        if not pays:
            return None
        return pays[max(0, min(self.gold.get(key, 0), len(pays) - 1))]  # type: ignore[arg-type]

    def action_gold(self, step: int) -> None:
        """Step the Gold the Section under the cursor is paid with up or down."""
        key = self.cursor
        pays = self._payments(key) if key else []
        if len(pays) < 2:
            if hasattr(self, "say"):
                self.say("Move to a place marked ▸ where Gold can help pay Stone or Clay." if not pays
                         else "Gold cannot change how this is paid.")
            return
        i = max(0, min(self.gold.get(key, 0), len(pays) - 1)) + step  # type: ignore[arg-type]
        self.gold[key] = max(0, min(i, len(pays) - 1))  # type: ignore[index]
        self._draw()

    def _last_keys(self) -> set[str]:
        last = getattr(self, "last", None)
        action = getattr(last, "action", None) if last is not None else None
        if action is None:
            return set()
        if isinstance(action, (ChooseTile, ChooseFacility, ChooseBorderland, ChooseTemple)):
            return set()  # the market slot taken from holds another tile now
        key = target_key(action)
        if isinstance(action, Build) and last is not None and last.seat is not None and self.view is not None \
                and last.seat != self.view.seat:
            return set()  # another player's section is not on this pane
        return {key} if key != "pass" else set()

    # -- drawing ------------------------------------------------------------------------
    def update_board(self) -> None:
        view: NayakasView | None = self.view
        if view is None:
            return
        self.gold = {}
        self.keep_cursor()
        if isinstance(self.hint, (Build, Place)):  # the suggested move's payment
            pays = self._payments(target_key(self.hint))
            pay = (self.hint.gold_stone, self.hint.gold_clay)
            if pay in pays:
                self.gold[target_key(self.hint)] = pays.index(pay)
        self._close_list()
        if self.cursor:
            self._show_pane_of(self.cursor, draw=False)
        self._draw()

    def _names(self) -> list[str]:
        names = list(getattr(self, "names", None) or [])
        view = self.view
        while view is not None and len(names) < view.players:
            names.append(C.kingdom(view.seats[len(names)].kingdom).name)
        return names

    def _draw(self) -> None:
        """Draw the view: the panes in sight now, the others when shown."""
        self._stale = set(PANES)
        self.lines = {}
        self._draw_panes()
        for pane in self._stale:  # out of sight: it holds nothing of an older view (another seat's cards)
            for panel in self.query_one(f"#nk-pane-{pane}", Pane).query(Panel):
                panel.show(Text(""))
        # six lines at most, and the strip is six lines high: no layout pass
        self.query_one("#nk-info", Static).update(self._info_text(), layout=False)
        self.refresh_footer()
        self.call_after_refresh(self._scroll_to_cursor)

    def _draw_panes(self) -> None:
        """Draw each pane in sight whose panels show an older view or cursor."""
        narrow = self.has_class("-narrow")
        todo = [p for p in PANES if p in self._stale and (not narrow or p == self.pane)]
        if not todo:
            return
        view: NayakasView = self.view
        names = self._names()
        tset = set(self.targets())
        last = self._last_keys()
        cur = self.cursor
        for pane in todo:
            self._stale.discard(pane)
            if pane == "board":
                width = self.size.width * (1.0 if narrow else 0.6)
                drawn, lines = positions(board_text, view, names, tset, cur, last, columns=2 if width >= 76 else 1)
                self.lines.update(lines)
                self.query_one("#nk-board", Panel).show(drawn)
            elif pane == "kingdom":
                me = view.seats[self.seat] if self.seat is not None else view.seats[view.turn]
                side = self._text_width("kingdom")
                drawn, lines = positions(player_text, view, me, names[me.seat], tset, cur, last, side)
                self.lines.update(lines)
                self.query_one("#nk-me", Panel).show(drawn)
                others = [brief_text(view, p, names[p.seat], side) for p in view.seats if p.seat != me.seat]
                self.query_one("#nk-others", Panel).show(Text("\n").join(others) if others else Text(""))
            else:
                side = self._text_width("market")
                drawn, lines = positions(market_text, view, tset, cur, last, side)
                self.lines.update(lines)
                self.query_one("#nk-market", Panel).show(drawn)
                market_lines = len(drawn.plain.splitlines())
                drawn, lines = positions(cards_text, view, CARD_INFO, tset, cur, last, side)
                self.lines.update({k: market_lines + n for k, n in lines.items()})
                self.query_one("#nk-cards", Panel).show(drawn)

    def _text_width(self, pane: str) -> int:
        """Columns for text in a pane: the board's width as the layout will
        give it (one pane, or the side column of the wide layout), less the
        border, the scrollbar and the padding."""
        width = self.size.width or 80
        if not self.has_class("-narrow"):
            width = width * 2 // 5
        return max(20, width - 5)

    def _scroll_to_cursor(self) -> None:
        """Keep the cursor's line in view in its pane."""
        key = self.cursor
        if not key or key not in self.lines:
            return
        pane = self.query_one(f"#nk-pane-{pane_of(key)}", Pane)
        line = self.lines[key]
        height = max(1, pane.scrollable_content_region.height)
        if not (pane.scroll_y <= line < pane.scroll_y + height):
            pane.scroll_to(y=max(0, line - height // 2), animate=False)

    def _info_text(self) -> Text:
        """The seat's supply, what lies under the cursor, what Enter does
        there, and the last move: at most six lines, each cut to the width
        (the supply breaks between its parts, the space's text may take two
        lines), so nothing pushes the others out of the strip."""
        view: NayakasView | None = self.view
        if view is None:
            return Text()
        width = max(20, self.size.width - 2)
        names = self._names()
        me = view.seats[self.seat] if self.seat is not None else None
        lines: list[Text] = []
        if me is not None:
            head = Text(names[me.seat], style="bold")
            head.append(f" ({me.kingdom_name}{', Conch' if view.conch == me.seat else ''}):")
            cur, sep = head, " "
            for part in supply_line(me, cards=False).split(" | "):  # the cards are in the Market pane
                if len(cur.plain) + len(sep) + len(part) > width:
                    lines.append(cur)
                    cur, sep = Text(), ""
                cur.append(sep + part)
                sep = " | "
            lines.append(cur)
        else:
            lines.append(Text(f"Round {view.round}, {view.phase} phase (spectating)"))
        key = self.cursor
        group = self._group(key) if key else []
        last = self.last
        spot = ""
        if key and key.startswith("space:"):
            sp = view.spaces[key[6:]]
            spot = f"{sp.name}: {sp.action}"
        room = 6 - len(lines) - (1 if last is not None and last.text else 0)
        # the space's own text first (it is shown nowhere else in full), then what Enter does
        spot_lines = _cut(spot, width, max(1, min(2, room - 1))) if spot else []
        room -= len(spot_lines)
        if group:
            more = f" (+{len(group) - 1} more with Enter)" if len(group) > 1 else ""
            pays = self._payments(key) if key else []
            pay = self._payment(key)
            step = f"[+/- Gold for {pay[0]} St, {pay[1]} Cl] " if len(pays) > 1 and pay else ""
            lines += spot_lines + _cut(f"» {step}{group[0][1]}{more}", width, max(1, min(2, room)))
        else:
            lines += spot_lines
        if last is not None and last.text:
            lines += _cut("Last: " + self.text(last.text), width, 1)
        return Text("\n").join(lines[:6])

    def prompt(self) -> str:
        view = self.view
        if view is None:
            return ""
        if view.phase == "over":
            return "The game is over. " + view.end_reason
        if not self.legal:
            return f"Round {view.round}, {view.phase} phase: waiting for another player."
        here = ""
        if view.pending:
            what = {"section_tile": "Choose a section tile (face up or down)", "temple": "Choose your temple",
                    "facility": "Choose a facility tile",
                    "borderland": "Choose a borderland tile and a Borderland"}[view.pending]
            return f"{what}: ↑↓ and Enter.{here}"
        if view.phase == "worker":
            return "Worker turn: ↑↓ a space ▸, Enter or l/d place, c cards, p pass, Tab panes."
        return "Build turn: ↑↓ a Section ▸, +/- Gold paid, Enter builds, c cards, p pass."

    def seat_summary(self, seat: Seat) -> str:
        view = self.view
        if view is None or seat >= len(view.seats):
            return ""
        p = view.seats[seat]
        # the seat's label names its kingdom already when the kingdoms are the default ones
        kingdom = "" if p.kingdom == C.board.kingdoms[seat].id else f"{p.kingdom_name}, "
        passed = ", passed" if p.passed and view.phase != "over" else ""
        sections = f"{p.sections_built} Section" + ("" if p.sections_built == 1 else "s")
        return f"{kingdom}{sum(p.prosperity.values())} P, {sections}{passed}"

    def seat_style(self, seat: Seat) -> str:
        view = self.view
        if view is not None and seat < len(view.seats):
            return self.SEAT_STYLES[("keladi", "mysore", "thanjavur", "madurai").index(view.seats[seat].kingdom)]
        return self.SEAT_STYLES[seat % 4]

    # -- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show l / d only while workers are placed, p only while passing is
        allowed, c only while a development card can be played (the footer
        then fits 80 columns)."""
        if action == "cards":
            return any(target_key(a).startswith("card:") for a in self.legal or [])
        if action == "worker":
            return self.view is not None and self.view.phase == "worker" and not self.view.pending \
                and bool(self.legal)
        if action == "gold":
            return len(self._payments(self.cursor)) > 1 if self.cursor else False
        if action == "pass_turn":
            return any(target_key(a) == "pass" for a in self.legal or [])
        return True

    # -- moving and choosing -----------------------------------------------------------
    def _show_pane_of(self, key: str, draw: bool = True) -> None:
        pane = pane_of(key)
        if self.has_class("-narrow") and pane != self.pane:
            self.action_pane(pane, draw=draw)

    def action_cursor(self, direction: str) -> None:
        if self._list_open():  # the arrows go down and up the open list
            ol = self.query_one("#nk-options", OptionList)
            ol.action_cursor_down() if direction in ("down", "right") else ol.action_cursor_up()
            return
        super().action_cursor(direction)

    def cursor_moved(self) -> None:
        if self.cursor and self.cursor != "pass":
            self._show_pane_of(self.cursor, draw=False)
        self._draw()

    def _list_open(self) -> bool:
        return self.query_one("#nk-options", OptionList).has_class("-open")

    def _open_list(self, group: list[tuple[Action, str]]) -> None:
        ol = self.query_one("#nk-options", OptionList)
        ol.clear_options()
        self.listed = [a for a, _ in group]
        for i, (_, label) in enumerate(group):
            ol.add_option(Option(label, id=str(i)))
        ol.add_class("-open")
        ol.border_title = "Choose: ↑↓ Enter, Esc back"
        ol.highlighted = 0
        ol.focus()

    def _close_list(self) -> None:
        ol = self.query_one("#nk-options", OptionList)
        if ol.has_class("-open"):
            ol.remove_class("-open")
            ol.clear_options()
            self.listed = []

    def _offer(self, group: list[tuple[Action, str]]) -> None:
        if not group:
            return
        if len(group) == 1:
            self.choose(group[0][0])
        else:
            self._open_list(group)

    def action_select(self) -> None:
        if self._list_open():
            ol = self.query_one("#nk-options", OptionList)
            if ol.highlighted is not None and ol.highlighted < len(self.listed):
                self._pick(ol.highlighted)
            return
        super().action_select()

    def select(self, target: str) -> None:
        """The choices at ``target``: the one move made, or several listed."""
        self._offer(self._group(target))

    def action_worker(self, worker: str) -> None:
        if not self.cursor or not self.cursor.startswith("space:"):
            if hasattr(self, "say"):
                self.say("Move the cursor to a space marked ▸ first.")
            return
        group = [(a, lab) for a, lab in self._group(self.cursor) if getattr(a, "worker", None) == worker]
        if not group:
            if hasattr(self, "say"):
                self.say(f"No {worker.capitalize()} can go there now.")
            return
        self._offer(group)

    def action_pass_turn(self) -> None:
        for a, lab in self._group("pass"):
            self.choose(a)
            return

    def action_cards(self) -> None:
        group = [(a, lab) for a, lab in
                 ((a, lab) for k in self.targets() if k.startswith("card:") for a, lab in self._group(k))]
        if not group:
            if hasattr(self, "say"):
                self.say("You have no development card to play now.")
            return
        self.action_pane("market") if self.has_class("-narrow") else None
        self._open_list(group)

    def _pick(self, index: int) -> None:
        action = self.listed[index]
        self._close_list()
        self.give_focus(self)
        self.choose(action)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(int(event.option.id or 0))

    def on_key(self, event) -> None:
        if event.key == "escape" and self._list_open():
            event.stop()
            self._close_list()
            self.give_focus(self)
        elif event.key == "c" and self.view is not None and not self.check_action("cards", ()):
            self.say("You have no development card to play now.")  # c is out of the footer then

    def target_of(self, what: str) -> str | None:
        """A click on a marked place (or Pass): the cursor goes there and Enter is pressed."""
        return what if what == "pass" or what in self.targets() else None

    def focus_board(self) -> None:
        self.give_focus(self)


BOARD = NayakasBoard
