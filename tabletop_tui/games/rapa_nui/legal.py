"""Rapa Nui: what is legal (R4-R6): who acts, every legal action (built
once and handed out as the same objects), and ``check`` with a sentence for
each refusal. The ``Legality`` part of the Game (see rules.py)."""

from __future__ import annotations

import functools
import operator

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.text import plural

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy, SubstituteKind,
                      SupplyOffer)
from .data import (CARD_NAME, CARDS, MAX_GATHERERS_AT_ONCE, MOAI_COST, OFFERING_BASE_PRICE, OFFERING_NAME, OFFERINGS,
                   ROWS, card_phrase, is_gatherer, play_cost)
from .state import Pending, RapaNuiState

_EXPECTED = {
    "moai_reward": ChooseMoaiReward,
    "gain": SubstituteKind,
    "offer": Offer,
    "offer_face_down": OfferFaceDown,
    "supply_offer": SupplyOffer,
}

# Actions are frozen values: build each once and hand out the same objects
# (built exactly as legal_actions used to build them per call).
_BUY = {k: BuyOffering.model_construct(kind="buy", offering=k) for k in OFFERINGS}
_SKIP = SkipBuy.model_construct(kind="skip_buy")
_PLAY = {(c, n): PlayCard.model_construct(kind="play", card=c, count=n)
         for c in CARDS for n in range(1, MAX_GATHERERS_AT_ONCE + 1)}
_DRAW = tuple(Draw.model_construct(kind="draw", row=r) for r in range(ROWS))
_REWARD = {r: ChooseMoaiReward.model_construct(kind="moai_reward", reward=r) for r in ("wood", "fame")}
_CHOICE = {choice: {k: cls.model_construct(kind=cls.model_fields["kind"].default, offering=k) for k in OFFERINGS}
           for choice, cls in _EXPECTED.items() if choice != "moai_reward"}


#: a hand's counts in ``CARDS`` order, whatever the order of its keys
hand_counts = operator.itemgetter(*CARDS)


def plays_of(hand: dict[str, int], wood: int) -> tuple[tuple[tuple[str, int], ...], tuple[Action, ...]]:
    """R4.2: every (card, count) ``hand`` can play and afford with ``wood``,
    and the matching PlayCard values (worked out once per distinct hand)."""
    # only the thresholds 0, 1, 2 (gatherers) and 7 (Moai) matter: cap the key
    return _plays_for(hand_counts(hand), wood if wood < MOAI_COST else MOAI_COST)


@functools.lru_cache(maxsize=4096)
def _plays_for(counts: tuple[int, ...], wood: int) -> tuple[tuple[tuple[str, int], ...], tuple[Action, ...]]:
    """:func:`plays_of` for a hand's counts in ``CARDS`` order. A pure
    function of its arguments."""
    out: list[tuple[str, int]] = []
    for card, have in zip(CARDS, counts):
        if not have:
            continue
        if card == "moai":
            if wood >= MOAI_COST:
                out.append((card, 1))
        elif is_gatherer(card):
            for n in range(1, min(have, MAX_GATHERERS_AT_ONCE) + 1):
                if play_cost(card, n) <= wood:
                    out.append((card, n))
        else:
            out.append((card, 1))
    return tuple(out), tuple(_PLAY[cn] for cn in out)


def can_play(hand: dict[str, int], wood: int) -> bool:
    """R4.2: whether a hand can play any card with ``wood`` (a card other
    than a Moai is always affordable, one at a time): the same as a
    non-empty :func:`plays_of`, without listing the plays."""
    moai = hand["moai"]
    return sum(hand.values()) > moai or (moai > 0 and wood >= MOAI_COST)


def offering_cost(state: RapaNuiState, seat: int, kind: str) -> int:
    """R4.1: 5 wood minus 1 per hunter-gatherer of that kind in the display."""
    return max(0, OFFERING_BASE_PRICE - state.displays[seat][kind])  # type: ignore[index]


def pending_options(state: RapaNuiState, p: Pending) -> list[str]:
    if p.choice == "moai_reward":
        return ["wood", "fame"]
    if p.choice == "gain":
        return [k for k in OFFERINGS if state.supply[k] > 0 and k != p.offering]  # type: ignore[index]
    if p.choice in ("offer", "offer_face_down"):
        return [k for k in OFFERINGS if state.offerings[p.seat][k] > 0]  # type: ignore[index]
    return [k for k in OFFERINGS if state.supply[k] > 0]  # type: ignore[index]


class Legality:
    """Who acts and what they may do (mixed into :class:`~.rules.RapaNui`)."""

    def _buyable(self, state: RapaNuiState, seat: int) -> list[str]:
        # offering_cost inlined: max(0, 5 - gatherers of that kind in the display)
        supply, display, wood = state.supply, state.displays[seat], state.wood[seat]
        return [k for k in OFFERINGS if supply[k] > 0
                and (c if (c := OFFERING_BASE_PRICE - display[k]) > 0 else 0) <= wood]  # type: ignore[index]

    def _can_buy(self, state: RapaNuiState, seat: int) -> bool:
        """Whether ``_buyable`` is not empty, without listing the kinds (wood
        is never negative, so a price below 0 needs no floor here)."""
        supply, display, wood = state.supply, state.displays[seat], state.wood[seat]
        for k in OFFERINGS:
            if supply[k] > 0 and OFFERING_BASE_PRICE - display[k] <= wood:  # type: ignore[index]
                return True
        return False

    def _plays(self, state: RapaNuiState, seat: int) -> tuple[tuple[str, int], ...]:
        """Every (card, count) ``seat`` can play and afford now (R4.2)."""
        return plays_of(state.hands[seat], state.wood[seat])[0]  # type: ignore[arg-type]

    def _can_play(self, state: RapaNuiState, seat: int) -> bool:
        return can_play(state.hands[seat], state.wood[seat])  # type: ignore[arg-type]

    # -- who acts ---------------------------------------------------------------------
    def to_act(self, state: RapaNuiState) -> list[Seat]:
        if state.phase == "over":
            return []
        if state.pending:
            return [state.pending[0].seat]
        return [state.active]

    def legal_actions(self, state: RapaNuiState, seat: Seat) -> list[Action]:
        # seat not in to_act(state), without building that list
        if state.phase == "over" or seat != (state.pending[0].seat if state.pending else state.active):
            return []
        if state.pending:
            p = state.pending[0]
            opts = pending_options(state, p)
            if p.choice == "moai_reward":
                return [_REWARD[r] for r in opts]
            made = _CHOICE[p.choice]
            return [made[k] for k in opts]
        if state.phase == "buy":
            acts: list[Action] = [_BUY[k] for k in self._buyable(state, seat)]
            acts.append(_SKIP)
            return acts
        if state.phase == "play":
            return list(plays_of(state.hands[seat], state.wood[seat])[1])  # type: ignore[arg-type]
        if state.phase == "draw":
            market = state.market
            return [_DRAW[r] for r in range(ROWS) if market[r]]
        return []

    # -- validation ---------------------------------------------------------------------
    def check(self, state: RapaNuiState, action: Action, seat: Seat) -> None:
        """Every refusal, with its reason; never touches the state."""
        phase = state.phase
        if phase == "over":
            raise IllegalAction("The game is over.")
        if seat != (state.pending[0].seat if state.pending else state.active):  # not in to_act(state)
            names = self.placeholders(state)
            if state.pending:
                raise IllegalAction(f"It is {names[state.pending[0].seat]}'s turn to choose, not yours.")
            raise IllegalAction(f"It is {names[state.active]}'s turn, not yours.")
        if state.pending:
            self._check_choice(state, state.pending[0], action, seat)
            return
        # the move the phase expects first; then the refusals, a choice
        # nobody asked for before the phase's own sentence
        if phase == "draw":
            if isinstance(action, Draw):
                row = action.row
                if not isinstance(row, int) or not (0 <= row < ROWS):
                    raise IllegalAction("There are only rows 1 to 4.")
                if not state.market[row]:
                    raise IllegalAction(f"Row {row + 1} is empty; take a card from another row.")
                return
            self._refuse_choice(action)
            if isinstance(action, PlayCard):
                raise IllegalAction("You have already played a card this turn; now take cards from the market.")
            raise IllegalAction("Buying comes before playing; now take cards from the market.")
        if phase == "play":
            if isinstance(action, PlayCard):
                if (action.card, action.count) not in self._plays(state, seat):
                    self._check_play(state, action, seat)  # says why (the plays are the rules' R4.2)
                return
            self._refuse_choice(action)
            if isinstance(action, (BuyOffering, SkipBuy)):
                raise IllegalAction("Buying comes before playing; now play a card from your hand.")
            raise IllegalAction("Play a card from your hand before you take cards from the market.")
        if phase == "buy":
            if isinstance(action, SkipBuy):
                return
            if isinstance(action, BuyOffering):
                self._check_buy(state, action, seat)
                return
            self._refuse_choice(action)
            raise IllegalAction("First decide whether to buy an offering card (or skip buying).")
        self._refuse_choice(action)
        raise IllegalAction("That move is not part of Rapa Nui.")

    @staticmethod
    def _refuse_choice(action: Action) -> None:
        """Refuse an answer to a choice when none is asked."""
        if isinstance(action, (ChooseMoaiReward, SubstituteKind, Offer, OfferFaceDown, SupplyOffer)):
            raise IllegalAction("There is no such choice to make now.")

    def _check_offering_kind(self, kind: object) -> str:
        if kind not in OFFERINGS:
            raise IllegalAction("There is no such kind of offering card.")
        return kind  # type: ignore[return-value]

    def _check_buy(self, state: RapaNuiState, action: BuyOffering, seat: int) -> None:
        k = self._check_offering_kind(action.offering)
        if state.supply[k] <= 0:  # type: ignore[index]
            raise IllegalAction(f"The supply has no {OFFERING_NAME[k]} offering cards left.")
        cost = offering_cost(state, seat, k)
        if cost > state.wood[seat]:
            raise IllegalAction(f"A {OFFERING_NAME[k]} offering costs you {cost} wood; you have {state.wood[seat]}.")

    def _check_play(self, state: RapaNuiState, action: PlayCard, seat: int) -> None:
        card, n = action.card, action.count
        if card not in CARDS:
            raise IllegalAction("There is no such card in Rapa Nui.")
        if not isinstance(n, int) or n < 1:
            raise IllegalAction("Play at least one card.")
        have = state.hands[seat][card]  # type: ignore[index]
        if have == 0:
            raise IllegalAction(f"You have no {CARD_NAME[card]} in your hand.")
        if n > 1 and not is_gatherer(card):
            raise IllegalAction(f"Only hunter-gatherers can be played several at once; play one {CARD_NAME[card]}.")
        if n > MAX_GATHERERS_AT_ONCE:
            raise IllegalAction("At most 3 hunter-gatherers can be played at once.")
        if n > have:
            raise IllegalAction(f"You hold only {card_phrase(card, have)}.")
        wood = state.wood[seat]
        if card == "moai" and wood < MOAI_COST:
            raise IllegalAction(f"A Moai costs {MOAI_COST} wood; you have {wood}.")
        if is_gatherer(card) and play_cost(card, n) > wood:
            raise IllegalAction(f"Playing {card_phrase(card, n)} costs {play_cost(card, n)} wood; you have {wood}.")

    @staticmethod
    def _first(p: Pending) -> str:
        """What the seat must do before anything else, as a refusal."""
        if p.choice == "moai_reward":
            return f"First choose wood or fame for your {plural(p.moais, 'Moai')}."
        if p.choice == "gain":
            return (f"First choose another kind of offering card to take: the "
                    f"{OFFERING_NAME[p.offering or 'fish']} supply is empty.")
        if p.choice == "offer":
            return "First put one of your offering cards face up on the stone."
        if p.choice == "offer_face_down":
            return "First put one of your offering cards face down on the stone."
        return "First put an offering card from the supply face up on the stone."

    def _check_choice(self, state: RapaNuiState, p: Pending, action: Action, seat: int) -> None:
        expected = _EXPECTED[p.choice]
        if not isinstance(action, expected):
            raise IllegalAction(self._first(p))
        if isinstance(action, ChooseMoaiReward):
            if action.reward not in ("wood", "fame"):
                raise IllegalAction("Choose wood or fame.")
            return
        k = self._check_offering_kind(action.offering)  # type: ignore[attr-defined]
        name = OFFERING_NAME[k]
        if isinstance(action, SubstituteKind):
            if k == p.offering:
                raise IllegalAction(f"The {name} supply is empty; choose another kind.")
            if state.supply[k] <= 0:  # type: ignore[index]
                raise IllegalAction(f"The {name} supply is empty too; choose a kind that is left.")
            return
        if isinstance(action, (Offer, OfferFaceDown)):
            if state.offerings[seat][k] <= 0:  # type: ignore[index]
                raise IllegalAction(f"You have no {name} offering card.")
            return
        if isinstance(action, SupplyOffer):
            if state.supply[k] <= 0:  # type: ignore[index]
                raise IllegalAction(f"The supply has no {name} offering cards left.")
