"""The end (S13): small victory, big victory, defeat; the team wins or loses together."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nisyros.actions import Done, Evacuate

from tests.refusals import assert_refused

from .util import EMPORIOS, G, MANDRAKI, VILLAGE, P, clear_people, new, play, stage


def _last_two(kos):
    """A 2-player game where one citizen each is left and 2 boats wait; kos set."""
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 1
    s.people[1][P(EMPORIOS, VILLAGE)] = 1
    s.kos = list(kos)
    s.hades = [9 - kos[0], 9 - kos[1]]
    s.boats = [1, 0, 1, 0]
    s.in_play = []
    stage(s, "s10")
    play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=MANDRAKI))
    play(s, Evacuate(player=1, place=P(EMPORIOS, VILLAGE), boat=EMPORIOS))
    return s


@pytest.mark.parametrize("kos,outcome,win", [((8, 8), "big", True), ((8, 6), "small", True),
                                             ((5, 8), "defeat", False), ((5, 5), "defeat", False)])
def test_outcome_by_every_player_s_saved_count(kos, outcome, win):
    s = _last_two(kos)
    assert G.is_over(s) and s.outcome == outcome
    res = G.result(s)
    assert res.winners == ([0, 1] if win else [])
    assert res.scores == {0: kos[0] + 1, 1: kos[1] + 1}
    assert res.details[0]["saved"] == kos[0] + 1 and res.details[1]["outcome"].endswith(
        {"big": "big victory", "small": "small victory", "defeat": "defeat"}[outcome])
    assert "Nobody is left on Nisyros" in res.summary and f"{{s0}} {kos[0] + 1}" in res.summary


def test_nothing_is_accepted_after_the_end():
    s = _last_two((8, 8))
    assert G.to_act(s) == [] and G.legal_actions(s, 0) == []
    assert_refused(G, s, Done(), 0, "game is over")


def test_a_covered_island_ends_the_game_with_defeat_when_too_few_are_saved():
    s = new(2)
    clear_people(s)
    s.lava = [5, 5, 5, 5]
    s.kos = [7, 6]
    s.hades = [3, 4]
    stage(s, "s10end")
    assert G.is_over(s) and s.outcome == "defeat" and "covered by lava" in s.end_reason


def test_a_finished_game_is_graded_for_the_search_bot():
    """heuristic() of a finished game is the team's graded outcome: the share
    saved, the worst-off player weighing as much as the team, plus a step for
    each victory; so playouts that lose still tell a near miss from a rout,
    and saving the player furthest behind counts most."""
    def graded(kos, outcome):
        s = new(2)
        s.kos, s.outcome, s.phase = list(kos), outcome, "over"
        return G.heuristic(s, 0)
    assert graded((10, 10), "big") == 1.0 and graded((0, 0), "defeat") == 0.0
    assert graded((10, 10), "big") > graded((9, 9), "big") > graded((8, 9), "small") > graded((7, 7), "small")
    assert graded((7, 7), "small") > graded((6, 10), "defeat") > graded((6, 6), "defeat") > graded((3, 6), "defeat")
    assert graded((7, 7), "small") - graded((6, 7), "defeat") > graded((8, 7), "small") - graded((7, 7), "small")
    assert graded((9, 9), "big") == pytest.approx(0.8 * 0.9 + 0.2)
