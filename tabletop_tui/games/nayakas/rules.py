"""Nayakas: the rules model (pure Python, no Textual).

Rulebook: shared/rules/nayakas.txt; rulings K1-K11 in DECISIONS.md. The
designed components live in ``assets/nayakas`` (see ``data``), space
geometry in ``spaces``, the per-seat view in ``view``, phrases in ``text``.
The Game is made of its jobs: ``legal`` (who acts, what is legal, the
refusals; with ``places`` for the worker phase's moves and ``builds`` for
the build phase's, over the shared move objects of ``moves``), ``play``
(what a move does), ``cleanup`` (turn order and the round) and ``scoring``
(the end).

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
from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Game, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.games.nayakas import INFO

from .actions import (Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, NayakasAction, Pass,
                      Place, PlayCard)
from .cleanup import Rounds
from .data import ARTISANS, C, KINGDOMS, RESOURCES, Effect
from .legal import Legality
from .moves import ART_CAP, CAP, PASS, SETUP, _NAMES
from .play import Play
from .scoring import Scoring
from .spaces import (_NONE, ALL_SPACES, SPACE, TEMPLE_SLOTS, current_event, effect_of, face_up, facilities,
                     is_event)
from .state import NayakasOptions, NayakasState, PlayerState, Worker, copy_state


#: (good gained, the facility kind that pays 1 Gold for it) (``_board_gain``)
_GOLD_TRIGGERS = tuple((g, f"{g}_gold") for g in ("clay", "stone", *ARTISANS))


class Nayakas(Legality, Play, Rounds, Scoring, Game[NayakasState]):
    """Nayakas for 2-4 rulers."""

    info = INFO
    options_model = NayakasOptions
    state_model = NayakasState
    action_type = NayakasAction
    hidden_information = True
    #: the In brief rule (rules page) behind each kind of move
    action_rules = {"place": "Placing a worker", "pass": "Placing a worker", "card": "Development cards",
                    "build": "Building a Section", "tile": "Section tiles", "temple": "Finishing a temple",
                    "facility": "Tank and fort", "borderland": "Tank and fort"}
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

    # -- small helpers (the parts share them) ---------------------------------------------
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

    def _board_gain(self, st: NayakasState, seat: int, goods: dict[str, int]) -> None:
        """Goods from a game-board space action, then the tiles that react to
        such gains: each tile once per space, never looping (FAQ)."""
        self._gain(st, seat, goods)
        fu, fac = face_up(st, seat), facilities(st, seat)
        if fu is _NONE and fac is _NONE:  # no tile to react
            return
        get = goods.get
        gold = 0
        extra: dict[str, int] = {}
        if get("culture", 0) > 0:
            extra["clay"] = fu["culture_clay"]
            extra["stone"] = fu["culture_stone"]
            gold += fac["culture_gold"]
        for r, kind in _GOLD_TRIGGERS:
            if get(r, 0) > 0:
                gold += fac[kind]
        extra["gold"] = gold
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

    # -- information ----------------------------------------------------------------------------------
    def clone(self, st: NayakasState) -> NayakasState:
        return copy_state(st)


__all__ = ["Build", "ChooseBorderland", "ChooseFacility", "ChooseTemple", "ChooseTile", "Nayakas",
           "NayakasOptions", "NayakasState", "Pass", "Place", "PlayCard", "TEMPLE_SLOTS"]
