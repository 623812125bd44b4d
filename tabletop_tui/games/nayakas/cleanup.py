"""Nayakas: the turn order and the round: who acts next, the end of the
worker phase, the automatic cleanup (Events, markets, the Conch) and the
Events' rewards. The ``Rounds`` part of the Game."""

from __future__ import annotations

from tabletop_tui.engine.game import Event

from .data import ARTISANS, C
from .moves import SETUP, _order, _Quiet, log_event
from .spaces import face_up, is_event
from .state import NayakasState


class Rounds:
    """Turn order, phases and the cleanup (mixed into :class:`~.rules.Nayakas`)."""

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
        n, turn, passed = st.players, st.turn, st.passed
        worker = st.phase == "worker"
        for step in range(1, n + 1):
            s = (turn + step) % n
            if passed[s]:
                continue
            if worker:  # ``_can_act`` of the worker phase, inline
                p = st.seats[s]
                able = p.avail_laborers + p.avail_diplomats > 0
            else:
                able = self._can_act(st, s)
            if not able:
                passed[s] = True
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
        loud = type(ev) is not _Quiet  # the search's silent path writes no log
        for s in _order(st, st.conch):
            p = st.seats[s]
            left = p.avail_laborers + p.avail_diplomats
            fu = face_up(st, s)
            if fu["end_worker_gold"] and left:
                self._gain(st, s, {"gold": 2 * left * fu["end_worker_gold"]})
                if loud:
                    ev.append(log_event(f"{names[s]} gains {2 * left * fu['end_worker_gold']} Gold for idle "
                                    "workers.", seat=s))
        for s in _order(st, st.conch):
            p = st.seats[s]
            if face_up(st, s)["end_worker_conch"] and p.avail_laborers + p.avail_diplomats:
                st.conch = s  # resolved in player order: the last one keeps it
                if loud:
                    ev.append(log_event(f"{names[s]} takes the Conch (Patient Claim).", seat=s))
        st.phase = "build"
        if loud:
            ev.append(log_event("The build phase begins."))
        self._start_phase(st, ev)

    def _cleanup(self, st: NayakasState, ev: list[Event]) -> None:
        names = self._names(st)
        loud = type(ev) is not _Quiet  # the search's silent path writes no log
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
        if new is not None and loud:
            tile = C.event[new].name if is_event(new) else C.merchant[new].name
            ev.append(log_event(f"{tile} arrives at Trading Post I.", reveals=True))
        if is_event(new):
            for s in _order(st, st.conch):
                if st.dev_deck:  # Ruling: with the deck empty, the remaining players draw nothing.
                    st.seats[s].hand.append(st.dev_deck.pop())
                    if loud:
                        ev.append(log_event(f"{names[s]} draws a development card.", seat=s))
                        ev.append(log_event(f"You draw {C.card[st.seats[s].hand[-1]].name}.", seat=s,
                                        private=True))
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
        if loud:
            ev.append(log_event(f"Round {st.round} begins."))
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
            if type(ev) is not _Quiet:
                ev.append(log_event(f"{C.event[event].name} expires: {names[s]} is "
                                f"{'first' if place == 0 else 'second'} and gains {gain} Prosperity.", seat=s))
        for p in st.seats:
            p.tokens = SETUP.event_tokens
