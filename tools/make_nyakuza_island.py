"""Generate assets/nyakuza/island.json, Nyakuza's island (ruling N1).

The map is data: this script only proposes it. It lays 110 land hexes
(odd-r, pointy-top offset coordinates: odd rows are shifted half a hex to the
right) as a rough triangle with Orongo at its top-right corner, then searches
(seeded, so the output is reproducible) for a palm layout and resource kinds
that satisfy the map's rules:

* 50 palms: 25 on the shore (Orongo among them) and 25 inland;
* 60 resources numbered 1-60 in reading order: 6 quarry, 18 food, 9 temple,
  9 god, 9 birdman, 9 nest;
* every resource space touches a palm, every coastal palm touches a resource;
* every land space has every resource kind within 3 steps (the island is
  contested everywhere; tests/nyakuza/test_island.py checks it);
* numbers 1, 2, 4 and 8 are nest, birdman, food, food as in the rulebook's
  Moai example.

Run:  python tools/make_nyakuza_island.py  (rewrites the JSON file).
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "assets" / "nyakuza" / "island.json"

#: first and last column of land in each row
SPANS = {0: (7, 15), 1: (4, 14), 2: (2, 14), 3: (1, 14), 4: (0, 13),
         5: (0, 13), 6: (1, 12), 7: (2, 11), 8: (3, 10), 9: (4, 8)}
COLUMNS, ROWS = 16, 10
ORONGO = (15, 0)
KINDS = {"quarry": 6, "food": 18, "temple": 9, "god": 9, "birdman": 9, "nest": 9}
FIXED = {1: "nest", 2: "birdman", 4: "food", 8: "food"}
COASTAL_PALMS = 25
RADIUS = 3


def neighbours(c: int, r: int) -> list[tuple[int, int]]:
    if r % 2 == 0:
        d = [(1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    else:
        d = [(1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    return [(c + dc, r + dr) for dc, dr in d]


def cube(c: int, r: int) -> tuple[int, int, int]:
    q = c - (r - (r & 1)) // 2
    return q, r, -q - r


def distance(a, b) -> int:
    x1, y1, z1 = cube(*a)
    x2, y2, z2 = cube(*b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


LAND = sorted(((c, r) for r, (a, b) in SPANS.items() for c in range(a, b + 1)), key=lambda h: (h[1], h[0]))
LAND_SET = set(LAND)
NB = {h: [n for n in neighbours(*h) if n in LAND_SET] for h in LAND}
COAST = {h for h in LAND if len(NB[h]) < 6}
BALL = {h: [g for g in LAND if distance(h, g) <= RADIUS] for h in LAND}


def palm_cost(palms: set) -> float:
    cost = 0.0
    for h in LAND:
        pn = sum(1 for n in NB[h] if n in palms)
        if h in palms:
            if h in COAST and h != ORONGO and pn == len(NB[h]):
                cost += 10  # a coastal palm must touch a resource
            if pn > 3:
                cost += 2 * (pn - 3)
            if h in COAST:  # spread the Moai sites along the shore
                cost += 0.5 * sum(1 for n in NB[h] if n in palms and n in COAST)
        else:
            if pn == 0:
                cost += 10  # a resource must touch a palm
            elif pn == 1:
                cost += 0.5
    # no resource far from a coastal palm: a Moai is possible everywhere
    cpalms = [p for p in palms if p in COAST and p != ORONGO]
    for h in LAND:
        d = min(distance(h, p) for p in cpalms)
        if d > 3:
            cost += 3 * (d - 3)
    return cost


def choose_palms(rng: random.Random) -> set:
    coast = [h for h in LAND if h in COAST and h != ORONGO]
    inland = [h for h in LAND if h not in COAST]
    palms = {ORONGO, *rng.sample(coast, COASTAL_PALMS - 1), *rng.sample(inland, 50 - COASTAL_PALMS)}
    cost = palm_cost(palms)
    temp = 2.0
    for step in range(40000):
        pool = coast if rng.random() < 0.5 else inland
        a = rng.choice([h for h in pool if h in palms])
        b = rng.choice([h for h in pool if h not in palms])
        palms.remove(a)
        palms.add(b)
        new = palm_cost(palms)
        if new <= cost or rng.random() < math.exp((cost - new) / temp):
            cost = new
        else:
            palms.remove(b)
            palms.add(a)
        temp = max(0.02, temp * 0.9997)
        if cost == 0:
            break
    return palms


def kind_cost(kinds: dict) -> float:
    cost = 0.0
    for h in LAND:
        seen = {kinds[g] for g in BALL[h] if g in kinds}
        cost += 5 * (len(KINDS) - len(seen))
    for h, k in kinds.items():
        for n in NB[h]:
            if kinds.get(n) == k:
                cost += 0.5 if k == "food" else 1.0
    return cost / 2


def choose_kinds(rng: random.Random, resources: list) -> dict:
    numbers = {h: i + 1 for i, h in enumerate(resources)}
    bag = [k for k, n in KINDS.items() for _ in range(n)]
    for k in FIXED.values():
        bag.remove(k)
    free = [h for h in resources if numbers[h] not in FIXED]
    rng.shuffle(bag)
    kinds = {h: FIXED[numbers[h]] for h in resources if numbers[h] in FIXED}
    kinds.update(zip(free, bag))
    cost = kind_cost(kinds)
    temp = 3.0
    for step in range(60000):
        a, b = rng.sample(free, 2)
        if kinds[a] == kinds[b]:
            continue
        kinds[a], kinds[b] = kinds[b], kinds[a]
        new = kind_cost(kinds)
        if new <= cost or rng.random() < math.exp((cost - new) / temp):
            cost = new
        else:
            kinds[a], kinds[b] = kinds[b], kinds[a]
        temp = max(0.02, temp * 0.9998)
        if cost == 0:
            break
    return kinds


def main(seed: int = 1) -> None:
    rng = random.Random(seed)
    palms = choose_palms(rng)
    print("palm layout cost", palm_cost(palms))
    resources = [h for h in LAND if h not in palms]
    kinds = choose_kinds(rng, resources)
    print("kind cost", kind_cost(kinds))
    numbers = {h: i + 1 for i, h in enumerate(resources)}
    spaces = []
    palm_no = 0
    for i, h in enumerate(LAND):
        c, r = h
        s = {"id": i, "col": c, "row": r}
        if h in palms:
            s["kind"] = "palm"
            if h == ORONGO:
                s["label"] = "Orongo"
                s["orongo"] = True
            else:
                palm_no += 1
                s["label"] = f"{'P' if h in COAST else 'p'}{palm_no}"  # P on the shore, p inland
        else:
            s["kind"] = kinds[h]
            s["number"] = numbers[h]
            s["label"] = str(numbers[h])
        s["coastal"] = h in COAST
        spaces.append(s)
    doc = {
        "name": "Nyakuza island",
        "ruling": "N1",
        "layout": "odd-r",
        "orientation": ("pointy-top hexes in offset coordinates (col, row): row 0 is the top, col 0 the "
                        "left; odd rows are shifted half a hex to the right. "
                        "Axial q = col - (row - (row & 1)) // 2, r = row."),
        "columns": COLUMNS,
        "rows": ROWS,
        "sea": "every (col, row) not listed is sea",
        "spaces": spaces,
    }
    lines = ["{"]
    for k, v in doc.items():
        if k != "spaces":
            lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    lines.append('  "spaces": [')
    lines.append(",\n".join("    " + json.dumps(s) for s in spaces))
    lines.append("  ]")
    lines.append("}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    draw(spaces)


def draw(spaces: list) -> None:
    at = {(s["col"], s["row"]): s for s in spaces}
    abbrev = {"palm": "", "quarry": "Q", "food": "F", "temple": "T", "god": "G", "birdman": "B", "nest": "N"}
    for r in range(ROWS):
        line = "   " if r % 2 else ""
        for c in range(COLUMNS):
            s = at.get((c, r))
            if s is None:
                cell = "~~"
            elif s["kind"] == "palm":
                cell = "@@" if s.get("orongo") else ("pc" if s["coastal"] else "pi")
            else:
                cell = f"{s['number']}{abbrev[s['kind']]}"
            line += f"{cell:^6}"
        print(line)


if __name__ == "__main__":
    main()
