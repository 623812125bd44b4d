"""Helpers for the Nayakas tests: fresh games, scenario set-up, invariants."""

from __future__ import annotations

from collections import Counter

from tabletop_tui.games.nayakas.actions import Build, Pass, Place, PlayCard
from tabletop_tui.games.nayakas.data import ARTISANS, C, RESOURCES
from tabletop_tui.games.nayakas.rules import Nayakas
from tabletop_tui.games.nayakas.spaces import ALL_SPACES
from tabletop_tui.games.nayakas.state import NayakasOptions, NayakasState

GAME = Nayakas()


def fresh(players: int = 2, kingdoms: list[str] | None = None, seed: int = 7) -> NayakasState:
    return GAME.new_state(players, NayakasOptions(kingdoms=kingdoms), seed)


def post_of(kingdom: str, outside: str) -> tuple[str, int]:
    """(id, index) of a Trading Post of ``kingdom`` that is not ``outside``'s."""
    from tabletop_tui.games.nayakas.spaces import POST_IDS, POSTS
    sid = next(p for p in POST_IDS if kingdom in POSTS[p] and outside not in POSTS[p])
    return sid, POST_IDS.index(sid)


def place(space: str, worker: str = "laborer", benefit: bool = True, choice: int = -1, amount: int = 0,
          amount2: int = 0, target: str = "", extra: str = "", gold_stone: int = 0, gold_clay: int = 0) -> Place:
    return Place(space=space, worker=worker, benefit=benefit, choice=choice, amount=amount, amount2=amount2,
                 target=target, extra=extra, gold_stone=gold_stone, gold_clay=gold_clay)


def play(st: NayakasState, action, seat: int | None = None):
    """Apply ``action`` for the seat to act (or ``seat``); returns the events."""
    seat = GAME.to_act(st)[0] if seat is None else seat
    return GAME.apply(st, action, seat)


def set_res(st: NayakasState, seat: int, **amounts: int) -> None:
    for k, v in amounts.items():
        if k in RESOURCES:
            st.seats[seat].res[k] = v
        else:
            st.seats[seat].art[k] = v


def to_build_phase(st: NayakasState) -> None:
    """Everybody passes the worker phase."""
    while st.phase == "worker":
        play(st, Pass())


def give_section_tile(st: NayakasState, seat: int, kind: str, building: str = "fort", index: int = 0,
                      face_up: bool = True) -> str:
    """Put a tile of ``kind`` (taken from wherever it lies) on a section of ``seat``'s board."""
    tile = next(t.id for t in C.tiles.sections if t.kind == kind and _take(st, t.id))
    st.seats[seat].built[building][index] = tile
    st.seats[seat].sections_built += 1
    if not face_up:
        st.seats[seat].face_down.append(tile)
    return tile


def give_facility(st: NayakasState, seat: int, kind: str) -> str:
    tile = next(t.id for t in C.tiles.facilities if t.kind == kind and _take(st, t.id))
    st.seats[seat].facilities.append(tile)
    return tile


def _take(st: NayakasState, tile: str) -> bool:
    """Remove a tile from a pile or market; False if it is elsewhere."""
    for name in ("section_pile", "section_market", "facility_pile", "facility_market", "border_pile",
                 "border_market"):
        stack = getattr(st, name)
        if tile in stack:
            stack.remove(tile)
            if name.endswith("market"):
                pile = getattr(st, name.replace("market", "pile"))
                if pile:
                    stack.append(pile.pop())
            return True
    return False


def give_card(st: NayakasState, seat: int, card: str) -> None:
    for s in st.seats:
        if card in s.hand:
            s.hand.remove(card)
    if card in st.dev_deck:
        st.dev_deck.remove(card)
    st.seats[seat].hand.append(card)


def check_invariants(st: NayakasState) -> None:
    """Components conserved, nothing negative or above its cap."""
    n = st.players
    for s, p in enumerate(st.seats):
        for r in RESOURCES:
            assert 0 <= p.res[r] <= 15, (s, r, p.res[r])
        for a in ARTISANS:
            assert 0 <= p.art[a] <= 3, (s, a, p.art[a])
        on_board = Counter(w.type for occ in st.occupants.values() for w in occ if w.seat == s)
        if st.phase != "over":
            assert on_board["laborer"] + p.avail_laborers == p.laborers
            assert on_board["diplomat"] + p.avail_diplomats == p.diplomats
        assert 2 <= p.laborers <= 3 and 1 <= p.diplomats <= 2
        assert 0 <= p.tokens <= 5 and p.prosperity_tokens >= 0
        assert p.sections_built == sum(t is not None for secs in p.built.values() for t in secs)
    # tiles and cards conserved
    placed_sections = [t for p in st.seats for secs in p.built.values() for t in secs if t]
    assert sorted(st.section_pile + st.section_market + placed_sections) == sorted(t.id for t in C.tiles.sections)
    placed_fac = [t for p in st.seats for t in p.facilities]
    assert sorted(st.facility_pile + st.facility_market + placed_fac) == sorted(t.id for t in C.tiles.facilities)
    assert sorted(st.border_pile + st.border_market + list(st.border_tiles.values())) == \
        sorted(t.id for t in C.tiles.borderland_tiles)
    assert sorted(st.temple_market + st.temple_box + list(st.temples.values())) == sorted(t.id for t in C.tiles.temples)
    posts = [t for t in st.posts if t]
    assert sorted([t for t in posts if t in C.merchant] + st.merchant_deck + st.merchant_discard) == \
        sorted(m.id for m in C.tiles.merchants)
    assert sorted([t for t in posts if t in C.event] + st.event_deck + st.event_box + st.event_discard) == \
        sorted(e.id for e in C.tiles.events)
    assert sum(1 for t in posts if t in C.event) <= 1
    hands = [c for p in st.seats for c in p.hand]
    assert sorted(hands + st.dev_deck + st.dev_discard) == sorted(c.id for c in C.dev_cards.cards)
    assert set(st.occupants) == set(ALL_SPACES)
    assert 0 <= st.conch < n and 0 <= st.tracker <= C.board.setup.tracker_end[n]


__all__ = ["Build", "C", "GAME", "Pass", "PlayCard", "check_invariants", "fresh", "give_card", "place", "play",
           "post_of", "set_res"]
