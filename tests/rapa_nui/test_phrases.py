"""The model's words for a choice say what it does, so the board shows the
model's sentence instead of working the rules out itself: what a draw
exposes (R4.3, R6, R7), what a play costs (R4.2), and the leaders the board
marks for the scoring bonus (R6)."""

from __future__ import annotations

import pytest

from tabletop_tui.games.rapa_nui.actions import Draw, PlayCard

from .util import BLUE, GAME, GREEN, cards, play, position

ROWS = [["woodcutter", "grain", "moai"], ["priest"], ["fish", "fish"], ["moai", "priest"]]


def draw_position(deck: int):
    return position(2, active=GREEN, phase="draw", hands=[cards(priest=1), cards(priest=3)],
                    market=ROWS, deck=["woodcutter"] * deck)


def test_a_draw_says_the_card_under_it_scores():
    state = draw_position(deck=10)
    assert GAME.describe_action(state, Draw(row=0), GREEN) == \
        "take the Moai from row 1; the Grain gatherer under it scores"


@pytest.mark.parametrize("deck,words,ends", [
    (5, "the row is refilled from the deck and its new card scores", False),
    (4, "the deck's last cards refill the row, its new card scores, and the game ends after this turn", True),
    (3, "the deck cannot refill the row, so nothing scores and the game ends after this turn", True),
    (0, "the deck cannot refill the row, so nothing scores and the game ends after this turn", True),
])
def test_taking_a_rows_last_card_says_what_the_deck_does(deck, words, ends):
    state = draw_position(deck)
    assert GAME.describe_action(state, Draw(row=1), GREEN) == f"take the Priest from row 2; {words}"
    play(state, Draw(row=1), GREEN)  # and the model does what it said
    assert state.end_triggered is ends
    assert bool(state.market[1]) is (deck >= 4)


def test_a_play_says_its_cost_in_wood():
    state = position(2, active=GREEN, phase="play", hands=[cards(fish=3, moai=1, priest=1), cards()],
                     wood=[7, 0])
    say = lambda a: GAME.describe_action(state, a, GREEN)  # noqa: E731
    assert say(PlayCard(card="fish", count=1)) == "play a Fisher (free)"
    assert say(PlayCard(card="fish", count=3)) == "play 3 Fishers (2 wood)"
    assert say(PlayCard(card="moai", count=1)) == "play a Moai (7 wood)"
    assert say(PlayCard(card="priest", count=1)) == "play a Priest (free)"


def test_the_view_names_the_sole_leader_of_each_kind():
    state = position(2, displays=[cards(woodcutter=3, fish=2), cards(woodcutter=1, fish=2, priest=2)])
    view = GAME.view(state, BLUE)
    assert view.leaders == {"woodcutter": GREEN, "priest": BLUE}  # fish: a tie, no bonus
