"""Nyakuza's teaching words: the rule each move follows (the demo's
narration) and the coach's line on what a move does, from the seat's own
information only.

Places used (our island): 35 quarry touches the coastal palm P32; P13
(coastal) touches 9 god, 10 temple, 19 birdman and 25 nest, and 9 god
touches 10 temple and 19 birdman, which touches 25 nest; 3 quarry touches
Orongo.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.rules_index import brief
from tabletop_tui.games.nyakuza import moai
from tabletop_tui.games.nyakuza.data import ISLAND

from .util import (
    ANNE, BEN, CARA, GAME, ORONGO, Bid, Erect, Pass, Place, new, palm, play, position, random_game, tile,
)


def why(state, action, seat) -> str:
    return GAME.why(state, action, seat, random.Random(3))


def test_every_rule_named_is_on_the_rules_page():
    named = set(GAME.action_rules.values()) | {"A round", "Ties", "Bidding nothing", "Raising a Moai",
                                               "The Ceremonial Moai", "The end"}
    assert named <= set(brief("nyakuza"))


# -- the rule of a move ------------------------------------------------------------
def test_a_rounds_first_bid_quotes_the_round_the_next_say_nothing_the_last_what_settled_the_bids():
    state = new(3, amulet=0)
    assert GAME.rule_of(state, Bid(shells=4), ANNE) == "A round"
    play(state, Bid(shells=4), ANNE)
    # a bid still secret names nothing, whatever it is
    assert GAME.rule_of(state, Bid(shells=0), BEN) is None
    assert GAME.rule_of(state, Bid(shells=5), BEN) is None
    play(state, Bid(shells=2), BEN)
    assert GAME.rule_of(state, Bid(shells=2), CARA) == "Ties"  # 2 and 2 share second place
    assert GAME.rule_of(state, Bid(shells=0), CARA) == "Bidding nothing"
    assert GAME.rule_of(state, Bid(shells=1), CARA) == "Bidding"


def test_a_token_names_the_moai_it_forces_or_only_the_first_of_a_turn_names_placing():
    state = position(4, placer=ANNE, tokens=3, own={ANNE: [tile(35)]}, open_tiles=[11, 12])
    assert GAME.rule_of(state, Place(space=palm("P32")), ANNE) == "Raising a Moai"
    assert GAME.rule_of(state, Place(space=tile(11)), ANNE) == "Placing tokens"
    play(state, Place(space=tile(11)), ANNE)
    assert GAME.rule_of(state, Place(space=tile(12)), ANNE) is None
    assert GAME.rule_of(state, Place(space=palm("P32")), ANNE) == "Raising a Moai"


def test_orongo_names_the_ceremonial_moai():
    state = position(4, placer=ANNE, tokens=1, own={ANNE: [tile(3)]}, moai_left=[0, 5, 5, 5])
    assert GAME.rule_of(state, Place(space=ORONGO), ANNE) == "The Ceremonial Moai"
    assert why(state, Place(space=ORONGO), ANNE) == "raises the Ceremonial Moai at Orongo: you win"


# -- the coach's why -----------------------------------------------------------------------
def test_why_a_coastal_palm_that_raises_a_moai():
    state = position(4, placer=ANNE, tokens=2, own={ANNE: [tile(35)]})
    assert why(state, Place(space=palm("P32")), ANNE) == \
        "reaches the shore with the quarry: raises a Moai on P32 (4 left)"


def test_why_a_tile_that_completes_a_recipe():
    state = position(4, placer=ANNE, tokens=1, own={ANNE: [tile(25), palm("P13")]}, open_tiles=[19])
    assert why(state, Place(space=tile(19)), ANNE) == "completes birdman + nest: raises a Moai on P13 (4 left)"


def test_why_a_token_that_leaves_a_choice_then_the_choice():
    state = position(4, placer=ANNE, tokens=1, own={ANNE: [tile(9), tile(10), tile(19), tile(25)]})
    assert why(state, Place(space=palm("P13")), ANNE) == \
        "completes a recipe: you then choose one of 2 ways to raise the Moai"
    play(state, Place(space=palm("P13")), ANNE)
    assert state.phase == "erect"
    temple_god = next(Erect(palm=p, tiles=t) for p, t in state.choices if tile(10) in t)
    assert why(state, temple_god, ANNE) == "temple + god for 2 shells; birdman + nest stays for your next coastal palm"


def test_why_a_tile_that_blocks_another_players_recipe():
    state = position(4, placer=ANNE, tokens=1, own={BEN: [tile(10), palm("P13")]}, open_tiles=[9])
    said = why(state, Place(space=tile(9)), ANNE)
    assert said.startswith("blocks {s1}'s temple + god")


def test_why_what_a_group_holds_and_lacks():
    state = position(4, placer=ANNE, tokens=2, own={ANNE: [tile(25)]}, open_tiles=[35])
    assert why(state, Place(space=palm("P13")), ANNE) == "a birdman would raise a Moai on P13"
    assert why(state, Place(space=tile(35)), ANNE) == "the quarry is a whole recipe: a token on P32 raises a Moai"


def test_why_bids_say_what_they_buy_and_who_wins_ties():
    state = new(4, amulet=0)  # 12 shells each
    holder, left_of_it = why(state, Bid(shells=3), ANNE), why(state, Bid(shells=3), BEN)
    assert "3 tokens" in holder and "9 shells left" in holder and "you lose ties" in holder
    assert "you win ties" in left_of_it and "ties" not in why(state, Bid(shells=3), CARA)
    assert "no shells left" in why(state, Bid(shells=12), CARA)
    assert "no token" in why(state, Bid(shells=0), CARA) and "reef" in why(state, Bid(shells=0), CARA)


def test_why_keeping_the_secret_tile():
    state = new(3, secret=True, amulet=0)
    for seat in range(3):  # everybody bids 0: nobody places, everybody may lay the secret tile
        play(state, Bid(shells=0), seat)
    assert state.phase == "secret"
    seat = state.offers[0]
    said = why(state, Pass(), seat)
    assert said.startswith(f"keeps {ISLAND.space_of(state.secret[seat]).name} (")


def test_why_reads_only_the_seats_own_information():
    """Two positions that differ only in what the seat cannot see (the other
    players' shells and secret tiles, the order of the stack) get the same
    lines for every move."""
    for state, seat in random_game(3, True, seed=5, play_seed=2, max_actions=400):
        if seat is not None and state.phase == "place" and state.round >= 3:
            break
    assert seat is not None and state.phase == "place"
    other = GAME.clone(state)
    a, b = [p for p in range(3) if p != seat]
    if other.shells[a]:
        other.shells[a] -= 1
        other.shells[b] += 1
    other.stack = list(reversed(other.stack))
    if other.secret[a] is not None and other.stack:
        i = next(i for i, t in enumerate(other.stack) if moai.ISLAND.space_of(t).kind != "quarry")
        other.secret[a], other.stack[i] = other.stack[i], other.secret[a]
    moai.forget(other)
    assert other != state and GAME.view(other, seat) == GAME.view(state, seat)
    for action in GAME.legal_actions(state, seat):
        assert why(state, action, seat) == why(other, action, seat)


def test_why_lines_are_short_and_never_fail():
    seen = 0
    for k, (state, seat) in enumerate(random_game(4, True, seed=9, play_seed=4)):
        if seat is None or k % 5:
            continue
        for action in GAME.legal_actions(state, seat)[:8]:
            said = GAME.why(state, action, seat, random.Random(k))
            assert len(said) <= 100, said
            seen += bool(said)
    assert seen > 100
