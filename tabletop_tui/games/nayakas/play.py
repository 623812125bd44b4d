"""Nayakas: playing a checked action: placing a worker and resolving its
space, playing a card, building a Section and the choices it queues. The
log's sentences are written here, in the text role's words
(``self.text``), and skipped on the search's silent path. The ``Play`` part
of the Game."""

from __future__ import annotations

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event, Seat

from .actions import Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, Place, PlayCard
from .data import ARTISANS, C
from .moves import SETUP, _WORKERS, _Quiet, log_event
from .spaces import (ALL_SPACES, EMPIRE, EMPIRE_OTHER_OPTIONS, SPACE, artisan_pictured, borderland_slots, current_event,
                     effect_of, face_up, facilities, is_event)
from .state import NayakasState, Pending, Worker


#: (kingdom, building ids, each building's Sections as built) -> the workers they give
#: (``owned_workers``): a pure function of its key, so never stale
_OWNED: dict[tuple, tuple[int, int]] = {}


def _add(goods: dict[str, int], more: dict[str, int]) -> None:
    """Add ``more`` into ``goods`` (as ``Counter.update`` does)."""
    for k, v in more.items():
        goods[k] = goods.get(k, 0) + v


class Play:
    """What a checked action does (mixed into :class:`~.rules.Nayakas`)."""

    # -- play -----------------------------------------------------------------------------------
    def play_silent(self, st: NayakasState, action: Action, seat: Seat) -> None:
        """The unchecked path of the search: ``_play`` of a move taken from
        ``legal_actions`` / ``search_actions``, without the log lines that
        cost text to build (the state changes exactly as in ``_play``)."""
        self._play(st, action, seat, _Quiet())

    def _play(self, st: NayakasState, action: Action, seat: Seat, ev: list[Event] | None = None) -> list[Event]:
        if ev is None:
            ev = []
        kind = action.kind  # an action of this game (checked, or from ``legal_actions``): its kind names its class
        if kind == "place":
            self._place(st, action, seat, ev)  # type: ignore[arg-type]
        elif kind == "card":
            self._play_card(st, action, seat, ev)  # type: ignore[arg-type]
        elif kind == "build":
            self._build(st, action, seat, ev)  # type: ignore[arg-type]
        elif kind == "pass":
            st.passed[seat] = True
            if type(ev) is not _Quiet:
                ev.append(log_event(f"{self._names(st)[seat]} passes.", seat=seat))
            self._advance(st, ev)
        else:
            self._choose(st, action, seat, ev)
        return ev

    def _place(self, st: NayakasState, a: Place, seat: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        sid, worker = a.space, a.worker
        flags = p.flags
        dip = worker == "diplomat" or "lab_dip" in flags
        cost = self.entry_cost(st, p, sid)
        p.res["culture"] -= cost
        pawn = _WORKERS.get((seat, worker))
        if pawn is None:
            pawn = _WORKERS[seat, worker] = Worker(seat=seat, type=worker)
        occ = st.occupants[sid]
        occ.append(pawn)
        pos = len(occ) - 1
        if worker == "laborer":
            p.avail_laborers -= 1
        else:
            p.avail_diplomats -= 1
        at = len(ev)
        quiet = type(ev) is _Quiet
        before = None if quiet else self.text.holdings(st, seat)
        _, land, kings, cap, _ = SPACE[sid]
        border = dip and land == "borderland"
        watchers = None
        for o, q in enumerate(st.seats):  # the rivals' tiles and powers that pay for this placement
            if o == seat:
                continue
            if border and q.facilities and q.kingdom in kings:
                gold = facilities(st, o)["border_gold"]
                if gold:
                    self._gain(st, o, {"gold": gold})
            if q.flags and "watch" in q.flags:
                watchers = [o] if watchers is None else watchers + [o]
        if watchers and artisan_pictured(st, sid):
            for o in watchers:
                self._gain(st, o, {"gold": 1})
        if a.extra and dip and self.outside(st, seat, sid):
            self._gain(st, seat, {a.extra: 2 * face_up(st, seat)["diplomat_stone_clay"]})
        if a.benefit:
            self._resolve(st, seat, sid, pos, a, a.target, ev)
        if not quiet:
            ev.insert(at, log_event(self.text.placed(st, seat, a, cost, before), seat=seat))
        p.visits.append(sid if cap == 1 else f"{sid}#{pos}")
        p.placed += 1
        if flags:
            for f in flags:  # a plain loop: cheaper than any() over a generator on a few flags
                if f[:5] == "turn:":
                    p.flags = flags = [f for f in flags if f[:5] != "turn:"]
                    break
            if "extra" in flags:  # Ruling: with no worker left, Swift Messenger's extra turn is lost.
                flags.remove("extra")
                if not quiet:
                    ev.append(log_event(f"{self._names(st)[seat]} takes another turn at once (Swift Messenger).",
                                    seat=seat))
                if p.avail_laborers + p.avail_diplomats > 0:
                    flags.append(f"turn:{sid}")  # Ruling K11: the extra turn is the same turn
                    return
        self._advance(st, ev)

    def _resolve(self, st: NayakasState, seat: int, sid: str, pos: int, a: Place, target: str,
                 ev: list[Event]) -> None:
        """Take the benefit of ``sid`` as ``a`` names it (already checked
        legal); ``target``: the space or Diplomat it names (``a.target``, or
        the inner part of a repeat's)."""
        p = st.seats[seat]
        choice, amount, amount2 = a.choice, a.amount, a.amount2
        post = SPACE[sid][4]
        if post >= 0 and is_event(st.posts[post]):
            count = C.event[current_event(st)].count  # type: ignore[index]
            if count == "gold":
                p.res["gold"] -= amount
            elif count == "stone_clay":
                self._pay_wild(p, amount, amount2, 0, a.gold_stone, a.gold_clay)
            self._put_tokens(st, seat, amount + amount2, ev)
            return
        eff = effect_of(st, sid)
        assert eff is not None
        res = p.res
        if eff.pay:
            for k, v in eff.pay.items():
                res[k] -= v
        goods = dict(eff.gain)
        if eff.options and choice >= 0:
            _add(goods, eff.options[choice])
        if eff.convert is not None:
            res[eff.convert.source] -= amount
            goods[eff.convert.target] = goods.get(eff.convert.target, 0) + amount * eff.convert.rate
        if eff.exchange is not None:
            ex = eff.exchange
            self._pay_wild(p, ex.pay.get("stone", 0) * amount, ex.pay.get("clay", 0) * amount,
                           ex.pay.get("gold", 0) * amount, a.gold_stone, a.gold_clay)
            if "culture" in ex.pay:
                res["culture"] -= ex.pay["culture"] * amount
            for k, v in ex.gain.items():
                goods[k] = goods.get(k, 0) + v * amount
        if eff.others:
            for o in range(st.players):
                if o != seat:
                    self._gain(st, o, eff.others)
        sp = eff.special
        if sp == "repeat":
            visit, _, inner = target.partition(">")
            tsid, _, tpos = visit.partition("#")
            if type(ev) is not _Quiet:
                ev.append(log_event(f"{self._names(st)[seat]} repeats {self.text.space_name(st, tsid)}.", seat=seat))
            self._resolve(st, seat, tsid, int(tpos or 0), a, inner, ev)
            return
        if sp is None:
            pass
        elif sp == "double":
            goods["gold"] = goods.get("gold", 0) + (2 if pos == 0 else 4)
        elif sp == "discount":
            p.flags.append("discount")
        elif sp == "artisan_gold":
            goods["gold"] = goods.get("gold", 0) + min(SETUP.artisan_gold_cap, sum(p.art.values()))
        elif sp == "retrieve":
            occ = st.occupants[target]
            i = next(i for i, w in enumerate(occ) if w.seat == seat and w.type == "diplomat")
            occ.pop(i)
            p.avail_diplomats += 1
        elif sp == "diplomat_gold":
            n = 0
            for s in ALL_SPACES:
                occ = st.occupants[s]
                if self.outside(st, seat, s) and any(w.seat == seat and self._as_diplomat(st, w) for w in occ) \
                        and any(w.seat != seat and not self._as_diplomat(st, w) for w in occ):
                    n += 1
            goods["gold"] = goods.get("gold", 0) + 2 * n
        elif sp in ("empire_free", "laborers_diplomats", "artisan_watch"):
            p.flags.append({"empire_free": "empire_free", "laborers_diplomats": "lab_dip",
                            "artisan_watch": "watch"}[sp])
        elif sp == "event_token":
            if current_event(st) is not None and p.tokens > 0:
                self._put_tokens(st, seat, 1, ev)
        elif sp == "empire_other":
            other = st.empire2_choice
            if other is None:
                _add(goods, EMPIRE_OTHER_OPTIONS.options[choice])
            else:
                _add(goods, {"sculptor" if other == "mason" else "mason": 1})
        if sid in EMPIRE and EMPIRE[sid] == (1, 0) and choice >= 0:
            st.empire2_choice = "mason" if eff.options[choice].get("mason") else "sculptor"
        tile = st.border_tiles.get(sid)
        if tile is not None:
            _add(goods, C.borderland_tile[tile].gain)
        self._board_gain(st, seat, goods)

    def _put_tokens(self, st: NayakasState, seat: int, n: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        n = min(n, p.tokens)
        if n <= 0:
            return
        p.tokens -= n
        if type(ev) is not _Quiet:
            ev.append(log_event(f"{self._names(st)[seat]} puts {self.text.plural(n, 'Event Token')} on the Event.", seat=seat))
        gold = facilities(st, seat)["event_gold"]
        if gold:
            self._gain(st, seat, {"gold": gold})

    def _play_card(self, st: NayakasState, a: PlayCard, seat: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        p.hand.remove(a.card)
        st.dev_discard.append(a.card)
        if type(ev) is not _Quiet:
            ev.append(log_event(f"{self._names(st)[seat]} plays {C.card[a.card].name}.", seat=seat, reveals=True))
        gains = {"royal_grant": {"gold": 3}, "quarry_rights": {"stone": 2}, "kiln_rights": {"clay": 2},
                 "court_poet": {"culture": 2}, "conch_bearer": {"conch": 1},
                 "harvest_blessing": {"stone": 1, "clay": 1}}
        if a.card in gains:
            self._gain(st, seat, gains[a.card])
        elif a.card in ("guild_summons", "hired_hands"):
            self._gain(st, seat, {a.choice: 1})
        elif a.card == "festival_drums":
            self._put_tokens(st, seat, 1, ev)
        else:
            p.flags.append({"royal_envoy": "envoy", "swift_messenger": "extra", "master_mason": "master_mason"}[a.card])

    def _build(self, st: NayakasState, a: Build, seat: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        cost = self.section_cost(st, seat, a.building, a.section, saving=a.saving)
        quiet = type(ev) is _Quiet
        start = None if quiet else self.text.holdings(st, seat)
        # Ruling K7: the build says how much of the Stone and Clay Gold pays.
        p.res["stone"] -= cost["stone"] - a.gold_stone
        p.res["clay"] -= cost["clay"] - a.gold_clay
        p.res["gold"] -= a.gold_stone + a.gold_clay
        for art in ARTISANS:
            p.art[art] -= cost.get(art, 0)
        paid = None if quiet else self.text.holdings(st, seat)
        fu = face_up(st, seat)
        self._gain(st, seat, {"stone": fu["build_stone"], "clay": fu["build_clay"], "culture": fu["build_culture"]})
        p.built[a.building][a.section] = ""
        p.sections_built += 1
        if not quiet:
            ev.append(log_event(self.text.built(st, seat, a.building, a.section, start, paid), seat=seat))
        if st.section_market:
            st.pending.append(Pending(choice="section_tile", seat=seat, building=a.building, section=a.section))
        self._after_choice(st, seat, a.building, ev)

    def _complete(self, st: NayakasState, seat: int, building: str, ev: list[Event]) -> None:
        """A building's last Section is in: tracker, then its rewards as choices."""
        p = st.seats[seat]
        b = C.buildings[p.kingdom, building]
        st.tracker = min(SETUP.tracker_end[st.players], st.tracker + 1)  # Ruling: it stops at its last step.
        if type(ev) is not _Quiet:
            ev.append(log_event(f"{self._names(st)[seat]} completes the {b.name}; the Building Tracker moves to "
                            f"{st.tracker}.", seat=seat))
        if b.kind == "temple":
            if self._pending_actions(st, Pending(choice="temple", seat=seat, building=building)):
                st.pending.append(Pending(choice="temple", seat=seat, building=building))
        else:
            if st.facility_market:
                st.pending.append(Pending(choice="facility", seat=seat, building=building))
            if b.kind == "fort" and st.border_market and borderland_slots(st):
                st.pending.append(Pending(choice="borderland", seat=seat, building=building))

    def _after_choice(self, st: NayakasState, seat: int, building: str, ev: list[Event]) -> None:
        """When no tile choice is owed any more: completion rewards once, then
        new workers from tab pairs, then the next builder."""
        if st.pending:
            return
        p = st.seats[seat]
        secs = p.built[building]
        if all(t is not None for t in secs) and f"done:{building}" not in p.flags:
            p.flags.append(f"done:{building}")
            self._complete(st, seat, building, ev)
            if st.pending:
                return
        self._workers_from_tabs(st, seat, ev)
        self._advance(st, ev)

    def owned_workers(self, st: NayakasState, seat: int) -> tuple[int, int]:
        """Laborers and Diplomats the seat owns: the start pawns plus one per
        pair of matching tabs, up to the pawns of its colour."""
        p = st.seats[seat]
        built = p.built
        key = (p.kingdom, tuple(built), *map(tuple, built.values()))
        got = _OWNED.get(key)
        if got is None:
            if len(_OWNED) > 20_000:
                _OWNED.clear()
            got = _OWNED[key] = self._count_owned(p)
        return got

    @staticmethod
    def _count_owned(p) -> tuple[int, int]:
        """``owned_workers`` worked out from the player board."""
        tabs = {"laborer": 0, "diplomat": 0}
        tile_tab = C.section_tile
        for b in C.player_board[p.kingdom].buildings:
            secs = p.built[b.id]
            if None not in secs and b.tab in tabs:
                tabs[b.tab] += 1
            for t in secs:
                if t:
                    tab = tile_tab[t].tab
                    if tab in tabs:
                        tabs[tab] += 1  # Ruling: a face-down tile's tab counts too.
        return (min(SETUP.max_laborers, SETUP.start_laborers + tabs["laborer"] // 2),
                min(SETUP.max_diplomats, SETUP.start_diplomats + tabs["diplomat"] // 2))

    def _workers_from_tabs(self, st: NayakasState, seat: int, ev: list[Event]) -> None:
        """Announce a worker gained from a new pair of tabs; it joins at cleanup."""
        p = st.seats[seat]
        for w, n in zip(("laborer", "diplomat"), self.owned_workers(st, seat)):
            mark = f"new:{w}:{n}"
            if n > (p.laborers if w == "laborer" else p.diplomats) and mark not in p.flags:
                p.flags.append(mark)
                if type(ev) is not _Quiet:
                    ev.append(log_event(f"{self._names(st)[seat]} gains a new {w.capitalize()} (usable from next "
                                    f"round).", seat=seat))

    def _choose(self, st: NayakasState, a: Action, seat: int, ev: list[Event]) -> None:
        pd = st.pending.pop(0)
        p = st.seats[seat]
        names = self._names(st)
        loud = type(ev) is not _Quiet  # the search's silent path writes no log
        if isinstance(a, ChooseTile):
            tile = st.section_market.pop(a.index)
            p.built[pd.building][pd.section] = tile  # laid on the Section just built
            if not a.face_up:
                p.face_down.append(tile)
            if st.section_pile:
                st.section_market.insert(a.index, st.section_pile.pop())
            if loud:
                ev.append(log_event(self.text.tile_taken(st, seat, tile, a.face_up), seat=seat))
        elif isinstance(a, ChooseTemple):
            if a.ruler:
                st.faded.remove(f"{p.kingdom}_t1")
                if loud:
                    ev.append(log_event(f"{names[seat]} turns the ruler temple to its bright side.", seat=seat))
            else:
                t = st.temple_market.pop(a.index)
                st.temples[f"{p.kingdom}_t2"] = t
                if loud:
                    ev.append(log_event(f"{names[seat]} raises the {C.temple[t].name}.", seat=seat))
        elif isinstance(a, ChooseFacility):
            t = st.facility_market.pop(a.index)
            p.facilities.append(t)
            if st.facility_pile:
                st.facility_market.insert(a.index, st.facility_pile.pop())
            if loud:
                ev.append(log_event(f"{names[seat]} takes the {C.facility_kind[C.facility_tile[t].kind].name}.",
                                seat=seat))
        elif isinstance(a, ChooseBorderland):
            t = st.border_market.pop(a.index)
            st.border_tiles[a.space] = t
            if st.border_pile:
                st.border_market.insert(a.index, st.border_pile.pop())
            if loud:
                ev.append(log_event(f"{names[seat]} lays a borderland tile on {self.text.space_name(st, a.space)}.",
                                seat=seat))
        self._after_choice(st, seat, pd.building, ev)
