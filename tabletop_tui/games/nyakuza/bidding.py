"""Resolving a round's secret bids (ruling N4) and the placing order (N5).

Pure functions on plain numbers, so the rulebook's example is easy to test.
Seats sit clockwise in seat order: the player left of seat ``s`` is ``s + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: tokens for the highest, the second highest and every other positive bid
TOKENS_FOR_RANK = (3, 2)
TOKENS_OTHERS = 1


def clockwise_after(holder: int, players: int) -> list[int]:
    """Every seat clockwise, starting left of ``holder`` and ending with it.

    This is the order that breaks tied bids (N4) and, counted from the new
    holder, the order in which 1-token players place (N5)."""
    return [(holder + i) % players for i in range(1, players + 1)]


#: ``clockwise_after(holder, players)`` as tuples, by players and holder
CLOCKWISE = {n: tuple(tuple(clockwise_after(h, n)) for h in range(n)) for n in range(1, 5)}


@dataclass(slots=True)
class BidOutcome:
    """What a round's bids give: tokens, payment, the reef's sharing."""

    bids: list[int]
    #: seats with a bid of at least 1, best first (ties broken clockwise from
    #: the player left of the amulet holder)
    ranking: list[int]
    #: tokens each seat earns (3, 2, 1 or 0)
    tokens: list[int]
    #: the highest bidder (pays, takes the amulet), or None when all bid 0
    top: int | None
    second: int | None
    #: shells the top bidder pays to the reef
    paid: int
    #: seats that bid 0 and share the reef
    zero: list[int]
    #: shells each zero bidder takes, and what is left on the reef afterwards
    share: int
    reef_after: int
    #: the amulet holder after the bids
    amulet: int
    #: placing order: (seat, tokens earned), top first, then second, then the
    #: 1-token players clockwise from the (new) amulet holder
    order: list[tuple[int, int]]


def resolve_bids(bids: list[int], amulet: int, reef: int) -> BidOutcome:
    """Resolve revealed ``bids`` (one per seat) with the amulet at ``amulet``
    and ``reef`` shells on the reef before the payment."""
    n = len(bids)
    clockwise = CLOCKWISE[n] if n in CLOCKWISE else [clockwise_after(h, n) for h in range(n)]
    # highest bid first; the sort is stable, so tied bidders stay in clockwise
    # order from the player left of the amulet holder
    ranking = [s for s in clockwise[amulet] if bids[s] > 0]
    if len(ranking) > 1:
        ranking.sort(key=bids.__getitem__, reverse=True)
    tokens = [0] * n
    zero = [s for s in range(n) if bids[s] == 0]
    if not ranking:
        pool = reef
        share = pool // len(zero) if zero else 0
        return BidOutcome(bids=list(bids), ranking=ranking, tokens=tokens, top=None, second=None, paid=0,
                          zero=zero, share=share, reef_after=pool - share * len(zero), amulet=amulet, order=[])
    top = ranking[0]
    tokens[top] = TOKENS_FOR_RANK[0]
    order = [(top, TOKENS_FOR_RANK[0])]
    second = None
    if len(ranking) > 1:
        second = ranking[1]
        tokens[second] = TOKENS_FOR_RANK[1]
        order.append((second, TOKENS_FOR_RANK[1]))
        if len(ranking) > 2:
            for s in ranking[2:]:
                tokens[s] = TOKENS_OTHERS
            # the 1-token players, clockwise from the new holder (the top bidder)
            order += [(s, TOKENS_OTHERS) for s in clockwise[top] if tokens[s] == TOKENS_OTHERS]
    paid = bids[top]
    pool = reef + paid
    share = pool // len(zero) if zero else 0
    return BidOutcome(bids=list(bids), ranking=ranking, tokens=tokens, top=top, second=second, paid=paid,
                      zero=zero, share=share, reef_after=pool - share * len(zero), amulet=top, order=order)
