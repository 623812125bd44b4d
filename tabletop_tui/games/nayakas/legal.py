"""Nayakas: what is legal: who acts, ``legal_actions`` and ``check`` with
the reason ``_explain`` finds, the cards a ruler may play and the choices a
build queues. The worker phase's moves are in places.py, the build phase's
in builds.py, the shared move objects in moves.py. The ``Legality`` part of
the Game (see rules.py)."""

from __future__ import annotations

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat

from .actions import (Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, Pass, Place,
                      PlayCard)
from .builds import Building
from .data import ARTISANS, C
from .moves import PASS, _among, _card_action, _choice
from .places import Placements
from .spaces import (POST_IDS, SPACE, borderland_slots, current_event, effect_of, face_up, is_event,
                     kind_of)
from .state import NayakasState, Pending


#: card -> the phase it is played in ("worker" or "build")
_TIMING = {c.id: c.timing for c in C.dev_cards.cards}
#: card -> its PlayCard actions (one per Artisan for a card that gives one)
_CARD_ACTIONS = {c.id: [_card_action(c.id, a) for a in ARTISANS] if c.id in ("guild_summons", "hired_hands")
                 else [_card_action(c.id, "")] for c in C.dev_cards.cards}
#: card -> the round power it sets (one card of each per round)
_CARD_FLAGS = {"royal_envoy": "envoy", "swift_messenger": "extra", "master_mason": "master_mason"}

#: a market's size -> the choices of its tiles, in order (shared: copied when
#: handed out); sizes well past any market's (3 tiles, 5 temples)
_SIZES = range(9)
_TILE_CHOICES = [tuple(_choice(ChooseTile, "tile", index=i, face_up=f) for i in range(n) for f in (True, False))
                 for n in _SIZES]
_FACILITY_CHOICES = [tuple(_choice(ChooseFacility, "facility", index=i) for i in range(n)) for n in _SIZES]
_TEMPLE_CHOICES = [tuple(_choice(ChooseTemple, "temple", ruler=False, index=i) for i in range(n)) for n in _SIZES]
_RULER_TEMPLE = _choice(ChooseTemple, "temple", ruler=True, index=0)


class Legality(Placements, Building):
    """Who acts and what they may do (mixed into :class:`~.rules.Nayakas`)."""

    def _cards(self, st: NayakasState, seat: int, timing: str) -> list[Action]:
        hand = st.seats[seat].hand
        if not hand:
            return []
        ids = [cid for cid in hand if _TIMING[cid] == timing]
        if not ids:
            return []
        out: list[Action] = []
        for cid in (sorted(set(ids)) if len(ids) > 1 else ids):
            if not self._card_problem(st, seat, cid):
                out += _CARD_ACTIONS[cid]
        return out

    def _card_problem(self, st: NayakasState, seat: int, cid: str) -> str:
        p = st.seats[seat]
        if cid == "festival_drums" and (current_event(st) is None or p.tokens <= 0):
            return "Festival Drums needs an Event on the Trading Posts and an Event Token of yours."
        flag = _CARD_FLAGS.get(cid)
        if flag and flag in p.flags:
            return "That card's power is already working for you this round."
        return ""

    def _pending_actions(self, st: NayakasState, pd: Pending) -> list[Action]:
        if pd.choice == "section_tile":
            return list(_TILE_CHOICES[len(st.section_market)])
        if pd.choice == "temple":
            out: list[Action] = []
            p = st.seats[pd.seat]
            if f"{p.kingdom}_t1" in st.faded:
                out.append(_RULER_TEMPLE)
            if f"{p.kingdom}_t2" not in st.temples:
                out += _TEMPLE_CHOICES[len(st.temple_market)]
            return out
        if pd.choice == "facility":
            return list(_FACILITY_CHOICES[len(st.facility_market)])
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
        who = st.pending[0].seat if st.pending else st.turn  # ``to_act``'s one seat
        if seat != who:
            raise IllegalAction(f"It is {C.kingdom(st.seats[who].kingdom).name}'s turn, not yours.")
        # Each kind of move is looked for only among the legal moves of its
        # kind (never the whole list again): the same rules, asked narrowly.
        kind = action.__class__
        if st.pending:
            if _among(action, self._pending_actions(st, st.pending[0])):
                return
        elif kind is Place:
            # only this worker's Places on this space can equal it
            if st.phase == "worker" and _among(action, self._placements(st, seat, only=(action.worker, action.space))):
                return
        elif kind is Build:
            if st.phase == "build" and self._buildable(st, seat, action):
                return
        elif kind is Pass:
            return
        elif kind is PlayCard:
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
