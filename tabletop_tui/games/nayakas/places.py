"""Nayakas: where a worker may go: the spaces a worker may enter and what
entering costs (``entry``), the benefits a space offers, and every
placement of a worker phase turn. The ``Placements`` part of the Game's
legality (see legal.py)."""

from __future__ import annotations

from tabletop_tui.engine.actions import Action

from .data import C
from .moves import (_OUTSIDE, _PLAIN, _STATIC_PLACES, _STATIC_VARIANTS, _UNSEEN, _VARIANTS, _event_ways, _intern,
                    _place_list, _plain_variants, _remember, gold_splits)
from .spaces import (_STATIC_EFFECT, EMPIRE, ENTRY_TABLE, SPACE, SPACE_ORDER, current_event, effect_of,
                     face_up, is_event, kingdoms_of, land_of)
from .state import NayakasState


class Placements:
    """The worker phase's moves (mixed into :class:`~.rules.Nayakas` by way
    of :class:`~.legal.Legality`)."""

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

    @staticmethod
    def entry_cost(st: NayakasState, p, sid: str) -> int:
        """The Culture ``p`` pays to enter ``sid`` by a move known legal:
        ``entry``'s price without its checks (a test holds the two to the
        same answer)."""
        kind, land, kings, _, _ = SPACE[sid]
        if land == "homeland" or p.kingdom in kings:
            return 0
        flags = p.flags
        return 0 if "envoy" in flags or (kind == "empire" and "empire_free" in flags) else 1

    # -- the benefits a space offers ------------------------------------------------------
    def _event_variants(self, st: NayakasState, seat: int, res: dict[str, int]) -> tuple:
        """Ways to use the current Event: (choice, amount, amount2, target, Gold for Stone, Gold for Clay)."""
        ev = current_event(st)
        p = st.seats[seat]
        tokens = p.tokens
        if ev is None or tokens <= 0:
            return ()
        count = C.event[ev].count
        if count == "gold":
            key = ("gold", min(res["gold"], tokens))
        elif count == "stone_clay":
            key = ("stone_clay", tokens, res["stone"], res["clay"], res["gold"])
        else:
            n = self._event_count(st, seat)
            key = ("count", min(n, tokens) if n >= 1 else 0)
        got = _VARIANTS.get(key)
        if got is None:
            got = _remember(key, _event_ways(key))
        return got

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
                  repeat: bool = False) -> tuple:
        """Every way to take the benefit of ``sid`` with resources ``res``:
        (choice, amount, amount2, target, Gold for Stone, Gold for Clay).
        Empty: no benefit can be taken."""
        post = SPACE[sid][4]
        if post >= 0:
            tile = st.posts[post]
            if tile is None:
                return ()
            if tile in C.event:
                return self._event_variants(st, seat, res)
            eff = C.merchant[tile].effect
        else:
            eff = effect_of(st, sid)
            if eff is None:
                return ()
        pay = eff.pay
        if pay:
            for k, v in pay.items():
                if res.get(k, 0) < v:
                    return ()
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
            return ()
        if eff.special == "repeat":
            if repeat:
                return ()
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
            return _intern(tuple(out))
        if eff.special == "retrieve":
            # a worker stands only where its ruler placed it this round, so the visits name every candidate
            occupants = st.occupants
            targets = sorted({s for s in (v.partition("#")[0] for v in p.visits) if s != sid and any(
                w.seat == seat and w.type == "diplomat" for w in occupants[s])}, key=SPACE_ORDER.__getitem__)
            return _intern(tuple((-1, 0, 0, t, 0, 0) for t in targets))
        ex = eff.exchange
        if ex is not None and ex.gold_wild:
            # Ruling K7: Gold may pay any part of the Stone and Clay, even while they are held.
            key = (id(eff), choices[0], len(choices), amounts[-1], res["stone"], res["clay"], res["gold"])
            got = _VARIANTS.get(key)
            if got is None:
                ps, pc, pg = ex.pay.get("stone", 0), ex.pay.get("clay", 0), ex.pay.get("gold", 0)
                got = _remember(key, tuple((c, a, 0, "", gs, gc) for c in choices for a in amounts
                                           for gs, gc in gold_splits(res, ps * a, pc * a, pg * a)))
            return got
        key = (id(eff), choices[0], len(choices), amounts[0], amounts[-1])
        got = _VARIANTS.get(key)
        if got is None:  # a pure function of the effect, the choices and the amounts
            got = _remember(key, tuple((c, a, 0, "", 0, 0) for c in choices for a in amounts))
        return got

    def outside(self, st: NayakasState, seat: int, sid: str) -> bool:
        return land_of(sid) == "borderland" and st.seats[seat].kingdom not in kingdoms_of(sid)

    def _placements(self, st: NayakasState, seat: int, only: tuple[str, str] | None = None,
                    grouped: bool = False) -> list[Action]:
        """Every legal Place of ``seat``; with ``only`` = (worker, space), just
        those of that worker on that space (a Place names both, so these are
        exactly the full list's Places of that worker and space: ``check``
        asks for them alone). ``grouped``: the search's list, a Great Dam's or
        temple tile's ways to pay grouped (``_group_variants``)."""
        p = st.seats[seat]
        if only is None:
            return self._all_placements(st, seat, p, grouped)
        w, sid = only
        cost, _ = self.entry(st, seat, sid, w)
        if cost is None:
            return []
        away = (w == "diplomat" or "lab_dip" in p.flags) and sid in _OUTSIDE[p.kingdom]
        static = None if away else _STATIC_PLACES[w].get(sid)
        if static is not None:
            return static
        variants, event = self._space_variants(st, seat, p, sid, cost, grouped)
        if event and not variants:
            return []  # FAQ: an Event needs its condition met and a token to place
        if away and face_up(st, seat)["diplomat_stone_clay"] > 0:  # Envoys' Tribute: Stone or Clay, named
            return _place_list(sid, w, "stone", event, variants) + _place_list(sid, w, "clay", event, variants)
        return _place_list(sid, w, "", event, variants)

    def _space_variants(self, st: NayakasState, seat: int, p, sid: str, cost: int, grouped: bool) -> tuple[tuple, bool]:
        """(the ways to take ``sid``'s benefit after paying ``cost`` Culture to
        enter, whether it is an Event): the same for either worker."""
        got = _STATIC_VARIANTS.get(sid)
        if got is not None:
            return got
        res = p.res
        if cost:
            res = dict(res)
            res["culture"] -= cost
        post = SPACE[sid][4]
        variants = self._variants(st, seat, sid, res)
        if grouped and len(variants) > 2:  # fewer: nothing to group
            variants = _intern(self._group_variants(st, sid, res, variants))
        return variants, post >= 0 and is_event(st.posts[post])

    def _all_placements(self, st: NayakasState, seat: int, p, grouped: bool) -> list[Action]:
        """``_placements`` without ``only``: one pass over ``GEN_TABLE``
        (``entry``'s questions of every candidate space, without the
        reasons, and the Place lists at once), a Laborer's Places before a
        Diplomat's, each in board order (tests hold it to ``entry`` and to
        the narrow lists of ``only``)."""
        flags = p.flags
        lab_dip = "lab_dip" in flags
        has_lab, has_dip = p.avail_laborers > 0, p.avail_diplomats > 0
        if not (has_lab or has_dip):
            return []
        dip_scan = lab_dip or has_dip  # the scan of a worker that counts as a Diplomat
        turn = False
        for f in flags:  # a plain loop: cheaper than any() over a generator on a few flags
            if f[:5] == "turn:":
                turn = True
                break
        occupants, temples, faded, posts = st.occupants, st.temples, st.faded, st.posts
        culture = p.res["culture"]
        away_cost = 0 if "envoy" in flags else 1
        empire_cost = 0 if "empire_free" in flags else away_cost
        tribute = None  # Envoys' Tribute, looked up when a Diplomat first leaves the kingdom
        labs: list[Action] = []
        dips: list[Action] = []
        for fast, sid, rec in GEN_TABLE[p.kingdom, dip_scan]:
            occ = occupants[sid]
            if fast and not occ:
                # an empty space whose Places are fixed (``_FAST_MINE`` / ``_FAST_AWAY``):
                # the answer of the general steps below, read off directly
                if fast == _FAST_MINE:
                    if has_lab:
                        labs += rec[9]
                    if has_dip:
                        dips += rec[10]
                    continue
                if away_cost > culture:
                    continue
                if tribute is None:
                    tribute = face_up(st, seat)["diplomat_stone_clay"] > 0
                if not tribute:
                    if has_lab and lab_dip:
                        labs += rec[9]
                    if has_dip:
                        dips += rec[10]
                    continue
            _, home, mine, cap, post, temple, empire, first, outside, lab_static, dip_static = rec
            if temple and (sid not in temples or sid in faded):
                continue
            if post >= 0 and posts[post] is None:
                continue
            if home:
                if occ and (len(occ) >= cap or (turn and f"turn:{sid}" in flags)):
                    continue
                cost, lab_open = 0, True
            else:
                if empire:
                    if first is not None:
                        held = occupants[first]
                        if not held or any(w.seat == seat for w in held):
                            continue
                    cost = empire_cost
                else:
                    cost = 0 if mine else away_cost
                if cost > culture:
                    continue
                if occ:
                    lab = occ[0]
                    if len(occ) >= 2 or not dip_scan or lab.seat == seat or self._as_diplomat(st, lab) or \
                            not self._beats(st, seat, lab.seat, cost):
                        continue
                    lab_open = False
                else:
                    lab_open = mine
            # the fixed lists first: a space taken from inside the kingdom needs nothing worked out
            as_lab = has_lab and (lab_open or lab_dip or not dip_scan)
            if as_lab and lab_static is not None and not (lab_dip and outside):
                labs += lab_static
                as_lab = False
            as_dip = has_dip
            if as_dip and dip_static is not None and not outside:
                dips += dip_static
                as_dip = False
            if not (as_lab or as_dip):
                continue
            got = _STATIC_VARIANTS.get(sid)
            if got is None:
                # a merchant or a kingdom space whose ways are fixed once its price is paid
                paid = _PAID_PLAIN.get(posts[post] if post >= 0 else sid)
                if paid is not None:
                    res = p.res
                    for k, v in paid[0]:
                        if res[k] - (cost if k == "culture" else 0) < v:
                            got = _NO_WAY
                            break
                    else:
                        got = paid[1]
                else:
                    got = self._space_variants(st, seat, p, sid, cost, grouped)
            variants, event = got
            if event and not variants:
                continue  # FAQ: an Event needs its condition met and a token to place
            if outside and (as_dip or lab_dip):
                if tribute is None:
                    tribute = face_up(st, seat)["diplomat_stone_clay"] > 0
                if tribute:  # a Diplomat leaving the kingdom names the Stone or Clay of Envoys' Tribute
                    if as_lab:
                        labs += _place_list(sid, "laborer", "stone", event, variants)
                        labs += _place_list(sid, "laborer", "clay", event, variants)
                    if as_dip:
                        dips += _place_list(sid, "diplomat", "stone", event, variants)
                        dips += _place_list(sid, "diplomat", "clay", event, variants)
                    continue
            if as_lab:
                labs += _place_list(sid, "laborer", "", event, variants)
            if as_dip:
                dips += _place_list(sid, "diplomat", "", event, variants)
        if labs:
            labs += dips
            return labs
        return dips


_GEN_RECORDS = {key: tuple((*rec, rec[0] in _OUTSIDE[key[0]], _STATIC_PLACES["laborer"].get(rec[0]),
                             _STATIC_PLACES["diplomat"].get(rec[0])) for rec in recs)
                for key, recs in ENTRY_TABLE.items()}
#: the shortcuts of ``_all_placements`` for an empty space with fixed Place
#: lists for both workers, neither a temple slot, a Trading Post nor the
#: Empire: ``_FAST_MINE`` in the kingdom (free to enter, open to a
#: Laborer), ``_FAST_AWAY`` a Borderland outside it (a Diplomat's trip)
_FAST_MINE, _FAST_AWAY = 1, 2


def _fast(rec: tuple) -> int:
    _, _, mine, _, post, temple, empire, _, outside, lab_static, dip_static = rec
    if temple or empire or post >= 0 or lab_static is None or dip_static is None:
        return 0
    return _FAST_MINE if mine else _FAST_AWAY if outside else 0


#: (kingdom, the worker counts as a Diplomat) -> per candidate space: (its
#: shortcut or 0, the space, its record: ``ENTRY_TABLE``'s fields and three
#: more: whether a Diplomat going there leaves the kingdom (Envoys'
#: Tribute), and the fixed Place lists of a Laborer and of a Diplomat there
#: (``_STATIC_PLACES``; None: worked out each turn))
GEN_TABLE = {key: tuple((_fast(rec), rec[0], rec) for rec in recs) for key, recs in _GEN_RECORDS.items()}

#: a merchant tile, or a kingdom space, whose benefit has a fixed list of
#: variants once its price is paid -> (its price as (resource, amount)
#: pairs, (those variants, False)): ``_variants``'s answer without the call
_PAID_PLAIN = {key: (tuple(eff.pay.items()), (_plain_variants(eff), False))
               for key, eff in [*((m.id, m.effect) for m in C.tiles.merchants),
                                *((s, e) for s, e in _STATIC_EFFECT.items() if SPACE[s][0] == "kingdom")]
               if key not in _STATIC_VARIANTS and _plain_variants(eff) is not None}
assert not {m.id for m in C.tiles.merchants} & set(SPACE), "merchant and space ids share _PAID_PLAIN"
#: the variants of a benefit that cannot be paid for
_NO_WAY = ((), False)
