"""Rapa Nui: the flow of a turn and the game (R6-R7): scorings as a row's
card is exposed, the choices they queue, the next turn and the end. The
``Turns`` part of the Game."""

from __future__ import annotations

import functools

from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import and_list, plural

from .data import (CARD_PLURAL, CARDS, GATHERERS, HAND_SIZE, OFFERING_NAME, OFFERINGS, card_phrase, empty_offerings,
                   offering_phrase)
from .legal import can_play
from .scoring import offering_values, sole_leader
from .state import GAIN, ORDERS, RapaNuiState, moai_reward


#: the log's words for a scoring, by kind (see ``Turns._score_text``)
_TITLE = {k: f"{CARD_PLURAL[k]} scored: " for k in CARDS}
_NOBODY = {k: f"{CARD_PLURAL[k]} scored: no one has {card_phrase(k)}." for k in CARDS}
_UNIT = {"woodcutter": "wood", "priest": "fame"}
#: a hunter-gatherer scoring's gain, without and with the sole leader's bonus
_GAINED = {k: ("+" + plural(1, OFFERING_NAME[k] + " offering"), "+" + plural(2, OFFERING_NAME[k] + " offering"))
           for k in GATHERERS}


@functools.lru_cache(maxsize=8192)
def score_text(kind: str, counts: tuple[int, ...], active: int, names: tuple[str, ...]) -> str:
    """The log line of a scoring of ``kind`` (R6) with these display counts,
    the seats named ``names`` and counted from ``active``: a pure function
    of its arguments, so each line is written once."""
    if not any(counts):
        return _NOBODY[kind]
    leader = sole_leader(counts)
    gained = _GAINED.get(kind)
    unit = _UNIT.get(kind)
    parts = []
    for s in ORDERS[len(counts)][active]:
        n = counts[s]
        if n:
            bonus = s == leader
            if gained is not None:  # a hunter-gatherer: 1 offering card, the sole leader 2
                what = gained[bonus]
            elif unit is not None:
                what = f"+{n + bonus} {unit}"
            else:  # Moai: the owner chooses wood or fame
                what = str(n + bonus)
            parts.append(f"{names[s]} {what} (with the bonus)" if bonus else f"{names[s]} {what}")
    if kind == "moai":
        return _TITLE[kind] + and_list(parts) + "; each owner chooses wood or fame."
    return _TITLE[kind] + ", ".join(parts) + "."


class Turns:
    """Scorings, offering rounds and the turn order (mixed into
    :class:`~.rules.RapaNui`)."""

    def _score(self, state: RapaNuiState, kind: str, events: list[Event] | None, lead: str,
               reveals: bool = False) -> None:
        """R6: score ``kind`` for every player (the exposed card's kind)."""
        counts = [d[kind] for d in state.displays]  # type: ignore[index]
        if any(counts):
            leader = sole_leader(counts)
            order = ORDERS[state.players][state.active]
            if kind == "woodcutter" or kind == "priest":
                gains = state.wood if kind == "woodcutter" else state.fame
                for s in order:
                    if counts[s]:
                        gains[s] += counts[s] + (s == leader)
            elif kind == "moai":
                for s in order:
                    if counts[s]:
                        state.pending.append(moai_reward(s, counts[s] + (s == leader), counts[s], s == leader))
            else:
                for s in order:  # base cards first, in order from the active player
                    if counts[s]:
                        state.pending.append(GAIN[s, kind, False])
                if leader is not None:  # then the sole leader's extra card
                    state.pending.append(GAIN[leader, kind, True])
        if events is not None:
            events.append(Event(seat=state.active, text=lead + self._score_text(state, kind, counts),
                                 reveals=reveals))

    def _score_text(self, state: RapaNuiState, kind: str, counts: list[int]) -> str:
        """What a scoring of ``kind`` gave, for the log (R6 as ``_score`` pays it)."""
        return score_text(kind, tuple(counts), state.active, tuple(self.placeholders(state)))

    # -- flow ---------------------------------------------------------------------------------
    def _auto_resolve(self, state: RapaNuiState, events: list[Event] | None) -> bool:
        """Resolve the pending head if it leaves no real choice; True if it did."""
        p = state.pending[0]
        choice = p.choice
        if choice == "moai_reward":
            return False
        if choice == "gain":
            k = p.offering or "fish"
            supply = state.supply
            if supply[k] > 0:  # type: ignore[index]
                state.pending.pop(0)
                self._gain(state, p.seat, k)
                return True
            left = [x for x in OFFERINGS if supply[x] > 0]  # type: ignore[index]
            if len(left) > 1:
                return False
            state.pending.pop(0)
            if left:
                self._gain(state, p.seat, left[0])
                if events is not None:
                    events.append(Event(seat=p.seat, text=f"The {OFFERING_NAME[k]} supply is empty: "
                                                          f"{self.placeholders(state)[p.seat]} takes "
                                                          f"{offering_phrase(left[0])}, the only kind left."))
            elif events is not None:
                events.append(Event(seat=p.seat, text=f"The offering supply is empty: "
                                                      f"{self.placeholders(state)[p.seat]} gains nothing."))
            return True
        if choice == "offer" or choice == "offer_face_down":
            hand = state.offerings[p.seat]
            have = [x for x in OFFERINGS if hand[x] > 0]  # type: ignore[index]
            if len(have) > 1:
                return False
            state.pending.pop(0)
            if not have:
                if events is not None:
                    events.append(Event(seat=p.seat, text=f"{self.placeholders(state)[p.seat]} has no offering "
                                                          f"card to put on the stone."))
            elif choice == "offer":
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
        elif events is not None:
            events.append(Event(seat=p.seat, text=f"The offering supply is empty: "
                                                  f"{self.placeholders(state)[p.seat]} adds nothing from it."))
        return True

    def _advance(self, state: RapaNuiState, events: list[Event] | None) -> None:
        """Run every automatic step until someone must choose or the game ends."""
        while (phase := state.phase) != "over":
            if state.pending:
                if self._auto_resolve(state, events):
                    continue
                return
            if phase == "buy":
                return
            seat = state.active
            if phase == "play":
                if can_play(state.hands[seat], state.wood[seat]):  # the same test as a non-empty _plays
                    return
                if events is not None:
                    events.append(Event(seat=seat, text=f"{self.placeholders(state)[seat]} can afford no card in hand, "
                                                        f"so plays none and draws none this turn."))
                self._end_turn(state, events)
                continue
            # draw
            if sum(state.hands[seat].values()) < HAND_SIZE:
                if any(state.market):
                    return
                if events is not None:
                    events.append(Event(seat=seat, text="The market is empty: no more cards can be taken."))
            self._end_turn(state, events)

    def _begin_turn(self, state: RapaNuiState, events: list[Event] | None) -> None:
        # R4.1 is skipped when no purchase is possible
        state.phase = "buy" if self._can_buy(state, state.active) else "play"
        self._advance(state, events)

    def _end_turn(self, state: RapaNuiState, events: list[Event] | None) -> None:
        if state.end_triggered:  # R7
            self._finish(state, "The deck has run out.", events)
            return
        if not any(map(can_play, state.hands, state.wood)):
            # Our ruling: nobody can ever play (and so draw) again.
            self._finish(state, "No one can afford any card in hand, so no card can be drawn again.", events)
            return
        state.active = (state.active + 1) % state.players
        state.turn += 1
        state.phase = "buy" if self._can_buy(state, state.active) else "play"

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
