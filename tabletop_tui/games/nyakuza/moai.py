"""Groups of tokens, Moai recipes, and where a token may go (N5, N6, N7).

A player's *group* is a set of their tokens connected through neighbouring
spaces. A group can raise a Moai when it holds (A) unspent resource tiles
forming a recipe -- one quarry, temple + god, birdman + nest, or two food --
and (B) a token on a coastal palm without a Moai (Orongo excepted: it is
reserved for the Ceremonial Moai). Erecting costs one shell per tile used.

The functions here read a board through its lists (``occupant``,
``spent``, ``moai``, ``revealed``, ``shells``, ``moai_left`` indexed by
space id or seat), so they serve the rules, the view and the tests alike;
the placement questions also keep a :class:`BoardIndex` of the board in the
state's private ``_index`` attribute (see below).
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import Any, Callable, Iterable

from tabletop_tui.engine.text import plural

from .data import ISLAND, RESOURCE_KINDS, SPACES

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

#: A group's *summary* in one int: the count of each resource kind's unspent
#: tiles (index ``K_INDEX``) and of free coastal palms (``PALMS_AT``), 8 bits
#: each, entry ``i`` at bit ``8 * i``. Joining groups adds their summaries.
UNIT = tuple(1 << (8 * i) for i in range(7))
_QUARRY, _FOOD2 = 0xFF << (8 * Q), 0xFE << (8 * F)  # a quarry; two food or more
_TEMPLE, _GOD = 0xFF << (8 * T), 0xFF << (8 * G)
_BIRDMAN, _NEST = 0xFF << (8 * B), 0xFF << (8 * N)
_PALM_SHIFT = 8 * PALMS_AT
_ZEROS = (0,) * 6  # a default for each of a space's neighbours


def packed_recipe(v: int) -> tuple[int, str] | None:
    """``cheapest_recipe`` of a packed summary."""
    if v & _QUARRY:
        return 1, "the quarry"
    if v & _TEMPLE and v & _GOD:
        return 2, "temple + god"
    if v & _BIRDMAN and v & _NEST:
        return 2, "birdman + nest"
    if v & _FOOD2:
        return 2, "two food"
    return None


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


def _orongo_kept(left: int) -> str:
    return (f"Orongo is kept for the Ceremonial Moai: you may go there only once all your Moai stand "
            f"(you have {left} left).")


def placement_problem(board: Any, seat: int, space: int, secret: bool = False) -> str | None:
    """Why ``seat`` may not put a token on ``space`` now (N5-N7), or None.

    This is the one judge of a placement: ``legal_spaces`` lists the spaces
    it accepts, and the rules' ``check`` asks it. It reads the board's
    :class:`BoardIndex`: a space is *open* to the seat when it is a free
    turned-up resource space or a free palm next to one of its tokens; an
    open space is then refused only for the Moai it would force (N6, N7).
    ``secret``: the token goes on the player's own secret tile (N9), whose
    space opens as it is laid, so it need not be turned up already.
    """
    if not 0 <= space < SPACES:
        return "There is no such space on the island."
    occ = board.occupant
    idx = _index(board)
    left, have = board.moai_left[seat], board.shells[seat]
    known = idx.answers.get((seat, left, have))  # this judge's answers for the board, kept by legal_spaces
    if known is not None and space in known:
        return None
    si = idx.seats.get(seat) or idx.seat(seat)
    if not (space in idx.free or space in si.near or (secret and occ[space] is None and not IS_PALM[space])):
        return _closed(board, seat, space)
    if not _refused(idx, si, left, have, (space,)):
        return None
    return _cost_refusal(idx, si, left, have, space)


def _closed(board: Any, seat: int, space: int) -> str:
    """Why a space that is not open to ``seat`` is closed, in the order a
    player would look: taken, Orongo, a palm away from the seat's tokens, a
    tile still face down."""
    owner = board.occupant[space]
    if owner is not None:
        return "You already have a token there." if owner == seat else "That space is already taken."
    if space == ORONGO and board.moai_left[seat] > 0:
        return _orongo_kept(board.moai_left[seat])
    if IS_PALM[space]:
        return "A palm space must be next to one of your own tokens."
    return f"Space {NUMBER[space]} is not open: its tile has not been turned up yet."


def _refused(idx: "BoardIndex", si: "_SeatIndex", left: int, have: int, spaces: Iterable[int]) -> list[int]:
    """The open ``spaces`` that N6/N7 refuse to a seat with ``left`` Moai
    left and ``have`` shells: Orongo unless every Moai stands and the group
    holds a recipe the seat can pay; elsewhere, with Moai left and fewer
    than 2 shells, a space whose token would force a Moai the seat cannot
    pay for. Only these two cases refuse an open space. The one place that
    decides it: ``check`` asks about one space, ``legal_spaces`` about all."""
    careful = left > 0 and have < 2
    out = []
    for s in spaces:
        if s == ORONGO:
            if left > 0:
                out.append(s)
                continue
            cheap = packed_recipe(_merged(idx, si, s))
            if cheap is None or cheap[0] > have:
                out.append(s)
        elif careful:
            cheap = _forced(idx, si, s)
            if cheap is not None and cheap[0] > have:
                out.append(s)
    return out


def _cost_refusal(idx: "BoardIndex", si: "_SeatIndex", left: int, have: int, space: int) -> str:
    """The sentence for an open ``space`` that ``_refused`` refuses."""
    if space == ORONGO:
        if left > 0:
            return _orongo_kept(left)
        cheap = packed_recipe(_merged(idx, si, space))
        if cheap is None:
            return ("To erect the Ceremonial Moai your group must hold an unspent quarry, temple + god, "
                    "birdman + nest or two food.")
        return f"{need_text(cheap[0], cheap[1], have)}, so you cannot erect the Ceremonial Moai."
    cost, name = _forced(idx, si, space)  # type: ignore[misc]
    return f"A token there would make you erect a Moai you cannot pay for. {need_text(cost, name, have)}."


#: resource spaces, in id order
RESOURCE_SPACES = tuple(s for s in range(len(IS_PALM)) if not IS_PALM[s])


def _getter(spaces: tuple[int, ...]) -> Callable[[list], tuple]:
    """A function giving the tuple ``(board[s] for s in spaces)`` of a list."""
    if len(spaces) == 1:
        only = spaces[0]
        return lambda xs: (xs[only],)
    return itemgetter(*spaces) if spaces else (lambda xs: ())


#: for each space: the entries of its neighbours in a list indexed by space, read in one call
_NEIGHBOURS_OF = tuple(_getter(ADJ[s]) for s in range(len(IS_PALM)))


def _adds(space: int, spent: list, moai: list) -> int:
    """The summary entry a token on ``space`` adds to its group, or -1:
    an unspent resource tile its kind, a coastal palm without a Moai (not
    Orongo) ``PALMS_AT``."""
    kind = KIND[space]
    if kind != "palm":
        return -1 if spent[space] else K_INDEX[kind]
    return PALMS_AT if MOAI_SITE[space] and not moai[space] else -1


#: what a token on each space adds to its group's packed summary while the
#: space is free (a free tile is never spent and a free palm has no Moai)
FREE_ADDS = tuple(UNIT[i] if (i := _adds(s, [False] * SPACES, [False] * SPACES)) >= 0 else 0
                  for s in range(SPACES))


# -- the board index a state keeps ---------------------------------------------------
#
# Placing is asked about after every token (``can_place`` when the turn
# passes, ``legal_spaces`` for the legal actions, ``check``, and
# ``group_qualifies`` for the Moai), and a board changes little between two
# questions: tokens are only ever added, tiles only turned up, spent or given
# a Moai. So each state keeps a ``BoardIndex`` of itself in a private
# attribute (never saved, never compared; built on first use, so after a
# load, or copied by the rules' ``clone`` with the lists): copies of its four
# lists (``occupant``, ``revealed``, ``spent``, ``moai``), the free turned-up
# resource spaces, the closed spaces as a bit mask and, per seat, the groups
# (labels, packed summaries, frontier masks) and the free spaces and palms
# next to its tokens. The
# rules report each change they make (``note_placed``, ``note_revealed``,
# ``note_spent``, ``note_moai``) and the index follows it; each hook checks
# the list it follows against the board and drops the index when they
# differ. The board lists change only through the rules: code that changes
# them by hand after a question has been asked calls :func:`forget` (the
# tests check :func:`in_step` after every move). An index serves only the
# state that keeps it (a copy with its own lists builds or is given its
# own), so states never share one, whatever thread plays them.


class _SeatIndex:
    """One seat's tokens on an indexed board."""

    __slots__ = ("lab", "members", "summ", "front", "near", "touch", "next_gid")

    def __init__(self, occ: list, spent: list, moai: list, seat: int) -> None:
        n = len(occ)
        #: group id of each space holding a ``seat`` token, else -1
        self.lab = lab = [-1] * n
        self.members: dict[int, list[int]] = {}
        #: each group's packed summary: unspent tiles by kind, free coastal palms
        self.summ: dict[int, int] = {}
        #: each group's frontier: the bit mask of the spaces next to its tokens
        #: (free or not: ``BoardIndex.closed`` tells)
        self.front: dict[int, int] = {}
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
                v = 0
                for m in group:
                    i = _adds(m, spent, moai)
                    if i >= 0:
                        v += UNIT[i]
                self.members[gid] = group
                self.summ[gid] = v
                f = 0
                for m in group:
                    f |= ADJ_MASK[m]
                self.front[gid] = f
                gid += 1
        self.next_gid = gid
        #: free spaces (of any kind, turned up or not) next to one of the seat's
        #: tokens: the only ones whose token joins a group of the seat's
        self.touch = {s for s in range(n) if occ[s] is None and seat in _NEIGHBOURS_OF[s](occ)}
        #: free palms next to one of the seat's tokens
        self.near = {p for p in self.touch if IS_PALM[p]}

    def grow(self, occ: list, spent: list, moai: list, space: int) -> None:
        """The seat's token was put on ``space``: join the groups around it."""
        near, touch = self.near, self.touch
        near.discard(space)
        touch.discard(space)
        for x in ADJ[space]:
            if occ[x] is None:
                touch.add(x)
                if IS_PALM[x]:
                    near.add(x)
        lab, members, summ, front = self.lab, self.members, self.summ, self.front
        gids = set(_NEIGHBOURS_OF[space](lab))
        gids.discard(-1)
        add = FREE_ADDS[space]  # the space was free until now: its tile unspent, no Moai on its palm
        if not gids:
            gid = self.next_gid
            self.next_gid += 1
            members[gid] = [space]
            summ[gid] = add
            front[gid] = ADJ_MASK[space]
        elif len(gids) == 1:
            (gid,) = gids
            members[gid].append(space)
            summ[gid] += add
            front[gid] |= ADJ_MASK[space]
        else:
            gid = max(gids, key=lambda g: len(members[g]))
            into = members[gid]
            total = summ[gid] + add
            f = front[gid] | ADJ_MASK[space]
            for g in gids:
                if g != gid:
                    moved = members.pop(g)
                    for m in moved:
                        lab[m] = gid
                    into += moved
                    total += summ.pop(g)
                    f |= front.pop(g)
            into.append(space)
            summ[gid] = total
            front[gid] = f
        lab[space] = gid

    def copied(self) -> "_SeatIndex":
        """An independent copy (for a copy of the board)."""
        new = _SeatIndex.__new__(_SeatIndex)
        new.lab = self.lab[:]
        new.members = {g: m[:] for g, m in self.members.items()}
        new.summ = self.summ.copy()
        new.front = self.front.copy()
        new.near = set(self.near)
        new.touch = set(self.touch)
        new.next_gid = self.next_gid
        return new

    def lose(self, space: int, i: int) -> None:
        """The token on ``space`` no longer adds summary entry ``i`` (spent, or a Moai raised)."""
        gid = self.lab[space]
        if gid >= 0:
            self.summ[gid] -= UNIT[i]


class BoardIndex:
    """What the placement rules read off one state's board (see above)."""

    __slots__ = ("src", "occ", "rev", "spent", "moai", "free", "closed", "seats", "answers")

    def __init__(self, board: Any) -> None:
        #: the ``occupant`` list of the state that keeps it: a copy of the
        #: state (with its own lists) that shares the index builds its own
        self.src = board.occupant
        self.occ = occ = list(board.occupant)
        self.rev = rev = list(board.revealed)
        self.spent = list(board.spent)
        self.moai = list(board.moai)
        #: free turned-up resource spaces
        self.free = {s for s in RESOURCE_SPACES if rev[s] and occ[s] is None}
        #: the bit mask of the spaces no token may go on whoever places:
        #: taken, or a resource space still face down
        self.closed = sum(1 << s for s in range(len(occ)) if occ[s] is not None or not (IS_PALM[s] or rev[s]))
        self.seats: dict[int, _SeatIndex] = {}
        #: (seat, Moai left, shells) -> legal spaces, until the board changes
        self.answers: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def __eq__(self, other: object) -> bool:
        # a cache never makes two states differ (pydantic compares private attributes)
        return True

    __hash__ = None  # type: ignore[assignment]

    def copy_for(self, board: Any) -> "BoardIndex":
        """An independent copy for ``board``, a copy (with lists of its own)
        of the board this index follows."""
        new = BoardIndex.__new__(BoardIndex)
        new.src = board.occupant
        new.occ, new.rev, new.spent, new.moai = self.occ[:], self.rev[:], self.spent[:], self.moai[:]
        new.free = set(self.free)
        new.closed = self.closed
        new.seats = {s: si.copied() for s, si in self.seats.items()}
        new.answers = self.answers.copy()
        return new

    def seat(self, seat: int) -> _SeatIndex:
        si = self.seats.get(seat)
        if si is None:
            si = self.seats[seat] = _SeatIndex(self.occ, self.spent, self.moai, seat)
        return si


def _merged(idx: BoardIndex, si: _SeatIndex, space: int) -> int:
    """The packed summary of the group a token of the seat on the free
    ``space`` would be part of."""
    v = FREE_ADDS[space]
    summ = si.summ
    for gid in set(_NEIGHBOURS_OF[space](si.lab)):
        if gid >= 0:
            v += summ[gid]
    return v


def _forced(idx: BoardIndex, si: _SeatIndex, space: int) -> tuple[int, str] | None:
    """The cheapest recipe of the Moai a token of the seat on the free
    ``space`` would force (its merged group holds a free coastal palm and a
    recipe), or None. The merged summary: what the space adds and the
    summaries of the groups around it (label -1, no group, adds nothing); a
    token alone holds a palm or a tile, never both."""
    v = sum(map(si.summ.get, set(_NEIGHBOURS_OF[space](si.lab)), _ZEROS), FREE_ADDS[space])
    return packed_recipe(v) if v >> _PALM_SHIFT else None


def _index(board: Any) -> BoardIndex:
    """The index ``board`` keeps, built on first use (and after a load, a
    clone, or :func:`forget`)."""
    priv = board.__pydantic_private__
    idx = priv.get("_index")
    if idx is None or idx.src is not board.occupant:
        idx = priv["_index"] = BoardIndex(board)
    return idx


def copy_index(board: Any, copy: Any) -> None:
    """Give ``copy``, a copy of ``board`` with lists of its own (a clone),
    a copy of the index ``board`` keeps, if it keeps one in step: the search
    clones a state for every iteration, and a copied index costs less than
    one built anew. The copy is the clone's own (it follows the clone's
    lists, never the original's)."""
    idx = _tracked(board)
    if idx is not None:
        copy.__pydantic_private__["_index"] = idx.copy_for(copy)


def forget(board: Any) -> None:
    """Drop the index of a board changed by hand (a test's position): it is
    built afresh at the next question."""
    board.__pydantic_private__["_index"] = None


def in_step(board: Any) -> bool:
    """True if the board has no index, or one that matches its lists (the
    tests check this after every move)."""
    idx = board.__pydantic_private__.get("_index")
    if idx is None or idx.src is not board.occupant:
        return True
    fresh = BoardIndex(board)
    if (idx.occ, idx.rev, idx.spent, idx.moai, idx.free, idx.closed) != (fresh.occ, fresh.rev, fresh.spent,
                                                                         fresh.moai, fresh.free, fresh.closed):
        return False
    for seat, si in idx.seats.items():
        new = fresh.seat(seat)
        groups = sorted(sorted(m) for m in si.members.values())
        if (groups != sorted(sorted(m) for m in new.members.values()) or si.near != new.near
                or si.touch != new.touch):
            return False
        if any(si.summ[si.lab[m[0]]] != new.summ[new.lab[m[0]]] or si.front[si.lab[m[0]]] != new.front[new.lab[m[0]]]
               for m in si.members.values()):
            return False
    return True


def _tracked(board: Any) -> BoardIndex | None:
    """The index ``board`` keeps, if it is its own (the hooks update only that one)."""
    idx = board.__pydantic_private__.get("_index")
    return idx if idx is not None and idx.src is board.occupant else None


def _drop(board: Any) -> None:
    board.__pydantic_private__["_index"] = None


def note_placed(board: Any, seat: int, space: int) -> None:
    """The rules have just put ``seat``'s token on the free ``space``."""
    idx = board.__pydantic_private__.get("_index")  # _tracked(board), inlined: once per token
    if idx is None or idx.src is not board.occupant:
        return
    occ = idx.occ
    if occ[space] is not None:
        _drop(board)
        return
    occ[space] = seat
    if occ != board.occupant:  # changed some other way too: start afresh next time
        _drop(board)
        return
    idx.answers.clear()
    idx.free.discard(space)
    idx.closed |= 1 << space
    for s, si in idx.seats.items():
        if s == seat:
            si.grow(occ, idx.spent, idx.moai, space)
        else:
            si.near.discard(space)
            si.touch.discard(space)


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
        _drop(board)
        return
    idx.answers.clear()
    for space in opened:
        if not IS_PALM[space] and occ[space] is None:
            free.add(space)
            idx.closed &= ~(1 << space)


def _note_flag(board: Any, field: str, space: int) -> tuple[BoardIndex, bool] | None:
    """Set ``field`` (``spent`` or ``moai``) of ``space`` in the index, as the
    rules just did on the board; drop every kept answer. Returns the index and
    whether the flag was already set, or None when there is none to follow."""
    idx = _tracked(board)
    if idx is None:
        return None
    flags = getattr(idx, field)
    was = flags[space]
    flags[space] = True
    if flags != getattr(board, field):
        _drop(board)
        return None
    idx.answers.clear()
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
    :func:`placement_problem` accepts, in id order. The open spaces are read
    off the index at once; only when N6/N7 can refuse one (Orongo is open,
    or the seat has Moai left and fewer than 2 shells) are refusals looked
    for: Orongo by ``_refused``, the rest by ``_careful_refusals``."""
    idx = _index(board)
    left = board.moai_left[seat]
    have = board.shells[seat]
    key = (seat, left, have)
    known = idx.answers.get(key)
    if known is not None:
        return list(known)
    si = idx.seats.get(seat) or idx.seat(seat)
    near = si.near
    opened = idx.free.union(near) if near else idx.free
    out = sorted(opened)
    if left > 0 and have < 2:
        refused = _careful_refusals(idx, si, have)
        if ORONGO in near:  # kept for the Ceremonial Moai while Moai are left
            refused.append(ORONGO)
        if refused:
            out = [s for s in out if s not in refused]
    elif ORONGO in near and _refused(idx, si, left, have, (ORONGO,)):
        out.remove(ORONGO)
    idx.answers[key] = tuple(out)
    return out


def _careful_refusals(idx: BoardIndex, si: _SeatIndex, have: int) -> list[int]:
    """The open spaces but Orongo that ``_refused`` refuses to a seat with
    Moai left and ``have`` (0 or 1) shells: those whose token would force a
    Moai it cannot pay for. Only a space next to the seat's tokens can be
    one (a token anywhere else is a group of its own, which never holds a
    palm and a recipe). A space next to one group only is refused when that
    group's summary plus what the space adds is (a table by summary, for
    each kind of space at once); a space next to several is summed up alone."""
    memo = _REFUSING[have]
    summ = si.summ
    open_ = ~idx.closed
    seen = multi = refused = 0
    for gid, f in si.front.items():
        f &= open_
        if f:
            multi |= seen & f
            seen |= f
            v = summ[gid]
            r = memo.get(v)
            if r is None:
                if len(memo) > 50_000:
                    memo.clear()
                r = memo[v] = _refusing(v, have)
            refused |= f & r
    refused &= ~multi
    out = _bits(refused)
    for s in _bits(multi & ~ORONGO_BIT):
        cheap = _forced(idx, si, s)
        if cheap is not None and cheap[0] > have:
            out.append(s)
    return out


def _refusing(v: int, have: int) -> int:
    """The mask of the spaces (but Orongo) whose token, joining a group of
    packed summary ``v`` alone, forces a Moai that ``have`` shells cannot pay."""
    out = 0
    for add, mask in ADDS_MASKS:
        w = v + add
        if w >> _PALM_SHIFT:
            cheap = packed_recipe(w)
            if cheap is not None and cheap[0] > have:
                out |= mask
    return out


def _bits(m: int) -> list[int]:
    """The spaces of a bit mask, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


#: the bit of each space's neighbours, Orongo's bit
ADJ_MASK = tuple(sum(1 << n for n in ADJ[s]) for s in range(SPACES))
ORONGO_BIT = 1 << ORONGO
#: (what a token adds to its group while its space is free, the mask of the spaces but Orongo that add it)
ADDS_MASKS = tuple((add, sum(1 << s for s in range(SPACES) if FREE_ADDS[s] == add and s != ORONGO))
                   for add in sorted(set(FREE_ADDS)))
#: by shells (0 or 1): packed summary -> ``_refusing`` (a table of pure values, filled as met)
_REFUSING: tuple[dict[int, int], dict[int, int]] = ({}, {})


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
    idx = _index(board)
    si = idx.seats.get(seat) or idx.seat(seat)
    gid = si.lab[anchor]
    # the index's members of the group (in another order than group_of's:
    # recipes_in and free_palms sort what they find)
    group = si.members[gid] if gid >= 0 else group_of(board, seat, anchor)
    recipes = recipes_in(board, group)
    if affordable_only:
        recipes = [r for r in recipes if len(r) <= board.shells[seat]]
    palms = [ORONGO] if anchor == ORONGO else free_palms(board, group)
    return [(p, r) for p in palms for r in recipes]


def group_qualifies(board: Any, seat: int, anchor: int) -> bool:
    """True if the group of ``anchor`` holds a recipe and a free coastal palm
    (whatever the seat's shells)."""
    idx = _index(board)
    si = idx.seats.get(seat) or idx.seat(seat)
    gid = si.lab[anchor]
    if gid < 0:  # not a token of the seat's: walk the board itself
        group = group_of(board, seat, anchor)
        return bool(free_palms(board, group)) and bool(recipes_in(board, group))
    v = si.summ[gid]  # free_palms(...) and recipes_in(...) of the group are non-empty
    return bool(v >> _PALM_SHIFT) and bool(v & _QUARRY or (v & _TEMPLE and v & _GOD) or (v & _BIRDMAN and v & _NEST)
                                           or v & _FOOD2)  # packed_recipe(v) is not None, inlined: once per token
