"""What one seat may see of a Nyakuza game (N10).

Public: the island (tiles turned up, tokens, Moai, spent tiles), the reef,
the amulet, every player's tokens and Moai, who has bid, the last revealed
bids, the placing order, how many tiles are left. Private to their owner:
shells, a pending bid, the secret tile, the ways a waiting Moai could be
erected (they depend on the owner's shells). Never in any view: the order of
the tile stack, the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from . import moai
from .data import ISLAND
from .state import COLOURS, LATER_REVEAL, TOTAL_SHELLS, NyakuzaState
from .text import space_text

if TYPE_CHECKING:
    from .rules import Nyakuza


class SpaceView(BaseModel):
    """One space of the island as seen now."""

    id: int
    col: int
    row: int
    label: str  # "37", "P12", "Orongo"
    kind: str  # "palm", "quarry", "food", "temple", "god", "birdman", "nest"
    number: int | None  # 1-60 on a resource space
    coastal: bool
    orongo: bool
    #: a palm is always open; a resource space once its tile is turned up
    revealed: bool
    #: its tile was turned up at the start of this round
    new: bool
    occupant: int | None
    #: a Moai stands here (owner: the occupant); on Orongo, the Ceremonial Moai
    moai: bool
    #: a shell lies on this tile: it was used for a Moai
    spent: bool
    #: the viewer may put a token here now
    placeable: bool


class PlayerView(BaseModel):
    """One player as the viewer sees them."""

    seat: int
    colour: str
    #: tokens in the personal supply
    supply: int
    on_board: int
    #: tokens taken this round and not yet placed
    to_place: int
    moai_left: int
    moai_erected: int
    #: the viewer's own shells only; None for the others
    shells: int | None
    #: has entered a bid this round (the amount stays secret)
    has_bid: bool
    #: the viewer's own pending bid; None for the others
    bid: int | None
    #: the last revealed bid and the tokens it earned
    last_bid: int | None
    last_tokens: int | None
    #: holds an unplayed secret tile (variant)
    has_secret_tile: bool
    amulet: bool
    winner: bool


class PlacingTurn(BaseModel):
    seat: int
    tokens: int


class ErectionOption(BaseModel):
    """One way to erect the waiting Moai: a palm and the tiles that pay."""

    palm: int
    tiles: list[int]
    cost: int
    text: str


class NyakuzaView(BaseModel):
    """Everything the viewer (``seat``; None for the table) may see."""

    seat: int | None
    players: int
    columns: int
    rows: int
    layout: str
    orongo: int
    spaces: list[SpaceView]
    seats: list[PlayerView]
    round: int
    last_round: bool
    phase: Literal["bid", "place", "erect", "secret", "over"]
    to_act: list[int]
    #: tiles still face down (their order is secret)
    tiles_left: int
    #: how many tiles a round turns up after the first
    tiles_per_round: int
    new_tiles: list[int]
    reef: int
    spent_shells: int
    total_shells: int
    amulet: int
    #: placing order still to come this round, current placer first
    placing: list[PlacingTurn]
    #: the seat choosing where a Moai goes, and (for that seat only) the options
    chooser: int | None
    erection_options: list[ErectionOption]
    #: variant: whether secret tiles are in play, the viewer's own tile
    secret_variant: bool
    secret_tile: int | None
    secret_tile_kind: str | None
    can_play_secret: bool
    #: seats offered their secret tile after the placements, next first
    secret_offers: list[int]
    ceremonial: int | None
    winners: list[int]
    end_reason: str


def build_view(game: "Nyakuza", state: NyakuzaState, seat: int | None) -> NyakuzaView:
    n = state.players
    mine = seat if seat is not None and 0 <= seat < n else None
    acting = mine is not None and mine in game.to_act(state)
    placeable: set[int] = set()
    if acting and state.phase == "place":
        placeable = set(moai.legal_spaces(state, mine))
    new = {ISLAND.by_number[t] for t in state.new_tiles}
    spaces = [SpaceView(
        id=s.id, col=s.col, row=s.row, label=s.label, kind=s.kind, number=s.number, coastal=s.coastal,
        orongo=s.orongo, revealed=s.is_palm or state.revealed[s.id], new=s.id in new,
        occupant=state.occupant[s.id], moai=state.moai[s.id],
        spent=state.spent[s.id], placeable=s.id in placeable) for s in ISLAND.spaces]
    seats = [PlayerView(
        seat=p, colour=COLOURS[p], supply=state.supply[p], on_board=state.on_board(p), to_place=state.in_front(p),
        moai_left=state.moai_left[p], moai_erected=state.moai_erected(p),
        shells=state.shells[p] if p == mine else None,
        has_bid=state.phase == "bid" and state.bids[p] is not None,
        bid=state.bids[p] if p == mine else None,
        last_bid=state.last_bids[p] if state.last_bids is not None else None,
        last_tokens=state.last_tokens[p] if state.last_tokens is not None else None,
        has_secret_tile=state.secret[p] is not None, amulet=state.amulet == p, winner=p in state.winners)
        for p in range(n)]
    options = []
    if state.phase == "erect" and mine is not None and state.chooser == mine:
        options = [ErectionOption(palm=p, tiles=list(t), cost=len(t),
                                  text=f"Moai on {space_text(p)}, spending " + " + ".join(space_text(x) for x in t))
                   for p, t in state.choices]
    own_tile = state.secret[mine] if mine is not None else None
    return NyakuzaView(
        seat=seat, players=n, columns=ISLAND.columns, rows=ISLAND.rows, layout=ISLAND.layout, orongo=ISLAND.orongo,
        spaces=spaces, seats=seats, round=state.round, last_round=state.last_round, phase=state.phase,
        to_act=[] if state.phase == "over" else game.to_act(state), tiles_left=len(state.stack),
        tiles_per_round=LATER_REVEAL[n], new_tiles=sorted(state.new_tiles), reef=state.reef,
        spent_shells=state.spent_count(), total_shells=TOTAL_SHELLS, amulet=state.amulet,
        placing=[PlacingTurn(seat=s, tokens=k) for s, k in state.queue if k > 0],
        chooser=state.chooser if state.phase == "erect" else None, erection_options=options,
        secret_variant=state.secret_variant, secret_tile=own_tile,
        secret_tile_kind=ISLAND.space_of(own_tile).kind if own_tile else None,
        can_play_secret=acting and state.secret_variant and game.secret_problem(state, mine) is None,
        secret_offers=list(state.offers), ceremonial=state.ceremonial, winners=list(state.winners),
        end_reason=state.end_reason)

