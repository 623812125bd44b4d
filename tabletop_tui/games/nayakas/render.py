"""Nayakas: Rich pieces of the board, drawn only from the view.

Each clickable part carries ``meta={"tap": key}``, where ``key`` names a
target of the board (``space:<id>``, ``section:<building>:<i>``,
``tile:<i>``, ``temple:<r|i>``, ``facility:<i>``, ``border:<i>``,
``card:<id>``, ``pass``). Marks never rely on colour alone: ``▸`` a place
you can act on, reverse video plus ``»`` the cursor, ``◆`` the last move.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from .view import NayakasView, PlayerView

RES_SHORT = {"stone": "St", "clay": "Cl", "culture": "Cu", "gold": "Go"}
ART_SHORT = {"architect": "A", "mason": "M", "sculptor": "S"}
WORKER_SHORT = {"laborer": "L", "diplomat": "D"}


def cost_text(cost: dict[str, int]) -> str:
    parts = [f"{cost.get('stone', 0)}St {cost.get('clay', 0)}Cl"]
    parts.append("".join(ART_SHORT[a] * n for a, n in cost.items() if a in ART_SHORT))
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


def _line(out: Text, key: str, body: str, targets: set[str], cursor: str | None, last: set[str],
          dim: bool = False) -> None:
    mark, style = _marker(key, targets, cursor, last)
    tap = Style(meta={"tap": key})
    extra = " ◆" if key in last and mark != "◆ " else ""
    out.append(mark + body + extra, style=Style.parse(style or ("dim" if dim else "none")) + tap)
    out.append("\n")


def workers_text(workers: list[tuple[int, str]], names: list[str]) -> str:
    return " ".join(f"[{names[s][:6]}:{WORKER_SHORT[t]}]" for s, t in workers)


def board_text(view: NayakasView, names: list[str], targets: set[str], cursor: str | None,
               last: set[str]) -> Text:
    """The four kingdoms, the Trading Posts and the Empire."""
    out = Text()
    for k in view.kingdoms:
        ruler = f"ruled by {names[k.ruler]}" if k.ruler is not None else "neutral"
        out.append(f"{k.name} ({k.colour}, {ruler})\n", style="bold underline")
        for sid in k.spaces:
            sp = view.spaces[sid]
            if sp.kind == "temple" and not sp.usable and not sp.workers:
                label = sp.name.split("(", 1)[-1].rstrip(")")
                _line(out, f"space:{sid}", f"Temple slot {sid[-1]}: {label}", targets, cursor, last, dim=True)
                continue
            land = "H" if sp.land == "homeland" else "B"
            name = sp.name.split(" ", 1)[1] if sp.kind == "kingdom" else sp.name.split("(", 1)[-1].rstrip(")")
            who = workers_text(sp.workers, names)
            _line(out, f"space:{sid}", f"{land} {name}: {sp.action} {who}".rstrip(), targets, cursor, last,
                  dim=not sp.usable)
    out.append("Trading Posts\n", style="bold underline")
    for sid in view.posts:
        sp = view.spaces[sid]
        shared = "/".join(k.capitalize() for k in sp.kingdoms)
        _line(out, f"space:{sid}", f"{sp.name} [{shared}]: {sp.action} {workers_text(sp.workers, names)}".rstrip(),
              targets, cursor, last, dim=not sp.usable)
    if view.event:
        tokens = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.event_tokens) if n) or "none yet"
        out.append(f"  Event tokens on {view.event}: {tokens}\n")
    out.append("Empire (left space first)\n", style="bold underline")
    for sid in view.empire:
        sp = view.spaces[sid]
        _line(out, f"space:{sid}", f"{sp.name}: {sp.action} {workers_text(sp.workers, names)}".rstrip(),
              targets, cursor, last)
    return out


def supply_line(p: PlayerView) -> str:
    res = " ".join(f"{RES_SHORT[r]} {n}" for r, n in p.resources.items())
    art = " ".join(f"{ART_SHORT[a]}{n}" for a, n in p.artisans.items())
    return (f"{res} | Artisans {art} | Laborers {p.laborers_left}/{p.laborers} "
            f"Diplomats {p.diplomats_left}/{p.diplomats} | Event tokens {p.event_tokens} | cards {p.hand_size}")


def player_text(view: NayakasView, p: PlayerView, name: str, targets: set[str], cursor: str | None,
                last: set[str]) -> Text:
    """One player's board in full: supply, buildings and sections, facilities."""
    out = Text()
    conch = " (holds the Conch)" if view.conch == p.seat else ""
    out.append(Text(name, style="bold"))
    out.append(f", {p.kingdom_name}{conch}\n", style="bold")
    out.append(supply_line(p) + "\n")
    pr = p.prosperity
    out.append(f"Prosperity so far {sum(pr.values())} (temples {pr['temples']}, face down {pr['face_down']}, "
               f"tokens {pr['tokens']}, cards {pr['cards']}, purple est. {pr['purple']})\n")
    if p.powers:
        out.append("This round: " + ", ".join(p.powers) + "\n")
    for b in p.buildings:
        head = f"{b.name} ({'done' if b.complete else 'open'}, tab {b.tab}" + \
            (f", {b.prosperity} P)" if b.prosperity else ")")
        out.append(head + "\n", style="underline")
        for i, sec in enumerate(b.sections):
            state = "[x]" if sec.built else "[ ]"
            tile = f" {sec.tile} ({'up' if sec.face_up else 'down'})" if sec.tile else ""
            _line(out, f"section:{b.id}:{i}", f"{state} {sec.name} {cost_text(sec.cost)}{tile}", targets,
                  cursor, last)
    if p.facilities:
        out.append("Facilities: " + "; ".join(f"{f.name} ({f.text})" for f in p.facilities) + "\n")
    return out


def brief_text(view: NayakasView, p: PlayerView, name: str) -> Text:
    """Another player's board in one or two lines."""
    out = Text()
    conch = " *Conch*" if view.conch == p.seat else ""
    done = sum(1 for b in p.buildings if b.complete)
    out.append(Text(name, style="bold"))
    out.append(f" ({p.kingdom_name}){conch}: sections {p.sections_built}, buildings {done}, "
               f"P {sum(p.prosperity.values())}{' passed' if p.passed else ''}\n")
    out.append("  " + supply_line(p) + "\n")
    return out


def market_text(view: NayakasView, targets: set[str], cursor: str | None, last: set[str]) -> Text:
    out = Text()
    out.append(f"Building Tracker {view.tracker}/{view.tracker_end}; Events gone {view.events_expired}/3; "
               f"round {view.round}\n")
    out.append("Section tiles\n", style="bold underline")
    for i, t in enumerate(view.section_market):
        _line(out, f"tile:{i}", f"{t.name} (tab {t.tab or 'none'}): {t.text}", targets, cursor, last)
    out.append("Facility tiles\n", style="bold underline")
    for i, t in enumerate(view.facility_market):
        _line(out, f"facility:{i}", f"{t.name}: {t.text}", targets, cursor, last)
    out.append("Borderland tiles\n", style="bold underline")
    for i, t in enumerate(view.border_market):
        _line(out, f"border:{i}", f"{t.name}: {t.text}", targets, cursor, last)
    out.append("Temple market\n", style="bold underline")
    if "temple:r" in targets or "temple:r" == cursor:
        _line(out, "temple:r", "Your ruler temple, turned bright", targets, cursor, last)
    for i, t in enumerate(view.temple_market):
        _line(out, f"temple:{i}", f"{t.name}: {t.text}", targets, cursor, last)
    piles = ", ".join(f"{k} {n}" for k, n in view.piles.items())
    out.append(f"Face down: {piles}\n", style="dim")
    if view.dev_discard:
        out.append("Cards played: " + ", ".join(view.dev_discard) + "\n", style="dim")
    return out


def cards_text(view: NayakasView, card_names: dict[str, tuple[str, str, str]], targets: set[str],
               cursor: str | None, last: set[str]) -> Text:
    """The viewer's own development cards (nothing for a spectator)."""
    out = Text()
    me = view.seats[view.viewer] if view.viewer is not None else None
    if me is None or me.hand is None:
        out.append("Development cards are seen only by their owner.\n", style="dim")
        return out
    out.append("Your development cards (secret)\n", style="bold underline")
    if not me.hand:
        out.append("  none\n", style="dim")
    for cid in me.hand:
        name, timing, txt = card_names[cid]
        _line(out, f"card:{cid}", f"{name} ({timing} phase): {txt}", targets, cursor, last)
    return out
