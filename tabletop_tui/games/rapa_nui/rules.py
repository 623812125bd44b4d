"""Rapa Nui: the rules model (pure Python, no Textual).

Rulebook: shared/rules/rapa_nui.de.txt; rulings R1-R9 in DECISIONS.md.
Card data in ``cards``, scoring arithmetic in ``scoring``, actions in
``actions``, the state in ``state``, the per-seat view in ``view``.

A turn is three phases of the active player: "buy" (R4.1), "play" (R4.2),
"draw" (R4.3, one ``Draw`` per card). Scorings (R6) and offering rounds (R5)
put the choices other players must make into ``state.pending``, a queue whose
head's seat is the one to act; steps with no real choice resolve by
themselves.

Our own rulings (listed under "Table rulings" in assets/rules/rapa_nui.md):

- Seat order is clockwise; the left neighbour of seat s is s+1; seat 0 starts.
- Moai rewards are asked one owner at a time, from the active player
  clockwise; hunter-gatherer offerings are handed out in the same order, each
  player's base card first, the sole leader's extra card last.
- A refill needs 4 cards: with fewer left in the deck the row stays empty and
  those cards stay in the deck (the deck has run out, R7).
- If at the end of a turn no player can afford any card in hand, no card can
  ever be drawn again: the game ends then, as if the deck had run out.
- A choice with a single possible answer is made automatically.
"""

from __future__ import annotations

import functools
import random

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.engine.text import SEAT_NAMES, and_list, plural, seat_names
from tabletop_tui.games.rapa_nui import INFO

from . import bot, teaching
from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard,
                      RapaNuiAction, SkipBuy, SubstituteKind, SupplyOffer)
from .cards import (CARD_NAME, CARD_PLURAL, CARDS, COLOURS, HAND_SIZE, MAX_GATHERERS_AT_ONCE,
                    MOAI_COST, OFFERING_BASE_PRICE, OFFERING_NAME, OFFERINGS, OFFERINGS_PER_KIND, RAPA_NUI_DECK,
                    ROW_LENGTH, ROWS, START_GATHERERS, START_WOOD, empty_cards,
                    empty_offerings, is_gatherer, play_cost)
from .scoring import (final_breakdown, gatherer_gains, offering_values, ranking_winners, scoring_amounts,
                      sole_leader)
from .state import Pending, RapaNuiOptions, RapaNuiState
from . import text
from .text import card_phrase, offering_phrase
from .view import RapaNuiView, build_view, offering_cost, pending_options

__all__ = [
    "BuyOffering", "ChooseMoaiReward", "Draw", "Offer", "OfferFaceDown", "Pending", "PlayCard", "RapaNui",
    "RapaNuiAction", "RapaNuiOptions", "RapaNuiState", "RapaNuiView", "SkipBuy", "SubstituteKind",
    "SupplyOffer",
]

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
_NOT_MOAI = tuple(k for k in CARDS if k != "moai")


@functools.lru_cache(maxsize=4096)
def _plays_for(hand: tuple[tuple[str, int], ...], wood: int) -> tuple[tuple[tuple[str, int], ...], tuple[Action, ...]]:
    """R4.2 for a hand (its items) and wood: every affordable (card, count),
    and the matching PlayCard values. A pure function of its arguments."""
    have_of = dict(hand)
    out: list[tuple[str, int]] = []
    for card in CARDS:
        have = have_of[card]
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


class RapaNui(Game[RapaNuiState]):
    """Rapa Nui for 2-4 chieftains."""

    info = INFO
    options_model = RapaNuiOptions
    state_model = RapaNuiState
    action_type = RapaNuiAction
    hidden_information = True
    result_columns = {"moai_points": "Moai pts", "wood_points": "Wood pts", "offering_cards": "Offerings",
                      "offering_points": "Offer. pts"}
    hidden_fields = ("deck", "hands", "stone_down", "seed", "chance")
    action_rules = teaching.ACTION_RULES

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    def opening(self, state: RapaNuiState) -> list[Event]:
        """The market as dealt (every card shows), each seat's wood, and each
        hand to its own seat only."""
        rows = [f"row {r + 1}: " + ", ".join(CARD_NAME[c] for c in row[:-1]) + f" and, exposed, {card_phrase(row[-1])}"
                for r, row in enumerate(state.market) if row]
        out = [Event(text="The market is dealt: " + "; ".join(rows) + ".")]
        out.append(Event(text="Wood to start: " + and_list(
            [f"{{s{s}}} {state.wood[s]}" for s in range(state.players)]) + "."))
        for s in range(state.players):
            cards = [card_phrase(k, n) for k, n in state.hands[s].items() if n]
            out.append(Event(seat=s, private=True, text=f"Your hand: {and_list(cards)}."))
        return out

    def secrets_text(self, state: RapaNuiState, seat: Seat) -> str:
        """The seat's hand, e.g. "hand: 2 Fishers and a Priest"."""
        cards = [plural(n, CARD_NAME[k], CARD_PLURAL[k]) for k, n in state.hands[seat].items() if n]
        return f"hand: {and_list(cards)}" if cards else "hand: empty"

    # -- set-up -------------------------------------------------------------------
    def new_state(self, players: int, options: RapaNuiOptions | None, seed: int) -> RapaNuiState:
        if not (self.min_players <= players <= self.max_players):
            raise IllegalAction("Rapa Nui is for 2 to 4 players.")
        state = RapaNuiState(players=players, seed=seed)
        rng = chance_rng(state)
        deck: list[str] = [k for k in CARDS for _ in range(RAPA_NUI_DECK[k])]
        rng.shuffle(deck)
        # R3: 4 rows of 4, dealt from the top of the shuffled deck
        state.market = [[deck.pop() for _ in range(ROW_LENGTH)] for _ in range(ROWS)]  # type: ignore[misc]
        state.deck = deck  # type: ignore[assignment]
        for seat in range(players):
            hand = empty_cards()
            for g in START_GATHERERS[seat]:  # R1: three start hunter-gatherers in hand
                hand[g] += 1
            display = empty_cards()
            display["woodcutter"] = 1  # R1: the start woodcutter face up
            state.hands.append(hand)  # type: ignore[arg-type]
            state.displays.append(display)  # type: ignore[arg-type]
            state.offerings.append({k: 1 for k in OFFERINGS})  # type: ignore[misc]  # R2
            state.wood.append(START_WOOD[seat])  # R2: 2, 3, 4, 5
            state.fame.append(0)
        state.supply = {k: OFFERINGS_PER_KIND - players for k in OFFERINGS}  # type: ignore[misc]
        state.stone_up = empty_offerings()  # type: ignore[assignment]
        self._begin_turn(state, [])
        return state

    # -- helpers --------------------------------------------------------------------
    def _names(self, state: RapaNuiState) -> list[str]:
        """Seat placeholders ``{s0}``.. that the Match fills with player names
        (so the log reads "Ana drew a Priest")."""
        names = SEAT_NAMES.get(state.players)
        return names if names is not None else seat_names(state.players)

    def _order_from(self, state: RapaNuiState, first: int) -> list[int]:
        """Seats clockwise starting with ``first``."""
        return [(first + i) % state.players for i in range(state.players)]

    def _buyable(self, state: RapaNuiState, seat: int) -> list[str]:
        # offering_cost inlined: max(0, 5 - gatherers of that kind in the display)
        supply, display, wood = state.supply, state.displays[seat], state.wood[seat]
        return [k for k in OFFERINGS if supply[k] > 0
                and (c if (c := OFFERING_BASE_PRICE - display[k]) > 0 else 0) <= wood]  # type: ignore[index]

    def _plays(self, state: RapaNuiState, seat: int) -> tuple[tuple[str, int], ...]:
        """Every (card, count) ``seat`` can play and afford now (R4.2)."""
        wood = state.wood[seat]
        # only the thresholds 0, 1, 2 (gatherers) and 7 (Moai) matter: cap the key
        return _plays_for(tuple(state.hands[seat].items()), wood if wood < MOAI_COST else MOAI_COST)[0]

    def _can_play(self, state: RapaNuiState, seat: int) -> bool:
        hand = state.hands[seat]
        if any(hand[k] for k in _NOT_MOAI):  # type: ignore[index]
            return True
        return hand["moai"] > 0 and state.wood[seat] >= MOAI_COST  # type: ignore[index]

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
            wood = state.wood[seat]
            return list(_plays_for(tuple(state.hands[seat].items()), wood if wood < MOAI_COST else MOAI_COST)[1])
        if state.phase == "draw":
            market = state.market
            return [_DRAW[r] for r in range(ROWS) if market[r]]
        return []

    # -- validation ---------------------------------------------------------------------
    def check(self, state: RapaNuiState, action: Action, seat: Seat) -> None:
        """Every refusal, with its reason; never touches the state."""
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        actors = self.to_act(state)
        if seat not in actors:
            names = self._names(state)
            if state.pending:
                raise IllegalAction(f"It is {names[state.pending[0].seat]}'s turn to choose, not yours.")
            raise IllegalAction(f"It is {names[state.active]}'s turn, not yours.")
        if state.pending:
            self._check_choice(state, state.pending[0], action, seat)
            return
        phase = state.phase
        if isinstance(action, (ChooseMoaiReward, SubstituteKind, Offer, OfferFaceDown, SupplyOffer)):
            raise IllegalAction("There is no such choice to make now.")
        if phase == "buy":
            if isinstance(action, SkipBuy):
                return
            if isinstance(action, BuyOffering):
                self._check_buy(state, action, seat)
                return
            raise IllegalAction("First decide whether to buy an offering card (or skip buying).")
        if phase == "play":
            if isinstance(action, PlayCard):
                self._check_play(state, action, seat)
                return
            if isinstance(action, (BuyOffering, SkipBuy)):
                raise IllegalAction("Buying comes before playing; now play a card from your hand.")
            raise IllegalAction("Play a card from your hand before you take cards from the market.")
        if phase == "draw":
            if isinstance(action, Draw):
                row = action.row
                if not isinstance(row, int) or not (0 <= row < ROWS):
                    raise IllegalAction("There are only rows 1 to 4.")
                if not state.market[row]:
                    raise IllegalAction(f"Row {row + 1} is empty; take a card from another row.")
                return
            if isinstance(action, PlayCard):
                raise IllegalAction("You have already played a card this turn; now take cards from the market.")
            raise IllegalAction("Buying comes before playing; now take cards from the market.")
        raise IllegalAction("That move is not part of Rapa Nui.")

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

    # -- play ------------------------------------------------------------------------------
    def _play(self, state: RapaNuiState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) builds no events."""
        names = self._names(state)
        name = names[seat]
        events: list[Event] | None = None if quiet else []
        if isinstance(action, BuyOffering):
            k = action.offering
            cost = offering_cost(state, seat, k)
            state.wood[seat] -= cost
            state.supply[k] -= 1
            state.offerings[seat][k] += 1
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} bought {offering_phrase(k)} for {cost} wood."))
            state.phase = "play"
        elif isinstance(action, SkipBuy):
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} buys no offering card."))
            state.phase = "play"
        elif isinstance(action, PlayCard):
            self._play_card(state, action, seat, events)
        elif isinstance(action, Draw):
            self._draw(state, action.row, seat, events)
        elif isinstance(action, ChooseMoaiReward):
            p = state.pending.pop(0)
            if action.reward == "wood":
                state.wood[seat] += p.amount
            else:
                state.fame[seat] += p.amount
            bonus = " (with the bonus)" if p.bonus else ""
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} takes {p.amount} {action.reward} for "
                                                    f"{plural(p.moais, 'Moai')}{bonus}."))
        elif isinstance(action, SubstituteKind):
            p = state.pending.pop(0)
            self._gain(state, seat, action.offering)
            if events is not None:
                events.append(Event(seat=seat, text=f"The {OFFERING_NAME[p.offering or 'fish']} supply is empty: "
                                                    f"{name} takes {offering_phrase(action.offering)} instead."))
        elif isinstance(action, Offer):
            state.pending.pop(0)
            self._offer_up(state, seat, action.offering, events)
        elif isinstance(action, OfferFaceDown):
            state.pending.pop(0)
            self._offer_down(state, seat, action.offering, events)
        elif isinstance(action, SupplyOffer):
            state.pending.pop(0)
            self._offer_supply(state, seat, action.offering, events)
        self._advance(state, events)
        return events or []

    def play_silent(self, state: RapaNuiState, action: Action, seat: Seat) -> None:
        self._play(state, action, seat, quiet=True)

    def _play_card(self, state: RapaNuiState, action: PlayCard, seat: int, events: list[Event] | None) -> None:
        name = self._names(state)[seat]
        card, n = action.card, action.count
        cost = play_cost(card, n)
        state.wood[seat] -= cost
        state.hands[seat][card] -= n
        state.displays[seat][card] += n
        paid = f" for {cost} wood" if cost else ""
        state.phase = "draw"
        if card != "moai":
            if events is not None:
                events.append(Event(seat=seat, text=f"{name} played {card_phrase(card, n)}{paid}."))
            return
        # R5: the offering round, from the owner's left neighbour round the table
        others = self._order_from(state, seat)[1:]
        if events is not None:
            events.append(Event(seat=seat, text=f"{name} raised a Moai for {MOAI_COST} wood: an offering round "
                                                f"begins with {self._names(state)[others[0]]}."))
        for s in others:
            state.pending.append(Pending(choice="offer", seat=s))
        state.pending.append(Pending(choice="offer_face_down", seat=seat))
        state.pending.append(Pending(choice="supply_offer", seat=seat))

    def _offer_up(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        state.offerings[seat][k] -= 1  # type: ignore[index]
        state.stone_up[k] += 1  # type: ignore[index]
        if events is not None:
            events.append(Event(seat=seat, text=f"{self._names(state)[seat]} put {offering_phrase(k)} face up "
                                                f"on the stone."))

    def _offer_down(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        name = self._names(state)[seat]
        state.offerings[seat][k] -= 1  # type: ignore[index]
        state.stone_down.append((seat, k))  # type: ignore[arg-type]
        if events is not None:
            events.append(Event(seat=seat, text=f"{name} put an offering card face down on the stone."))
            events.append(Event(seat=seat, private=True,
                                text=f"You put {offering_phrase(k)} face down on the stone."))

    def _offer_supply(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        state.supply[k] -= 1  # type: ignore[index]
        state.stone_up[k] += 1  # type: ignore[index]
        if events is not None:
            events.append(Event(seat=seat, text=f"{self._names(state)[seat]} put {offering_phrase(k)} from the "
                                                f"supply face up on the stone."))

    def _gain(self, state: RapaNuiState, seat: int, k: str) -> None:
        state.supply[k] -= 1  # type: ignore[index]
        state.offerings[seat][k] += 1  # type: ignore[index]

    def _draw(self, state: RapaNuiState, r: int, seat: int, events: list[Event] | None) -> None:
        """R4.3: take the exposed card of row ``r``; score the newly exposed card."""
        name = self._names(state)[seat]
        row = state.market[r]
        card = row.pop()
        state.hands[seat][card] += 1
        took = f"{name} drew {card_phrase(card)} from row {r + 1}" if events is not None else ""
        if row:
            self._score(state, row[-1], events, lead=took + "; ", reveals=True)
            return
        if len(state.deck) >= ROW_LENGTH:
            new = [state.deck.pop() for _ in range(ROW_LENGTH)]
            state.market[r] = new
            if events is not None:
                events.append(Event(seat=seat, reveals=True, text=took + "."))
                shown = ", ".join(CARD_NAME[c] for c in new[:-1])
                events.append(Event(reveals=True, text=f"Row {r + 1} was refilled from the deck: {shown} and, "
                                                       f"exposed, {card_phrase(new[-1])}."))
            if not state.deck:
                state.end_triggered = True  # R7: the refill took the deck's last cards
                if events is not None:
                    events.append(Event(text="That was the last of the deck: the game ends after this turn."))
            self._score(state, new[-1], events, lead="")
            return
        # R4.3/R7: the deck cannot refill the row: it stays empty, nothing is scored
        state.end_triggered = True
        if events is not None:
            events.append(Event(seat=seat, reveals=True,
                                text=f"{took}. The deck cannot refill row {r + 1}, so it stays empty and nothing "
                                     f"is scored. The deck has run out: the game ends after this turn."))

    def _score(self, state: RapaNuiState, kind: str, events: list[Event] | None, lead: str,
               reveals: bool = False) -> None:
        """R6: score ``kind`` for every player (the exposed card's kind)."""
        names = self._names(state)
        order = self._order_from(state, state.active)
        counts = [state.displays[s][kind] for s in range(state.players)]  # type: ignore[index]
        title = f"{CARD_PLURAL[kind]} scored: " if events is not None else ""
        if not any(counts):
            text = title + f"no one has {card_phrase(kind)}." if events is not None else ""
        elif kind in ("woodcutter", "priest"):
            amounts = scoring_amounts(counts)
            leader = sole_leader(counts)
            unit = "wood" if kind == "woodcutter" else "fame"
            parts = []
            for s in order:
                if amounts[s]:
                    if kind == "woodcutter":
                        state.wood[s] += amounts[s]
                    else:
                        state.fame[s] += amounts[s]
                    if events is not None:
                        parts.append(f"{names[s]} +{amounts[s]} {unit}" + (" (with the bonus)" if s == leader else ""))
            text = title + ", ".join(parts) + "."
        elif kind == "moai":
            amounts = scoring_amounts(counts)
            leader = sole_leader(counts)
            parts = []
            for s in order:
                if counts[s]:
                    state.pending.append(Pending(choice="moai_reward", seat=s, amount=amounts[s],
                                                 moais=counts[s], bonus=s == leader))
                    if events is not None:
                        parts.append(f"{names[s]} {amounts[s]}" + (" (with the bonus)" if s == leader else ""))
            text = title + and_list(parts) + "; each owner chooses wood or fame."
        else:
            gains = gatherer_gains(counts)
            leader = sole_leader(counts)
            parts = []
            for s in order:  # base cards first, in order from the active player
                if counts[s]:
                    state.pending.append(Pending(choice="gain", seat=s, offering=kind))  # type: ignore[arg-type]
                    if events is not None:
                        parts.append(f"{names[s]} +{plural(gains[s], OFFERING_NAME[kind] + ' offering')}"
                                     + (" (with the bonus)" if s == leader else ""))
            if leader is not None:  # then the sole leader's extra card
                state.pending.append(Pending(choice="gain", seat=leader, offering=kind, bonus=True))  # type: ignore[arg-type]
            text = title + ", ".join(parts) + "."
        if events is not None:
            events.append(Event(seat=state.active, text=lead + text, reveals=reveals))

    # -- flow ---------------------------------------------------------------------------------
    def _auto_resolve(self, state: RapaNuiState, events: list[Event] | None) -> bool:
        """Resolve the pending head if it leaves no real choice; True if it did."""
        p = state.pending[0]
        name = self._names(state)[p.seat]
        if p.choice == "moai_reward":
            return False
        if p.choice == "gain":
            k = p.offering or "fish"
            if state.supply[k] > 0:  # type: ignore[index]
                state.pending.pop(0)
                self._gain(state, p.seat, k)
                return True
            left = [x for x in OFFERINGS if state.supply[x] > 0]  # type: ignore[index]
            if len(left) > 1:
                return False
            state.pending.pop(0)
            if left:
                self._gain(state, p.seat, left[0])
                if events is not None:
                    events.append(Event(seat=p.seat, text=f"The {OFFERING_NAME[k]} supply is empty: {name} takes "
                                                          f"{offering_phrase(left[0])}, the only kind left."))
            else:
                if events is not None:
                    events.append(Event(seat=p.seat, text=f"The offering supply is empty: {name} gains nothing."))
            return True
        if p.choice in ("offer", "offer_face_down"):
            have = [x for x in OFFERINGS if state.offerings[p.seat][x] > 0]  # type: ignore[index]
            if len(have) > 1:
                return False
            state.pending.pop(0)
            if not have:
                if events is not None:
                    events.append(Event(seat=p.seat, text=f"{name} has no offering card to put on the stone."))
            elif p.choice == "offer":
                self._offer_up(state, p.seat, have[0], events)
            else:
                self._offer_down(state, p.seat, have[0], events)
            return True
        left = [x for x in OFFERINGS if state.supply[x] > 0]  # type: ignore[index]
        if len(left) > 1:
            return False
        state.pending.pop(0)
        if left:
            self._offer_supply(state, p.seat, left[0], events)
        else:
            if events is not None:
                events.append(Event(seat=p.seat, text=f"The offering supply is empty: {name} adds nothing from it."))
        return True

    def _advance(self, state: RapaNuiState, events: list[Event] | None) -> None:
        """Run every automatic step until someone must choose or the game ends."""
        while state.phase != "over":
            if state.pending:
                if self._auto_resolve(state, events):
                    continue
                return
            seat = state.active
            if state.phase == "buy":
                return
            if state.phase == "play":
                if self._plays(state, seat):
                    return
                if events is not None:
                    events.append(Event(seat=seat, text=f"{self._names(state)[seat]} can afford no card in hand, "
                                                        f"so plays none and draws none this turn."))
                self._end_turn(state, events)
                continue
            # draw
            if state.hand_size(seat) < HAND_SIZE:
                if any(state.market):
                    return
                if events is not None:
                    events.append(Event(seat=seat, text="The market is empty: no more cards can be taken."))
            self._end_turn(state, events)

    def _begin_turn(self, state: RapaNuiState, events: list[Event] | None) -> None:
        # R4.1 is skipped when no purchase is possible
        state.phase = "buy" if self._buyable(state, state.active) else "play"
        self._advance(state, events)

    def _end_turn(self, state: RapaNuiState, events: list[Event] | None) -> None:
        if state.end_triggered:  # R7
            self._finish(state, "The deck has run out.", events)
            return
        if not any(self._can_play(state, s) for s in range(state.players)):
            # Our ruling: nobody can ever play (and so draw) again.
            self._finish(state, "No one can afford any card in hand, so no card can be drawn again.", events)
            return
        state.active = (state.active + 1) % state.players
        state.turn += 1
        state.phase = "buy" if self._buyable(state, state.active) else "play"

    def _finish(self, state: RapaNuiState, reason: str, events: list[Event] | None) -> None:
        state.phase = "over"
        state.pending = []
        res = self.result(state)
        state.end_reason = f"{reason} {res.summary}"
        if state.stone_down:
            down = empty_offerings()
            for _, k in state.stone_down:
                down[k] += 1
            shown = and_list([offering_phrase(k, n) for k, n in down.items() if n])
            if events is not None:
                events.append(Event(reveals=True, text=f"The face-down offerings are turned up: {shown}."))
        vals = offering_values(self._stone_counts(state))
        if events is not None:
            events.append(Event(text="Offering cards are worth: " + ", ".join(
                f"{OFFERING_NAME[k]} {vals[k]}" for k in OFFERINGS) + "."))
        names = self._names(state)
        if events is not None:
            events.append(Event(reveals=True, text="Final scores: " + ", ".join(
                f"{names[s]} {int(res.scores[s])}" for s in range(state.players)) + "."))
            events.append(Event(text=state.end_reason))

    def _stone_counts(self, state: RapaNuiState) -> dict[str, int]:
        counts = dict(state.stone_up)
        for _, k in state.stone_down:
            counts[k] += 1
        return counts

    # -- end -----------------------------------------------------------------------------------
    def is_over(self, state: RapaNuiState) -> bool:
        return state.phase == "over"

    def result(self, state: RapaNuiState) -> Result:
        """R8: final scores; winners by points, then Moais, else shared."""
        names = self._names(state)
        vals = offering_values(self._stone_counts(state))
        details = {s: final_breakdown(state.fame[s], state.displays[s]["moai"], state.wood[s],
                                      dict(state.offerings[s]), vals)  # type: ignore[index]
                   for s in range(state.players)}
        totals = [details[s]["total"] for s in range(state.players)]
        moais = [details[s]["moai"] for s in range(state.players)]
        winners = ranking_winners(totals, moais)
        best = totals[winners[0]]
        if len(winners) == 1:
            w = winners[0]
            tied = [s for s in range(state.players) if totals[s] == best and s != w]
            how = f" (more Moais than {and_list([names[s] for s in tied])})" if tied else ""
            summary = f"{names[w]} wins with {best} points{how}."
        else:
            summary = (f"{and_list([names[s] for s in winners])} share the win with {best} points "
                       f"and {plural(moais[winners[0]], 'Moai')} each.")
        stone = self._stone_counts(state)
        worth = ", ".join(f"{OFFERING_NAME[k]} {vals[k]} ({stone[k]}{' on the stone' if i == 0 else ''})"
                          for i, k in enumerate(OFFERINGS))
        return Result(winners=winners, scores={s: float(totals[s]) for s in range(state.players)},
                      details={s: dict(d) for s, d in details.items()}, summary=summary,
                      condition="Most points wins (fame, 4 per Moai, 1 per 5 wood, and each offering card "
                                "in hand by the stone); a tie goes to the most Moai. An offering card in "
                                f"hand is worth, by the cards on the stone (face-down ones turned up): {worth}.")

    # -- information ------------------------------------------------------------------------------
    def view(self, state: RapaNuiState, seat: Seat | None) -> RapaNuiView:
        return build_view(state, seat, self._names(state), self.status(state, seat))

    def clone(self, state: RapaNuiState) -> RapaNuiState:
        new = state.model_copy()
        new.deck = list(state.deck)
        new.market = [list(r) for r in state.market]
        new.hands = [dict(h) for h in state.hands]
        new.displays = [dict(d) for d in state.displays]
        new.wood = list(state.wood)
        new.fame = list(state.fame)
        new.offerings = [dict(o) for o in state.offerings]
        new.supply = dict(state.supply)
        new.stone_up = dict(state.stone_up)
        new.stone_down = list(state.stone_down)  # tuples
        new.pending = list(state.pending)  # Pending is frozen
        return new

    # -- for the search bot (games/rapa_nui/bot.py) --------------------------------------------
    playout_depth = bot.PLAYOUT_DEPTH

    def determinize(self, state: RapaNuiState, seat: Seat, rng: random.Random) -> RapaNuiState:
        return bot.determinize(self, state, seat, rng)

    def heuristics(self, state: RapaNuiState) -> list[float]:
        return bot.heuristics(self, state)

    def search_actions(self, state: RapaNuiState, seat: Seat) -> list[Action]:
        return bot.search_actions(self, state, seat)

    # -- teaching -------------------------------------------------------------------------------
    def rule_of(self, state: RapaNuiState, action: Action, seat: Seat) -> str | None:
        """The rules page's rule the move follows (see ``teaching.rule_of``)."""
        return teaching.rule_of(state, action, seat)

    def why(self, state: RapaNuiState, action: Action, seat: Seat, rng: random.Random) -> str:
        """What the move does for the seat, from its own view (see ``teaching.why``)."""
        reward = state.pending[0].amount if state.pending and state.pending[0].choice == "moai_reward" else 0
        return teaching.why(self.view(state, seat), action, seat, reward)

    # -- text -----------------------------------------------------------------------------------
    def describe_action(self, state: RapaNuiState, action: Action, seat: Seat) -> str:
        cost = offering_cost(state, seat, action.offering) if isinstance(action, BuyOffering) else 0
        return text.describe(state, action, seat, cost)

    def status(self, state: RapaNuiState, seat: Seat | None) -> str:
        return text.status(state, self._names(state))
