"""Rapa Nui: what one seat may see (R9), as a pydantic model for the UI.

Hidden from other seats: each hand (cards and offering cards) and the kinds
of the face-down offerings; they appear only as counts. Public: displays,
wood, fame, the whole market, the deck's size, the offering supply and the
face-up offerings. At the end of the game everything is revealed (R8 counts
the hands' offering cards and turns the face-down offerings up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from .data import CARDS, GATHERERS, empty_offerings
from .legal import offering_cost, pending_options
from .scoring import offering_values, sole_leader
from .state import RapaNuiState
from .text import pending_prompt

if TYPE_CHECKING:
    from .rules import RapaNui


class PlayerView(BaseModel):
    """One seat as the viewer sees it."""

    seat: int
    name: str
    #: cards face up in front of the player, by kind (every kind listed)
    display: dict[str, int]
    display_size: int
    wood: int
    fame: int
    hand_size: int
    offering_count: int
    #: how many offerings this player has put face down on the stone
    face_down_offerings: int
    #: what one offering card of each kind costs this player (R4.1)
    offering_costs: dict[str, int]
    is_active: bool
    #: the cards in hand, by kind: only the viewer's own, or everyone's at the end
    hand: dict[str, int] | None = None
    #: the offering cards in hand, by kind: as ``hand``
    offerings: dict[str, int] | None = None


class MarketRowView(BaseModel):
    """One market row; every card is visible, only the exposed one is takeable (R3)."""

    row: int
    #: first dealt first; the last one is exposed
    cards: list[str]
    #: index in ``cards`` of the exposed card; None when the row is empty
    exposed: int | None
    exposed_card: str | None


class StoneView(BaseModel):
    """The offering stone (R5)."""

    face_up: dict[str, int]
    face_down: int
    #: face-down count per seat (who laid them is public)
    face_down_by_seat: list[int]
    #: the viewer's own face-down offerings, by kind
    my_face_down: dict[str, int] | None = None
    #: every face-down offering by kind, once the game is over
    face_down_revealed: dict[str, int] | None = None


class PendingView(BaseModel):
    """A choice the game waits for."""

    choice: str
    seat: int
    name: str
    #: e.g. "Blue: choose wood or fame for 2 Moais (with the bonus: 3)."
    prompt: str
    #: the possible answers ("wood"/"fame" or offering kinds); None when they
    #: would show another seat's hand
    options: list[str] | None = None


class RapaNuiView(BaseModel):
    """Everything the UI draws for one seat (``seat`` None: the public view)."""

    seat: int | None
    players: list[PlayerView]
    #: the viewer's own cards in hand by kind (None for the public view)
    hand: dict[str, int] | None
    #: the viewer's own offering cards by kind (None for the public view)
    offerings: dict[str, int] | None
    market: list[MarketRowView]
    deck_size: int
    supply: dict[str, int]
    stone: StoneView
    #: R8 value of one offering card of each kind as far as the viewer can
    #: know: face-up offerings plus the viewer's own face-down ones (exact
    #: once the game is over, when all are revealed)
    offering_values: dict[str, int]
    #: True when ``offering_values`` counts every card on the stone
    offering_values_exact: bool
    active: int
    phase: str
    turn: int
    to_act: list[int]
    #: cards the active player still draws this turn (phase "draw")
    cards_to_draw: int
    pending: PendingView | None
    #: kind -> the seat that would get the scoring bonus if that kind were
    #: scored now (R6: the sole player with the most of it on display)
    leaders: dict[str, int] = {}
    #: R7: the deck has run out; this is the last turn
    end_triggered: bool
    over: bool
    status: str


def leaders(state: RapaNuiState) -> dict[str, int]:
    """kind -> the sole leader of that kind on display (R6), for kinds that have one."""
    out = {}
    for card in CARDS:
        seat = sole_leader([state.displays[s][card] for s in range(state.players)])  # type: ignore[index]
        if seat is not None:
            out[card] = seat
    return out


def build_view(game: "RapaNui", state: RapaNuiState, seat: int | None) -> RapaNuiView:
    """What ``seat`` sees (None: the public view): its own hand, offering
    cards and face-down offerings; of the others, counts."""
    names = game.placeholders(state)
    status = game.status(state, seat)
    over = state.phase == "over"
    players = []
    for s in range(state.players):
        mine = over or s == seat
        players.append(PlayerView(
            seat=s, name=names[s], display=dict(state.displays[s]),
            display_size=sum(state.displays[s].values()), wood=state.wood[s], fame=state.fame[s],
            hand_size=state.hand_size(s), offering_count=state.offering_count(s),
            face_down_offerings=state.face_down_count(s),
            offering_costs={k: offering_cost(state, s, k) for k in GATHERERS},
            is_active=s == state.active,
            hand=dict(state.hands[s]) if mine else None,
            offerings=dict(state.offerings[s]) if mine else None))
    market = []
    for r, row in enumerate(state.market):
        market.append(MarketRowView(row=r, cards=list(row), exposed=len(row) - 1 if row else None,
                                    exposed_card=row[-1] if row else None))
    my_down = None
    if seat is not None:
        my_down = empty_offerings()
        for s, k in state.stone_down:
            if s == seat:
                my_down[k] += 1
    revealed = None
    if over:
        revealed = empty_offerings()
        for _, k in state.stone_down:
            revealed[k] += 1
    known = dict(state.stone_up)
    extra = revealed if over else my_down
    for k, n in (extra or {}).items():
        known[k] += n  # type: ignore[index]
    exact = over or all(s == seat for s, _ in state.stone_down)
    stone = StoneView(face_up=dict(state.stone_up), face_down=len(state.stone_down),
                      face_down_by_seat=[state.face_down_count(s) for s in range(state.players)],
                      my_face_down=my_down, face_down_revealed=revealed)
    pending = None
    if state.pending and not over:
        p = state.pending[0]
        public_options = p.choice not in ("offer", "offer_face_down") or p.seat == seat
        pending = PendingView(choice=p.choice, seat=p.seat, name=names[p.seat],
                              prompt=pending_prompt(state, p, names),
                              options=pending_options(state, p) if public_options else None)
    to_draw = 0
    if state.phase == "draw" and not state.pending:
        to_draw = max(0, 3 - state.hand_size(state.active))
    if over:
        to_act: list[int] = []
    elif state.pending:
        to_act = [state.pending[0].seat]
    else:
        to_act = [state.active]
    return RapaNuiView(
        seat=seat, players=players,
        hand=dict(state.hands[seat]) if seat is not None else None,
        offerings=dict(state.offerings[seat]) if seat is not None else None,
        market=market, deck_size=len(state.deck), supply=dict(state.supply), stone=stone,
        offering_values=offering_values(known), offering_values_exact=exact,
        active=state.active, phase=state.phase, turn=state.turn, to_act=to_act,
        cards_to_draw=to_draw, pending=pending, leaders=leaders(state), end_triggered=state.end_triggered, over=over,
        status=status)


__all__ = ["MarketRowView", "PendingView", "PlayerView", "RapaNuiView", "StoneView", "build_view", "leaders",
           "offering_cost", "pending_options", "pending_prompt"]
