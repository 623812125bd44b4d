"""Secret simultaneous bids (N4) and the placing order (N5)."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nyakuza.bidding import clockwise_after, resolve_bids

from .util import ANNE, BEN, CARA, DAN, GAME, Bid, Place, check_invariants, new, play, refused, texts


def test_rulebook_example_anne_ben_cara_dan():
    """Anne and Cara bid 5, Ben and Dan 3; Ben holds the amulet. Cara (left
    of Ben) wins and pays 5 to the reef, 3 tokens; Anne is second, 2 tokens;
    Ben and Dan 1 each. Placing order: Cara, Anne, Dan, Ben."""
    state = new(4, amulet=BEN)
    events = []
    for seat, bid in [(ANNE, 5), (BEN, 3), (CARA, 5), (DAN, 3)]:
        events += play(state, Bid(shells=bid), seat)
    assert state.shells == [12, 12, 7, 12]
    assert state.reef == 5
    assert state.last_bids == [5, 3, 5, 3]
    assert state.last_tokens == [2, 1, 3, 1]
    assert state.amulet == CARA
    assert state.queue == [(CARA, 3), (ANNE, 2), (DAN, 1), (BEN, 1)]
    assert state.supply == [38, 39, 37, 39]
    assert state.phase == "place" and GAME.to_act(state) == [CARA]
    reveal = [e for e in events if e.reveals]
    assert len(reveal) == 1 and reveal[0].text == "Bids revealed: {s0} 5, {s1} 3, {s2} 5, {s3} 3."
    assert ("{s2} wins the bid, pays 5 shells to the reef, takes the amulet and 3 tokens; "
            "{s0} is second with 2 tokens; {s3} and {s1} take 1 token each.") in texts(events)
    check_invariants(state)
    # the placing goes Cara x3, Anne x2, Dan, Ben
    order = []
    while state.phase == "place":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        play(state, GAME.legal_actions(state, seat)[0], seat)
    assert order == [CARA, CARA, CARA, ANNE, ANNE, DAN, BEN]


def test_resolve_bids_example_as_numbers():
    out = resolve_bids([5, 3, 5, 3], amulet=BEN, reef=0)
    assert out.ranking == [CARA, ANNE, DAN, BEN]
    assert (out.top, out.second, out.paid, out.amulet) == (CARA, ANNE, 5, CARA)
    assert out.tokens == [2, 1, 3, 1]
    assert out.order == [(CARA, 3), (ANNE, 2), (DAN, 1), (BEN, 1)]
    assert out.zero == [] and out.reef_after == 5


def test_tie_order_starts_left_of_the_holder_and_ends_with_the_holder():
    assert clockwise_after(1, 4) == [2, 3, 0, 1]
    assert clockwise_after(3, 4) == [0, 1, 2, 3]
    # all tie: the player left of the holder wins, the holder comes last
    out = resolve_bids([4, 4, 4, 4], amulet=2, reef=0)
    assert out.ranking == [3, 0, 1, 2] and out.top == 3 and out.second == 0
    assert out.tokens == [2, 1, 1, 3]
    # one-token players place clockwise from the new holder (seat 3)
    assert out.order == [(3, 3), (0, 2), (1, 1), (2, 1)]


def test_zero_bidders_share_the_reef_including_the_payment():
    out = resolve_bids([0, 7, 0, 2], amulet=0, reef=4)
    assert out.top == 1 and out.paid == 7 and out.second == 3
    assert out.zero == [0, 2]
    assert out.share == 5 and out.reef_after == 1  # 4 + 7 = 11 shared by two: 5 each, 1 stays
    state = new(4, amulet=0)
    state.shells = [12, 12, 12, 8]
    state.reef = 4
    for seat, bid in enumerate([0, 7, 0, 2]):
        play(state, Bid(shells=bid), seat)
    assert state.shells == [17, 5, 17, 8]
    assert state.reef == 1
    assert state.last_tokens == [0, 3, 0, 2]
    assert state.amulet == 1
    check_invariants(state)


def test_single_zero_bidder_takes_the_whole_reef():
    state = new(3, amulet=0)
    state.shells = [16, 16, 10]
    state.reef = 6
    events = []
    for seat, bid in enumerate([3, 0, 1]):
        events += play(state, Bid(shells=bid), seat)
    assert state.shells == [13, 16 + 9, 10]
    assert state.reef == 0
    assert state.queue == [(0, 3), (2, 2)]
    assert "{s1} bid nothing and takes the reef's 9 shells." in texts(events)


def test_all_bid_zero_nobody_places_and_the_reef_is_shared():
    state = new(3, amulet=1)
    state.shells = [14, 16, 16]
    state.reef = 2
    supply = list(state.supply)
    events = []
    for seat in range(3):
        events += play(state, Bid(shells=0), seat)
    assert state.amulet == 1, "nobody won the bid: the amulet stays"
    assert state.shells == [14, 16, 16] and state.reef == 2  # 2 shells for 3 players: none each
    assert state.supply == supply
    assert state.round == 2 and state.phase == "bid"
    assert "Everybody bid nothing: nobody places tokens this round." in texts(events)
    state.reef = 7
    for seat in range(3):
        play(state, Bid(shells=0), seat)
    assert state.shells == [16, 18, 18] and state.reef == 1


def test_two_players():
    state = new(2, amulet=0)
    play(state, Bid(shells=3), 0)
    play(state, Bid(shells=3), 1)
    # tie: the player left of the holder (seat 1) wins
    assert state.queue == [(1, 3), (0, 2)] and state.amulet == 1 and state.reef == 3
    state = new(2, amulet=0)
    play(state, Bid(shells=2), 0)
    play(state, Bid(shells=0), 1)
    assert state.queue == [(0, 3)] and state.shells == [22, 26] and state.reef == 0


def test_bids_wait_hidden_until_all_are_in():
    state = new(4, amulet=0)
    assert GAME.to_act(state) == [0, 1, 2, 3]
    events = play(state, Bid(shells=4), BEN)
    assert GAME.to_act(state) == [0, 2, 3]
    assert state.bids == [None, 4, None, None] and state.shells[BEN] == 12
    private = [e for e in events if e.private]
    public = [e for e in events if not e.private]
    assert private and all(e.seat == BEN for e in private) and "4" in private[0].text
    assert public and all("4" not in e.text for e in public) and not any(e.reveals for e in events)
    for seat in (ANNE, CARA, DAN):
        view = GAME.view(state, seat)
        assert view.seats[BEN].has_bid and view.seats[BEN].bid is None
        assert '"bid":4' not in view.model_dump_json().replace(" ", "")
    assert GAME.view(state, BEN).seats[BEN].bid == 4
    refused(state, Bid(shells=2), BEN, "already bid")
    play(state, Bid(shells=1), ANNE)
    play(state, Bid(shells=0), CARA)
    assert state.phase == "bid"
    events = play(state, Bid(shells=2), DAN)
    assert state.phase == "place" and state.bids == [None] * 4
    assert any(e.reveals and "Bids revealed" in e.text for e in events)
    assert GAME.view(state, CARA).seats[BEN].last_bid == 4


def test_bid_refusals_leave_the_state_unchanged():
    state = new(4, amulet=0)
    refused(state, Bid(shells=13), ANNE, "only 12 shells", "cannot bid 13")
    refused(state, Place(space=0), ANNE, "bid")
    state.shells = [0, 12, 12, 24]
    refused(state, Bid(shells=1), ANNE, "no shells", "only bid 0")
    assert [a.shells for a in GAME.legal_actions(state, ANNE)] == [0]
    assert [a.shells for a in GAME.legal_actions(state, DAN)] == list(range(25))


def test_tokens_are_limited_by_the_supply():
    state = new(2, amulet=1)
    state.supply = [1, 40]
    events = []
    events += play(state, Bid(shells=5), 0)
    events += play(state, Bid(shells=1), 1)
    assert state.last_tokens == [1, 2] and state.supply == [0, 38]
    assert state.queue == [(0, 1), (1, 2)]
    assert "{s0} has only 1 token left in the supply." in texts(events)


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_one_token_players_place_clockwise_from_the_new_holder(holder):
    out = resolve_bids([1, 1, 1, 1], amulet=holder, reef=0)
    first = (holder + 1) % 4
    assert out.top == first and out.amulet == first
    assert [s for s, _ in out.order] == [first, (first + 1) % 4, (first + 2) % 4, (first + 3) % 4]
    assert [n for _, n in out.order] == [3, 2, 1, 1]
