"""Rapa Nui: the flow of a turn and the game (R6-R7): scorings as a row's
card is exposed, the choices they queue, the next turn and the end. The
``Turns`` part of the Game."""

from __future__ import annotations

from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import and_list, plural

from .data import CARD_PLURAL, HAND_SIZE, OFFERING_NAME, OFFERINGS, card_phrase, empty_offerings, offering_phrase
from .scoring import gatherer_gains, offering_values, scoring_amounts, sole_leader
from .state import Pending, RapaNuiState


class Turns:
    """Scorings, offering rounds and the turn order (mixed into
    :class:`~.rules.RapaNui`)."""

    def _score(self, state: RapaNuiState, kind: str, events: list[Event] | None, lead: str,
               reveals: bool = False) -> None:
        """R6: score ``kind`` for every player (the exposed card's kind)."""
        names = self.placeholders(state)
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
        name = self.placeholders(state)[p.seat]
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
                    events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} can afford no card in hand, "
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
        names = self.placeholders(state)
        if events is not None:
            events.append(Event(reveals=True, text="Final scores: " + ", ".join(
                f"{names[s]} {int(res.scores[s])}" for s in range(state.players)) + "."))
            events.append(Event(text=state.end_reason))

    def _stone_counts(self, state: RapaNuiState) -> dict[str, int]:
        counts = dict(state.stone_up)
        for _, k in state.stone_down:
            counts[k] += 1
        return counts
