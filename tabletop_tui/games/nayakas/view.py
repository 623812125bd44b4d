"""Nayakas: what one seat may see, as a pydantic model for the UI.

Hidden from other seats: each hand of development cards (shown as a count)
and the order and contents of every face-down stack (piles, decks and the
tiles left in the box appear as counts). Everything else is public: the
board, the workers, every supply and player board, the markets, the played
development cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from .data import C, KINGDOMS
from .spaces import ALL_SPACES, EMPIRE, POST_IDS, POSTS, current_event, kind_of, kingdoms_of, land_of
from .state import NayakasState
from . import text

if TYPE_CHECKING:
    from .rules import Nayakas


class SpaceView(BaseModel):
    id: str
    name: str
    #: the name within its kingdom ("Quarry", "Golden Temple", "blank", "Keladi Ruler Temple (faded)")
    label: str
    kind: str
    land: str
    #: kingdoms it belongs to (none for the Empire)
    kingdoms: list[str]
    action: str
    #: the action in a few characters, for a one-line board
    short: str
    #: (seat, "laborer" | "diplomat") in the order placed
    workers: list[tuple[int, str]]
    #: a blank or faded temple slot, an empty Trading Post
    usable: bool


class KingdomView(BaseModel):
    id: str
    name: str
    colour: str
    #: the seat ruling it, or None for a neutral kingdom
    ruler: int | None
    spaces: list[str]


class SectionView(BaseModel):
    name: str
    cost: dict[str, int]
    built: bool
    tile: str | None = None
    face_up: bool = True


class BuildingView(BaseModel):
    id: str
    name: str
    prosperity: int
    tab: str
    complete: bool
    sections: list[SectionView]


class TileView(BaseModel):
    id: str
    name: str
    text: str
    tab: str | None = None


class PlayerView(BaseModel):
    seat: int
    kingdom: str
    kingdom_name: str
    resources: dict[str, int]
    artisans: dict[str, int]
    laborers: int
    diplomats: int
    laborers_left: int
    diplomats_left: int
    hand_size: int
    #: the development cards in hand: the viewer's own, or everyone's at the end
    hand: list[str] | None = None
    event_tokens: int
    prosperity_tokens: int
    sections_built: int
    buildings: list[BuildingView]
    facilities: list[TileView]
    #: the kingdom's ruler temple (faded until a temple is completed)
    ruler_temple: TileView | None = None
    #: round powers in force, in words (from cards and actions taken this round)
    powers: list[str]
    passed: bool
    #: Prosperity by source: counted so far from public facts (temples, face-down tiles, tokens,
    #: cards held, the purple tiles as if the game ended now); at the end, the final count
    prosperity: dict[str, int]


class NayakasView(BaseModel):
    seat: int | None
    players: int
    round: int
    phase: str
    turn: int
    to_act: list[int]
    pending: str | None
    conch: int
    tracker: int
    tracker_end: int
    events_expired: int
    kingdoms: list[KingdomView]
    spaces: dict[str, SpaceView]
    space_order: list[str]
    posts: list[str]
    empire: list[str]
    event: str | None
    event_tokens: list[int]
    section_market: list[TileView]
    facility_market: list[TileView]
    border_market: list[TileView]
    temple_market: list[TileView]
    piles: dict[str, int]
    #: development cards played so far (public), by name
    dev_discard: list[str]
    seats: list[PlayerView]
    end_reason: str = ""
    final: dict[int, dict[str, int]] = {}


RULER_TEMPLE = {t.ruler: t.id for t in C.tiles.temples if t.ruler}


def _section_tile(tile: str) -> TileView:
    t = C.section_tile[tile]
    k = C.section_kind[t.kind]
    return TileView(id=tile, name=k.name, text=k.text, tab=t.tab)


def _facility(tile: str) -> TileView:
    k = C.facility_kind[C.facility_tile[tile].kind]
    return TileView(id=tile, name=k.name, text=k.text)


def _border(tile: str) -> TileView:
    g = C.borderland_tile[tile].gain
    return TileView(id=tile, name="+" + text.goods_phrase(g), text=f"The space gives {text.goods_phrase(g)} more.")


def _temple(tile: str) -> TileView:
    t = C.temple[tile]
    return TileView(id=tile, name=t.name, text=t.effect.text)


def build_view(game: "Nayakas", state: NayakasState, seat: int | None) -> NayakasView:
    """What ``seat`` sees (None: the public view): its own hand; of the
    others, counts; no pile's order."""
    st = state
    over = st.phase == "over"
    spaces = {}
    for sid in ALL_SPACES:
        kind = kind_of(sid)
        usable = True
        if kind == "temple":
            usable = sid in st.temples and sid not in st.faded
        elif kind == "post":
            usable = st.posts[POST_IDS.index(sid)] is not None
        elif kind == "kingdom":
            usable = True
        spaces[sid] = SpaceView(id=sid, name=text.space_name(st, sid), label=text.space_label(st, sid),
                                kind=kind or "", land=land_of(sid),
                                kingdoms=list(kingdoms_of(sid)), action=text.space_action_text(st, sid),
                                short=text.short_effect(st, sid),
                                workers=[(w.seat, w.type) for w in st.occupants[sid]], usable=usable)
    kingdoms = []
    for k in C.board.kingdoms:
        kingdoms.append(KingdomView(id=k.id, name=k.name, colour=k.colour, ruler=st.seat_of(k.id),
                                    spaces=[s.id for s in k.spaces] + [f"{k.id}_t1", f"{k.id}_t2"]))
    seats = []
    for s, p in enumerate(st.seats):
        buildings = []
        for b in C.player_board[p.kingdom].buildings:
            secs = p.built[b.id]
            buildings.append(BuildingView(
                id=b.id, name=b.name, prosperity=b.prosperity, tab=b.tab,
                complete=all(t is not None for t in secs),
                sections=[SectionView(name=sec.name, cost=dict(sec.cost), built=t is not None,
                                      tile=C.section_kind[C.section_tile[t].kind].name if t else None,
                                      face_up=not t or t not in p.face_down)
                          for sec, t in zip(b.sections, secs)]))
        seats.append(PlayerView(
            seat=s, kingdom=p.kingdom, kingdom_name=C.kingdom(p.kingdom).name, resources=dict(p.res),
            artisans=dict(p.art), laborers=p.laborers, diplomats=p.diplomats, laborers_left=p.avail_laborers,
            diplomats_left=p.avail_diplomats, hand_size=len(p.hand),
            hand=list(p.hand) if (seat == s or over) else None,
            event_tokens=p.tokens, prosperity_tokens=p.prosperity_tokens, sections_built=p.sections_built,
            buildings=buildings, facilities=[_facility(t) for t in p.facilities],
            ruler_temple=_temple(RULER_TEMPLE[p.kingdom]),
            powers=list(dict.fromkeys(text.POWERS[f] for f in p.flags if f in text.POWERS)), passed=st.passed[s] if st.passed else False,
            prosperity=({k: v for k, v in st.final[s].items() if k != "total"} if s in st.final
                        else game.score_parts(st, s))))
    pending = st.pending[0].choice if st.pending else None
    return NayakasView(
        seat=seat, players=st.players, round=st.round, phase=st.phase, turn=st.turn,
        to_act=game.to_act(st), pending=pending, conch=st.conch, tracker=st.tracker,
        tracker_end=C.board.setup.tracker_end[st.players], events_expired=st.events_expired,
        kingdoms=kingdoms, spaces=spaces, space_order=list(ALL_SPACES), posts=list(POSTS), empire=list(EMPIRE),
        event=C.event[ev].name if (ev := current_event(st)) else None,
        event_tokens=[C.board.setup.event_tokens - p.tokens for p in st.seats],
        section_market=[_section_tile(t) for t in st.section_market],
        facility_market=[_facility(t) for t in st.facility_market],
        border_market=[_border(t) for t in st.border_market],
        temple_market=[_temple(t) for t in st.temple_market],
        piles={"sections": len(st.section_pile), "facilities": len(st.facility_pile),
               "borderland": len(st.border_pile), "merchants": len(st.merchant_deck),
               "events": len(st.event_deck), "development": len(st.dev_deck)},
        dev_discard=[C.card[c].name for c in st.dev_discard], seats=seats, end_reason=st.end_reason,
        final={s: dict(v) for s, v in st.final.items()},
    )


__all__ = ["KINGDOMS", "NayakasView", "build_view"]
