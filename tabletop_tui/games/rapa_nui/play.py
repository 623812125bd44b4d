"""Rapa Nui: playing a checked action (R4-R5): buying, playing cards,
offerings, drawing. The log's sentences are written here and skipped on the
search bot's silent path (``quiet``). The ``Play`` part of the Game."""

from __future__ import annotations

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event, Seat
from tabletop_tui.engine.text import plural

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy, SubstituteKind,
                      SupplyOffer)
from .data import CARD_NAME, MOAI_COST, OFFERING_NAME, ROW_LENGTH, card_phrase, offering_phrase, play_cost
from .legal import offering_cost
from .state import OFFER, ORDERS, RapaNuiState


class Play:
    """What a checked action does (mixed into :class:`~.rules.RapaNui`)."""

    # -- play ------------------------------------------------------------------------------
    def _play(self, state: RapaNuiState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) builds no events."""
        events: list[Event] | None = None if quiet else []
        if isinstance(action, Draw):  # the commonest first
            self._draw(state, action.row, seat, events)
        elif isinstance(action, PlayCard):
            self._play_card(state, action, seat, events)
        elif isinstance(action, BuyOffering):
            k = action.offering
            cost = offering_cost(state, seat, k)
            state.wood[seat] -= cost
            state.supply[k] -= 1
            state.offerings[seat][k] += 1
            if events is not None:
                events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} bought {offering_phrase(k)} "
                                                    f"for {cost} wood."))
            state.phase = "play"
        elif isinstance(action, SkipBuy):
            if events is not None:
                events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} buys no offering card."))
            state.phase = "play"
        elif isinstance(action, ChooseMoaiReward):
            p = state.pending.pop(0)
            if action.reward == "wood":
                state.wood[seat] += p.amount
            else:
                state.fame[seat] += p.amount
            if events is not None:
                bonus = " (with the bonus)" if p.bonus else ""
                events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} takes {p.amount} "
                                                    f"{action.reward} for {plural(p.moais, 'Moai')}{bonus}."))
        elif isinstance(action, SubstituteKind):
            p = state.pending.pop(0)
            self._gain(state, seat, action.offering)
            if events is not None:
                events.append(Event(seat=seat, text=f"The {OFFERING_NAME[p.offering or 'fish']} supply is empty: "
                                                    f"{self.placeholders(state)[seat]} takes "
                                                    f"{offering_phrase(action.offering)} instead."))
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
        card, n = action.card, action.count
        cost = play_cost(card, n)
        state.wood[seat] -= cost
        state.hands[seat][card] -= n
        state.displays[seat][card] += n
        state.phase = "draw"
        if card != "moai":
            if events is not None:
                paid = f" for {cost} wood" if cost else ""
                events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} played "
                                                    f"{card_phrase(card, n)}{paid}."))
            return
        # R5: the offering round, from the owner's left neighbour round the table
        others = ORDERS[state.players][seat][1:]
        if events is not None:
            names = self.placeholders(state)
            events.append(Event(seat=seat, text=f"{names[seat]} raised a Moai for {MOAI_COST} wood: an offering "
                                                f"round begins with {names[others[0]]}."))
        pending = state.pending
        pending.extend(OFFER["offer"][s] for s in others)
        pending.append(OFFER["offer_face_down"][seat])
        pending.append(OFFER["supply_offer"][seat])

    def _offer_up(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        state.offerings[seat][k] -= 1  # type: ignore[index]
        state.stone_up[k] += 1  # type: ignore[index]
        if events is not None:
            events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} put {offering_phrase(k)} face up "
                                                f"on the stone."))

    def _offer_down(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        state.offerings[seat][k] -= 1  # type: ignore[index]
        state.stone_down.append((seat, k))  # type: ignore[arg-type]
        if events is not None:
            events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} put an offering card face down on the stone."))
            events.append(Event(seat=seat, private=True,
                                text=f"You put {offering_phrase(k)} face down on the stone."))

    def _offer_supply(self, state: RapaNuiState, seat: int, k: str, events: list[Event] | None) -> None:
        state.supply[k] -= 1  # type: ignore[index]
        state.stone_up[k] += 1  # type: ignore[index]
        if events is not None:
            events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} put {offering_phrase(k)} from the "
                                                f"supply face up on the stone."))

    def _gain(self, state: RapaNuiState, seat: int, k: str) -> None:
        state.supply[k] -= 1  # type: ignore[index]
        state.offerings[seat][k] += 1  # type: ignore[index]

    def _draw(self, state: RapaNuiState, r: int, seat: int, events: list[Event] | None) -> None:
        """R4.3: take the exposed card of row ``r``; score the newly exposed card."""
        row = state.market[r]
        card = row.pop()
        state.hands[seat][card] += 1
        took = f"{self.placeholders(state)[seat]} drew {card_phrase(card)} from row {r + 1}" if events is not None else ""
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
