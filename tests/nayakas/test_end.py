"""Both end conditions, the final count of Prosperity and its tie-breaks."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nayakas.actions import Build, ChooseTile, Pass

from tests.refusals import assert_refused

from .util import GAME, check_invariants, fresh, give_section_tile, play, set_res


def test_the_ninth_building_in_a_three_player_game_ends_the_game_after_the_round():
    st = fresh(3)
    st.tracker = 8
    st.conch = 1
    st.phase, st.turn = "build", 1
    p = st.seats[1]
    p.built["tank"][0] = ""
    p.sections_built = 1
    cost = GAME.section_cost(st, 1, "tank", 1)
    set_res(st, 1, **{k: v for k, v in cost.items() if k not in ("stone", "clay")}, stone=9, clay=9)
    set_res(st, 2, architect=1, stone=9, clay=9)  # Thanjavur can still build
    play(st, Build(building="tank", section=1))
    play(st, ChooseTile(index=0, face_up=False))
    play(st, GAME.legal_actions(st, 1)[0])  # the facility
    assert st.tracker == 9 and not GAME.is_over(st)
    assert GAME.to_act(st) == [2]  # the others still take their turns
    play(st, Pass())  # Keladi and Mysore cannot build any more: the round ends
    assert GAME.is_over(st) and "Building Tracker" in st.end_reason


def test_the_third_event_expiring_ends_the_game():
    st = fresh(2)
    rounds = 0
    while not GAME.is_over(st):
        play(st, Pass())
        rounds += 1
    assert st.round == 9 and st.events_expired == 3 and "third Event" in st.end_reason
    check_invariants(st)
    assert_refused(GAME, st, Pass(), 0, "over")


def test_final_prosperity_sources_faq_no_tokens_for_temples_or_face_down_tiles():
    st = fresh(2)
    p = st.seats[0]
    p.built["temple1"] = ["", "", ""]
    p.built["tank"] = ["", ""]
    give_section_tile(st, 0, "cost_stone", "fort", 0, face_up=False)
    give_section_tile(st, 0, "end_gold", "temple2", 1)
    give_section_tile(st, 0, "end_buildings", "temple2", 0)
    p.prosperity_tokens = 4
    set_res(st, 0, gold=10)
    parts = GAME.score_parts(st, 0)
    assert parts == {"temples": 3, "face_down": 1, "purple": 2 + 1, "tokens": 4, "cards": 1}
    assert p.prosperity_tokens == 4  # completing a temple took no tokens
    assert st.seats[0].res["gold"] == 10  # the estimate spends nothing


def test_only_one_grand_plan_counts():
    st = fresh(2)
    p = st.seats[0]
    p.built["temple1"] = ["", "", ""]
    p.built["tank"] = ["", ""]
    give_section_tile(st, 0, "end_buildings", "fort", 0)
    assert GAME.score_parts(st, 0)["purple"] == 1
    # two spending tiles of a kind each spend for themselves, best step first
    give_section_tile(st, 0, "end_stone", "temple2", 0)
    give_section_tile(st, 0, "end_stone", "temple2", 1)
    set_res(st, 0, stone=15)
    assert GAME.score_parts(st, 0)["purple"] == 1 + 3 + 0
    set_res(st, 0, stone=8)
    assert GAME.score_parts(st, 0)["purple"] == 1 + 1 + 0


def _finish(st):
    GAME._finish(st, "Test end.", [])


def test_k8_most_prosperity_wins_ties_by_culture_then_resources_then_shared():
    """Ruling K8: ties go to most Culture, then most Resources left; the Conch plays no part."""
    st = fresh(3)
    for p in st.seats:
        p.prosperity_tokens = 5
    set_res(st, 0, culture=4)
    set_res(st, 1, culture=4, stone=5)
    st.conch = 0  # the Conch does not break the final Culture tie
    _finish(st)
    assert GAME.result(st).winners == [1]
    st = fresh(2)
    set_res(st, 1, culture=3)
    st.conch = 0
    _finish(st)
    assert GAME.result(st).winners == [1]
    st = fresh(2)
    _finish(st)
    res = GAME.result(st)
    assert res.winners == [0, 1] and "win" in res.summary
    assert res.scores == {0: 1.0, 1: 1.0}


def test_cards_in_hand_are_one_prosperity_each():
    st = fresh(2)
    st.seats[0].hand.append(st.dev_deck.pop())
    _finish(st)
    assert st.final[0]["cards"] == 2 and GAME.result(st).winners == [0]


@pytest.mark.parametrize("kind,res,have,points,left", [
    ("end_culture", "culture", 13, 3, 1), ("end_clay", "clay", 9, 2, 0), ("end_stone", "stone", 8, 1, 2),
    ("end_gold", "gold", 5, 0, 5)])
def test_purple_spending_is_taken_at_the_end(kind, res, have, points, left):
    st = fresh(2)
    give_section_tile(st, 1, kind)
    set_res(st, 1, **{res: have})
    _finish(st)
    assert st.final[1]["purple"] == points and st.seats[1].res[res] == left


@pytest.mark.parametrize("players,end", [(2, 6), (3, 9), (4, 12)])
def test_the_building_tracker_ends_the_game_at_6_9_12(players, end):
    st = fresh(players)
    st.tracker = end - 1
    assert not GAME.is_over(st)
    GAME._complete(st, 0, "tank", [])
    assert st.tracker == end
    st.pending.clear()
    while not GAME.is_over(st):
        play(st, Pass())
    assert st.round == 1 and "Building Tracker reached " + str(end) in st.end_reason
    st = fresh(players)
    st.tracker = end - 2
    GAME._complete(st, 0, "tank", [])
    st.pending.clear()
    while st.round == 1:
        play(st, Pass())
    assert not GAME.is_over(st)
