"""Helpers for the Rapa Nui tests: hand-built positions, refusal checks and
the invariants every reachable state must keep."""

from __future__ import annotations

from tabletop_tui.games.rapa_nui.data import (
    CARDS, OFFERINGS, OFFERINGS_PER_KIND, RAPA_NUI_DECK, START_CARDS_PER_COLOUR, all_cards,
)
from tabletop_tui.games.rapa_nui.rules import RapaNui, RapaNuiState
from tabletop_tui.games.rapa_nui.state import Pending

from ..refusals import assert_readable, assert_refused  # noqa: F401 (re-exported)

GAME = RapaNui()
GREEN, BLUE, RED, VIOLET = 0, 1, 2, 3


def cards(**counts: int) -> dict[str, int]:
    """A full kind -> count dict of cards, e.g. ``cards(moai=2, fish=1)``."""
    out = {k: 0 for k in CARDS}
    for k, n in counts.items():
        assert k in out, k
        out[k] = n
    return out


def offs(**counts: int) -> dict[str, int]:
    """A full kind -> count dict of offering cards."""
    out = {k: 0 for k in OFFERINGS}
    for k, n in counts.items():
        assert k in out, k
        out[k] = n
    return out


def position(players: int = 2, *, active: int = 0, phase: str = "play", hands=None, displays=None,
             wood=None, fame=None, offerings=None, market=None, deck=None, supply=None, stone_up=None,
             stone_down=None, pending=None, end_triggered: bool = False, seed: int = 7) -> RapaNuiState:
    """A hand-built position. Everything not given comes from a fresh game of
    ``players`` with ``seed`` (hands, displays, market, deck ...). Hand-built
    positions need not conserve cards; random-play tests check that."""
    state = GAME.new_state(players, None, seed)
    state.active = active
    state.phase = phase  # type: ignore[assignment]
    if hands is not None:
        state.hands = [dict(h) for h in hands]
    if displays is not None:
        state.displays = [dict(d) for d in displays]
    if wood is not None:
        state.wood = list(wood)
    if fame is not None:
        state.fame = list(fame)
    if offerings is not None:
        state.offerings = [dict(o) for o in offerings]
    if market is not None:
        state.market = [list(r) for r in market]
    if deck is not None:
        state.deck = list(deck)
    if supply is not None:
        state.supply = dict(supply)
    if stone_up is not None:
        state.stone_up = dict(stone_up)
    if stone_down is not None:
        state.stone_down = [tuple(x) for x in stone_down]
    if pending is not None:
        state.pending = [p if isinstance(p, Pending) else Pending(**p) for p in pending]
    state.end_triggered = end_triggered
    # re-validate so the position is a proper model (types, literals)
    return RapaNuiState.model_validate(state.model_dump())


def play(state: RapaNuiState, action, seat: int | None = None):
    """Apply ``action`` for ``seat`` (default: the seat to act); return the events."""
    if seat is None:
        seat = GAME.to_act(state)[0]
    return GAME.apply(state, action, seat)


def named(text: str) -> str:
    """Fill the seat placeholders {s0}.. with the colour names, as a Match
    whose players are called after their colours would."""
    for i, colour in enumerate(["Green", "Blue", "Red", "Violet"]):
        text = text.replace(f"{{s{i}}}", colour)
    return text


def texts(events) -> str:
    return named("\n".join(e.text for e in events))




def refused(state: RapaNuiState, action, seat: int, *fragments: str) -> str:
    """Assert ``action`` by ``seat`` is refused with a readable reason holding
    every fragment, leaving the state exactly as before; return the reason."""
    return assert_refused(GAME, state, action, seat, *fragments)


def card_totals(state: RapaNuiState) -> dict[str, int]:
    """Every card in play by kind: deck + market + hands + displays."""
    out = {k: 0 for k in CARDS}
    for c in state.deck:
        out[c] += 1
    for row in state.market:
        for c in row:
            out[c] += 1
    for seat in range(state.players):
        for k in CARDS:
            out[k] += state.hands[seat][k] + state.displays[seat][k]
    return out


def offering_totals(state: RapaNuiState) -> dict[str, int]:
    """Every offering card by kind: supply + hands + stone (both faces)."""
    out = dict(state.supply)
    for seat in range(state.players):
        for k in OFFERINGS:
            out[k] += state.offerings[seat][k]
    for k in OFFERINGS:
        out[k] += state.stone_up[k]
    for _, k in state.stone_down:
        out[k] += 1
    return out


def check_invariants(state: RapaNuiState) -> None:
    """What must hold in every reachable Rapa Nui state."""
    n = state.players
    # 50 Rapa Nui cards + the seated colours' start cards, kind by kind; the
    # other colours' start cards (16 - 4n) stay in the box.
    totals = card_totals(state)
    assert totals == all_cards(n)
    assert sum(totals.values()) == sum(RAPA_NUI_DECK.values()) + START_CARDS_PER_COLOUR * n
    assert sum(RAPA_NUI_DECK.values()) == 50 and START_CARDS_PER_COLOUR * 4 == 16
    # 100 offering cards, 25 of each kind
    assert offering_totals(state) == {k: OFFERINGS_PER_KIND for k in OFFERINGS}
    assert sum(offering_totals(state).values()) == 100
    for seat in range(n):
        assert state.wood[seat] >= 0 and state.fame[seat] >= 0
        assert all(v >= 0 for v in state.hands[seat].values())
        assert all(v >= 0 for v in state.displays[seat].values())
        assert all(v >= 0 for v in state.offerings[seat].values())
        assert state.hand_size(seat) <= 3
    assert all(v >= 0 for v in state.supply.values())
    assert len(state.market) == 4 and all(len(r) <= 4 for r in state.market)
    if state.phase == "over":
        assert GAME.is_over(state) and GAME.to_act(state) == [] and state.pending == []
        assert state.end_reason
        for seat in range(n):
            assert GAME.legal_actions(state, seat) == []
        return
    assert not GAME.is_over(state)
    actors = GAME.to_act(state)
    assert len(actors) == 1
    legal = GAME.legal_actions(state, actors[0])
    assert legal, "the seat to act always has something to do"
    if state.pending:
        # the head of the queue is a real choice (forced ones resolve by themselves)
        assert len(legal) >= 2
    for seat in range(n):
        if seat != actors[0]:
            assert GAME.legal_actions(state, seat) == []
    if state.phase == "draw" and not state.pending:
        assert state.hand_size(state.active) < 3
        assert any(state.market)
    if state.phase in ("buy", "play") and not state.pending:
        assert state.hand_size(state.active) == 3, "a turn starts with a full hand"
