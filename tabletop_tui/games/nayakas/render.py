"""Nayakas: Rich pieces of the board, drawn only from the view.

Each clickable part carries ``meta={"tap": key}``, where ``key`` names a
target of the board (``space:<id>``, ``section:<building>:<i>``,
``tile:<i>``, ``temple:<r|i>``, ``facility:<i>``, ``border:<i>``,
``card:<id>``, ``pass``). Marks never rely on colour alone: ``▸`` a place
you can act on, reverse video plus ``»`` the cursor, ``◆`` the last move.
"""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from .view import NayakasView, PlayerView

RES_SHORT = {"stone": "St", "clay": "Cl", "culture": "Cu", "gold": "Go"}
ART_SHORT = {"architect": "Ar", "mason": "Ma", "sculptor": "Sc"}
WORKER_SHORT = {"laborer": "L", "diplomat": "D"}


def cost_text(cost: dict[str, int]) -> str:
    parts = [f"{cost.get('stone', 0)}St {cost.get('clay', 0)}Cl"]
    parts.append("+".join(ART_SHORT[a] for a, n in cost.items() if a in ART_SHORT for _ in range(n)))
    return " ".join(p for p in parts if p)


def _marker(key: str, targets: set[str], cursor: str | None, last: set[str]) -> tuple[str, str]:
    """The two-character mark before a target and its style."""
    if key == cursor:
        return "» ", "reverse bold"
    if key in targets:
        return "▸ ", "bold"
    if key in last:
        return "◆ ", ""
    return "  ", ""


#: key -> line of the rendered piece it was drawn on (filled by ``_line``)
Positions = dict[str, int]
_POS: list[Positions] = []


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters
    (a word longer than that is cut), later lines starting with ``indent``."""
    width = max(8, width)
    lead = text[:len(text) - len(text.lstrip(" "))]
    out: list[str] = []
    cur = lead
    for word in text[len(lead):].split(" "):
        room = width - (len(indent) if out else 0)
        if cur.strip() and len(cur) + 1 + len(word) > room:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur.strip() else cur + word
    out.append(cur)
    return [(indent if i else "") + line[:width - (len(indent) if i else 0)] for i, line in enumerate(out)]


def para(out: Text, text: str, width: int | None, style: str = "") -> None:
    """A line of plain text, wrapped by us (so target positions stay exact)."""
    lines = wrap(text, width, "  ") if width else [text]
    out.append("\n".join(lines) + "\n", style=style)


def _line(out: Text, key: str, body: str, targets: set[str], cursor: str | None, last: set[str],
          dim: bool = False, width: int | None = None) -> None:
    """One line for a target: its mark, its text, and a click tag; with
    ``width``, wrapped by us under its mark."""
    if _POS:
        _POS[-1][key] = out.plain.count("\n")
    mark, style = _marker(key, targets, cursor, last)
    tap = Style(meta={"tap": key})
    extra = " ◆" if key in last and mark != "◆ " else ""
    text = mark + body + extra
    if width:
        text = "\n".join(wrap(text, width, "    "))
    out.append(text, style=Style.parse(style or ("dim" if dim else "none")) + tap)
    out.append("\n")


def workers_text(workers: list[tuple[int, str]], names: list[str]) -> str:
    return " ".join(f"[{names[s][:5]}:{WORKER_SHORT[t]}]" for s, t in workers)


def _space_line(out: Text, view: NayakasView, sid: str, label: str, names: list[str], targets: set[str],
                cursor: str | None, last: set[str]) -> None:
    sp = view.spaces[sid]
    who = workers_text(sp.workers, names)
    _line(out, f"space:{sid}", f"{label} {sp.short} {who}".rstrip(), targets, cursor, last, dim=not sp.usable)


def kingdom_text(view: NayakasView, k, names: list[str], targets: set[str], cursor: str | None,
                 last: set[str]) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    ruler = names[k.ruler] if k.ruler is not None else "neutral"
    out.append(f"{k.name} ({k.colour}): {ruler}\n", style="bold underline")
    for sid in k.spaces:
        sp = view.spaces[sid]
        if sp.kind == "temple":
            label = f"T{sid[-1]}"
            if not sp.usable and not sp.workers:
                _line(out, f"space:{sid}", f"{label} {sp.label}", targets, cursor, last, dim=True)
                continue
            label += " " + sp.label
        else:
            label = ("H " if sp.land == "homeland" else "B ") + sp.label
        _space_line(out, view, sid, label + ":", names, targets, cursor, last)
    return out


def positions(fn, *args, **kwargs) -> tuple[object, Positions]:
    """Call a render function and return what it drew with the line of each target."""
    _POS.append({})
    try:
        return fn(*args, **kwargs), _POS[-1]
    finally:
        _POS.pop()


def board_text(view: NayakasView, names: list[str], targets: set[str], cursor: str | None,
               last: set[str], columns: int = 2) -> Group:
    """The four kingdoms (in a grid of ``columns``), the Trading Posts and the Empire."""
    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in range(columns):
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    pos = _POS[-1] if _POS else None
    cells, top = [], 0
    for i in range(0, len(view.kingdoms), columns):
        row = []
        for k in view.kingdoms[i:i + columns]:
            _POS.append({})
            row.append(kingdom_text(view, k, names, targets, cursor, last))
            found = _POS.pop()
            if pos is not None:
                pos.update({key: top + line for key, line in found.items()})
        top += max(len(t.plain.splitlines()) for t in row)
        grid.add_row(*row)
        cells += row
    _POS.append({})
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Trading Posts\n", style="bold underline")
    for i, sid in enumerate(view.posts):
        sp = view.spaces[sid]
        shared = "/".join(k[:3].capitalize() for k in sp.kingdoms)
        _space_line(out, view, sid, f"{'I' * (i + 1)} ({shared}):", names, targets, cursor, last)
    if view.event:
        tokens = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.event_tokens) if n) or "none yet"
        out.append(f"  Tokens on {view.event}: {tokens}\n")
    out.append("Empire (left space first)\n", style="bold underline")
    for sid in view.empire:
        pair, slot = sid[-2], sid[-1]
        _space_line(out, view, sid, f"{pair}{'L' if slot == 'a' else 'R'}:", names, targets, cursor, last)
    legend = Text(LEGEND, style="dim")
    found = _POS.pop()
    if pos is not None:
        pos.update({key: top + line for key, line in found.items()})
    return Group(grid, out, legend)


LEGEND = ("St Stone, Cl Clay, Cu Culture, Go Gold, Ar/Ma/Sc Architect/Mason/Sculptor, P Prosperity; "
          "H Homeland, B Borderland, T temple; [name:L/D] workers; Lab/Dip left/owned; "
          "▸ you can act, » cursor, ◆ last move.")


def supply_line(p: PlayerView, cards: bool = True) -> str:
    """Resources, Artisans, workers left, tokens and (with ``cards``) cards,
    in parts joined by " | "."""
    res = " ".join(f"{RES_SHORT[r]} {n}" for r, n in p.resources.items())
    art = " ".join(f"{ART_SHORT[a]}{n}" for a, n in p.artisans.items())
    held = f", {p.hand_size} card" + ("" if p.hand_size == 1 else "s") if cards else ""
    return (f"{res} | {art} | Lab {p.laborers_left}/{p.laborers} Dip {p.diplomats_left}/{p.diplomats} "
            f"| {p.event_tokens} tokens{held}")


def player_text(view: NayakasView, p: PlayerView, name: str, targets: set[str], cursor: str | None,
                last: set[str], width: int | None = None) -> Text:
    """One player's board in full: supply, buildings and sections, facilities
    (wrapped to ``width`` by us, so the lines of its Sections are known)."""
    out = Text()
    conch = " (holds the Conch)" if view.conch == p.seat else ""
    out.append(Text(name, style="bold"))
    out.append(f", {p.kingdom_name}{conch}\n", style="bold")
    para(out, supply_line(p), width)
    pr = p.prosperity
    para(out, f"Prosperity so far {sum(pr.values())}: temples {pr['temples']}, face down {pr['face_down']}, "
              f"tokens {pr['tokens']}, cards {pr['cards']}, purple (estimate) {pr['purple']}", width)
    if p.powers:
        para(out, "This round: " + "; ".join(p.powers), width)
    for b in p.buildings:
        head = f"{b.name} ({'done' if b.complete else 'open'}, tab {b.tab}" + \
            (f", {b.prosperity} P)" if b.prosperity else ")")
        out.append(head + "\n", style="underline")
        for i, sec in enumerate(b.sections):
            if sec.built:  # the cost no longer matters; the tile on it does
                tile = f": {sec.tile}{'' if sec.face_up else ' (face down, 1 P)'}" if sec.tile else ""
                body = f"[x] {sec.name}{tile}"
            else:
                body = f"[ ] {sec.name} {cost_text(sec.cost)}"
            _line(out, f"section:{b.id}:{i}", body, targets, cursor, last, width=width)
    for f in p.facilities:
        para(out, f"Facility {f.name}: {f.text}", width)
    return out


def brief_text(view: NayakasView, p: PlayerView, name: str, width: int | None = None) -> Text:
    """Another player's board in a few lines."""
    out = Text()
    conch = " *Conch*" if view.conch == p.seat else ""
    done = sum(1 for b in p.buildings if b.complete)
    out.append(Text(name, style="bold"))
    out.append(f" ({p.kingdom_name}){conch}: ")
    para(out, f"sections {p.sections_built}, buildings {done}, P {sum(p.prosperity.values())}"
              f"{', passed' if p.passed else ''}", width)
    para(out, "  " + supply_line(p), width)
    return out


def market_text(view: NayakasView, targets: set[str], cursor: str | None, last: set[str],
                width: int | None = None) -> Text:
    """The Bonus Market, the temple market and the face-down piles."""
    out = Text()
    para(out, f"Building Tracker {view.tracker}/{view.tracker_end}; Events gone {view.events_expired}/3; "
              f"round {view.round}", width)
    out.append("Section tiles\n", style="bold underline")
    for i, t in enumerate(view.section_market):
        _line(out, f"tile:{i}", f"{t.name} (tab {t.tab or 'none'}): {t.text}", targets, cursor, last, width=width)
    out.append("Facility tiles\n", style="bold underline")
    for i, t in enumerate(view.facility_market):
        _line(out, f"facility:{i}", f"{t.name}: {t.text}", targets, cursor, last, width=width)
    out.append("Borderland tiles\n", style="bold underline")
    for i, t in enumerate(view.border_market):
        _line(out, f"border:{i}", f"{t.name}: {t.text}", targets, cursor, last, width=width)
    out.append("Temple market\n", style="bold underline")
    if "temple:r" in targets or "temple:r" == cursor:
        me = view.seats[view.seat] if view.seat is not None else None
        what = f"{me.ruler_temple.name}: {me.ruler_temple.text}" if me and me.ruler_temple else "ruler temple"
        _line(out, "temple:r", f"Turn your {what}", targets, cursor, last, width=width)
    for i, t in enumerate(view.temple_market):
        _line(out, f"temple:{i}", f"{t.name}: {t.text}", targets, cursor, last, width=width)
    piles = ", ".join(f"{k} {n}" for k, n in view.piles.items())
    para(out, f"Face down: {piles}", width, style="dim")
    if view.dev_discard:
        para(out, "Cards played: " + ", ".join(view.dev_discard), width, style="dim")
    return out


def cards_text(view: NayakasView, card_names: dict[str, tuple[str, str, str]], targets: set[str],
               cursor: str | None, last: set[str], width: int | None = None) -> Text:
    """The viewer's own development cards (nothing for a spectator)."""
    out = Text()
    me = view.seats[view.seat] if view.seat is not None else None
    if me is None or me.hand is None:
        para(out, "Development cards are seen only by their owner.", width, style="dim")
        return out
    out.append("Your development cards (secret)\n", style="bold underline")
    if not me.hand:
        out.append("  none\n", style="dim")
    for cid in me.hand:
        name, timing, txt = card_names[cid]
        _line(out, f"card:{cid}", f"{name} ({timing} phase): {txt}", targets, cursor, last, width=width)
    return out
