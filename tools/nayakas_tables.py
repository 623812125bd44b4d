"""Print the component tables of assets/rules/nayakas.md from the data files.

Run after changing assets/nayakas/*.json and paste the output between the
"<!-- tables -->" markers of the rules page (``--write`` does it in place).
"""

from __future__ import annotations

import sys
from collections import Counter

from tabletop_tui.games.nayakas.data import C, SECTION_COUNTS
from tabletop_tui.resources import assets_dir

ART = {"architect": "A", "mason": "M", "sculptor": "S"}


def _space(s) -> str:
    return f"*{s.id.split('_', 1)[1].capitalize()}*: {C.board.actions[s.action].text}"


def tables() -> str:
    out = ["### The board", "", "| Kingdom | Homelands | Borderlands |", "|---|---|---|"]
    for k in C.board.kingdoms:
        h = "<br>".join(_space(s) for s in k.spaces if s.land == "homeland")
        b = "<br>".join(_space(s) for s in k.spaces if s.land == "borderland")
        out.append(f"| {k.name} ({k.colour}) | {h} | {b} |")
    out += ["", "Trading Posts: " + "; ".join(
        f"{tp.name} is shared by {' and '.join(x.capitalize() for x in tp.kingdoms)}"
        for tp in C.board.trading_posts) + ".", ""]
    out += [f"- **{p.name}**: {p.first.text} {p.second.text}" for p in C.board.empire]
    out += ["", "### Temple tiles", ""]
    out += [f"- **{t.name}**{' (starts faded in ' + t.ruler.capitalize() + ')' if t.ruler else ''}: {t.effect.text}"
            for t in C.tiles.temples]
    out += ["", "### Merchants (16)", ""]
    mc = Counter(m.kind for m in C.tiles.merchants)
    seen: set[str] = set()
    for m in sorted(C.tiles.merchants, key=lambda m: m.name):
        if m.kind not in seen:
            seen.add(m.kind)
            out.append(f"- **{m.name}**{' (x2)' if mc[m.kind] > 1 else ''}: {m.effect.text}")
    out += ["", "### Events (three of these six in each game)", ""]
    out += [f"- **{e.name}**: {e.text}" for e in C.tiles.events]
    out += ["", "### Section tiles (38)", "", "| Tile | Count | Face up | Tabs L/D/none |", "|---|---|---|---|"]
    for k in C.tiles.section_kinds:
        tabs = Counter(t.tab for t in C.tiles.sections if t.kind == k.kind)
        out.append(f"| {k.name}{' (purple)' if k.purple else ''} | {SECTION_COUNTS[k.kind]} | {k.text} | "
                   f"{tabs['laborer']}/{tabs['diplomat']}/{tabs[None]} |")
    out += ["", "### Facility tiles (12)", ""]
    fc = Counter(t.kind for t in C.tiles.facilities)
    out += [f"- **{k.name}** (x{fc[k.kind]}): {k.text}" for k in C.tiles.facility_kinds]
    out += ["", "### Borderland tiles (7)", "",
            "One each of " + ", ".join("+1 " + next(iter(b.gain)).capitalize() for b in C.tiles.borderland_tiles)
            + ".", "", "### Player boards", "",
            "Costs read Stone/Clay then Artisans (A Architect, M Mason, S Sculptor); "
            "P is the Prosperity a finished temple is worth; the tab is the worker type it shows.", ""]
    for pb in C.player_boards.boards:
        out.append(f"**{C.kingdom(pb.kingdom).name}**")
        out.append("")
        for bl in pb.buildings:
            secs = ", ".join(f"{s.name} {s.cost.get('stone', 0)}/{s.cost.get('clay', 0)} "
                             + "".join(ART[a] * v for a, v in s.cost.items() if a in ART) for s in bl.sections)
            extra = f", {bl.prosperity} P" if bl.prosperity else ""
            out.append(f"- {bl.name}: {secs} (tab {bl.tab}{extra})")
        out.append("")
    out += ["### Development cards (12)", ""]
    out += [f"- **{c.name}** ({'worker' if c.timing == 'worker' else 'build'} phase): {c.text}"
            for c in C.dev_cards.cards]
    return "\n".join(out) + "\n"


def main() -> None:
    text = tables()
    if "--write" in sys.argv:
        page = assets_dir() / "rules" / "nayakas.md"
        head, _, rest = page.read_text(encoding="utf-8").partition("<!-- tables -->\n")
        _, _, tail = rest.partition("<!-- /tables -->\n")
        page.write_text(f"{head}<!-- tables -->\n{text}<!-- /tables -->\n{tail}", encoding="utf-8")
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
