"""Nisyros: Rich pieces of the board, drawn from the view alone.

Everything here reads a :class:`~.view.NisyrosView` and returns
``rich.text.Text``; player names arrive as plain strings and are appended as
text, never parsed as markup. Meaning never rests on colour alone: lava is
``≈``, seats are letters (R B G Y), a die on a workplace is its letter (``×C``),
a bonus marker ``+`` and its kind (``+wood``), idle workers ``z``, a field
that yields nothing ``✗``.

A cell's text is fitted to the width it has: each piece has shorter forms
("Stone*", "St*") tried, least needed piece first, before anything is cut.
"""

from __future__ import annotations

from rich.text import Text

from .view import NisyrosView, PlaceView

SEAT_LETTERS = "RBGY"
KIND_NAMES = {"stone": ("Stone", "St"), "wood": ("Wood", "Wo"), "wheat": ("Wheat", "Wh")}
#: each slot's label, long and short
SLOT_LABELS = [("R1", "1"), ("R2", "2"), ("R3", "3"), ("R4", "4"), ("Dam site", "Dam"), ("Shipyard", "Ship"),
               ("Meeting", "Meet"), ("Village", "Vill")]
SLOT_SHORT = ["R1", "R2", "R3", "R4", "Dam", "Ship", "Meet", "Vill"]
STEP_SHORT = ["Move", "Events", "Dice", "Gather", "Build", "Summon", "Feed", "Lava", "Erupt", "Evacuate"]
LAVA_STYLE = "bold #ffffff on #b03a2e"
DIE_LETTERS = "ABCDE"

#: a piece of a line: its forms from the longest to the shortest ("" may be
#: the last: the piece can go) and how soon it is shortened (lowest first);
#: a rank (first, last) keeps the piece's last form for a last resort, taken
#: only when every other piece is as short as it goes
Piece = tuple[list[Text], "int | tuple[int, int]"]


def _t(text: str, style: str = "") -> Text:
    return Text(text, style=style)


def fit(pieces: list[Piece], width: int) -> Text:
    """Join ``pieces`` with spaces in ``width`` cells: shorten the pieces in
    order of their rank (each as far as it goes), then drop the spaces one
    by one from the left."""
    pick = [0] * len(pieces)

    def build(tight: int = 0) -> Text:
        out = Text()
        gaps = 0
        for (forms, _), k in zip(pieces, pick):
            part = forms[k]
            if not part.plain:
                continue
            if out.plain:
                gaps += 1
                if gaps > tight:
                    out.append(" ")
            out.append_text(part)
        return out

    def rank(i: int, stage: int) -> int:
        r = pieces[i][1]
        return r[stage] if isinstance(r, tuple) else r

    for stage in (0, 1):
        for i in sorted(range(len(pieces)), key=lambda i: rank(i, stage)):
            last = len(pieces[i][0]) - 1
            if stage == 0 and isinstance(pieces[i][1], tuple):
                last -= 1  # its last form waits for the last resort
            elif stage == 1 and not isinstance(pieces[i][1], tuple):
                continue
            while build().cell_len > width and pick[i] < last:
                pick[i] += 1
            if build().cell_len <= width:
                return build()
    for tight in range(1, len(pieces)):
        line = build(tight)
        if line.cell_len <= width:
            return line
    return build(len(pieces))


def people_text(v: NisyrosView, p: int, styles: list[str], sep: str = " ") -> Text:
    """Who stands on place ``p``: "R2 B1" (seat letter and count)."""
    t = Text()
    for s in range(v.players):
        n = v.people[s][p]
        if n:
            if t.plain:
                t.append(sep)
            t.append(f"{SEAT_LETTERS[s]}{n}", style=styles[s])
    return t


def lava_on(v: NisyrosView, pv: PlaceView) -> bool:
    ring = pv.slot if pv.slot < 4 else 4
    return v.lava[pv.zone] > ring


def _what(v: NisyrosView, pv: PlaceView) -> list[Piece]:
    """What a place is: its label, its field's kind and bonus, its die, why it yields nothing."""
    s = pv.slot
    long, short = SLOT_LABELS[s]
    # a field's ring may go last of all: the same row of the other zones names it
    labels = [_t(long, "bold"), _t(short, "bold")] + ([_t("")] if s < 4 else [])
    pieces: list[Piece] = [(labels, 9)]
    if s < 4:
        name, abbr = KIND_NAMES[pv.kind or "stone"]
        pieces.append(([_t(name), _t(abbr)], 1))
        bonus = v.bonus[pv.zone] if s == 0 else None
        if bonus:  # the marker's own kind: one of it the first time the field is worked
            b_name, b_abbr = KIND_NAMES[bonus]
            # a bare "+" only as a last resort (a crowded cell): the row's label goes first
            pieces.append(([_t(f"+{b_name.lower()}"), _t(f"+{b_abbr}"), _t("+")], (4, 0)))
    if pv.die is not None:
        d = DIE_LETTERS[pv.die]
        pieces.append(([_t(f"{d}×2", "bold reverse"), _t(f"×{d}", "bold reverse")], 5))
    if pv.no_yield:
        pieces.append(([_t(f"✗{pv.no_yield}", "bold"), _t("✗", "bold")], 3))
    return pieces


def _who(v: NisyrosView, pv: PlaceView, styles: list[str], wide: bool) -> list[Piece]:
    """Who is on a place: the people, the count against a limit, idle workers, the dams."""
    z, s = pv.zone, pv.slot
    pieces: list[Piece] = []
    who = people_text(v, pv.place, styles)
    if who.plain:
        pieces.append(([who, people_text(v, pv.place, styles, sep="")], 7))
    if pv.limit is not None:
        pieces.append(([_t(f"{pv.count}/{pv.limit}"), _t("")], 2))
    if pv.asleep:
        pieces.append(([_t(f"z{pv.asleep}", "italic")], 8))
    ring = s if s < 4 else (4 if s == 4 else None)
    if ring is not None and v.dam_spots[ring] and (wide or v.dams[z][ring]):
        n, spots = v.dams[z][ring], v.dam_spots[ring]
        pieces.append(([_t(f"D{n}/{spots}", "italic"), _t(f"D{n}", "italic")], 0))
    return pieces


def cell_text(v: NisyrosView, pv: PlaceView, styles: list[str], wide: bool, width: int = 13) -> list[Text]:
    """One place's cell on the island grid, each line in ``width`` cells:
    what it is (kind, bonus, die), then who stands there, with the limit,
    idle workers and the dams; two lines when wide, one when narrow."""
    s = pv.slot
    long, short = SLOT_LABELS[s]
    if lava_on(v, pv):
        label: Piece = ([_t(f"{long} ≈lava≈"), _t(f"{short}≈lava≈"), _t(f"{short}≈")], 0)
        if pv.count:  # people waiting their turn to flee a coast the lava has just reached
            who: Piece = ([people_text(v, pv.place, styles), people_text(v, pv.place, styles, sep="")], 7)
            if wide:
                head = fit([label], width)
                head.stylize(LAVA_STYLE)
                return [head, fit([who], width)]
            return [fit([label, who], width)]
        head = fit([label], width)
        head.stylize(LAVA_STYLE)
        return [head, Text("≈" * max(1, width), style=LAVA_STYLE)] if wide else [head]
    if not pv.usable and s >= 5:
        if wide:
            return [_t(long, "dim"), _t("not in use", "dim")]
        return [fit([([_t(long, "dim"), _t(short, "dim")], 1), ([_t("-", "dim")], 0)], width)]
    what, who = _what(v, pv), _who(v, pv, styles, wide)
    if wide:
        return [fit(what, width), fit(who, width)]
    return [fit(what + who, width)]


def short_place(v: NisyrosView, p: int) -> str:
    """"Emp R3", "Man Ship": a place in a few letters."""
    pv = v.places[p]
    return f"{v.zones[pv.zone][:3]} {SLOT_SHORT[pv.slot]}"


def die_text(v: NisyrosView, d: int, wide: bool) -> Text:
    """A yellow die: its letter, its face and where it went (✓ when narrow:
    the island shows where)."""
    face = v.yellow[d] if d < len(v.yellow) else ""
    letter = DIE_LETTERS[d]
    if not face:
        return Text(f"{letter} -")
    name = {"hermes": "Hermes", "meeting": "Meeting"}.get(face, face.title() if face[0].isalpha() else face)
    t = Text(f"{letter} {name if wide else name[:2]}")
    on = v.yellow_on[d]
    if face in ("+1", "-1"):
        t.append(" eruption" if wide else "", style="italic")
    elif on is not None:
        t.append(f"→{short_place(v, on)}" if wide else "✓", style="italic")
    return t


def zone_header(v: NisyrosView, z: int, wide: bool, width: int = 13) -> list[Text]:
    """Zone name, whose village it is (and guests living there), boats at sea
    and how far the lava reached."""
    owners = "+".join(SEAT_LETTERS[s] for s in range(v.players) if v.origin[s] == z)
    guests = "+".join(SEAT_LETTERS[s] for s in range(v.players) if v.home[s] == z and v.origin[s] != z)
    who = "+".join(x for x in (owners, guests) if x)
    name = [_t(v.zones[z], "bold underline"), _t(v.zones[z][:4], "bold underline"),
            _t(v.zones[z][:3], "bold underline")]  # "Emp", as the log's short places
    boats = [_t(f"⛵{v.boats[z]}")]
    lava = [_t(f"lava {v.lava[z]}/5"), _t(f"≈{v.lava[z]}")] if v.lava[z] else [_t("")]
    seats = [_t(who), _t(who.replace("+", ""))]
    if wide:
        return [fit([(name, 1), (seats, 2)], width), fit([(boats, 3), (lava, 0)], width)]
    return [fit([(name, 1), (seats, 3), (boats, 4), (lava + [_t("")], 0)], width)]


def tracker(v: NisyrosView, wide: bool, width: int = 48) -> Text:
    """The round tracker: the ten steps with the current one marked (▶ and
    [brackets], not colour alone)."""
    if wide:
        t = Text(f"Round {v.round} · {v.level_title}\n", style="bold")
        for i, name in enumerate(v.step_names, start=1):
            mark = "▶" if i == v.step else " "
            t.append(f"{mark}{i:>2} {name}\n", style="bold reverse" if i == v.step else "")
        t.rstrip()
        return t
    steps = Text()
    for i in range(1, 11):
        if i > 1:
            steps.append(" ")
        steps.append(f"[{i}]" if i == v.step else str(i), style="bold reverse" if i == v.step else "dim")
    head = [_t(f"Round {v.round} · {v.level_title}", "bold"), _t(f"Rd {v.round} {v.level_title}", "bold"),
            _t(f"Rd {v.round} {v.level_title[:3]}", "bold")]
    name = v.step_names[v.step - 1]
    return fit([(head, 1), ([steps], 9), ([_t(name), _t(STEP_SHORT[v.step - 1]), _t("")], 0)], width)


def dice_text(v: NisyrosView, wide: bool, width: int = 48) -> Text:
    """The red and black dice as thrown, and this round's eruptions."""
    red = [_t(f"Red {v.red or '-'}")]
    black_long = " or ".join(v.zones[z] for z in v.black) if v.black else "-"
    black_short = "/".join(v.zones[z][:3] for z in v.black) if v.black else "-"
    black = [_t(f"· Black {black_long}"), _t(f"· Black {black_short}")]
    n = f"· Eruptions {v.eruptions}"
    left = f", {v.eruptions_left} to come" if v.step == 9 and v.eruptions_left else ""
    why = f" ({', '.join(v.eruptions_why)})"
    erupt = [_t(n + left + why), _t(n + left), _t(n)]
    return fit([(red, 9), (black, 2), (erupt, 1)], width)


def stock_text(v: NisyrosView, names: list[str], styles: list[str], wide: bool, width: int = 48) -> Text:
    """The team's stock against its caps, the supply, and (when wide) Kos
    and Hades per player."""
    stock = Text()
    for k in ("wheat", "stone", "wood"):
        n = getattr(v, k)
        if stock.plain:
            stock.append(" ")
        stock.append(f"{k.title()} {n}/{v.cap}", style="bold" if n else "dim")
    supply = [_t(f"· Supply: {v.boats_supply} boats, {v.dams_supply} dams · Deck {v.deck_size}"),
              _t(f"· Supply: {v.boats_supply} boats, {v.dams_supply} dams"),
              _t(f"· supply ⛵{v.boats_supply} D{v.dams_supply}"),
              _t(f"· ⛵{v.boats_supply} D{v.dams_supply} left")]
    t = fit([([stock], 9), (supply, 1)], width)
    if wide:
        t.append("\n")
        for s in range(v.players):
            t.append(f"{SEAT_LETTERS[s]} ", style=styles[s] + " bold")
            t.append(names[s] if s < len(names) else f"Player {s + 1}", style=styles[s])
            t.append(f": Kos {v.kos[s]}, Hades {v.hades[s]}, island {sum(v.people[s])}  ")
    return t


def cards_text(v: NisyrosView, wide: bool) -> Text:
    """The event cards in play this round and what each does (the full text
    when wide, a few words when narrow), with how far the card has gone."""
    t = Text("Events: ", style="bold")
    lines = []
    if v.current and v.step == 1:
        lines.append((Text("24 (+) Strong current, from last round", style="bold"),
                      "boats sail anywhere this step, each may carry a worker between meeting places"))
    for c in v.in_play:
        note = ""
        if c.id == 22:
            note = f" ({v.evacuated}/3 sailed)"
        lines.append((Text(f"{c.id} ({'+' if c.good else '-'}) {c.title}", style="bold"),
                      (c.text if wide else c.short) + note))
    if not lines:
        t.append("none yet" if v.step <= 2 else "none this round")
    for i, (title, what) in enumerate(lines):
        if wide:
            t.append("\n")
        elif i:
            t.append(" · ")
        t.append_text(title)
        t.append(f": {what}")
    return t
