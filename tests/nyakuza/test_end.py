"""The end of the last round (N8) and the result."""

from __future__ import annotations

from .util import GAME, Bid, new, play, refused, texts


def last_round(players: int, moai_left: list[int], shells: list[int]):
    """A game in its last round, bids open, the reef empty."""
    state = new(players)
    state.stack = []
    state.last_round = True
    state.moai_left = list(moai_left)
    state.shells = list(shells)
    state.reef = 0
    return state


def finish(state) -> str:
    events = []
    for seat in range(state.players):
        events += play(state, Bid(shells=0), seat)
    assert GAME.is_over(state)
    return texts(events)


def test_fewest_moai_left_wins():
    state = last_round(3, [2, 1, 3], [10, 5, 33])
    text = finish(state)
    assert state.winners == [1]
    assert "The last round is over: {s1} has the fewest Moai left (1). {s1} wins!" in text
    assert "Shells: {s0} 10, {s1} 5, {s2} 33." in text, "shells are shown at the end"


def test_tie_on_moai_most_shells_wins():
    state = last_round(4, [2, 2, 3, 2], [9, 12, 20, 7])
    text = finish(state)
    assert state.winners == [1]
    assert "{s1} has the fewest Moai left (2) and the most shells among those tied (12)" in text


def test_full_tie_is_a_shared_win():
    state = last_round(4, [1, 4, 1, 2], [11, 20, 11, 6])
    text = finish(state)
    assert state.winners == [0, 2]
    assert "{s0} and {s2} tie with 1 Moai left and 11 shells each, and share the win. {s0} and {s2} win!" in text
    res = GAME.result(state)
    assert res.winners == [0, 2]
    assert res.details[1] == {"moai_left": 4, "moai_erected": 0, "ceremonial_moai": False, "shells": 20,
                              "tokens_on_board": 0}
    assert set(res.scores) == {0, 1, 2, 3}
    assert res.summary.startswith("The last round is over")


def test_the_game_is_over_for_everyone():
    state = last_round(2, [3, 4], [24, 24])
    finish(state)
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    refused(state, Bid(shells=0), 0, "The game is over")
    assert GAME.status(state, None) == state.end_reason
    view = GAME.view(state, 1)
    assert view.phase == "over" and view.winners == [0] and view.seats[0].winner
