"""Nayakas: the rules model (pure Python, no Textual).

Rulebook: shared/rules/nayakas.txt; rulings K1-K11 in DECISIONS.md. The
designed components live in ``assets/nayakas`` (see ``components``), space
geometry in ``spaces``, the per-seat view in ``view``, phrases in ``text``.

A round is a worker phase (``Place`` / ``PlayCard`` / ``Pass`` from the
Conch holder clockwise), a build phase (``Build`` / ``PlayCard`` / ``Pass``;
each ``Build`` queues the builder's tile choices in ``state.pending``) and an
automatic cleanup. Legality has one source: ``legal_actions``; ``check``
refuses anything not in it with the specific reason ``_explain`` finds.

Our own rulings (one-line comments at the code, listed under "Table rulings"
in assets/rules/nayakas.md) are marked "Ruling:".

Speed (docs/nayakas-design.md, "Engine speed"): tables built once at
import, legal moves as shared frozen objects, ``check`` asking only the
moves of the action's kind, and ``play_silent`` as the search's unchecked
path beside the checked ``apply``; no cache here can go stale, since each
is keyed by the content it describes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.engine.text import and_list
from tabletop_tui.games.nayakas import INFO

from .actions import (Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, NayakasAction, Pass,
                      Place, PlayCard)
from .components import ARTISANS, C, KINGDOMS, RESOURCES, Effect
from .spaces import (ALL_SPACES, DIPLOMAT_CANDIDATES, EMPIRE, LABORER_CANDIDATES, EMPIRE_OTHER_OPTIONS, POST_IDS, SPACE,
                     TEMPLE_SLOTS, artisan_pictured,
                     borderland_slots, capacity, current_event, effect_of, face_up, facilities, is_event,
                     kind_of, kingdoms_of, land_of)
from .state import NayakasOptions, NayakasState, Pending, PlayerState, Worker, copy_state
from . import bot, text

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


class Nayakas(Game[NayakasState]):
    """Nayakas for 2-4 rulers."""

    info = INFO
    options_model = NayakasOptions
    state_model = NayakasState
    action_type = NayakasAction
    hidden_information = True
    action_rules = text.ACTION_RULES
    #: 2: a Build names the Gold it pays (K7); the Double space once per turn (K11);
    #: 3: so does a Place on the Great Dam or a temple tile (K7)
    rules_version = 3

    def seat_names(self, players: int) -> list[str]:
        return [C.kingdom(k).name for k in KINGDOMS[:players]]

    def seat_names_with(self, players: int, options: NayakasOptions | None) -> list[str]:
        """The kingdoms the ``kingdoms`` option names, in its order, else the default ones."""
        chosen = options.kingdoms if options is not None else None
        if not chosen or len(chosen) != players:
            return self.seat_names(players)
        return [C.kingdom(k).name for k in chosen]

    def secrets_text(self, st: NayakasState, seat: Seat) -> str:
        """The seat's development cards in hand."""
        cards = [C.card[c].name for c in st.seats[seat].hand]
        return f"cards: {and_list(cards)}" if cards else "cards: none"

    # -- set-up -------------------------------------------------------------------
    def new_state(self, players: int, options: NayakasOptions | None, seed: int) -> NayakasState:
        if not (self.min_players <= players <= self.max_players):
            raise IllegalAction("Nayakas is for 2 to 4 players.")
        options = options or NayakasOptions()
        kingdoms = list(options.kingdoms or KINGDOMS[:players])
        if len(kingdoms) != players:
            raise IllegalAction(f"Name one kingdom for each player: {players} players, "
                                f"{len(kingdoms)} kingdom{'s' if len(kingdoms) != 1 else ''} given.")
        st = NayakasState(players=players, seed=seed)
        rng = chance_rng(st)
        for k in kingdoms:
            st.seats.append(PlayerState(
                kingdom=k, res={r: SETUP.start_resources for r in RESOURCES}, art={a: 0 for a in ARTISANS},
                laborers=SETUP.start_laborers, diplomats=SETUP.start_diplomats,
                avail_laborers=SETUP.start_laborers, avail_diplomats=SETUP.start_diplomats,
                tokens=SETUP.event_tokens,
                built={b.id: [None] * len(b.sections) for b in C.player_board[k].buildings}))
        # each ruler's temple tile, faded, on the first temple slot; unruled kingdoms' go back to the box
        for t in C.tiles.temples:
            if t.ruler in kingdoms:
                slot = f"{t.ruler}_t1"  # Ruling: the faded temple starts on the first slot (both play alike).
                st.temples[slot] = t.id
                st.faded.append(slot)
            elif t.ruler is not None:
                st.temple_box.append(t.id)
        grey = [t.id for t in C.tiles.temples if t.ruler is None]
        rng.shuffle(grey)
        st.temple_market = grey[:players + 1]
        st.temple_box += grey[players + 1:]
        for pile, market, ids in (("section_pile", "section_market", [t.id for t in C.tiles.sections]),
                                  ("facility_pile", "facility_market", [t.id for t in C.tiles.facilities]),
                                  ("border_pile", "border_market", [t.id for t in C.tiles.borderland_tiles])):
            rng.shuffle(ids)
            setattr(st, market, [ids.pop() for _ in range(SETUP.market_size)])
            setattr(st, pile, ids)
        merchants = [m.id for m in C.tiles.merchants]
        rng.shuffle(merchants)
        events = [e.id for e in C.tiles.events]
        rng.shuffle(events)
        st.event_deck = events[:SETUP.events_in_game]
        st.event_box = events[SETUP.events_in_game:]
        first_event = st.event_deck.pop()
        st.posts = [first_event, merchants.pop(), merchants.pop()]
        st.merchant_deck = merchants
        cards = [c.id for c in C.dev_cards.cards]
        rng.shuffle(cards)
        st.dev_deck = cards
        for p in st.seats:
            p.hand.append(st.dev_deck.pop())
        st.occupants = {s: [] for s in ALL_SPACES}
        st.passed = [False] * players
        st.conch = 0  # Ruling: seat 0 (the first player) holds the Conch at the start.
        st.turn = 0
        return st

    # -- small helpers ---------------------------------------------------------------
    @staticmethod
    def _names(st: NayakasState) -> list[str]:
        return _NAMES[st.players]

    @staticmethod
    def culture_power(st: NayakasState, seat: int, less: int = 0) -> int:
        """Culture as compared between players ("Renowned Court" adds 2)."""
        return st.seats[seat].res["culture"] - less + 2 * face_up(st, seat)["culture_plus2"]

    def _beats(self, st: NayakasState, me: int, other: int, less: int = 0) -> bool:
        mine, theirs = self.culture_power(st, me, less), self.culture_power(st, other)
        return mine > theirs or (mine == theirs and st.conch == me)

    @staticmethod
    def _as_diplomat(st: NayakasState, w: Worker) -> bool:
        # Ruling: "Laborers are Diplomats this round" also covers Laborers placed before it was taken.
        return w.type == "diplomat" or "lab_dip" in st.seats[w.seat].flags

    @staticmethod
    def _gain(st: NayakasState, seat: int, goods: dict[str, int]) -> None:
        """Add goods, capped (15 per resource, 3 per artisan); the rest is lost."""
        p = st.seats[seat]
        for k, v in goods.items():
            if v <= 0:
                continue
            if k in p.res:
                p.res[k] = min(CAP, p.res[k] + v)
            elif k in p.art:
                p.art[k] = min(ART_CAP, p.art[k] + v)
            elif k == "conch":
                st.conch = seat
            elif k == "prosperity":
                p.prosperity_tokens += v

    def _board_gain(self, st: NayakasState, seat: int, goods: Counter) -> None:
        """Goods from a game-board space action, then the tiles that react to
        such gains: each tile once per space, never looping (FAQ)."""
        self._gain(st, seat, goods)
        fu, fac = face_up(st, seat), facilities(st, seat)
        extra: Counter = Counter()
        if goods.get("culture", 0) > 0:
            extra["clay"] += fu["culture_clay"]
            extra["stone"] += fu["culture_stone"]
            extra["gold"] += fac["culture_gold"]
        for r in ("clay", "stone"):
            if goods.get(r, 0) > 0:
                extra["gold"] += fac[f"{r}_gold"]
        for a in ARTISANS:
            if goods.get(a, 0) > 0:
                extra["gold"] += fac[f"{a}_gold"]
        self._gain(st, seat, extra)

    @staticmethod
    def _pay_wild(p: PlayerState, stone: int, clay: int, gold: int, gold_stone: int, gold_clay: int) -> None:
        """Pay ``stone`` Stone, ``clay`` Clay and ``gold`` Gold, Gold paying
        ``gold_stone`` of the Stone and ``gold_clay`` of the Clay (ruling K7)."""
        p.res["stone"] -= stone - gold_stone
        p.res["clay"] -= clay - gold_clay
        p.res["gold"] -= gold + gold_stone + gold_clay

    def _exchange_max(self, p: PlayerState, res: dict[str, int], eff: Effect) -> int:
        ex = eff.exchange
        assert ex is not None
        n = 0
        while n < 20:
            m = n + 1
            need = {k: v * m for k, v in ex.pay.items()}
            if ex.gold_wild:
                short = max(0, need.get("stone", 0) - res["stone"]) + max(0, need.get("clay", 0) - res["clay"])
                if need.get("gold", 0) + short > res["gold"]:
                    break
            elif any(res.get(k, 0) < v for k, v in need.items()):
                break
            n = m
        return n

    # -- entering a space --------------------------------------------------------------
    def _entry(self, st: NayakasState, seat: int, sid: str, worker: str) -> tuple[int | None, str]:
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

    def _outside(self, st: NayakasState, seat: int, sid: str) -> bool:
        return land_of(sid) == "borderland" and st.seats[seat].kingdom not in kingdoms_of(sid)

    def _open_spaces(self, st: NayakasState, seat: int, worker: str) -> list[tuple[str, int]]:
        """(space, Culture to pay) for every space ``seat`` may put a ``worker``
        on now: ``_entry`` asked of every candidate space at once, without its
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
                cost, _ = self._entry(st, seat, only[1], w)
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

    def _affordable(self, st: NayakasState, seat: int, cost: dict[str, int], gold_stone: int = -1,
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

    def _group_variants(self, st: NayakasState, sid: str, res: dict[str, int], variants: tuple) -> tuple:
        """``variants`` of ``sid`` with its ways to pay grouped as a Section's
        are (ruling K7), for the search: of the variants that differ only in
        how their Stone, Clay and Gold are split (the same tokens or
        Prosperity for the same total paid), the least- and the most-Gold
        group, each stood for by the split that leaves Stone and Clay most
        even (ties: more Stone kept). Spaces that take no Stone or Clay: as is."""
        post = SPACE[sid][4]
        if post >= 0 and is_event(st.posts[post]):
            ev = current_event(st)
            if ev is None or C.event[ev].count != "stone_clay":
                return variants
            unit = None  # the Great Dam: amount Stone, amount2 Clay
        else:
            eff = effect_of(st, sid)
            ex = eff.exchange if eff is not None else None
            if ex is None or not ex.gold_wild:
                return variants
            unit = (ex.pay.get("stone", 0), ex.pay.get("clay", 0), ex.pay.get("gold", 0))
        best: dict[tuple, tuple[tuple[int, int], tuple]] = {}
        for v in variants:
            c, a, a2, t, gs, gc = v
            stone, clay, gold = (a, a2, 0) if unit is None else (unit[0] * a, unit[1] * a, unit[2] * a)
            key = (c, t, a + a2, gold + gs + gc)
            left = res["stone"] - stone + gs
            rank = (-abs(left - res["clay"] + clay - gc), left)
            have = best.get(key)
            if have is None or rank > have[0]:
                best[key] = (rank, v)
        spans: dict[tuple, list[int]] = {}
        for key in best:
            spans.setdefault(key[:-1], []).append(key[-1])
        return tuple(best[move + (g,)][1] for move, golds in spans.items() for g in sorted({min(golds), max(golds)}))

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
        return not self._affordable(st, seat, cost, a.gold_stone, a.gold_clay)

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
            cost, reason = self._entry(st, seat, action.space, action.worker)
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
            if action.extra == "" and face_up(st, seat)["diplomat_stone_clay"] and self._outside(st, seat, action.space):
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
            return (self._affordable(st, seat, cost) or self._affordable(st, seat, cost, action.gold_stone, action.gold_clay)
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

    # -- play -----------------------------------------------------------------------------------
    def play_silent(self, st: NayakasState, action: Action, seat: Seat) -> None:
        """The unchecked path of the search: ``_play`` of a move taken from
        ``legal_actions`` / ``search_actions``, without the log lines that
        cost text to build (the state changes exactly as in ``_play``)."""
        self._play(st, action, seat, _Quiet())

    def _play(self, st: NayakasState, action: Action, seat: Seat, ev: list[Event] | None = None) -> list[Event]:
        if ev is None:
            ev = []
        if isinstance(action, Place):
            self._place(st, action, seat, ev)
        elif isinstance(action, PlayCard):
            self._play_card(st, action, seat, ev)
        elif isinstance(action, Build):
            self._build(st, action, seat, ev)
        elif isinstance(action, Pass):
            st.passed[seat] = True
            ev.append(Event(text=f"{self._names(st)[seat]} passes.", seat=seat))
            self._advance(st, ev)
        else:
            self._choose(st, action, seat, ev)
        return ev

    def _place(self, st: NayakasState, a: Place, seat: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        names = self._names(st)
        cost, _ = self._entry(st, seat, a.space, a.worker)
        assert cost is not None
        p.res["culture"] -= cost
        pawn = _WORKERS.get((seat, a.worker))
        if pawn is None:
            pawn = _WORKERS[seat, a.worker] = Worker(seat=seat, type=a.worker)
        st.occupants[a.space].append(pawn)
        pos = len(st.occupants[a.space]) - 1
        if a.worker == "laborer":
            p.avail_laborers -= 1
        else:
            p.avail_diplomats -= 1
        at = len(ev)
        quiet = type(ev) is _Quiet
        before = None if quiet else text.holdings(st, seat)
        dip = a.worker == "diplomat" or "lab_dip" in p.flags
        if dip and land_of(a.space) == "borderland":
            for k in kingdoms_of(a.space):
                owner = st.seat_of(k)
                if owner is not None and owner != seat and facilities(st, owner)["border_gold"]:
                    self._gain(st, owner, {"gold": facilities(st, owner)["border_gold"]})
        watchers = [o for o in range(st.players) if o != seat and "watch" in st.seats[o].flags]
        if watchers and artisan_pictured(st, a.space):
            for o in watchers:
                self._gain(st, o, {"gold": 1})
        if a.extra and dip and self._outside(st, seat, a.space):
            self._gain(st, seat, {a.extra: 2 * face_up(st, seat)["diplomat_stone_clay"]})
        if a.benefit:
            self._resolve(st, seat, a.space, pos, a, a.target, ev)
        if not quiet:
            ev.insert(at, Event(text=text.placed(st, seat, a, cost, before), seat=seat))
        p.visits.append(a.space if capacity(a.space) == 1 else f"{a.space}#{pos}")
        p.placed += 1
        if any(f.startswith("turn:") for f in p.flags):
            p.flags = [f for f in p.flags if not f.startswith("turn:")]
        if "extra" in p.flags:  # Ruling: with no worker left, Swift Messenger's extra turn is lost.
            p.flags.remove("extra")
            ev.append(Event(text=f"{names[seat]} takes another turn at once (Swift Messenger).", seat=seat))
            if p.avail_laborers + p.avail_diplomats > 0:
                p.flags.append(f"turn:{a.space}")  # Ruling K11: the extra turn is the same turn
                return
        self._advance(st, ev)

    def _resolve(self, st: NayakasState, seat: int, sid: str, pos: int, a: Place, target: str,
                 ev: list[Event]) -> None:
        """Take the benefit of ``sid`` as ``a`` names it (already checked
        legal); ``target``: the space or Diplomat it names (``a.target``, or
        the inner part of a repeat's)."""
        p = st.seats[seat]
        choice, amount, amount2 = a.choice, a.amount, a.amount2
        if kind_of(sid) == "post" and is_event(st.posts[POST_IDS.index(sid)]):
            count = C.event[current_event(st)].count  # type: ignore[index]
            if count == "gold":
                p.res["gold"] -= amount
            elif count == "stone_clay":
                self._pay_wild(p, amount, amount2, 0, a.gold_stone, a.gold_clay)
            self._put_tokens(st, seat, amount + amount2, ev)
            return
        eff = effect_of(st, sid)
        assert eff is not None
        goods: Counter = Counter()
        for k, v in eff.pay.items():
            p.res[k] -= v
        goods.update(eff.gain)
        if eff.options and choice >= 0:
            goods.update(eff.options[choice])
        if eff.convert is not None:
            p.res[eff.convert.source] -= amount
            goods[eff.convert.target] += amount * eff.convert.rate
        if eff.exchange is not None:
            ex = eff.exchange
            self._pay_wild(p, ex.pay.get("stone", 0) * amount, ex.pay.get("clay", 0) * amount,
                           ex.pay.get("gold", 0) * amount, a.gold_stone, a.gold_clay)
            if "culture" in ex.pay:
                p.res["culture"] -= ex.pay["culture"] * amount
            for k, v in ex.gain.items():
                goods[k] += v * amount
        for o in range(st.players):
            if o != seat and eff.others:
                self._gain(st, o, eff.others)
        sp = eff.special
        if sp == "repeat":
            visit, _, inner = target.partition(">")
            tsid, _, tpos = visit.partition("#")
            ev.append(Event(text=f"{self._names(st)[seat]} repeats {text.space_name(st, tsid)}.", seat=seat))
            self._resolve(st, seat, tsid, int(tpos or 0), a, inner, ev)
            return
        if sp == "double":
            goods["gold"] += 2 if pos == 0 else 4
        elif sp == "discount":
            p.flags.append("discount")
        elif sp == "artisan_gold":
            goods["gold"] += min(SETUP.artisan_gold_cap, sum(p.art.values()))
        elif sp == "retrieve":
            occ = st.occupants[target]
            i = next(i for i, w in enumerate(occ) if w.seat == seat and w.type == "diplomat")
            occ.pop(i)
            p.avail_diplomats += 1
        elif sp == "diplomat_gold":
            n = 0
            for s in ALL_SPACES:
                occ = st.occupants[s]
                if self._outside(st, seat, s) and any(w.seat == seat and self._as_diplomat(st, w) for w in occ) \
                        and any(w.seat != seat and not self._as_diplomat(st, w) for w in occ):
                    n += 1
            goods["gold"] += 2 * n
        elif sp in ("empire_free", "laborers_diplomats", "artisan_watch"):
            p.flags.append({"empire_free": "empire_free", "laborers_diplomats": "lab_dip",
                            "artisan_watch": "watch"}[sp])
        elif sp == "event_token":
            if current_event(st) is not None and p.tokens > 0:
                self._put_tokens(st, seat, 1, ev)
        elif sp == "empire_other":
            other = st.empire2_choice
            if other is None:
                goods.update(EMPIRE_OTHER_OPTIONS.options[choice])
            else:
                goods["sculptor" if other == "mason" else "mason"] += 1
        if sid in EMPIRE and EMPIRE[sid] == (1, 0) and choice >= 0:
            st.empire2_choice = "mason" if eff.options[choice].get("mason") else "sculptor"
        tile = st.border_tiles.get(sid)
        if tile is not None:
            goods.update(C.borderland_tile[tile].gain)
        self._board_gain(st, seat, goods)

    def _put_tokens(self, st: NayakasState, seat: int, n: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        n = min(n, p.tokens)
        if n <= 0:
            return
        p.tokens -= n
        ev.append(Event(text=f"{self._names(st)[seat]} puts {text.plural(n, 'Event Token')} on the Event.", seat=seat))
        gold = facilities(st, seat)["event_gold"]
        if gold:
            self._gain(st, seat, {"gold": gold})

    def _play_card(self, st: NayakasState, a: PlayCard, seat: int, ev: list[Event]) -> None:
        p = st.seats[seat]
        p.hand.remove(a.card)
        st.dev_discard.append(a.card)
        ev.append(Event(text=f"{self._names(st)[seat]} plays {C.card[a.card].name}.", seat=seat, reveals=True))
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
        start = None if quiet else text.holdings(st, seat)
        # Ruling K7: the build says how much of the Stone and Clay Gold pays.
        p.res["stone"] -= cost["stone"] - a.gold_stone
        p.res["clay"] -= cost["clay"] - a.gold_clay
        p.res["gold"] -= a.gold_stone + a.gold_clay
        for art in ARTISANS:
            p.art[art] -= cost.get(art, 0)
        paid = None if quiet else text.holdings(st, seat)
        fu = face_up(st, seat)
        self._gain(st, seat, {"stone": fu["build_stone"], "clay": fu["build_clay"], "culture": fu["build_culture"]})
        p.built[a.building][a.section] = ""
        p.sections_built += 1
        if not quiet:
            ev.append(Event(text=text.built(st, seat, a.building, a.section, start, paid), seat=seat))
        if st.section_market:
            st.pending.append(Pending(choice="section_tile", seat=seat, building=a.building, section=a.section))
        self._after_choice(st, seat, a.building, ev)

    def _complete(self, st: NayakasState, seat: int, building: str, ev: list[Event]) -> None:
        """A building's last Section is in: tracker, then its rewards as choices."""
        p = st.seats[seat]
        b = C.buildings[p.kingdom, building]
        st.tracker = min(SETUP.tracker_end[st.players], st.tracker + 1)  # Ruling: it stops at its last step.
        ev.append(Event(text=f"{self._names(st)[seat]} completes the {b.name}; the Building Tracker moves to "
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
        tabs: Counter = Counter()
        for b in C.player_board[p.kingdom].buildings:
            secs = p.built[b.id]
            if all(t is not None for t in secs):
                tabs[b.tab] += 1
            for t in secs:
                if t:
                    tab = C.section_tile[t].tab
                    if tab:
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
                ev.append(Event(text=f"{self._names(st)[seat]} gains a new {w.capitalize()} (usable from next "
                                f"round).", seat=seat))

    def _choose(self, st: NayakasState, a: Action, seat: int, ev: list[Event]) -> None:
        pd = st.pending.pop(0)
        p = st.seats[seat]
        names = self._names(st)
        if isinstance(a, ChooseTile):
            tile = st.section_market.pop(a.index)
            p.built[pd.building][pd.section] = tile  # laid on the Section just built
            if not a.face_up:
                p.face_down.append(tile)
            if st.section_pile:
                st.section_market.insert(a.index, st.section_pile.pop())
            ev.append(Event(text=text.tile_taken(st, seat, tile, a.face_up), seat=seat))
        elif isinstance(a, ChooseTemple):
            if a.ruler:
                st.faded.remove(f"{p.kingdom}_t1")
                ev.append(Event(text=f"{names[seat]} turns the ruler temple to its bright side.", seat=seat))
            else:
                t = st.temple_market.pop(a.index)
                st.temples[f"{p.kingdom}_t2"] = t
                ev.append(Event(text=f"{names[seat]} raises the {C.temple[t].name}.", seat=seat))
        elif isinstance(a, ChooseFacility):
            t = st.facility_market.pop(a.index)
            p.facilities.append(t)
            if st.facility_pile:
                st.facility_market.insert(a.index, st.facility_pile.pop())
            ev.append(Event(text=f"{names[seat]} takes the {C.facility_kind[C.facility_tile[t].kind].name}.",
                            seat=seat))
        elif isinstance(a, ChooseBorderland):
            t = st.border_market.pop(a.index)
            st.border_tiles[a.space] = t
            if st.border_pile:
                st.border_market.insert(a.index, st.border_pile.pop())
            ev.append(Event(text=f"{names[seat]} lays a borderland tile on {text.space_name(st, a.space)}.",
                            seat=seat))
        self._after_choice(st, seat, pd.building, ev)

    # -- turn order and the round -------------------------------------------------------------------
    def _can_act(self, st: NayakasState, seat: int) -> bool:
        p = st.seats[seat]
        if st.phase == "worker":
            return p.avail_laborers + p.avail_diplomats > 0
        # Ruling: a player who cannot build and holds no build card is passed automatically.
        return bool(self._builds(st, seat, first=True) or self._cards(st, seat, "build"))

    def _advance(self, st: NayakasState, ev: list[Event]) -> None:
        """Hand the turn to the next seat clockwise that still takes part."""
        if st.pending:
            return
        for step in range(1, st.players + 1):
            s = (st.turn + step) % st.players
            if st.passed[s]:
                continue
            if not self._can_act(st, s):
                st.passed[s] = True
                continue
            st.turn = s
            return
        if st.phase == "worker":
            self._end_worker_phase(st, ev)
        else:
            self._cleanup(st, ev)

    def _start_phase(self, st: NayakasState, ev: list[Event]) -> None:
        st.passed = [False] * st.players
        st.turn = (st.conch - 1) % st.players
        self._advance(st, ev)

    def _end_worker_phase(self, st: NayakasState, ev: list[Event]) -> None:
        names = self._names(st)
        for s in _order(st, st.conch):
            p = st.seats[s]
            left = p.avail_laborers + p.avail_diplomats
            fu = face_up(st, s)
            if fu["end_worker_gold"] and left:
                self._gain(st, s, {"gold": 2 * left * fu["end_worker_gold"]})
                ev.append(Event(text=f"{names[s]} gains {2 * left * fu['end_worker_gold']} Gold for idle workers.",
                                seat=s))
        for s in _order(st, st.conch):
            p = st.seats[s]
            if face_up(st, s)["end_worker_conch"] and p.avail_laborers + p.avail_diplomats:
                st.conch = s  # resolved in player order: the last one keeps it
                ev.append(Event(text=f"{names[s]} takes the Conch (Patient Claim).", seat=s))
        st.phase = "build"
        ev.append(Event(text="The build phase begins."))
        self._start_phase(st, ev)

    def _cleanup(self, st: NayakasState, ev: list[Event]) -> None:
        names = self._names(st)
        for occ in st.occupants.values():
            occ.clear()
        expiring = st.posts[2]
        expired_event = False
        if expiring is not None:
            if is_event(expiring):
                expired_event = True
                self._reward_event(st, expiring, ev)
                st.events_expired += 1
                st.event_discard.append(expiring)
            else:
                st.merchant_discard.append(expiring)
        new: str | None = None
        if expired_event:
            new = st.event_deck.pop() if st.event_deck else None
        elif st.merchant_deck:
            new = st.merchant_deck.pop()
        st.posts = [new, st.posts[0], st.posts[1]]
        if new is not None:
            tile = C.event[new].name if is_event(new) else C.merchant[new].name
            ev.append(Event(text=f"{tile} arrives at Trading Post I.", reveals=True))
        if is_event(new):
            for s in _order(st, st.conch):
                if st.dev_deck:  # Ruling: with the deck empty, the remaining players draw nothing.
                    st.seats[s].hand.append(st.dev_deck.pop())
                    ev.append(Event(text=f"{names[s]} draws a development card.", seat=s))
                    ev.append(Event(text=f"You draw {C.card[st.seats[s].hand[-1]].name}.", seat=s, private=True))
        for s, p in enumerate(st.seats):
            p.art = {a: 0 for a in ARTISANS}
            lab, dip = self.owned_workers(st, s)
            p.laborers = p.avail_laborers = lab
            p.diplomats = p.avail_diplomats = dip
            p.placed = 0
            p.visits = []
            p.flags = [f for f in p.flags if f.startswith(("done:", "new:"))]
        st.empire2_choice = None
        end = SETUP.tracker_end[st.players]
        if st.tracker >= end or st.events_expired >= SETUP.events_in_game:
            reason = (f"The Building Tracker reached {end}." if st.tracker >= end
                      else "The third Event has expired.")
            self._finish(st, reason, ev)
            return
        st.round += 1
        st.phase = "worker"
        ev.append(Event(text=f"Round {st.round} begins."))
        self._start_phase(st, ev)

    def event_ranking(self, st: NayakasState) -> list[int]:
        """Seats with tokens on the current Event, best first: most tokens,
        then most Culture, then nearest clockwise from the Conch holder."""
        used = [(SETUP.event_tokens - p.tokens, s) for s, p in enumerate(st.seats)]
        return [s for n, s in sorted(used, key=lambda t: (-t[0], -self.culture_power(st, t[1]),
                                                           (t[1] - st.conch) % st.players)) if n > 0]

    def _reward_event(self, st: NayakasState, event: str, ev: list[Event]) -> None:
        names = self._names(st)
        for place, s in enumerate(self.event_ranking(st)[:2]):
            gain = SETUP.event_rewards[place] + face_up(st, s)["event_bonus"]
            st.seats[s].prosperity_tokens += gain
            ev.append(Event(text=f"{C.event[event].name} expires: {names[s]} is "
                            f"{'first' if place == 0 else 'second'} and gains {gain} Prosperity.", seat=s))
        for p in st.seats:
            p.tokens = SETUP.event_tokens

    # -- the end --------------------------------------------------------------------------------------
    def score_parts(self, st: NayakasState, seat: int, spend: bool = False) -> dict[str, int]:
        """Prosperity by source. With ``spend`` the light-purple tiles take
        their resources (done once, at the end); without, an estimate."""
        p = st.seats[seat]
        temples = sum(b.prosperity for b in C.player_board[p.kingdom].buildings
                      if b.kind == "temple" and all(t is not None for t in p.built[b.id]))
        fu = face_up(st, seat)
        purple = 0
        res = p.res if spend else dict(p.res)
        for r in ("gold", "culture", "stone", "clay"):
            # Ruling: each light-purple tile spends for itself, taking the best step it can pay.
            for _ in range(fu[f"end_{r}"]):
                for need, pts in reversed(SETUP.end_spend):
                    if res[r] >= need:
                        res[r] -= need
                        purple += pts
                        break
        if fu["end_buildings"]:
            done = sum(1 for secs in p.built.values() if all(t is not None for t in secs))
            purple += max([pts for n, pts in SETUP.end_buildings if done >= n], default=0)
        return {"temples": temples, "face_down": len(p.face_down), "purple": purple,
                "tokens": p.prosperity_tokens, "cards": len(p.hand)}

    def _finish(self, st: NayakasState, reason: str, ev: list[Event]) -> None:
        st.phase = "over"
        st.end_reason = reason
        for s in range(st.players):
            parts = self.score_parts(st, s, spend=True)
            parts["total"] = sum(parts.values())
            st.final[s] = parts
        res = self.result(st)
        ev.append(Event(text=f"{reason} {res.summary}", reveals=True))

    def is_over(self, st: NayakasState) -> bool:
        return st.phase == "over"

    def _rank_key(self, st: NayakasState, s: int) -> tuple[int, int, int]:
        return (st.final[s]["total"], self.culture_power(st, s), sum(st.seats[s].res.values()))

    def result(self, st: NayakasState) -> Result:
        if not st.final:
            return Result(winners=[])
        best = max(self._rank_key(st, s) for s in range(st.players))
        winners = [s for s in range(st.players) if self._rank_key(st, s) == best]
        names = self._names(st)
        who = " and ".join(names[w] for w in winners)
        summary = f"{who} {'win' if len(winners) > 1 else 'wins'} with {best[0]} Prosperity."
        ranks = ", ".join(f"{names[s]} {st.final[s]['total']} (Culture {self.culture_power(st, s)})"
                          for s in range(st.players))
        return Result(winners=winners, scores={s: float(st.final[s]["total"]) for s in range(st.players)},
                      details={s: dict(st.final[s]) for s in range(st.players)}, summary=summary,
                      condition="The most Prosperity wins; a tie goes to the most Culture, then the most "
                                f"resources left. Prosperity: {ranks}.")

    # -- information ----------------------------------------------------------------------------------
    def view(self, st: NayakasState, seat: Seat | None):
        from .view import build_view
        return build_view(self, st, seat)

    def clone(self, st: NayakasState) -> NayakasState:
        return copy_state(st)

    # -- for the search bot (games/nayakas/bot.py) ----------------------------------------------------
    playout_depth = bot.PLAYOUT_DEPTH
    deep_normalize = bot.DEEP_NORMALIZE

    def determinize(self, st: NayakasState, seat: Seat, rng: random.Random) -> NayakasState:
        return bot.determinize(self, st, seat, rng)

    def search_actions(self, st: NayakasState, seat: Seat) -> list[Action]:
        return bot.search_actions(self, st, seat)

    def heuristics(self, st: NayakasState) -> list[float]:
        return bot.heuristics(self, st)

    def prosperity_estimate(self, st: NayakasState, seat: int) -> float:
        return bot.prosperity_estimate(self, st, seat)

    # -- text -----------------------------------------------------------------------------------------
    def describe_action(self, st: NayakasState, action: Action, seat: Seat) -> str:
        return text.describe(self, st, action, seat)

    def status(self, st: NayakasState, seat: Seat | None) -> str:
        return text.status(self, st, seat)

    # -- teaching -------------------------------------------------------------------------------------
    def opening(self, st: NayakasState) -> list[Event]:
        """The Trading Posts, markets and Conch as dealt; each card to its seat only."""
        return text.opening(st)

    def rule_of(self, st: NayakasState, action: Action, seat: Seat) -> str | None:
        """The rules page's rule the move follows (see ``text.rule_of``)."""
        return text.rule_of(self, st, action, seat)

    def why(self, st: NayakasState, action: Action, seat: Seat, rng: random.Random) -> str:
        """What the move does for the seat, from its own information (see ``text.why``)."""
        return text.why(self, st, action, seat, rng)


__all__ = ["Build", "ChooseBorderland", "ChooseFacility", "ChooseTemple", "ChooseTile", "Nayakas",
           "NayakasOptions", "NayakasState", "Pass", "Place", "PlayCard", "TEMPLE_SLOTS"]
