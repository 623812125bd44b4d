"""Rapa Nui's board, drawn as Rich text from one seat's ``RapaNuiView``.

Pure functions: view (plus the board's cursors) in, ``Text`` out. They read
only the view (never the game state), so what a panel shows is exactly what
that seat may see (R9). Clickable parts carry a ``tap`` meta ("row:2",
"hand:fish", "opt:1") that the board turns into the same thing a key would
do.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tabletop_tui.engine.text import plural

from .data import CARDS, GATHERERS, OFFERINGS
from .view import PlayerView, RapaNuiView

#: what the last move changed is marked with this (not by colour alone)
CHANGED = "◆"

#: Card names, full and for narrow boards. Cards are capitalised ("Fisher");
#: offering cards are lower case ("fish"), as in the rules page.
CARD_LABEL = {"woodcutter": "Woodcutter", "priest": "Priest", "moai": "Moai", "fish": "Fisher",
              "grain": "Grain", "mulberry": "Mulberry", "sweet_potato": "Sweet potato"}
CARD_SHORT = {**CARD_LABEL, "sweet_potato": "Sw.potato"}
OFFERING_LABEL = {"fish": "fish", "grain": "grain", "mulberry": "mulberry", "sweet_potato": "sweet potato"}
OFFERING_SHORT = {"fish": "fish", "grain": "grain", "mulberry": "mulberry", "sweet_potato": "s.potato"}
#: The key that names each offering kind (p for potato: s is "skip").
KIND_KEY = {"fish": "f", "grain": "g", "mulberry": "m", "sweet_potato": "p"}

#: Mid-tone colours, readable on dark and light themes; every mark that
#: matters is also in the text (brackets, arrows, words), for monochrome.
CARD_STYLE = {
    "woodcutter": "#a8743a",
    "priest": "#a88200",
    "moai": "bold #8093a8",
    "fish": "#1a8a99",
    "grain": "#85851a",
    "mulberry": "#b0479a",
    "sweet_potato": "#c8661f",
}
OFFERING_STYLE = {k: CARD_STYLE[k] for k in OFFERINGS}


def tap(what: str) -> Style:
    """A style that makes a span clickable: a click on it reaches the board as
    ``what``. (Not Textual's "@click" meta: that paints spans in the link
    colour, and the cards would lose theirs.)"""
    return Style(meta={"tap": what})


def card_label(card: str, short: bool = False) -> str:
    return (CARD_SHORT if short else CARD_LABEL)[card]


def offering_label(kind: str, short: bool = False) -> str:
    return (OFFERING_SHORT if short else OFFERING_LABEL)[kind]


# -- the market -------------------------------------------------------------------------


def _row_label(row: int, cursor: int | None, legal_rows: set[int], click: Style) -> Text:
    """A market row's mark: ▶ on the cursor's row, then its number (reversed
    under the cursor, bright when the model lists a draw from it)."""
    here = cursor == row
    label_style = "bold reverse" if here else ("bold green" if row in legal_rows else "dim")
    t = Text()
    t.append("▶" if here else " ", style=Style(bold=True) + click)
    t.append(f"{row + 1}", style=Style.parse(label_style) + click)
    t.append(" ", style=click)
    return t


def market_text(v: RapaNuiView, *, legal_rows: set[int], cursor: int | None, hint: int | None,
                short: bool, last: int | None = None) -> Text:
    """Four rows, every card visible, the exposed (takeable) card in brackets
    and reversed; legal rows marked with their number bright, the cursor ▶,
    the row the last move drew from ◆.
    (No dim on the buried cards: dimmed colours fade away on light themes.)"""
    t = Text()
    for r in v.market:
        if r.row:
            t.append("\n")
        click = tap(f"row:{r.row}")
        t.append_text(_row_label(r.row, cursor, legal_rows, click))
        if not r.cards:
            t.append("(empty)", style=Style(dim=True, italic=True) + click)
            continue
        for i, card in enumerate(r.cards):
            name = card_label(card, short)
            if i == r.exposed:
                style = Style.parse(f"bold reverse {CARD_STYLE[card]}")
                t.append("[", style=Style(bold=True) + click)
                t.append(name, style=style + click)
                t.append("]", style=Style(bold=True) + click)
            else:
                t.append(name, style=Style.parse(CARD_STYLE[card]) + click)
                t.append(" ", style=click)
        if hint == r.row:
            t.append("  ← hint", style="italic")
        if last == r.row:
            t.append("  ◆ drawn", style="bold")
    return t


#: a card drawn as a box (big boards): light, and heavy for the card that
#: can be taken or is under the cursor (readable without colour)
LIGHT_BOX = ("┌", "─", "┐", "│", "└", "┘")
HEAVY_BOX = ("┏", "━", "┓", "┃", "┗", "┛")


def card_boxes(cards: list[tuple[str, Style, bool, Style]], width: int, lead: tuple[Text, Text, Text],
               tail: Text | None = None) -> Text:
    """Cards side by side as boxes ``width`` wide, three lines: each card is
    (label, its style, heavy, click style); ``lead`` starts each of the
    three lines (a row's number), ``tail`` follows the middle one."""
    lines = [lead[0].copy(), lead[1].copy(), lead[2].copy()]
    inner = width - 2
    for i, (label, style, heavy, click) in enumerate(cards):
        tl, h, tr, side, bl, br = HEAVY_BOX if heavy else LIGHT_BOX
        edge = Style(color=style.color, dim=style.dim, bold=heavy)
        gap = " " if i else ""
        lines[0].append(gap + tl + h * inner + tr, style=edge + click)
        lines[1].append(gap + side, style=edge + click)
        name = f" {label} "[:inner].ljust(inner)
        lines[1].append(name, style=(style + Style(reverse=True, bold=True) if heavy else style) + click)
        lines[1].append(side, style=edge + click)
        lines[2].append(gap + bl + h * inner + br, style=edge + click)
    if tail is not None:
        lines[1].append_text(tail)
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def market_boxes(v: RapaNuiView, *, legal_rows: set[int], cursor: int | None, hint: int | None,
                 width: int, last: int | None = None) -> Text:
    """The market on a big board: each row's cards as boxes ``width`` wide,
    the exposed (takeable) one heavy and reversed; the same marks as
    :func:`market_text` (row number bright when legal, ▶ cursor, hint, ◆)."""
    t = Text()
    for r in v.market:
        if r.row:
            t.append("\n")
        click = tap(f"row:{r.row}")
        mid = _row_label(r.row, cursor, legal_rows, click)
        pad = Text("   ", style=click)
        tail = Text()
        if hint == r.row:
            tail.append("  ← hint", style="italic")
        if last == r.row:
            tail.append("  ◆ drawn", style="bold")
        if not r.cards:
            mid.append("(empty)", style=Style(dim=True, italic=True) + click)
            mid.append_text(tail)
            t.append_text(Text("\n").join([pad, mid, pad]))
            continue
        cards = [(card_label(card), Style.parse(CARD_STYLE[card]), i == r.exposed, click)
                 for i, card in enumerate(r.cards)]
        t.append_text(card_boxes(cards, width, (pad, mid, pad.copy()), tail))
    return t


# -- the viewer's hand ---------------------------------------------------------------------


def hand_text(v: RapaNuiView, *, cursor: str | None, playable: dict[str, int],
              selecting: bool, short: bool) -> Text:
    """The viewer's cards by kind; in the play step the cursor is reversed and
    cards the model lists no legal play for are dim."""
    t = Text()
    hand = v.hand or {}
    kinds = [c for c in CARDS if hand.get(c)]
    if v.seat is None:
        t.append("Every hand is shown under Players." if v.over else "(watching: no hand)", style="dim italic")
        return t
    if not kinds:
        t.append("(no cards in hand)", style="dim italic")
        return t
    for i, card in enumerate(kinds):
        if i:
            t.append("  ")
        n = hand[card]
        click = tap(f"hand:{card}")
        label = card_label(card, short) + (f" ×{n}" if n > 1 else "")
        style = Style.parse(CARD_STYLE[card])
        if selecting and card not in playable:
            style += Style(dim=True)
        if selecting and card == cursor:
            t.append("▶", style=Style(bold=True) + click)
            t.append(f" {label} ", style=style + Style(reverse=True, bold=True) + click)
        else:
            t.append(f" {label} ", style=style + click)
    return t


def hand_boxes(v: RapaNuiView, *, cursor: str | None, playable: dict[str, int], selecting: bool,
               width: int) -> Text:
    """The viewer's hand on a big board: one box per kind ("Fisher ×2"),
    the cursor's heavy and reversed (the ▶ of the small board); unplayable
    kinds dim while choosing."""
    hand = v.hand or {}
    kinds = [c for c in CARDS if hand.get(c)]
    if v.seat is None or not kinds:
        return hand_text(v, cursor=cursor, playable=playable, selecting=selecting, short=False)
    cards = []
    for card in kinds:
        n = hand[card]
        style = Style.parse(CARD_STYLE[card])
        if selecting and card not in playable:
            style += Style(dim=True)
        label = card_label(card) + (f" ×{n}" if n > 1 else "")
        cards.append((label, style, selecting and card == cursor, tap(f"hand:{card}")))
    return card_boxes(cards, width, (Text(""), Text(""), Text("")))


# -- offerings: the stone, the supply and the viewer's offering cards -----------------------


def offerings_text(v: RapaNuiView, *, narrow: bool, changed: frozenset[str] = frozenset()) -> Text:
    """A small table, one row per kind: face up on the stone, the value of one
    card at the end (R8, as far as the viewer can know), the viewer's own
    offering cards and buying price, the supply; then the face-down count.
    Once the game is over the face-down cards are a column of their own
    beside the face-up ones, so the values can be checked from the counts.
    ◆ marks what the last move put on the stone (``changed``: "stone:<kind>",
    "stone:down")."""
    t = Text()
    me = v.players[v.seat] if v.seat is not None else None
    revealed = v.stone.face_down_revealed
    cols: list[tuple[str, dict[str, int], str]] = [("on stone" if not narrow else "stone", v.stone.face_up, "")]
    if revealed is not None:
        cols = [("face up" if not narrow else "up", v.stone.face_up, ""),
                ("face down" if not narrow else "down", revealed, "")]
    cols.append(("value", v.offering_values, "bold"))
    if v.offerings is not None:
        cols.append(("you hold" if not narrow else "yours", v.offerings, "bold"))
    if me is not None and not v.over:
        cols.append(("you pay" if not narrow else "cost", me.offering_costs, ""))
    cols.append(("supply", v.supply, "dim"))
    width = 7 if narrow else 10
    head = 10 if narrow else 14
    t.append("".ljust(head))
    for i, (label, _, _) in enumerate(cols):
        t.append(label.rjust(width) + (" " if i == 0 else ""), style="dim")
    for k in OFFERINGS:
        t.append("\n")
        t.append(offering_label(k, narrow).ljust(head), style=OFFERING_STYLE[k])
        for i, (_, values, style) in enumerate(cols):
            t.append(str(values.get(k, 0)).rjust(width), style=style)
            if i == 0:  # the stone's column
                t.append(CHANGED if f"stone:{k}" in changed else " ", style="bold")
    t.append("\n")
    if revealed is not None:
        t.append("Values rank the kinds by all the cards on the stone, face down ones turned up: "
                 "most 3, then 2, 1, 0.", style="italic")
        return t
    t.append(f"Face down{'' if narrow else ' on the stone'}: {v.stone.face_down}", style="italic")
    if "stone:down" in changed:
        t.append(CHANGED, style="bold")
    mine = v.stone.my_face_down or {}
    if any(mine.values()):
        shown = ", ".join(f"{n} {offering_label(k, narrow)}" for k, n in mine.items() if n)
        t.append(f" (yours: {shown})", style="italic")
    if not v.offering_values_exact and not narrow:
        t.append("; values count the cards you have seen", style="dim italic")
    return t


# -- players ----------------------------------------------------------------------------------


def display_text(p: PlayerView, short: bool, lead: dict[str, int] | None = None,
                 indent: str = "    ", changed: frozenset[str] = frozenset()) -> Text:
    """A display grouped by kind: "Woodcutter 2* Priest 1 Fisher 1"; * marks
    the sole leader of a kind (the scoring bonus), ◆ the kind the last move
    laid out (``changed`` holds "display:<kind>"). Narrow: the
    hunter-gatherers on a second line."""
    t = Text(indent)
    first = True
    broke = False
    for card in CARDS:
        n = p.display.get(card, 0)
        if not n:
            continue
        if short and card in GATHERERS and not first and not broke:
            t.append("\n" + indent)
            broke = True
        elif not first:
            t.append(" ")
        first = False
        t.append(f"{card_label(card, True)} {n}", style=CARD_STYLE[card])
        if lead and lead.get(card) == p.seat:
            t.append("*", style="bold")
        if f"display:{card}" in changed:
            t.append(CHANGED, style="bold")
    if first:
        t.append("nothing laid out", style="dim italic")
    return t


def display_words(p: PlayerView, lead: dict[str, int] | None = None) -> list[str]:
    """A display as plain words, one a kind ("Woodcutter 2*", * for the sole
    leader), for lines that break only between kinds."""
    words = [f"{card_label(card, True)} {p.display[card]}" + ("*" if lead and lead.get(card) == p.seat else "")
             for card in CARDS if p.display.get(card, 0)]
    return words or ["nothing laid out"]


def display_boxes(p: PlayerView, width: int, lead: dict[str, int] | None = None,
                  changed: frozenset[str] = frozenset()) -> Text:
    """A display on a tall board: one box ``width`` wide per kind
    ("Woodcutter 2*", the marks of :func:`display_text`)."""
    cards = []
    for card in CARDS:
        n = p.display.get(card, 0)
        if n:
            label = f"{card_label(card)} {n}" + ("*" if lead and lead.get(card) == p.seat else "")
            label += CHANGED if f"display:{card}" in changed else ""
            cards.append((label, Style.parse(CARD_STYLE[card]), False, Style()))
    if not cards:
        return display_text(p, False, lead, changed=changed)
    pad = Text("    ")
    return card_boxes(cards, width, (pad, pad.copy(), pad.copy()))


def player_text(v: RapaNuiView, p: PlayerView, *, name: str, colour: str, style: str, short: bool,
                lead: dict[str, int] | None = None, moved_last: bool = False,
                changed: frozenset[str] = frozenset(), box_width: int | None = None) -> Text:
    """One player's lines; ``changed`` names what the last move changed
    ("wood", "fame", "hand", "offerings", "display:<kind>"), each marked ◆;
    with ``box_width`` the display is drawn as card boxes that wide."""
    t = Text()
    acting = p.seat in v.to_act
    t.append("▶" if acting else " ", style="bold")
    t.append(CHANGED + " " if moved_last else "  ", style="bold")
    t.append(name, style="bold " + style)
    if name != colour:
        t.append(f" ({colour})", style=style)
    if p.seat == v.seat and not short:
        t.append(" you", style="italic")
    sep = " · "

    def mark(item: str) -> str:
        return CHANGED if item in changed else ""

    t.append("  " + sep.join([f"wood {p.wood}{mark('wood')}", f"fame {p.fame}{mark('fame')}"]))
    t.append("\n    " if short else sep)
    stats = [f"hand {p.hand_size}{mark('hand')}", plural(p.offering_count, "offering") + mark("offerings")]
    if p.face_down_offerings:
        stats.append(f"{p.face_down_offerings} face down")
    t.append(sep.join(stats))
    t.append("\n")
    if box_width:
        t.append_text(display_boxes(p, box_width, lead, changed))
    else:
        t.append_text(display_text(p, short, lead, changed=changed))
    if p.seat != v.seat and p.hand is not None:  # the end: every hand is shown
        cards = [f"{card_label(c, True)} {n}" for c, n in p.hand.items() if n]
        offs = [f"{offering_label(k, True)} {n}" for k, n in (p.offerings or {}).items() if n]
        t.append("\n    held: ", style="dim")
        t.append(" ".join(cards) or "no cards")
        t.append(" · offerings: ", style="dim")
        t.append(" ".join(offs) or "none")
    return t


def players_text(v: RapaNuiView, names: list[str], colours: list[str], styles: list[str], short: bool,
                 last_seat: int | None = None, changed: dict[int, frozenset[str]] | None = None,
                 box_width: int | None = None) -> Text:
    """Every player: name, colour, wood, fame, hand size, offering cards,
    face-down offerings, and the display grouped by kind (as card boxes
    ``box_width`` wide, if given); ▶ who acts, ◆ who moved last and what the
    move changed (``changed``: seat -> items)."""
    t = Text()
    lead = v.leaders
    for i, p in enumerate(v.players):
        if i:
            t.append("\n")
        t.append_text(player_text(v, p, name=names[i], colour=colours[i], style=styles[i], short=short,
                                  lead=lead, moved_last=i == last_seat,
                                  changed=(changed or {}).get(i, frozenset()), box_width=box_width))
    return t


# -- the choice line ----------------------------------------------------------------------------


def chip(t: Text, key: str, label: str, *, selected: bool, enabled: bool, what: str) -> None:
    """One clickable option: "[f] fish 4"; the selected one reversed."""
    click = tap(what)
    style = Style(reverse=True, bold=True) if selected else Style()
    if not enabled:
        style += Style(dim=True)
    t.append("▶" if selected else " ", style=Style(bold=True) + click)
    t.append(f"{key}", style=Style(bold=True, underline=True) + style + click)
    t.append(f" {label} ", style=style + click)
