"""The end (R7), the final score (R8) and our ruling for a table where
nobody can play any more."""

from __future__ import annotations

from tabletop_tui.games.rapa_nui.actions import ChooseMoaiReward, Draw, PlayCard, SkipBuy
from tabletop_tui.games.rapa_nui.scoring import offering_values, ranking_winners

from .util import BLUE, GAME, GREEN, cards, check_invariants, offs, play, position, refused, texts, named


def test_offering_values_ranked_by_the_stone_with_shared_places():
    assert offering_values(offs(fish=5, grain=5, mulberry=3, sweet_potato=1)) == \
        {"fish": 3, "grain": 3, "mulberry": 2, "sweet_potato": 1}
    assert offering_values(offs(fish=4, grain=3, mulberry=2, sweet_potato=1)) == \
        {"fish": 3, "grain": 2, "mulberry": 1, "sweet_potato": 0}
    assert offering_values(offs(fish=2, grain=2, mulberry=2, sweet_potato=0)) == \
        {"fish": 3, "grain": 3, "mulberry": 3, "sweet_potato": 2}
    assert offering_values(offs(fish=1, grain=0, mulberry=1, sweet_potato=0)) == \
        {"fish": 3, "grain": 2, "mulberry": 3, "sweet_potato": 2}
    # an empty stone: every kind is the most common one
    assert offering_values(offs()) == {"fish": 3, "grain": 3, "mulberry": 3, "sweet_potato": 3}


def test_ranking_winners():
    assert ranking_winners([30, 28], [1, 3]) == [0]
    assert ranking_winners([30, 30, 12], [1, 2, 5]) == [1]  # tie broken by Moais
    assert ranking_winners([30, 30, 30], [2, 2, 1]) == [0, 1]  # still tied: shared


def last_draw_position(players=2, **kw):
    """Green takes the last card of the game: the deck cannot refill row 1."""
    hands = [cards(priest=2)] + [cards(priest=3)] * (players - 1)
    base = dict(active=GREEN, phase="draw", hands=hands, market=[["priest"], [], [], []], deck=["moai"],
                end_triggered=True)
    base.update(kw)
    return position(players, **base)


def test_final_score_counts_fame_moai_wood_and_offerings_valued_by_the_stone():
    state = last_draw_position(
        displays=[cards(moai=2), cards(moai=1)], fame=[10, 7], wood=[14, 5],
        offerings=[offs(fish=2, grain=1, sweet_potato=3), offs(mulberry=4)],
        stone_up=offs(fish=3, grain=2, mulberry=1), stone_down=[(GREEN, "grain"), (BLUE, "mulberry")])
    events = play(state, Draw(row=0), GREEN)
    assert GAME.is_over(state)
    # stone with the face-down cards turned up: fish 3, grain 3, mulberry 2, sweet potato 0
    # -> values 3, 3, 2, 1
    res = GAME.result(state)
    green = res.details[GREEN]
    assert green["fame"] == 10 and green["moai_points"] == 8 and green["wood_points"] == 2
    assert green["offering_points"] == 2 * 3 + 1 * 3 + 3 * 1
    assert green["total"] == 10 + 8 + 2 + 12
    blue = res.details[BLUE]
    assert (blue["moai_points"], blue["wood_points"], blue["offering_points"]) == (4, 1, 8)
    assert blue["total"] == 7 + 4 + 1 + 8
    assert res.scores == {GREEN: 32.0, BLUE: 20.0}
    assert res.winners == [GREEN]
    assert named(res.summary) == "Green wins with 32 points."
    txt = texts(events)
    assert "The face-down offerings are turned up: a grain offering and a mulberry offering." in txt
    assert "Offering cards are worth: fish 3, grain 3, mulberry 2, sweet potato 1." in txt
    assert "Final scores: Green 32, Blue 20." in txt
    assert named(state.end_reason) == "The deck has run out. Green wins with 32 points."
    assert any(e.reveals for e in events)


def test_tie_goes_to_more_moai():
    state = last_draw_position(displays=[cards(moai=1), cards(moai=2)], fame=[10, 6], wood=[0, 0],
                               offerings=[offs(), offs()])
    play(state, Draw(row=0), GREEN)
    res = GAME.result(state)
    assert res.scores == {GREEN: 14.0, BLUE: 14.0}
    assert res.winners == [BLUE]
    assert named(res.summary) == "Blue wins with 14 points (more Moais than Green)."


def test_still_tied_is_a_shared_win():
    state = last_draw_position(3, displays=[cards(moai=1), cards(moai=1), cards(moai=1)], fame=[5, 5, 4],
                               wood=[4, 4, 4], offerings=[offs(), offs(), offs()])
    play(state, Draw(row=0), GREEN)
    res = GAME.result(state)
    assert res.winners == [GREEN, BLUE]
    assert named(res.summary) == "Green and Blue share the win with 9 points and 1 Moai each."


def test_game_ends_only_at_the_end_of_the_turn_in_which_the_deck_ran_out():
    # The deck runs out on Green's first draw; pending choices and the other
    # draws of the turn still happen.
    state = position(2, active=GREEN, phase="draw", hands=[cards(priest=1), cards(priest=3)],
                     displays=[cards(moai=1), cards()],
                     market=[["priest"], ["moai", "woodcutter"], [], []], deck=["priest"])
    play(state, Draw(row=0), GREEN)
    assert state.end_triggered and not GAME.is_over(state)
    assert GAME.status(state, None).endswith("Last turn: the deck has run out.")
    play(state, Draw(row=1), GREEN)  # exposes a Moai: Green chooses
    assert not GAME.is_over(state) and GAME.to_act(state) == [GREEN]
    play(state, ChooseMoaiReward(reward="fame"), GREEN)
    assert state.fame[GREEN] == 1
    assert GAME.is_over(state)  # hand full: the turn and the game end
    assert GAME.to_act(state) == [] and state.pending == []
    assert GAME.legal_actions(state, GREEN) == GAME.legal_actions(state, BLUE) == []


def test_nothing_more_once_the_game_is_over():
    state = last_draw_position()
    play(state, Draw(row=0), GREEN)
    assert GAME.is_over(state)
    refused(state, Draw(row=0), GREEN, "The game is over.")
    refused(state, SkipBuy(), BLUE, "The game is over.")
    assert GAME.status(state, BLUE) == state.end_reason


def test_game_over_view_reveals_hands_and_face_down_offerings():
    state = last_draw_position(offerings=[offs(fish=2), offs(grain=3)], stone_down=[(BLUE, "mulberry")])
    play(state, Draw(row=0), GREEN)
    view = GAME.view(state, GREEN)
    assert view.over and view.players[BLUE].offerings == offs(grain=3)
    assert view.players[BLUE].hand == cards(priest=3)
    assert view.stone.face_down_revealed == offs(mulberry=1)
    assert view.offering_values_exact and view.pending is None and view.to_act == []


def test_nobody_can_play_ends_the_game_our_ruling():
    # Green takes her last card; Blue and Green then hold only Moais with too
    # little wood: no card can ever be drawn again.
    state = position(2, active=GREEN, phase="draw", hands=[cards(moai=2), cards(moai=3)], wood=[0, 0],
                     displays=[cards(), cards()],
                     market=[["moai", "moai"], ["priest"], ["priest"], ["priest"]])
    events = play(state, Draw(row=0), GREEN)
    assert GAME.is_over(state)
    assert state.end_reason.startswith("No one can afford any card in hand, so no card can be drawn again.")
    assert "Final scores" in texts(events)


def test_one_stuck_player_does_not_end_the_game():
    state = position(2, active=GREEN, phase="draw", hands=[cards(fish=2), cards(moai=3)], wood=[0, 0],
                     market=[["moai", "priest"], ["priest"], ["priest"], ["priest"]])
    play(state, Draw(row=0), GREEN)
    assert not GAME.is_over(state)
    assert state.active == GREEN and state.phase == "play"
    play(state, PlayCard(card="fish"), GREEN)
    assert state.phase == "draw"


def test_random_game_ends_and_scores_every_seat():
    import random
    for players in (2, 3, 4):
        state = GAME.new_state(players, None, 2024 + players)
        rng = random.Random(players)
        for _ in range(5000):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            play(state, rng.choice(GAME.legal_actions(state, seat)), seat)
        assert GAME.is_over(state)
        check_invariants(state)
        res = GAME.result(state)
        assert set(res.details) == set(range(players))
        for d in res.details.values():
            assert {"fame", "moai_points", "wood_points", "offering_points", "total"} <= set(d)
            assert d["total"] == d["fame"] + d["moai_points"] + d["wood_points"] + d["offering_points"]
        assert res.winners and res.summary
