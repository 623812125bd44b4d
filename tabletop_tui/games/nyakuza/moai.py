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

from itertools import combinations
from operator import itemgetter
from typing import Any, Callable, Iterable

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
    return "none" if n == 0 else f"{n} shell{'s' if n != 1 else ''}"


def need_text(cost: int, name: str, have: int) -> str:
    """"You need 2 shells to spend temple + god; you have 1"."""
    return f"You need {cost} shell{'s' if cost != 1 else ''} to spend {name}; you have {have if have else 'none'}"


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


def _open_spaces(board: Any) -> list[int]:
    """Free palms and free turned-up resource spaces: the only spaces
    :func:`placement_problem` can accept (a quick first sieve)."""
    occ, rev = board.occupant, board.revealed
    return [s for s in range(len(occ)) if occ[s] is None and (IS_PALM[s] or rev[s])]


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


def _legal(board: Any, seat: int) -> list[int]:
    """Every space :func:`placement_problem` accepts for ``seat``, in id
    order. The same judgement, read off the board in one pass instead of
    space by space:

    - a free resource space must be turned up, a free palm must touch one of
      the seat's tokens, and Orongo needs all the seat's Moai erected;
    - Orongo then needs the merged group to hold a recipe the seat can pay;
    - with Moai left and fewer than 2 shells, a space is refused when its
      merged group would have a free coastal palm and only unaffordable
      recipes (N6). A token with none of its own next to it is its own
      group, and a lone resource token has no palm: it is never refused.
      The verdict depends only on what the token itself adds and on which
      groups it joins, so it is worked out once per such pair.
    """
    occ, rev = board.occupant, board.revealed
    left = board.moai_left[seat]
    have = board.shells[seat]
    careful = left > 0 and have < 2
    cands = [s for s in RESOURCE_SPACES if rev[s] and occ[s] is None]
    nb = _NEIGHBOURS_OF
    palms = [p for p in PALM_SPACES if occ[p] is None and seat in nb[p](occ)]
    if palms:
        cands += palms
        cands.sort()
    if not careful and ORONGO not in palms:
        return cands
    groups = Groups(board, seat)
    label, summaries = groups.label, groups.summaries
    spent, moai = board.spent, board.moai
    refused: dict[tuple[int, frozenset[int]], bool] = {}
    out: list[int] = []
    for s in cands:
        if s == ORONGO:
            if left > 0:
                continue
            cheap = cheapest_recipe(groups.merged(s))
            if cheap is None or cheap[0] > have:
                continue
        elif careful:
            near = nb[s](occ)
            if seat in near:
                gids = set()
                for n, o in zip(ADJ[s], near):
                    if o == seat:
                        gid = label.get(n)
                        gids.add(groups._label(n) if gid is None else gid)
                kind = KIND[s]  # what contribution(board, s) adds: one index, or none
                if kind != "palm":
                    own = -1 if spent[s] else K_INDEX[kind]
                else:
                    own = PALMS_AT if MOAI_SITE[s] and not moai[s] else -1
                key = (own, frozenset(gids))
                no = refused.get(key)
                if no is None:
                    v = [0] * 7
                    if own >= 0:
                        v[own] = 1
                    for gid in gids:
                        for i, x in enumerate(summaries[gid]):
                            v[i] += x
                    cheap = cheapest_recipe(v) if v[PALMS_AT] else None
                    no = refused[key] = cheap is not None and cheap[0] > have
                if no:
                    continue
        out.append(s)
    return out


#: the last full answer of ``legal_spaces``, with what it was read from:
#: (seat, Moai left, shells, occupant, revealed, spent, moai, spaces).
#: ``_advance`` asks ``can_place`` and then ``legal_actions`` asks
#: ``legal_spaces`` about the same board: the second reads this back.
_last: tuple | None = None


def legal_spaces(board: Any, seat: int) -> list[int]:
    """Every space where ``seat`` may put a token now (those
    :func:`placement_problem` accepts, in id order)."""
    global _last
    occ, rev, spent, moai = board.occupant, board.revealed, board.spent, board.moai
    left, have = board.moai_left[seat], board.shells[seat]
    last = _last
    if (last is not None and last[0] == seat and last[1] == left and last[2] == have and last[3] == occ
            and last[4] == rev and last[5] == spent and last[6] == moai):
        return list(last[7])
    out = _legal(board, seat)
    _last = (seat, left, have, list(occ), list(rev), list(spent), list(moai), tuple(out))
    return out


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
    # free_palms(...) and recipes_in(...) are non-empty, counted in one pass
    spent, moai = board.spent, board.moai
    palm = False
    v = [0] * 6
    for s in group_of(board, seat, anchor):
        kind = KIND[s]
        if kind != "palm":
            if not spent[s]:
                v[K_INDEX[kind]] += 1
        elif MOAI_SITE[s] and not moai[s]:
            palm = True
    return palm and has_recipe(v)
