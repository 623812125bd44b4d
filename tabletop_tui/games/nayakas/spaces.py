"""Nayakas' spaces: where each space lies, whose kingdom it belongs to, and
which effect it carries in a given state (pure functions of the data)."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Literal

from .data import ARTISANS, C, KINGDOMS, Effect
from .state import NayakasState

SpaceKind = Literal["kingdom", "temple", "post", "empire"]

#: temple slot id -> kingdom; the first slot holds the faded ruler temple
TEMPLE_SLOTS = {f"{k}_t{i}": k for k in KINGDOMS for i in (1, 2)}
POSTS = {tp.id: tuple(tp.kingdoms) for tp in C.board.trading_posts}
POST_IDS = [tp.id for tp in C.board.trading_posts]
#: empire slot id -> (pair index, 0 first / 1 second)
EMPIRE = {f"{p.id}{'ab'[j]}": (i, j) for i, p in enumerate(C.board.empire) for j in (0, 1)}
#: the free choice of the second Empire pair's second space when the first took nothing
EMPIRE_OTHER_OPTIONS = Effect(text="", options=[{"mason": 1}, {"sculptor": 1}])


def all_spaces() -> list[str]:
    """Every space id, in board order: kingdoms (spaces, then temple slots),
    Trading Posts, Empire."""
    out: list[str] = []
    for k in C.board.kingdoms:
        out += [s.id for s in k.spaces]
        out += [f"{k.id}_t1", f"{k.id}_t2"]
    return out + POST_IDS + list(EMPIRE)


ALL_SPACES = all_spaces()
#: space id -> its place in board order
SPACE_ORDER = {s: i for i, s in enumerate(ALL_SPACES)}


def kind_of(sid: str) -> SpaceKind | None:
    return _KIND.get(sid)


def _kind(sid: str) -> SpaceKind | None:
    if sid in C.spaces:
        return "kingdom"
    if sid in TEMPLE_SLOTS:
        return "temple"
    if sid in POSTS:
        return "post"
    if sid in EMPIRE:
        return "empire"
    return None


def land_of(sid: str) -> str:
    """"homeland" or "borderland"."""
    return _LAND[sid]


def _land(sid: str) -> str:
    k = kind_of(sid)
    if k == "kingdom":
        return C.spaces[sid][1].land
    return "homeland" if k == "temple" else "borderland"


def kingdoms_of(sid: str) -> tuple[str, ...]:
    """The kingdoms a space belongs to (none for the Empire)."""
    return _KINGS.get(sid, ())


def _kings(sid: str) -> tuple[str, ...]:
    k = kind_of(sid)
    if k == "kingdom":
        return (C.spaces[sid][0],)
    if k == "temple":
        return (TEMPLE_SLOTS[sid],)
    if k == "post":
        return POSTS[sid]
    return ()


def capacity(sid: str) -> int:
    """Workers a Homeland takes (2 on the double space, else 1)."""
    return _CAP.get(sid, 1)


def _capacity(sid: str) -> int:
    if kind_of(sid) == "kingdom" and C.board.actions[C.spaces[sid][1].action].special == "double":
        return 2
    return 1


def is_event(tile: str | None) -> bool:
    return tile is not None and tile in C.event


def current_event(st: NayakasState) -> str | None:
    """The Event Tile on the Trading Posts, if any (there is at most one)."""
    for t in st.posts:
        if is_event(t):
            return t
    return None


def effect_of(st: NayakasState, sid: str) -> Effect | None:
    """The effect a worker placed on ``sid`` takes now; None for an Event (see
    ``current_event``), a blank or faded temple slot, or an empty post."""
    eff = _STATIC_EFFECT.get(sid)
    if eff is not None:
        return eff
    k = kind_of(sid)
    if k == "kingdom":
        return C.board.actions[C.spaces[sid][1].action]
    if k == "temple":
        tile = st.temples.get(sid)
        if tile is None or sid in st.faded:
            return None
        return C.temple[tile].effect
    if k == "post":
        tile = st.posts[POST_IDS.index(sid)]
        if tile is None or is_event(tile):
            return None
        return C.merchant[tile].effect
    if k == "empire":
        i, j = EMPIRE[sid]
        pair = C.board.empire[i]
        return pair.first if j == 0 else pair.second
    return None


def artisan_pictured(st: NayakasState, sid: str) -> bool:
    """Whether the space shows an Artisan (its action or its borderland tile)."""
    eff = effect_of(st, sid)
    if eff is not None and eff.artisan_pictured:
        return True
    tile = st.border_tiles.get(sid)
    return tile is not None and any(a in C.borderland_tile[tile].gain for a in ARTISANS)


#: content -> its count: pure functions of their keys (never stale); the
#: Counters are shared, so callers only read them
_FACE_UP: dict[tuple, Counter] = {}
_FACILITIES: dict[tuple, Counter] = {}
_NONE: Counter = Counter()
_chain = chain.from_iterable


def face_up(st: NayakasState, seat: int) -> Counter:
    """Kinds of the seat's face-up section tiles, counted (read only; a seat
    that has built no Section, as ``sections_built`` counts, has none)."""
    p = st.seats[seat]
    if not p.sections_built:  # no Section, no tile on one
        return _NONE
    # the Sections' contents in one flat tuple, then the face-down tiles: the
    # tiles (and which lie face down) are all the count depends on
    key = (*_chain(p.built.values()), "|", *p.face_down)
    got = _FACE_UP.get(key)
    if got is None:
        down = set(p.face_down)
        tiles = [t for secs in p.built.values() for t in secs if t and t not in down]
        if len(_FACE_UP) > 20_000:
            _FACE_UP.clear()
        got = _FACE_UP[key] = Counter(C.section_tile[t].kind for t in tiles) if tiles else _NONE
    return got


def facilities(st: NayakasState, seat: int) -> Counter:
    """Kinds of the seat's facility tiles, counted (read only)."""
    fac = st.seats[seat].facilities
    if not fac:
        return _NONE
    key = tuple(fac)
    got = _FACILITIES.get(key)
    if got is None:
        if len(_FACILITIES) > 20_000:
            _FACILITIES.clear()
        got = _FACILITIES[key] = Counter(C.facility_tile[t].kind for t in fac)
    return got


def borderland_slots(st: NayakasState) -> list[str]:
    """Kingdom Borderlands of ruled kingdoms without a borderland tile."""
    ruled = set(st.kingdoms)
    return [s.id for k in C.board.kingdoms if k.id in ruled for s in k.spaces
            if s.land == "borderland" and s.id not in st.border_tiles]


_KIND = {s: _kind(s) for s in ALL_SPACES}
_LAND = {s: _land(s) for s in ALL_SPACES}
_KINGS = {s: _kings(s) for s in ALL_SPACES}
_CAP = {s: _capacity(s) for s in ALL_SPACES}

#: kingdom and Empire space id -> its effect, which never changes
_STATIC_EFFECT = {s: C.board.actions[C.spaces[s][1].action] for s in ALL_SPACES if _KIND[s] == "kingdom"}
_STATIC_EFFECT.update({s: (C.board.empire[i].first if j == 0 else C.board.empire[i].second)
                       for s, (i, j) in EMPIRE.items()})

#: space id -> (kind, land, kingdoms, capacity, Trading Post index or -1): the
#: tables above in one lookup, for the legal-move generator's inner loop
SPACE = {s: (_KIND[s], _LAND[s], _KINGS[s], _CAP[s], POST_IDS.index(s) if s in POSTS else -1) for s in ALL_SPACES}

#: kingdom -> the spaces a worker of its ruler might enter at all: a Laborer
#: only its kingdom's, a Diplomat also every Borderland outside (a quick
#: filter before the full check in rules._entry)
LABORER_CANDIDATES = {k: [s for s in ALL_SPACES if k in _KINGS.get(s, ())] for k in KINGDOMS}
DIPLOMAT_CANDIDATES = {k: [s for s in ALL_SPACES if k in _KINGS.get(s, ()) or _LAND[s] == "borderland"]
                       for k in KINGDOMS}

#: (kingdom, the worker counts as a Diplomat) -> one record per space that
#: worker might enter, in board order, with what ``entry`` asks of it:
#: (space, Homeland, in the kingdom, capacity, Trading Post index or -1,
#: temple slot, Empire slot, the first slot of its Empire pair when it is a
#: second slot else None). The legal-move generator's inner loop reads these.
ENTRY_TABLE = {(k, dip): tuple(
    (s, _LAND[s] == "homeland", k in _KINGS[s], _CAP[s], SPACE[s][4], _KIND[s] == "temple", _KIND[s] == "empire",
     f"empire{EMPIRE[s][0] + 1}a" if _KIND[s] == "empire" and EMPIRE[s][1] == 1 else None)
    for s in (DIPLOMAT_CANDIDATES if dip else LABORER_CANDIDATES)[k]) for k in KINGDOMS for dip in (False, True)}
