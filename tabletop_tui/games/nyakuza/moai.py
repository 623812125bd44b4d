"""Groups of tokens, Moai recipes, and where a token may go (N5, N6, N7).

A player's *group* is a set of their tokens connected through neighbouring
spaces. A group can raise a Moai when it holds (A) unspent resource tiles
forming a recipe -- one quarry, temple + god, birdman + nest, or two food --
and (B) a token on a coastal palm without a Moai (Orongo excepted: it is
reserved for the Ceremonial Moai). Erecting costs one shell per tile used.

The functions here read a board through duck typing (``occupant``,
``spent``, ``moai``, ``revealed``, ``shells``, ``moai_left`` lists indexed by
space id or seat), so they serve the rules, the view and the tests alike.
"""

from __future__ import annotations

import threading
from itertools import combinations
from operator import add, itemgetter
from typing import Any, Callable, Iterable

from tabletop_tui.engine.text import plural

from .island import ISLAND, RESOURCE_KINDS

ORONGO = ISLAND.orongo
ADJ = ISLAND.adjacent
KIND = tuple(s.kind for s in ISLAND.spaces)
#: index of each resource kind in a summary; index 6 counts free coastal palms
K_INDEX = {k: i for i, k in enumerate(RESOURCE_KINDS)}
Q, F, T, G, B, N = (K_INDEX[k] for k in RESOURCE_KINDS)
PALMS_AT = 6
#: coastal palms that can carry an ordinary Moai (every coastal palm but Orongo)
MOAI_SITE = tuple(s.is_palm and s.coastal and not s.orongo for s in ISLAND.spaces)
IS_PALM = tuple(s.is_palm for s in ISLAND.spaces)
NUMBER = tuple(s.number for s in ISLAND.spaces)

#: the recipes, cheapest first, as (name, kinds)
RECIPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the quarry", ("quarry",)),
    ("temple + god", ("temple", "god")),
    ("birdman + nest", ("birdman", "nest")),
    ("two food", ("food", "food")),
)

Choice = tuple[int, tuple[int, ...]]  # (palm space, tile spaces spent)


def group_of(board: Any, seat: int, start: int) -> list[int]:
    """Every space of ``seat``'s group that contains ``start`` (which must
    hold a ``seat`` token), in discovery order."""
    occ = board.occupant
    seen = {start}
    out = [start]
    for s in out:  # breadth first: ``out`` grows while it is walked
        for n in ADJ[s]:
            if occ[n] == seat and n not in seen:
                seen.add(n)
                out.append(n)
    return out


def contribution(board: Any, space: int) -> list[int]:
    """What one token on ``space`` adds to its group's summary."""
    v = [0] * 7
    kind = KIND[space]
    if kind != "palm":
        if not board.spent[space]:
            v[K_INDEX[kind]] = 1
    elif MOAI_SITE[space] and not board.moai[space]:
        v[PALMS_AT] = 1
    return v


def has_recipe(v: list[int]) -> bool:
    """(A): unspent tiles forming at least one recipe."""
    return v[Q] >= 1 or (v[T] >= 1 and v[G] >= 1) or (v[B] >= 1 and v[N] >= 1) or v[F] >= 2


def cheapest_recipe(v: list[int]) -> tuple[int, str] | None:
    """(cost, name) of the cheapest recipe the summary holds, or None."""
    if v[Q] >= 1:
        return 1, "the quarry"
    if v[T] >= 1 and v[G] >= 1:
        return 2, "temple + god"
    if v[B] >= 1 and v[N] >= 1:
        return 2, "birdman + nest"
    if v[F] >= 2:
        return 2, "two food"
    return None


def shells_text(n: int) -> str:
    return "none" if n == 0 else plural(n, "shell")


def need_text(cost: int, name: str, have: int) -> str:
    """"You need 2 shells to spend temple + god; you have 1"."""
    return f"You need {plural(cost, 'shell')} to spend {name}; you have {have if have else 'none'}"


class Groups:
    """The groups of one seat's tokens, labelled on first use (one group at a
    time, only those next to a space asked about) and then shared by many
    candidate placements (``legal_spaces``). The board must not change while
    a ``Groups`` is in use."""

    __slots__ = ("board", "seat", "label", "summaries")

    def __init__(self, board: Any, seat: int) -> None:
        self.board = board
        self.seat = seat
        self.label: dict[int, int] = {}
        self.summaries: list[list[int]] = []

    def _label(self, start: int) -> int:
        """Label the group holding ``start`` (a ``seat`` token); its id."""
        board, label = self.board, self.label
        gid = len(self.summaries)
        total = [0] * 7
        spent, moai = board.spent, board.moai
        for m in group_of(board, self.seat, start):
            label[m] = gid
            kind = KIND[m]  # contribution(board, m), inlined
            if kind != "palm":
                if not spent[m]:
                    total[K_INDEX[kind]] += 1
            elif MOAI_SITE[m] and not moai[m]:
                total[PALMS_AT] += 1
        self.summaries.append(total)
        return gid

    def merged(self, space: int) -> list[int]:
        """The summary of the group a new token on ``space`` would be part of."""
        label, summaries, seat = self.label, self.summaries, self.seat
        occ = self.board.occupant
        total = contribution(self.board, space)
        seen: set[int] = set()
        for n in ADJ[space]:
            gid = label.get(n)
            if gid is None:
                if occ[n] != seat:
                    continue
                gid = self._label(n)
            if gid not in seen:
                seen.add(gid)
                for i, x in enumerate(summaries[gid]):
                    total[i] += x
        return total


def placement_problem(board: Any, seat: int, space: int, groups: Groups | None = None,
                      secret: bool = False) -> str | None:
    """Why ``seat`` may not put a token on ``space`` now (N5-N7), or None.

    This is the one judge of a placement: ``legal_spaces`` asks it about
    every space. ``groups`` shares the seat's group labels between calls.
    ``secret``: the token goes on the player's own secret tile (N9), whose
    space opens as it is laid, so it need not be turned up already.
    """
    occ = board.occupant
    if not 0 <= space < len(occ):
        return "There is no such space on the island."
    owner = occ[space]
    if owner is not None:
        return "You already have a token there." if owner == seat else "That space is already taken."
    if IS_PALM[space]:
        if space == ORONGO and board.moai_left[seat] > 0:
            left = board.moai_left[seat]
            return (f"Orongo is kept for the Ceremonial Moai: you may go there only once all your Moai stand "
                    f"(you have {left} left).")
        if not any(occ[n] == seat for n in ADJ[space]):
            return "A palm space must be next to one of your own tokens."
    elif not secret and not board.revealed[space]:
        return f"Space {NUMBER[space]} is not open: its tile has not been turned up yet."
    have = board.shells[seat]
    if space == ORONGO:  # N7
        cheap = cheapest_recipe((groups or Groups(board, seat)).merged(space))
        if cheap is None:
            return ("To erect the Ceremonial Moai your group must hold an unspent quarry, temple + god, "
                    "birdman + nest or two food.")
        if cheap[0] > have:
            return f"{need_text(cheap[0], cheap[1], have)}, so you cannot erect the Ceremonial Moai."
        return None
    if board.moai_left[seat] > 0 and have < 2:  # N6: would this force a Moai the seat cannot pay?
        v = (groups or Groups(board, seat)).merged(space)
        cheap = cheapest_recipe(v) if v[PALMS_AT] else None
        if cheap is not None and cheap[0] > have:
            return (f"A token there would make you erect a Moai you cannot pay for. "
                    f"{need_text(cheap[0], cheap[1], have)}.")
    return None


#: resource spaces and palm spaces, in id order
RESOURCE_SPACES = tuple(s for s in range(len(IS_PALM)) if not IS_PALM[s])
PALM_SPACES = tuple(s for s in range(len(IS_PALM)) if IS_PALM[s])


def _getter(spaces: tuple[int, ...]) -> Callable[[list], tuple]:
    """A function giving the tuple ``(board[s] for s in spaces)`` of a list."""
    if len(spaces) == 1:
        only = spaces[0]
        return lambda xs: (xs[only],)
    return itemgetter(*spaces) if spaces else (lambda xs: ())


#: for each space: the entries of its neighbours in a list indexed by space, read in one call
_NEIGHBOURS_OF = tuple(_getter(ADJ[s]) for s in range(len(IS_PALM)))


# -- an index of one board, kept in step with the rules' own changes -----------------
#
# Placing is asked about after every token (``can_place`` when the turn
# passes, ``legal_spaces`` for the legal actions, ``group_qualifies`` for the
# Moai), and a board changes little between two questions: tokens are only
# ever added, tiles only turned up, spent or given a Moai. So each thread
# keeps an index of the last board it was asked about: copies of its four
# lists (``occupant``, ``revealed``, ``spent``, ``moai``), the free turned-up
# resource spaces and, per seat, the groups (labels and summaries) and the
# free palms next to its tokens. The rules report each change they make
# (``note_placed``, ``note_revealed``, ``note_spent``, ``note_moai``) and
# the index follows it. Every question first compares the four copies with
# the board (cheap: list equality) and builds a new index when anything
# differs, so a board changed any other way (a test, a clone, a loaded
# game) is never read from a stale index: the answers are exactly those of
# ``placement_problem``.


class _SeatIndex:
    """One seat's tokens on an indexed board."""

    __slots__ = ("lab", "members", "summ", "near", "verdicts", "readers", "next_gid")

    def __init__(self, occ: list, spent: list, moai: list, seat: int) -> None:
        n = len(occ)
        #: group id of each space holding a ``seat`` token, else -1
        self.lab = lab = [-1] * n
        self.members: dict[int, list[int]] = {}
        #: each group's summary, as ``Groups`` sums it
        self.summ: dict[int, list[int]] = {}
        gid = 0
        for s in range(n):
            if occ[s] == seat and lab[s] < 0:
                group = [s]
                lab[s] = gid
                for m in group:  # breadth first, as group_of
                    for x in ADJ[m]:
                        if occ[x] == seat and lab[x] < 0:
                            lab[x] = gid
                            group.append(x)
                v = [0] * 7
                for m in group:
                    i = _adds(m, spent, moai)
                    if i >= 0:
                        v[i] += 1
                self.members[gid] = group
                self.summ[gid] = v
                gid += 1
        self.next_gid = gid
        #: free palms next to one of the seat's tokens
        self.near = {p for p in PALM_SPACES if occ[p] is None and seat in _NEIGHBOURS_OF[p](occ)}
        #: free space -> (the cost of the Moai a token there would force, or None;
        #: the groups it would join), while those groups stand (N6: refused when
        #: the cost is above the seat's shells)
        self.verdicts: dict[int, tuple[int | None, frozenset[int]]] = {}
        #: group -> the spaces whose verdict read it (some may since have been dropped)
        self.readers: dict[int, set[int]] = {}

    def grow(self, occ: list, spent: list, moai: list, space: int) -> None:
        """The seat's token was put on ``space``: join the groups around it."""
        near = self.near
        near.discard(space)
        for p in PALMS_NEAR[space]:
            if occ[p] is None:
                near.add(p)
        lab, members, summ = self.lab, self.members, self.summ
        gids = set(_NEIGHBOURS_OF[space](lab))
        gids.discard(-1)
        if not gids:
            gid = self.next_gid
            self.next_gid += 1
            members[gid] = [space]
            summ[gid] = total = [0] * 7
        elif len(gids) == 1:
            (gid,) = gids
            members[gid].append(space)
            total = summ[gid]
        else:
            gid = max(gids, key=lambda g: len(members[g]))
            into, total = members[gid], summ[gid]
            for g in gids:
                if g != gid:
                    moved = members.pop(g)
                    for m in moved:
                        lab[m] = gid
                    into += moved
                    for i, x in enumerate(summ.pop(g)):
                        total[i] += x
            into.append(space)
        lab[space] = gid
        i = _adds(space, spent, moai)
        if i >= 0:
            total[i] += 1
        # verdicts that read a group changed here, or a space that now joins one, are stale
        verdicts = self.verdicts
        if verdicts:
            for n in ADJ[space]:
                verdicts.pop(n, None)
            readers = self.readers
            for g in gids:
                for s in readers.pop(g, ()):
                    verdicts.pop(s, None)

    def lose(self, space: int, i: int) -> None:
        """The token on ``space`` no longer adds summary entry ``i`` (spent, or a Moai raised)."""
        gid = self.lab[space]
        if gid >= 0:
            self.summ[gid][i] -= 1


class _Index:
    """What ``legal_spaces`` and ``group_qualifies`` read off one board."""

    __slots__ = ("board", "occ", "rev", "spent", "moai", "free", "seats", "answers")

    def __init__(self, board: Any) -> None:
        self.board = board
        self.occ = occ = list(board.occupant)
        self.rev = rev = list(board.revealed)
        self.spent = list(board.spent)
        self.moai = list(board.moai)
        #: free turned-up resource spaces
        self.free = {s for s in RESOURCE_SPACES if rev[s] and occ[s] is None}
        self.seats: dict[int, _SeatIndex] = {}
        #: (seat, Moai left, shells) -> legal spaces, until the board changes
        self.answers: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def seat(self, seat: int) -> _SeatIndex:
        si = self.seats.get(seat)
        if si is None:
            si = self.seats[seat] = _SeatIndex(self.occ, self.spent, self.moai, seat)
        return si


_NO_GROUP = (-1,)


def _adds(space: int, spent: list, moai: list) -> int:
    """The summary entry a token on ``space`` adds (as ``contribution``), or -1."""
    kind = KIND[space]
    if kind != "palm":
        return -1 if spent[space] else K_INDEX[kind]
    return PALMS_AT if MOAI_SITE[space] and not moai[space] else -1


#: the palms next to each space
PALMS_NEAR = tuple(tuple(n for n in ADJ[s] if IS_PALM[n]) for s in range(len(IS_PALM)))
_local = threading.local()


def _index(board: Any) -> _Index:
    """This thread's index of ``board``, built anew unless it matches the board."""
    idx = getattr(_local, "index", None)
    if (idx is None or idx.board is not board or idx.occ != board.occupant or idx.rev != board.revealed
            or idx.spent != board.spent or idx.moai != board.moai):
        idx = _local.index = _Index(board)
    return idx


def _tracked(board: Any) -> _Index | None:
    idx = getattr(_local, "index", None)
    return idx if idx is not None and idx.board is board else None


def note_placed(board: Any, seat: int, space: int) -> None:
    """The rules have just put ``seat``'s token on the free ``space``."""
    idx = _tracked(board)
    if idx is None:
        return
    occ = idx.occ
    if occ[space] is not None:
        _local.index = None
        return
    occ[space] = seat
    if occ != board.occupant:  # changed some other way too: start afresh next time
        _local.index = None
        return
    idx.answers.clear()
    idx.free.discard(space)
    for s, si in idx.seats.items():
        if s == seat:
            si.grow(occ, idx.spent, idx.moai, space)
        else:
            si.near.discard(space)


def note_revealed(board: Any, *spaces: int) -> None:
    """The rules have just turned up the tiles of ``spaces``."""
    idx = _tracked(board)
    if idx is None:
        return
    rev, occ, free = idx.rev, idx.occ, idx.free
    opened = []
    for space in spaces:
        if not rev[space]:
            rev[space] = True
            opened.append(space)
    if rev != board.revealed:
        _local.index = None
        return
    idx.answers.clear()
    for space in opened:
        if not IS_PALM[space] and occ[space] is None:
            free.add(space)


def _note_flag(board: Any, field: str, space: int) -> tuple[Any, bool] | None:
    """Set ``field`` (``spent`` or ``moai``) of ``space`` in the index, as the
    rules just did on the board; drop every kept answer. Returns the index and
    whether the flag was already set, or None when the index was rebuilt."""
    idx = _tracked(board)
    if idx is None:
        return None
    flags = getattr(idx, field)
    was = flags[space]
    flags[space] = True
    if flags != getattr(board, field):
        _local.index = None
        return None
    idx.answers.clear()
    for si in idx.seats.values():  # rare: no verdict is kept across it
        si.verdicts.clear()
        si.readers.clear()
    return idx, was


def note_spent(board: Any, space: int) -> None:
    """The rules have just put a shell on the tile of ``space``."""
    noted = _note_flag(board, "spent", space)
    if noted is None:
        return
    idx, was = noted
    owner = idx.occ[space]
    si = idx.seats.get(owner) if owner is not None and not was else None
    if si is not None and KIND[space] != "palm":
        si.lose(space, K_INDEX[KIND[space]])


def note_moai(board: Any, palm: int) -> None:
    """The rules have just raised a Moai on ``palm``."""
    noted = _note_flag(board, "moai", palm)
    if noted is None:
        return
    idx, was = noted
    owner = idx.occ[palm]
    si = idx.seats.get(owner) if owner is not None and not was else None
    if si is not None and MOAI_SITE[palm]:
        si.lose(palm, PALMS_AT)


def legal_spaces(board: Any, seat: int) -> list[int]:
    """Every space where ``seat`` may put a token now: those
    :func:`placement_problem` accepts, in id order. The same judgement, read
    off the board's index instead of space by space:

    - a free resource space must be turned up, a free palm must touch one of
      the seat's tokens, and Orongo needs all the seat's Moai erected;
    - Orongo then needs the merged group to hold a recipe the seat can pay;
    - with Moai left and fewer than 2 shells, a space is refused when its
      merged group would have a free coastal palm and only unaffordable
      recipes (N6). A token with none of its own next to it is its own
      group, and a lone resource token has no palm: it is never refused.
      What such a Moai would cost depends only on what the token itself adds
      and on the groups it joins, so it is kept per free space until one of
      those groups changes.
    """
    idx = _index(board)
    left = board.moai_left[seat]
    have = board.shells[seat]
    key = (seat, left, have)
    known = idx.answers.get(key)
    if known is not None:
        return list(known)
    out = _legal(idx, seat, left, have)
    idx.answers[key] = tuple(out)
    return out


def _legal(idx: _Index, seat: int, left: int, have: int) -> list[int]:
    """``legal_spaces`` worked out on the index."""
    si = idx.seat(seat)
    careful = left > 0 and have < 2
    near = si.near
    cands = sorted(idx.free.union(near)) if near else sorted(idx.free)
    if not careful and ORONGO not in near:
        return cands
    lab, summ, verdicts = si.lab, si.summ, si.verdicts
    spent, moai = idx.spent, idx.moai
    nb = _NEIGHBOURS_OF
    out: list[int] = []
    for s in cands:
        if s == ORONGO:
            if left > 0:
                continue
            v = [0] * 7
            i = _adds(s, spent, moai)
            if i >= 0:
                v[i] += 1
            for gid in set(nb[s](lab)):
                if gid >= 0:
                    for i, x in enumerate(summ[gid]):
                        v[i] += x
            cheap = cheapest_recipe(v)
            if cheap is None or cheap[0] > have:
                continue
        elif careful:
            known = verdicts.get(s)
            if known is not None:
                cost = known[0]
            else:
                gids = frozenset(nb[s](lab)).difference(_NO_GROUP)
                cost = None
                if gids:  # Groups.merged(s): the groups' summaries and what the token adds
                    it = iter(gids)
                    v = summ[next(it)][:]
                    for gid in it:
                        v = list(map(add, v, summ[gid]))
                    own = _adds(s, spent, moai)
                    if own >= 0:
                        v[own] += 1
                    cheap = cheapest_recipe(v) if v[PALMS_AT] else None
                    if cheap is not None:
                        cost = cheap[0]
                    readers = si.readers
                    for gid in gids:
                        r = readers.get(gid)
                        if r is None:
                            readers[gid] = {s}
                        else:
                            r.add(s)
                verdicts[s] = (cost, gids)
            if cost is not None and cost > have:
                continue
        out.append(s)
    return out


def known_legal(board: Any, seat: int, space: int) -> bool:
    """True when ``legal_spaces`` has already listed ``space`` for ``seat``
    on this very board (a quick yes for a check; False says nothing)."""
    idx = _tracked(board)
    if (idx is None or idx.occ != board.occupant or idx.rev != board.revealed or idx.spent != board.spent
            or idx.moai != board.moai):
        return False
    known = idx.answers.get((seat, board.moai_left[seat], board.shells[seat]))
    return known is not None and space in known


def can_place(board: Any, seat: int) -> bool:
    """True if ``seat`` has at least one legal space."""
    return bool(legal_spaces(board, seat))


def recipes_in(board: Any, group: Iterable[int]) -> list[tuple[int, ...]]:
    """Every way to use the group's unspent tiles for one recipe."""
    by_kind: dict[str, list[int]] = {k: [] for k in RESOURCE_KINDS}
    for s in group:
        k = KIND[s]
        if k != "palm" and not board.spent[s]:
            by_kind[k].append(s)
    out: list[tuple[int, ...]] = [(q,) for q in sorted(by_kind["quarry"])]
    for a, b in (("temple", "god"), ("birdman", "nest")):
        out += [(x, y) for x in sorted(by_kind[a]) for y in sorted(by_kind[b])]
    out += list(combinations(sorted(by_kind["food"]), 2))
    return out


def free_palms(board: Any, group: Iterable[int]) -> list[int]:
    """The group's coastal palms that can still carry a Moai (not Orongo)."""
    return sorted(s for s in group if MOAI_SITE[s] and not board.moai[s])


def erection_choices(board: Any, seat: int, anchor: int, affordable_only: bool = True) -> list[Choice]:
    """Every (palm, tiles) a Moai could be erected with in the group of the
    token on ``anchor``. On Orongo (N7) the palm is Orongo itself; otherwise
    the group's free coastal palms (N6). With ``affordable_only`` only the
    recipes the seat can pay for."""
    group = group_of(board, seat, anchor)
    recipes = recipes_in(board, group)
    if affordable_only:
        recipes = [r for r in recipes if len(r) <= board.shells[seat]]
    palms = [ORONGO] if anchor == ORONGO else free_palms(board, group)
    return [(p, r) for p in palms for r in recipes]


def group_qualifies(board: Any, seat: int, anchor: int) -> bool:
    """True if the group of ``anchor`` holds a recipe and a free coastal palm
    (whatever the seat's shells)."""
    si = _index(board).seat(seat)
    gid = si.lab[anchor]
    if gid < 0:  # not a token of the seat's: walk the board itself
        group = group_of(board, seat, anchor)
        return bool(free_palms(board, group)) and bool(recipes_in(board, group))
    v = si.summ[gid]  # free_palms(...) and recipes_in(...) of the group are non-empty
    return v[PALMS_AT] > 0 and has_recipe(v)
