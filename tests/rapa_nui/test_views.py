"""Hidden information (R9): views, events and determinize."""

from __future__ import annotations

import json
import random

from tabletop_tui.games.rapa_nui.actions import Draw, Offer, PlayCard, SkipBuy
from tabletop_tui.games.rapa_nui.data import CARDS

from .util import BLUE, GAME, GREEN, RED, cards, check_invariants, offs, play, position


def moai_loving_game(players: int, seed: int, *, until) -> object:
    """Play a game where seats never buy and raise Moai whenever they can,
    until ``until(state)`` holds (or the game ends); returns the state."""
    rng = random.Random(seed)
    state = GAME.new_state(players, None, seed)
    while not GAME.is_over(state) and not until(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        pick = [a for a in legal if isinstance(a, SkipBuy) or (isinstance(a, PlayCard) and a.card == "moai")]
        play(state, pick[0] if pick else rng.choice(legal), seat)
    return state


def mid_game(players=3):
    """A state in the middle of a game with face-down offerings of a seat
    other than Green, and no pending choice."""
    for seed in range(200):
        state = moai_loving_game(players, seed, until=lambda s: not s.pending and s.phase == "play"
                                 and any(seat != GREEN for seat, _ in s.stone_down) and len(s.deck) > 8)
        if not GAME.is_over(state):
            return state
    raise AssertionError("no suitable game found")


def walk(obj, visit):
    visit(obj)
    if isinstance(obj, dict):
        for v in obj.values():
            walk(v, visit)
    elif isinstance(obj, list):
        for v in obj:
            walk(v, visit)


def test_a_hand_no_one_else_could_have_seen_is_absent_from_their_views():
    # Blue holds the only Moais outside the deck, and 7 sweet potato offerings.
    market = [["priest"] * 4, ["woodcutter"] * 4, ["fish"] * 4, ["grain"] * 4]
    state = position(3, hands=[cards(priest=3), cards(moai=3), cards(woodcutter=3)],
                     displays=[cards(woodcutter=1), cards(woodcutter=1), cards(woodcutter=1)], market=market,
                     offerings=[offs(fish=1), offs(sweet_potato=7), offs(grain=1)])
    for viewer in (GREEN, RED, None):
        data = json.loads(GAME.view(state, viewer).model_dump_json())
        assert data["players"][BLUE]["hand"] is None and data["players"][BLUE]["offerings"] is None
        assert data["players"][BLUE]["hand_size"] == 3 and data["players"][BLUE]["offering_count"] == 7

        def no_moai(node):
            if isinstance(node, dict) and "moai" in node:
                assert node["moai"] == 0, node
            if isinstance(node, list):
                assert "moai" not in node

        walk(data, no_moai)
        # Blue's seven sweet potato offerings appear nowhere (the supply holds 22)
        assert data["supply"]["sweet_potato"] == 22

        def no_seven_sweet_potatoes(node):
            if isinstance(node, dict) and "sweet_potato" in node:
                assert node["sweet_potato"] != 7, node

        walk(data, no_seven_sweet_potatoes)
    own = GAME.view(state, BLUE)
    assert own.hand == cards(moai=3) and own.players[BLUE].hand == cards(moai=3)
    assert own.offerings == offs(sweet_potato=7)
    assert own.players[GREEN].hand is None


def test_views_do_not_depend_on_what_the_viewer_cannot_see():
    state = mid_game()
    other = swap_hidden(state)
    assert other != state
    for viewer in (GREEN, None):
        assert GAME.view(other, viewer).model_dump_json() == GAME.view(state, viewer).model_dump_json()
    # ...but the owners see the difference
    assert GAME.view(other, BLUE) != GAME.view(state, BLUE)


def swap_hidden(state):
    """Another state with the same public information and the same Green
    hand: a card of Blue's hand swapped with a deck card of another kind, the
    deck reordered, Red's and Blue's offering hands exchanged... kept
    consistent (counts per seat and totals per kind unchanged)."""
    other = state.model_copy(deep=True)
    blue_card = next(k for k in CARDS if other.hands[BLUE][k])
    i = next(i for i, c in enumerate(other.deck) if c != blue_card)
    deck_card = other.deck[i]
    other.hands[BLUE][blue_card] -= 1
    other.hands[BLUE][deck_card] += 1
    other.deck[i] = blue_card
    other.deck.reverse()
    # a face-down card of another seat changes kind with a card of that seat's hand
    j, (owner, kind) = next((j, x) for j, x in enumerate(other.stone_down) if x[0] != GREEN)
    swap_with = next((k for k, n in other.offerings[owner].items() if n and k != kind), None)
    if swap_with is not None:
        other.offerings[owner][swap_with] -= 1
        other.offerings[owner][kind] += 1
        other.stone_down[j] = (owner, swap_with)
    # Red's and Blue's offering hands: move one card across and back with another kind
    b = next((k for k, n in other.offerings[BLUE].items() if n), None)
    r = next((k for k, n in other.offerings[RED].items() if n and k != b), None)
    if b and r:
        other.offerings[BLUE][b] -= 1
        other.offerings[RED][b] += 1
        other.offerings[RED][r] -= 1
        other.offerings[BLUE][r] += 1
    check_invariants(other)
    return other


def test_determinize_reads_nothing_hidden():
    state = mid_game()
    other = swap_hidden(state)
    for seed in range(5):
        a = GAME.determinize(state, GREEN, random.Random(seed))
        b = GAME.determinize(other, GREEN, random.Random(seed))
        assert a.model_dump() == b.model_dump()


def test_determinize_keeps_the_seats_view_and_every_invariant_and_reseeds():
    state = mid_game(4)
    view = GAME.view(state, GREEN)
    changed = False
    for seed in range(8):
        det = GAME.determinize(state, GREEN, random.Random(seed))
        check_invariants(det)
        assert GAME.view(det, GREEN) == view
        assert det.seed != state.seed and det.chance == 0
        assert det.hands[GREEN] == state.hands[GREEN] and det.offerings[GREEN] == state.offerings[GREEN]
        assert [s for s, _ in det.stone_down] == [s for s, _ in state.stone_down]
        assert [k for s, k in det.stone_down if s == GREEN] == [k for s, k in state.stone_down if s == GREEN]
        changed |= det.hands != state.hands or det.deck != state.deck or det.stone_down != state.stone_down
    assert changed
    # the original is untouched
    assert GAME.view(state, GREEN) == view


def test_determinize_mid_choice_keeps_a_playable_position():
    for seed in range(40):
        state = moai_loving_game(3, seed, until=lambda s: bool(s.pending))
        if GAME.is_over(state):
            continue
        seat = GAME.to_act(state)[0]
        for viewer in range(3):
            det = GAME.determinize(state, viewer, random.Random(seed))
            check_invariants(det)
            assert GAME.to_act(det) == [seat]


def test_pending_offer_options_are_shown_only_to_the_chooser():
    state = position(2, active=GREEN, hands=[cards(moai=1, priest=2), cards(priest=3)], wood=[7, 0],
                     offerings=[offs(fish=1), offs(grain=2, mulberry=1)])
    play(state, PlayCard(card="moai"), GREEN)
    assert GAME.to_act(state) == [BLUE]
    assert GAME.view(state, BLUE).pending.options == ["grain", "mulberry"]
    assert GAME.view(state, GREEN).pending.options is None
    assert GAME.view(state, None).pending.options is None
    assert "Blue: put one of your offering cards face up" in GAME.view(state, GREEN).pending.prompt
    play(state, Offer(offering="grain"), BLUE)


def test_draws_are_public_and_reveal():
    state = position(2, phase="draw", hands=[cards(priest=2), cards(priest=3)],
                     market=[["moai", "priest"], ["fish"], ["grain"], ["woodcutter"]])
    events = play(state, Draw(row=0), GREEN)
    assert events[0].reveals and not events[0].private
    assert "Green drew a Priest from row 1" in events[0].text
    assert not any(e.private for e in events)


def test_the_view_model_has_everything_a_screen_needs():
    state = GAME.new_state(3, None, 3)
    v = GAME.view(state, BLUE)
    assert v.seat == BLUE and v.active == GREEN and v.phase == "play" and v.to_act == [GREEN]
    assert v.deck_size == 34 and len(v.market) == 4 and v.market[0].exposed == 3
    assert v.supply == offs(fish=22, grain=22, mulberry=22, sweet_potato=22)
    assert v.stone.face_up == offs() and v.stone.face_down == 0
    assert v.offering_values == {"fish": 3, "grain": 3, "mulberry": 3, "sweet_potato": 3}
    p = v.players[RED]
    assert (p.name, p.wood, p.fame, p.hand_size, p.offering_count, p.display_size) == ("Red", 4, 0, 3, 4, 1)
    assert p.display["woodcutter"] == 1 and p.offering_costs == {"fish": 5, "grain": 5, "mulberry": 5,
                                                                  "sweet_potato": 5}
    assert v.status == "Green: play a card from your hand."
    assert v.hand == state.hands[BLUE] and v.offerings == state.offerings[BLUE]


def test_clone_is_independent():
    state = mid_game()
    copy = GAME.clone(state)
    assert copy == state and copy is not state
    before = state.model_dump()
    while not GAME.is_over(copy):
        seat = GAME.to_act(copy)[0]
        play(copy, GAME.legal_actions(copy, seat)[-1], seat)
    assert state.model_dump() == before
