"""Nayakas: what a Section costs a ruler, the ways to pay it and the builds
it can afford. The ``Building`` part of the Game's legality (see legal.py)."""

from __future__ import annotations

from collections import Counter

from tabletop_tui.engine.actions import Action

from .data import ARTISANS, C
from .moves import _SECTION_COSTS, _build_action, gold_splits
from .spaces import face_up
from .state import NayakasState, PlayerState


class Building:
    """The build phase's moves (mixed into :class:`~.rules.Nayakas` by way
    of :class:`~.legal.Legality`)."""

    # -- building -------------------------------------------------------------------------
    def section_cost(self, st: NayakasState, seat: int, building: str, index: int,
                     fu: Counter | None = None, saving: str = "") -> dict[str, int]:
        """What the Section costs ``seat`` now, after every reduction (``fu``:
        the seat's face-up tiles, when the caller has them; ``saving``: the
        resource the round discount takes off, if that discount is in force)."""
        p = st.seats[seat]
        b = C.buildings[p.kingdom, building]
        cost = dict(b.sections[index].cost)
        fu = face_up(st, seat) if fu is None else fu
        less_stone = fu["cost_stone"] + ("master_mason" in p.flags)
        less_clay = fu["cost_clay"] + ("master_mason" in p.flags)
        cost["stone"] = max(0, cost.get("stone", 0) - less_stone)
        cost["clay"] = max(0, cost.get("clay", 0) - less_clay)
        if saving and "discount" in p.flags and cost[saving] > 0:
            cost[saving] -= 1
        return cost

    def savings(self, st: NayakasState, seat: int, building: str, index: int, fu: Counter | None = None) -> list[str]:
        """The ways the round discount can be taken on this Section: "stone"
        and/or "clay" while it is in force and the Section still costs that
        resource, else [""] (no discount to name)."""
        if "discount" not in st.seats[seat].flags:
            return [""]
        cost = self.section_cost(st, seat, building, index, fu)
        return [r for r in ("stone", "clay") if cost[r] > 0] or [""]

    @staticmethod
    def payments(p: PlayerState, cost: dict[str, int]) -> list[tuple[int, int]]:
        """Every way to pay a Section's Stone and Clay (ruling K7): (Gold paid
        for Stone, Gold paid for Clay), least Gold first. Gold may stand in
        for any part of either, within the Gold held; the rest must be held."""
        out = gold_splits(p.res, cost.get("stone", 0), cost.get("clay", 0))
        out.sort(key=lambda t: (t[0] + t[1], -t[0]))
        return out

    def affordable(self, st: NayakasState, seat: int, cost: dict[str, int], gold_stone: int = -1,
                    gold_clay: int = -1) -> str:
        """"" if ``seat`` can pay ``cost`` (with Gold paying ``gold_stone`` of
        the Stone and ``gold_clay`` of the Clay; -1 each: in any way), else why not."""
        p = st.seats[seat]
        for a in ARTISANS:
            if p.art[a] < cost.get(a, 0):
                return f"That Section needs {cost[a]} {a.capitalize()}{'s' if cost[a] > 1 else ''}; you have {p.art[a]}."
        stone, clay, res = cost["stone"], cost["clay"], p.res
        if gold_stone < 0:
            short = max(0, stone - res["stone"]) + max(0, clay - res["clay"])
            if short > res["gold"]:
                return (f"That Section needs {stone} Stone and {clay} Clay; with your Gold "
                        f"standing in you are {short - res['gold']} short.")
            return ""
        if gold_stone > stone or gold_clay > clay:
            if not (stone if gold_stone > stone else clay):
                return f"That Section costs no {'Stone' if gold_stone > stone else 'Clay'} for Gold to pay."
            return f"That Section costs only {stone} Stone and {clay} Clay; Gold cannot pay more than that."
        if gold_stone + gold_clay > res["gold"]:
            return f"You hold {res['gold']} Gold, not the {gold_stone + gold_clay} you would pay."
        if stone - gold_stone > res["stone"] or clay - gold_clay > res["clay"]:
            return (f"Paying {gold_stone + gold_clay} Gold leaves {stone - gold_stone} Stone and "
                    f"{clay - gold_clay} Clay to pay; you hold {res['stone']} Stone and {res['clay']} Clay.")
        return ""

    def _builds(self, st: NayakasState, seat: int, first: bool = False) -> list[Action]:
        """The Sections ``seat`` can build now, once per way to pay
        (with ``first``: stop at one). The costs come from ``_SECTION_COSTS``
        with the reductions ``section_cost`` applies, the discount as
        ``savings`` names it, the payments as ``payments`` lists them (the
        conformance tests hold this list to ``check``, which asks those)."""
        p = st.seats[seat]
        out: list[Action] = []
        fu = face_up(st, seat)
        flags = p.flags
        mason = "master_mason" in flags
        less_stone, less_clay = fu["cost_stone"] + mason, fu["cost_clay"] + mason
        discount = "discount" in flags
        art, res = p.art, p.res
        have_stone, have_clay, gold = res["stone"], res["clay"], res["gold"]
        costs = _SECTION_COSTS[p.kingdom]
        for b, secs in p.built.items():
            for i, t in enumerate(secs):  # Ruling: a building's Sections may be built in any order.
                if t is not None:
                    continue
                stone, clay, ar, ma, sc = costs[b][i]
                if art["architect"] < ar or art["mason"] < ma or art["sculptor"] < sc:
                    continue
                stone, clay = max(0, stone - less_stone), max(0, clay - less_clay)
                ways = [("", stone, clay)]
                if discount and (stone or clay):  # Ruling K6: 1 Stone or 1 Clay off, named
                    ways = [(r, stone - (r == "stone"), clay - (r == "clay"))
                            for r, n in (("stone", stone), ("clay", clay)) if n]
                for saving, s_cost, c_cost in ways:
                    if max(0, s_cost - have_stone) + max(0, c_cost - have_clay) > gold:
                        continue
                    if first:
                        return [_build_action(b, i, saving, 0, 0)]
                    key = (b, i, saving, s_cost, c_cost, have_stone, have_clay, gold)
                    acts = _BUILD_LISTS.get(key)
                    if acts is None:
                        if len(_BUILD_LISTS) > 50_000:
                            _BUILD_LISTS.clear()
                        acts = _BUILD_LISTS[key] = [_build_action(b, i, saving, gs, gc) for gs, gc in
                                                    self.payments(p, {"stone": s_cost, "clay": c_cost})]
                    out += acts
        return out


#: (building, Section, saving, Stone and Clay it costs, Stone, Clay and Gold
#: held) -> its Build actions, one per way to pay: a pure function of the
#: key (``payments`` reads only those goods), so never stale
_BUILD_LISTS: dict[tuple, list[Action]] = {}
