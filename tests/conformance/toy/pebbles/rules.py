"""Pebbles: the rules model (legality and play; no Textual, no words but
the refusals': the log's sentences come from the text role)."""

from __future__ import annotations

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.games.pebbles import INFO

from .actions import PebblesAction, Skip, Take
from .data import COLOURS, MOST
from .state import PebblesOptions, PebblesState

_TAKE = {n: Take.model_construct(kind="take", count=n) for n in range(1, MOST + 1)}
_SKIP = Skip.model_construct(kind="skip")


class Pebbles(Game[PebblesState]):
    info = INFO
    options_model = PebblesOptions
    state_model = PebblesState
    action_type = PebblesAction
    action_rules = {"take": "Taking", "skip": "Skipping"}

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    def new_state(self, players: int, options: PebblesOptions | None, seed: int) -> PebblesState:
        opts = options or PebblesOptions()
        state = PebblesState(players=players, seed=seed, pile=opts.pile, skipped=[False] * players)
        state.turn = chance_rng(state).randrange(players)  # who starts is drawn
        return state

    def to_act(self, state: PebblesState) -> list[Seat]:
        return [] if state.phase == "over" else [state.turn]

    def legal_actions(self, state: PebblesState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        out: list[Action] = [_TAKE[n] for n in range(1, min(MOST, state.pile) + 1)]
        return out + ([] if state.skipped[seat] else [_SKIP])

    def check(self, state: PebblesState, action: Action, seat: Seat) -> None:
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        if isinstance(action, Take) and action.count > state.pile:
            raise IllegalAction(f"Only {state.pile} pebbles are left.")
        if isinstance(action, Skip) and state.skipped[seat]:
            raise IllegalAction("You have used your skip.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("That move is not allowed now.")

    def _play(self, state: PebblesState, action: Action, seat: Seat) -> list[Event]:
        if isinstance(action, Skip):
            state.skipped[seat] = True
            events = [Event(seat=seat, text=self.text.skipped(seat))]
        else:
            state.pile -= action.count
            events = [Event(seat=seat, text=self.text.took(seat, action.count, state.pile))]
        if state.pile == 0:
            state.phase, state.winner = "over", seat
            events.append(Event(seat=seat, text=self.text.won(seat)))
        else:
            state.turn = (state.turn + 1) % state.players
        return events

    def is_over(self, state: PebblesState) -> bool:
        return state.phase == "over"

    def result(self, state: PebblesState) -> Result:
        winners = [] if state.winner is None else [state.winner]
        return Result(winners=winners, summary=self.text.won(state.winner) if winners else "",
                      condition="Whoever takes the last pebble wins.")

    def clone(self, state: PebblesState) -> PebblesState:
        return state.model_copy(update={"skipped": list(state.skipped)})
