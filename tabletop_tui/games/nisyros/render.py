"""Nisyros: Rich pieces of the board, drawn from the view alone.

Everything here reads a :class:`~.view.NisyrosView` and returns
``rich.text.Text``; player names arrive as plain strings and are appended as
text, never parsed as markup. Meaning never rests on colour alone: lava is
``≈``, seats are letters (R B G Y), dice and dams are written out.
"""

from __future__ import annotations

from rich.text import Text

from .view import NisyrosView, PlaceView

SEAT_LETTERS = "RBGY"
KIND_SHORT = {"stone": "Stone", "wood": "Wood", "wheat": "Wheat"}
SLOT_SHORT = ["R1", "R2", "R3", "R4", "Dam site", "Shipyard", "Meeting", "Village"]
LAVA_STYLE = "bold #ffffff on #b03a2e"
DIE_LETTERS = "ABCDE"


def people_text(v: NisyrosView, p: int, styles: list[str]) -> Text:
    """Who stands on place ``p``: "R2 B1" (seat letter and count)."""
    t = Text()
    for s in range(v.players):
        n = v.people[s][p]
        if n:
            if t:
                t.append(" ")
            t.append(f"{SEAT_LETTERS[s]}{n}", style=styles[s])
    return t


def lava_on(v: NisyrosView, pv: PlaceView) -> bool:
    ring = pv.slot if pv.slot < 4 else 4
    return v.lava[pv.zone] > ring


def cell_text(v: NisyrosView, pv: PlaceView, styles: list[str], wide: bool) -> Text:
    """One place's cell on the island grid: what it is (kind, bonus, die) and
    then who stands there, with the limit and the dams (two lines when wide)."""
    z, s = pv.zone, pv.slot
    t = Text()
    label = SLOT_SHORT[s] if s < 4 or wide else SLOT_SHORT[s][:4]
    if lava_on(v, pv):
        t.append(f"{label} ≈lava≈", style=LAVA_STYLE)
        return t
    if not pv.usable and s >= 5:
        t.append(f"{label} -", style="dim")
        return t
    t.append(label, style="bold")
    if s < 4:
        kind = KIND_SHORT[pv.kind or ""]
        t.append(f" {kind if wide else kind[:2]}")
        if s == 0 and v.bonus[z]:
            t.append("+" if wide else "*")
    if pv.die is not None:
        t.append(f" {DIE_LETTERS[pv.die]}x2", style="bold reverse")
    t.append("\n" if wide else " ")
    who = people_text(v, pv.place, styles)
    t.append_text(who)
    if pv.limit is not None:
        t.append(f"{' ' if who else ''}{pv.count}/{pv.limit}")
    ring = s if s < 4 else (4 if s == 4 else None)
    if ring is not None and v.dam_spots[ring] and (wide or v.dams[z][ring]):
        t.append(f" D{v.dams[z][ring]}/{v.dam_spots[ring]}", style="italic")
    return t


def short_place(v: NisyrosView, p: int) -> str:
    """"Emp R3", "Man Ship": a place in a few letters."""
    pv = v.places[p]
    return f"{v.zones[pv.zone][:3]} {SLOT_SHORT[pv.slot][:4]}"


def die_text(v: NisyrosView, d: int, wide: bool) -> Text:
    """A yellow die: its letter, its face and where it went."""
    face = v.yellow[d] if d < len(v.yellow) else ""
    if not face:
        return Text(f"{DIE_LETTERS[d]} -" if wide else f"{d + 1}-")
    short = {"hermes": "Hermes", "meeting": "Meet"}.get(face, face.title() if face[0].isalpha() else face)
    t = Text(f"{DIE_LETTERS[d]} {short}" if wide else f"{d + 1}{short[:2]}")
    on = v.yellow_on[d]
    if on is not None:
        t.append(f"→{short_place(v, on)}" if wide else "•", style="italic")
    return t


def zone_header(v: NisyrosView, z: int, names: list[str], wide: bool) -> Text:
    """Zone name, whose village it is, boats at sea and how far the lava reached."""
    t = Text(v.zones[z] if wide else v.zones[z][:8], style="bold underline")
    owners = [s for s in range(v.players) if v.origin[s] == z]
    if owners:
        t.append(f" {SEAT_LETTERS[owners[0]]}")
    t.append(f"\n⛵{v.boats[z]}" if wide else f" ⛵{v.boats[z]}")
    if wide and v.lava[z]:
        t.append(f" lava {v.lava[z]}/5")
    return t


def tracker(v: NisyrosView, wide: bool) -> Text:
    """The round tracker: the ten steps with the current one marked."""
    t = Text(f"Round {v.round} · {v.level_title} · ", style="bold")
    if wide:
        t.append("\n")
        for i, name in enumerate(v.step_names, start=1):
            mark = "▶" if i == v.step else " "
            t.append(f"{mark}{i:>2} {name}\n", style="bold reverse" if i == v.step else "")
        t.rstrip()
        return t
    for i in range(1, 11):
        t.append(f"[{i}]" if i == v.step else f" {i} ", style="bold reverse" if i == v.step else "dim")
    t.append(f" {v.step_names[v.step - 1]}")
    return t


def dice_text(v: NisyrosView, wide: bool) -> Text:
    """The red and black dice as thrown, and this round's eruptions."""
    t = Text()
    t.append("Red ", style="bold")
    t.append(v.red or "-")
    t.append(" · Black ", style="bold")
    t.append(" or ".join(v.zones[z] for z in v.black) if v.black else "-")
    t.append(f" · Eruptions {v.eruptions}")
    if wide:
        t.append(f" ({', '.join(v.eruptions_why)})")
    return t


def stock_text(v: NisyrosView, names: list[str], styles: list[str]) -> Text:
    """The team's stock against its caps, the supply, and Kos/Hades per player."""
    t = Text()
    for k in ("wheat", "stone", "wood"):
        n = getattr(v, k)
        t.append(f"{k.title()} {n}/{v.cap}", style="bold" if n else "dim")
        t.append("  ")
    t.append(f"Supply: {v.boats_supply} boats, {v.dams_supply} dams  Deck {v.deck_size}\n")
    for s in range(v.players):
        t.append(f"{SEAT_LETTERS[s]} ", style=styles[s] + " bold")
        t.append(names[s] if s < len(names) else f"Player {s + 1}", style=styles[s])
        t.append(f": Kos {v.kos[s]}, Hades {v.hades[s]}, island {sum(v.people[s])}  ")
    return t


def cards_text(v: NisyrosView, wide: bool) -> Text:
    """The event cards in play this round and what each does."""
    t = Text("Events: ", style="bold")
    if not v.in_play:
        t.append("none yet")
    for c in v.in_play:
        t.append(f"\n{c.id} {'+' if c.good else '-'} {c.title}", style="bold")
        if wide:
            t.append(f": {c.text}")
    return t
