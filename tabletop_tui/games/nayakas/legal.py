"""Nayakas: what is legal: the spaces a worker may enter and what they
cost (``entry``), the benefits a space offers, the Sections a ruler can
afford, the cards it may play, who acts, ``legal_actions`` and ``check``
with the reason ``_explain`` finds. Tables are built once at import and
legal moves are shared frozen objects (docs/nayakas-design.md). The
``Legality`` part of the Game (see rules.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat

from .actions import (Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, Pass, Place,
                      PlayCard)
from .data import ARTISANS, C, KINGDOMS, Effect
from .spaces import (ALL_SPACES, DIPLOMAT_CANDIDATES, EMPIRE, LABORER_CANDIDATES, POST_IDS, SPACE, borderland_slots,
                     current_event, effect_of, face_up, is_event, kind_of, kingdoms_of, land_of)
from .state import NayakasState, Pending, PlayerState, Worker

SETUP = C.board.setup
CAP = SETUP.resource_cap
ART_CAP = SETUP.artisan_cap
PASS = Pass.model_construct(kind="pass")


_PLACE_CACHE: dict[tuple, Place] = {}


def _place(sid: str, w: str, benefit: bool, c: int, a: int, a2: int, t: str, x: str, gs: int = 0,
           gc: int = 0) -> Place:
    """A Place action, built once per distinct value (actions are frozen)."""
    key = (sid, w, benefit, c, a, a2, t, x, gs, gc)
    act = _PLACE_CACHE.get(key)
    if act is None:
        act = _PLACE_CACHE[key] = Place.model_construct(kind="place", space=sid, worker=w, benefit=benefit, choice=c,
                                                        amount=a, amount2=a2, target=t, extra=x, gold_stone=gs,
                                                        gold_clay=gc)
    return act


class _Quiet(list):
    """The log of ``play_silent``: it keeps nothing, and the costliest lines
    (a placement's or a build's account of goods) are not even written."""

    def append(self, item) -> None:  # type: ignore[override]
        pass

    def insert(self, index, item) -> None:  # type: ignore[override]
        pass


_UNSEEN = object()
#: id of a component Effect -> its variants when they depend on nothing but
#: the effect (its options), else None; components live as long as the process
_PLAIN: dict[int, Any] = {}


def _plain_variants(eff: Effect) -> tuple | None:
    """The variants of an effect that names no amount, target or free choice."""
    if eff.convert is not None or eff.exchange is not None or eff.special in ("repeat", "retrieve", "empire_other"):
        return None
    return tuple((c, 0, 0, "", 0, 0) for c in (range(len(eff.options)) if eff.options else (-1,)))


def _static_variants() -> dict[str, tuple[tuple, bool]]:
    """Kingdom and Empire spaces whose benefit has a fixed list of variants
    (no payment, amount, target or free choice): space -> (variants, False)."""
    out = {}
    for sid in ALL_SPACES:
        eff = effect_of(None, sid) if SPACE[sid][0] in ("kingdom", "empire") else None  # type: ignore[arg-type]
        if eff is not None and not eff.pay:
            plain = _plain_variants(eff)
            if plain is not None:
                out[sid] = (plain, False)
    return out


#: (space, worker, Envoys' Tribute extra, is an Event, variants) -> the Place
#: actions they make, in order: a pure function of its key, so never stale
_PLACE_LISTS: dict[tuple, list] = {}


def _place_list(sid: str, w: str, x: str, event: bool, variants: tuple) -> list:
    key = (sid, w, x, event, variants)
    acts = _PLACE_LISTS.get(key)
    if acts is None:
        acts = [_place(sid, w, True, c, a, a2, t, x, gs, gc) for c, a, a2, t, gs, gc in variants]
        if not event:
            acts.append(_place(sid, w, False, -1, 0, 0, "", x))
        if len(_PLACE_LISTS) > 50_000:
            _PLACE_LISTS.clear()
        _PLACE_LISTS[key] = acts
    return acts


def gold_splits(res: dict[str, int], stone: int, clay: int, gold: int = 0) -> list[tuple[int, int]]:
    """Every way Gold may help pay ``stone`` Stone and ``clay`` Clay besides
    ``gold`` Gold (ruling K7): (Gold for Stone, Gold for Clay), any part of
    each, the rest in Stone and Clay held, within the Gold held."""
    left = res["gold"] - gold
    return [(gs, gc) for gs in range(max(0, stone - res["stone"]), min(stone, left) + 1)
            for gc in range(max(0, clay - res["clay"]), min(clay, left - gs) + 1)]


_CHOICE_CACHE: dict[tuple, Action] = {}


def _choice(cls: type, kind: str, **fields) -> Action:
    """A tile or temple choice, built once per distinct value (actions are frozen)."""
    key = (kind, *fields.values())
    act = _CHOICE_CACHE.get(key)
    if act is None:
        act = _CHOICE_CACHE[key] = cls.model_construct(kind=kind, **fields)
    return act


_CARD_CACHE: dict[tuple, PlayCard] = {}


def _card_action(card: str, choice: str) -> PlayCard:
    """A PlayCard action, built once per distinct value (actions are frozen)."""
    act = _CARD_CACHE.get((card, choice))
    if act is None:
        act = _CARD_CACHE[card, choice] = PlayCard.model_construct(kind="card", card=card, choice=choice)
    return act


def _among(action: Action, actions: list[Action]) -> bool:
    """``action in actions``, by identity first (the moves handed out are
    shared objects) and only then by value."""
    for a in actions:
        if a is action:
            return True
    return action in actions


_STATIC_VARIANTS = _static_variants()
#: kingdom -> the Borderlands outside it (its Diplomats pay to go there)
_OUTSIDE = {k: frozenset(s for s in ALL_SPACES if SPACE[s][1] == "borderland" and k not in SPACE[s][2])
            for k in KINGDOMS}
#: (space, worker) -> its Place actions, for the spaces of ``_STATIC_VARIANTS``
#: (taken from inside one's kingdom, where Envoys' Tribute gives nothing)
_STATIC_PLACES = {(sid, w): _place_list(sid, w, "", False, v) for sid, (v, _) in _STATIC_VARIANTS.items()
                  for w in ("laborer", "diplomat")}
#: (seat, worker type) -> the frozen Worker pawn
_WORKERS: dict[tuple[int, str], Worker] = {}
_BUILD_CACHE: dict[tuple, Build] = {}
#: kingdom -> building id -> per Section: (Stone, Clay, Architects, Masons, Sculptors) as printed
_SECTION_COSTS = {pb.kingdom: {b.id: [tuple(sec.cost.get(k, 0) for k in ("stone", "clay", *ARTISANS))
                                      for sec in b.sections] for b in pb.buildings}
                  for pb in C.player_boards.boards}


def _build_action(building: str, section: int, saving: str, gold_stone: int, gold_clay: int) -> Build:
    """A Build action, built once per distinct value (actions are frozen)."""
    key = (building, section, saving, gold_stone, gold_clay)
    act = _BUILD_CACHE.get(key)
    if act is None:
        act = _BUILD_CACHE[key] = Build.model_construct(kind="build", building=building, section=section,
                                                        saving=saving, gold_stone=gold_stone, gold_clay=gold_clay)
    return act


_NAMES = {n: [f"{{s{i}}}" for i in range(n)] for n in range(1, 9)}


def _order(st: NayakasState, first: int) -> list[int]:
    return [(first + i) % st.players for i in range(st.players)]


class Legality:
    """Who acts and what they may do (mixed into :class:`~.rules.Nayakas`)."""

    # -- entering a space --------------------------------------------------------------
    def entry(self, st: NayakasState, seat: int, sid: str, worker: str) -> tuple[int | None, str]:
        """(culture to pay, "") if ``seat`` may put a ``worker`` on ``sid`` now,
        else (None, the reason)."""
        p = st.seats[seat]
        info = SPACE.get(sid)
        if info is None:
            return None, "There is no such space on the board."
        kind, land, kings, cap, post = info
        if (p.avail_laborers if worker == "laborer" else p.avail_diplomats) <= 0:
            return None, f"You have no {worker} left to place this round."
        dip = worker == "diplomat" or "lab_dip" in p.flags
        occ = st.occupants[sid]
        mine = p.kingdom in kings
        if kind == "temple":
            if sid not in st.temples:
                return None, "That temple slot is blank; no worker can go there."
            if sid in st.faded:
                return None, "That temple tile is still faded; no worker can go there until its temple is built."
        if post >= 0 and st.posts[post] is None:
            return None, "That Trading Post is empty."
        if land == "homeland":
            if not mine:
                return None, "Only a kingdom's own ruler may work its Homelands."
            if len(occ) >= cap:
                return None, "That space is already taken."
            if occ and f"turn:{sid}" in p.flags:
                # Ruling K11: Swift Messenger's extra turn is the same turn for the Double space.
                return None, ("Both places of the Double space cannot be taken in one turn, and Swift "
                              "Messenger's extra turn is part of the same turn.")
            return 0, ""
        # Borderlands, Trading Posts and the Empire
        if not mine and not dip:
            return None, "Only Diplomats may go to Borderlands outside your kingdom."
        cost = 0 if mine else 1
        if kind == "empire":
            i, j = EMPIRE[sid]
            first = f"empire{i + 1}a"
            if j == 1 and not st.occupants[first]:
                return None, "The first space of an Empire pair must be taken before the second."
            # Ruling: one player cannot hold both spaces of an Empire pair (the rules speak of a second player).
            if j == 1 and any(w.seat == seat for w in st.occupants[first]):
                return None, "You already hold the first space of this Empire pair; the second is for another player."
            if "empire_free" in p.flags:
                cost = 0
        if not mine and "envoy" in p.flags:
            cost = 0
        if cost > p.res["culture"]:
            return None, "Leaving your kingdom costs 1 Culture, and you have none."
        if occ:
            lab = occ[0]
            if len(occ) > 1 or lab.seat == seat or self._as_diplomat(st, lab):
                return None, "That space is already taken."
            if not dip:
                return None, "Only a Diplomat may join a rival's Laborer on a Borderland."
            # Ruling: culture is compared after paying the Culture for leaving your kingdom.
            if not self._beats(st, seat, lab.seat, cost):
                return None, ("You need more Culture than that Laborer's owner (or equal Culture and the Conch) "
                              "to place a Diplomat there.")
        return cost, ""

    # -- the benefits a space offers ------------------------------------------------------
    def _event_variants(self, st: NayakasState, seat: int, res: dict[str, int]) -> list[tuple]:
        """Ways to use the current Event: (choice, amount, amount2, target, Gold for Stone, Gold for Clay)."""
        ev = current_event(st)
        p = st.seats[seat]
        if ev is None or p.tokens <= 0:
            return []
        count = C.event[ev].count
        if count == "gold":
            return [(-1, n, 0, "", 0, 0) for n in range(1, min(res["gold"], p.tokens) + 1)]
        if count == "stone_clay":
            # Ruling K7: Gold may pay any part of the Stone and Clay, even while they are held.
            return [(-1, a, b, "", gs, gc) for a in range(0, p.tokens + 1) for b in range(0, p.tokens - a + 1)
                    if a + b >= 1 for gs, gc in gold_splits(res, a, b)]
        n = self._event_count(st, seat)
        return [(-1, min(n, p.tokens), 0, "", 0, 0)] if n >= 1 else []

    @staticmethod
    def _event_count(st: NayakasState, seat: int) -> int:
        ev = current_event(st)
        p = st.seats[seat]
        count = C.event[ev].count if ev else ""
        if count == "workers":
            return p.placed
        if count == "sections":
            return p.sections_built
        if count == "artisans":
            return sum(p.art.values())
        if count == "conch":
            return 1 if st.conch == seat else 0
        return 0

    def _variants(self, st: NayakasState, seat: int, sid: str, res: dict[str, int],
                  repeat: bool = False) -> list[tuple]:
        """Every way to take the benefit of ``sid`` with resources ``res``:
        (choice, amount, amount2, target, Gold for Stone, Gold for Clay).
        Empty: no benefit can be taken."""
        post = SPACE[sid][4]
        if post >= 0 and is_event(st.posts[post]):
            return self._event_variants(st, seat, res)
        eff = effect_of(st, sid)
        if eff is None:
            return []
        if eff.pay and any(res.get(k, 0) < v for k, v in eff.pay.items()):
            return []
        plain = _PLAIN.get(id(eff), _UNSEEN)
        if plain is _UNSEEN:
            plain = _PLAIN[id(eff)] = _plain_variants(eff)
        if plain is not None:
            return plain
        p = st.seats[seat]
        choices = list(range(len(eff.options))) or [-1]
        if eff.special == "empire_other" and st.empire2_choice is None:
            choices = [0, 1]  # Ruling: if the first took nothing, the second chooses freely.
        amounts = [0]
        if eff.convert is not None:
            amounts = list(range(1, res[eff.convert.source] + 1))
        elif eff.exchange is not None:
            amounts = list(range(1, self._exchange_max(p, res, eff) + 1))
        if not amounts:
            return []
        if eff.special == "repeat":
            if repeat:
                return []
            out = []
            seen = set()
            for v in p.visits:
                if v in seen:
                    continue
                seen.add(v)
                tsid = v.split("#")[0]
                teff = effect_of(st, tsid)
                if teff is not None and teff.special == "repeat":
                    continue  # Ruling: a repeat cannot copy another repeat.
                for c, a, a2, t, gs, gc in self._variants(st, seat, tsid, res, repeat=True):
                    out.append((c, a, a2, f"{v}>{t}" if t else v, gs, gc))  # a repeated take-back names its Diplomat
            return out
        if eff.special == "retrieve":
            occupants = st.occupants
            targets = [s for s in ALL_SPACES if occupants[s] and s != sid and any(
                w.seat == seat and w.type == "diplomat" for w in occupants[s])]
            return [(-1, 0, 0, t, 0, 0) for t in targets]
        ex = eff.exchange
        if ex is not None and ex.gold_wild:
            # Ruling K7: Gold may pay any part of the Stone and Clay, even while they are held.
            ps, pc, pg = ex.pay.get("stone", 0), ex.pay.get("clay", 0), ex.pay.get("gold", 0)
            return [(c, a, 0, "", gs, gc) for c in choices for a in amounts
                    for gs, gc in gold_splits(res, ps * a, pc * a, pg * a)]
        return [(c, a, 0, "", 0, 0) for c in choices for a in amounts]

    def outside(self, st: NayakasState, seat: int, sid: str) -> bool:
        return land_of(sid) == "borderland" and st.seats[seat].kingdom not in kingdoms_of(sid)

    def _open_spaces(self, st: NayakasState, seat: int, worker: str) -> list[tuple[str, int]]:
        """(space, Culture to pay) for every space ``seat`` may put a ``worker``
        on now: ``entry`` asked of every candidate space at once, without its
        reasons (the legal-move generator's inner loop; a test holds the two
        to the same answer on every space)."""
        p = st.seats[seat]
        if (p.avail_laborers if worker == "laborer" else p.avail_diplomats) <= 0:
            return []
        flags = p.flags
        lab_dip = "lab_dip" in flags
        dip = worker == "diplomat" or lab_dip
        kingdom = p.kingdom
        occupants, temples, faded, posts = st.occupants, st.temples, st.faded, st.posts
        culture = p.res["culture"]
        empire_free = "empire_free" in flags
        envoy = "envoy" in flags
        out = []
        for sid in (DIPLOMAT_CANDIDATES if dip else LABORER_CANDIDATES)[kingdom]:
            occ = occupants[sid]
            n = len(occ)
            if n >= 2:
                continue
            kind, land, kings, cap, post = SPACE[sid]
            mine = kingdom in kings
            if kind == "temple" and (sid not in temples or sid in faded):
                continue
            if post >= 0 and posts[post] is None:
                continue
            if land == "homeland":
                if not mine or n >= cap or (n and f"turn:{sid}" in flags):
                    continue
                out.append((sid, 0))
                continue
            if not mine and not dip:
                continue
            cost = 0 if mine else 1
            if kind == "empire":
                i, j = EMPIRE[sid]
                if j == 1:
                    first = occupants[f"empire{i + 1}a"]
                    if not first or any(w.seat == seat for w in first):
                        continue
                if empire_free:
                    cost = 0
            if not mine and envoy:
                cost = 0
            if cost > culture:
                continue
            if n:
                lab = occ[0]
                if lab.seat == seat or self._as_diplomat(st, lab) or not dip or not self._beats(st, seat, lab.seat, cost):
                    continue
            out.append((sid, cost))
        return out

    def _placements(self, st: NayakasState, seat: int, only: tuple[str, str] | None = None,
                    grouped: bool = False) -> list[Action]:
        """Every legal Place of ``seat``; with ``only`` = (worker, space), just
        those of that worker on that space (a Place names both, so these are
        exactly the full list's Places of that worker and space: ``check``
        asks for them alone). ``grouped``: the search's list, a Great Dam's or
        temple tile's ways to pay grouped (``_group_variants``)."""
        p = st.seats[seat]
        out: list[Action] = []
        tribute: bool | None = None  # Envoys' Tribute, looked up when a Diplomat leaves the kingdom
        lab_dip = "lab_dip" in p.flags
        outside = _OUTSIDE[p.kingdom]
        known: dict[tuple[str, int], tuple[tuple, bool]] = {}  # (space, Culture paid) -> (variants, is an Event)
        for w in ("laborer", "diplomat"):
            if only is not None:
                if w != only[0]:
                    continue
                cost, _ = self.entry(st, seat, only[1], w)
                spaces = [] if cost is None else [(only[1], cost)]
            else:
                spaces = self._open_spaces(st, seat, w)
            dip = w == "diplomat" or lab_dip
            for sid, cost in spaces:
                away = dip and sid in outside  # a Diplomat leaving the kingdom (Envoys' Tribute)
                static = _STATIC_PLACES.get((sid, w))
                if static is not None and not away:
                    out += static
                    continue
                got = _STATIC_VARIANTS.get(sid) or known.get((sid, cost))
                if got is None:  # the benefit does not depend on the worker's type
                    res = p.res
                    if cost:
                        res = dict(res)
                        res["culture"] -= cost
                    post = SPACE[sid][4]
                    variants = tuple(self._variants(st, seat, sid, res))
                    if grouped and len(variants) > 2:  # fewer: nothing to group
                        variants = self._group_variants(st, sid, res, variants)
                    got = known[sid, cost] = (variants, post >= 0 and is_event(st.posts[post]))
                variants, event = got
                if event and not variants:
                    continue  # FAQ: an Event needs its condition met and a token to place
                if away:
                    if tribute is None:
                        tribute = face_up(st, seat)["diplomat_stone_clay"] > 0
                    if tribute:
                        out += _place_list(sid, w, "stone", event, variants)
                        out += _place_list(sid, w, "clay", event, variants)
                        continue
                out += _place_list(sid, w, "", event, variants)
        return out

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
                    out += [_build_action(b, i, saving, gs, gc)
                            for gs, gc in self.payments(p, {"stone": s_cost, "clay": c_cost})]
        return out

    def _cards(self, st: NayakasState, seat: int, timing: str) -> list[Action]:
        p = st.seats[seat]
        out: list[Action] = []
        for cid in sorted(set(p.hand)):
            card = C.card[cid]
            if card.timing != timing or self._card_problem(st, seat, cid):
                continue
            if cid in ("guild_summons", "hired_hands"):
                out += [_card_action(cid, a) for a in ARTISANS]
            else:
                out.append(_card_action(cid, ""))
        return out

    def _card_problem(self, st: NayakasState, seat: int, cid: str) -> str:
        p = st.seats[seat]
        if cid == "festival_drums" and (current_event(st) is None or p.tokens <= 0):
            return "Festival Drums needs an Event on the Trading Posts and an Event Token of yours."
        flag = {"royal_envoy": "envoy", "swift_messenger": "extra", "master_mason": "master_mason"}.get(cid)
        if flag and flag in p.flags:
            return "That card's power is already working for you this round."
        return ""

    def _pending_actions(self, st: NayakasState, pd: Pending) -> list[Action]:
        if pd.choice == "section_tile":
            return [_choice(ChooseTile, "tile", index=i, face_up=f)
                    for i in range(len(st.section_market)) for f in (True, False)]
        if pd.choice == "temple":
            out: list[Action] = []
            p = st.seats[pd.seat]
            if f"{p.kingdom}_t1" in st.faded:
                out.append(_choice(ChooseTemple, "temple", ruler=True, index=0))
            if f"{p.kingdom}_t2" not in st.temples:
                out += [_choice(ChooseTemple, "temple", ruler=False, index=i) for i in range(len(st.temple_market))]
            return out
        if pd.choice == "facility":
            return [_choice(ChooseFacility, "facility", index=i) for i in range(len(st.facility_market))]
        slots = borderland_slots(st)
        return [_choice(ChooseBorderland, "borderland", index=i, space=s)
                for i in range(len(st.border_market)) for s in slots]

    # -- who acts ----------------------------------------------------------------------------
    def to_act(self, st: NayakasState) -> list[Seat]:
        if st.phase == "over":
            return []
        if st.pending:
            return [st.pending[0].seat]
        return [st.turn]

    def legal_actions(self, st: NayakasState, seat: Seat) -> list[Action]:
        if st.phase == "over" or seat != (st.pending[0].seat if st.pending else st.turn):
            return []
        if st.pending:
            return self._pending_actions(st, st.pending[0])
        if st.phase == "worker":
            return self._placements(st, seat) + self._cards(st, seat, "worker") + [PASS]
        return self._builds(st, seat) + self._cards(st, seat, "build") + [PASS]

    # -- validation ---------------------------------------------------------------------------
    def check(self, st: NayakasState, action: Action, seat: Seat) -> None:
        if st.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(st):
            who = st.pending[0].seat if st.pending else st.turn
            raise IllegalAction(f"It is {C.kingdom(st.seats[who].kingdom).name}'s turn, not yours.")
        # Each kind of move is looked for only among the legal moves of its
        # kind (never the whole list again): the same rules, asked narrowly.
        if st.pending:
            if _among(action, self._pending_actions(st, st.pending[0])):
                return
        elif isinstance(action, Place):
            # only this worker's Places on this space can equal it
            if st.phase == "worker" and _among(action, self._placements(st, seat, only=(action.worker, action.space))):
                return
        elif isinstance(action, Build):
            if st.phase == "build" and self._buildable(st, seat, action):
                return
        elif isinstance(action, Pass):
            return
        elif isinstance(action, PlayCard):
            if _among(action, self._cards(st, seat, st.phase)):
                return
        raise IllegalAction(self._explain(st, action, seat))

    def _buildable(self, st: NayakasState, seat: int, a: Build) -> bool:
        """Whether ``a`` is among ``_builds``: an unbuilt Section, a discount
        named as ``savings`` allows, paid as ``payments`` allows."""
        p = st.seats[seat]
        secs = p.built.get(a.building)
        if secs is None or a.section >= len(secs) or secs[a.section] is not None:
            return False
        fu = face_up(st, seat)
        if a.saving not in self.savings(st, seat, a.building, a.section, fu):
            return False
        cost = self.section_cost(st, seat, a.building, a.section, fu, a.saving)
        return not self.affordable(st, seat, cost, a.gold_stone, a.gold_clay)

    def _explain(self, st: NayakasState, action: Action, seat: int) -> str:
        """Why a move not among the legal ones is refused, as specifically as we can."""
        p = st.seats[seat]
        if st.pending:
            what = {"section_tile": "a section tile from the Bonus Market",
                    "temple": "your new temple tile", "facility": "a facility tile",
                    "borderland": "a borderland tile and the Borderland for it"}[st.pending[0].choice]
            if action.kind in ("tile", "temple", "facility", "borderland"):
                if action.kind != {"section_tile": "tile"}.get(st.pending[0].choice, st.pending[0].choice):
                    return f"First choose {what}."
                return "That tile or place is not available."
            return f"First choose {what}."
        if isinstance(action, PlayCard):
            if action.card not in p.hand:
                return "You do not hold that development card."
            card = C.card[action.card]
            if card.timing != st.phase:
                return f"{card.name} is played in the {card.timing} phase, on your own turn."
            problem = self._card_problem(st, seat, action.card)
            if problem:
                return problem
            return "Name the Artisan that card gives you." if not action.choice else "That card gives no choice."
        if isinstance(action, Place):
            if st.phase != "worker":
                return "Workers are placed in the worker phase; now it is time to build."
            cost, reason = self.entry(st, seat, action.space, action.worker)
            if cost is None:
                return reason
            res = dict(p.res)
            res["culture"] -= cost
            variants = self._variants(st, seat, action.space, res)
            if kind_of(action.space) == "post" and is_event(st.posts[POST_IDS.index(action.space)]):
                if not action.benefit:
                    return "A worker goes on an Event only to put Event Tokens down."
                if p.tokens <= 0:
                    return "You have no Event Tokens left."
                if not variants:
                    return "You do not meet this Event's condition."
            if action.benefit and not variants:
                return "You cannot take that space's benefit now; you may still place there without it."
            problem = self._place_gold_problem(st, action, res)
            if problem:
                return problem
            if action.extra == "" and face_up(st, seat)["diplomat_stone_clay"] and self.outside(st, seat, action.space):
                return "Say whether Envoys' Tribute gives you Stone or Clay."
            return "That choice is not available on this space."
        if isinstance(action, Build):
            if st.phase != "build":
                return "Building comes after the worker phase."
            secs = p.built.get(action.building)
            if secs is None or action.section >= len(secs):
                return "Your building has no such Section."
            if secs[action.section] is not None:
                return "You have already built that Section."
            ways = self.savings(st, seat, action.building, action.section)
            if action.saving not in ways:
                if ways == [""]:
                    return "You have no discount to take on that Section."
                return "Say whether the discount of Madurai's Plans saves you Stone or Clay on that Section."
            cost = self.section_cost(st, seat, action.building, action.section, saving=action.saving)
            return (self.affordable(st, seat, cost) or self.affordable(st, seat, cost, action.gold_stone, action.gold_clay)
                    or "You cannot build that now.")
        if isinstance(action, Pass):
            return "You cannot pass now."
        return "There is no such choice to make now."

    def _place_gold_problem(self, st: NayakasState, a: Place, res: dict[str, int]) -> str:
        """Why the Gold ``a`` pays for Stone and Clay (ruling K7) cannot be
        paid with ``res``, or "" when it can (or names none)."""
        gs, gc = a.gold_stone, a.gold_clay
        paid = self.stone_clay_paid(st, a) if a.benefit else None
        if paid is None:
            return "Gold stands in only for Stone or Clay you pay, and this move pays none." if gs or gc else ""
        stone, clay, gold = paid
        if gs > stone or gc > clay:
            return f"This pays only {stone} Stone and {clay} Clay; Gold cannot pay more than that."
        if gold + gs + gc > res["gold"]:
            return f"You hold {res['gold']} Gold, not the {gold + gs + gc} you would pay."
        if stone - gs > res["stone"] or clay - gc > res["clay"]:
            return (f"Paying {gs + gc} Gold for Stone and Clay leaves {stone - gs} Stone and {clay - gc} Clay "
                    f"to pay; you hold {res['stone']} Stone and {res['clay']} Clay.")
        return ""

    @staticmethod
    def stone_clay_paid(st: NayakasState, a: Place) -> tuple[int, int, int] | None:
        """(Stone, Clay, Gold) that ``a``'s action pays where Gold may stand in
        for the Stone and Clay (the Great Dam, temple tiles); None elsewhere."""
        post = SPACE[a.space][4] if a.space in SPACE else -1
        if post >= 0 and is_event(st.posts[post]):
            ev = current_event(st)
            return (a.amount, a.amount2, 0) if ev is not None and C.event[ev].count == "stone_clay" else None
        eff = effect_of(st, a.space) if a.space in SPACE else None
        ex = eff.exchange if eff is not None else None
        if ex is None or not ex.gold_wild:
            return None
        return ex.pay.get("stone", 0) * a.amount, ex.pay.get("clay", 0) * a.amount, ex.pay.get("gold", 0) * a.amount
