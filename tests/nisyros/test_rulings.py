"""Our own table rulings (listed on the rules page), one test each."""

from __future__ import annotations

from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.games.nisyros.actions import Evacuate, MoveWorker
from tabletop_tui.games.nisyros.lava import cover

from tests.refusals import assert_refused

from .util import (EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R2, R3, VILLAGE, P, clear_people, new, play,
                   seed_where, stage, step)


def test_homes_by_player_count_and_seat_zero_starts():
    assert new(2).origin == [MANDRAKI, EMPORIOS]
    assert new(3).origin == [MANDRAKI, PALI, EMPORIOS]
    assert new(4).origin == [MANDRAKI, PALI, EMPORIOS, NIKIA]
    assert new(3).active == 0


def test_a_shared_meeting_place_calls_the_active_player_s_citizens_first():
    s = new(3)
    clear_people(s)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.active = 1
    s.home[1] = MANDRAKI  # Ben lives at Mandraki as a guest
    s.people[0][P(MANDRAKI, MEETING)] = 2
    s.people[0][P(MANDRAKI, VILLAGE)] = 5
    s.people[1][P(MANDRAKI, MEETING)] = 1
    s.people[1][P(MANDRAKI, VILLAGE)] = 5
    step(s, "s6")
    assert s.people[1][P(MANDRAKI, MEETING)] == 2 and s.people[0][P(MANDRAKI, MEETING)] == 3  # 2 calls in all


def test_volunteers_do_not_count_against_the_meeting_place_limit():
    s = new(2)
    s.in_play = [21]
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, MEETING)] = 3
    s.people[0][P(MANDRAKI, VILLAGE)] = 7
    stage(s, "s6")
    assert s.people[0][P(MANDRAKI, MEETING)] == 5  # two called: the limit
    from tabletop_tui.games.nisyros.actions import Volunteer
    play(s, Volunteer())
    assert s.people[0][P(MANDRAKI, MEETING)] == 6


def test_a_sick_worker_with_no_village_left_is_lost():
    s = new(2)
    clear_people(s)
    s.in_play = []
    s.lava[MANDRAKI] = 5
    s.home[0] = None
    s.people[0][P(PALI, R3)] = 2
    s.people[1][P(EMPORIOS, MEETING)] = 2
    s.wheat = 1
    stage(s, "s7")
    from tabletop_tui.games.nisyros.actions import PickWorker
    play(s, PickWorker(player=0, place=P(PALI, R3)))
    play(s, PickWorker(player=0, place=P(PALI, R3)))
    assert s.hades[0] == 2


def test_a_slope_worker_with_no_village_to_reach_is_lost():
    s = new(2)
    clear_people(s)
    s.lava = [5, 1, 0, 5]
    s.home[0] = None
    s.people[0][P(PALI, R2)] = 1
    seed_where(s, [True])
    cover(s, PALI, chance_rng(s), [], "Lava flows")
    # Pali's neighbours: Emporios (open village) -> it becomes the new home
    assert s.people[0][P(EMPORIOS, MEETING)] == 1 and s.home[0] == EMPORIOS
    s2 = new(2)
    clear_people(s2)
    s2.lava = [5, 1, 5, 5]
    s2.home[0] = None
    s2.people[0][P(PALI, R2)] = 1
    seed_where(s2, [True])
    cover(s2, PALI, chance_rng(s2), [], "Lava flows")
    assert s2.hades[0] == 1


def test_evacuation_the_team_picks_the_boat_from_any_zone():
    """Step 10: "Evacuate them from any location and with boats from any zone"."""
    s = new(2)
    s.in_play = []
    s.boats = [1, 2, 3, 0]
    stage(s, "s10")
    offered = {a.boat for a in G.legal_actions(s, 0) if isinstance(a, Evacuate) and a.player == 0
               and a.place == P(MANDRAKI, VILLAGE)}
    assert offered == {MANDRAKI, PALI, EMPORIOS}  # Nikia has no boat
    play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=EMPORIOS))
    assert s.boats == [1, 2, 2, 0]
    play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=MANDRAKI))
    assert s.boats == [0, 2, 2, 0]
    assert_refused(G, s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=NIKIA), 0, "no boat waiting")


def test_step_one_boats_never_sail_to_a_buried_coast():
    s = new(3)
    s.boats = [1, 0, 0, 0]
    s.lava[PALI] = 5
    from tabletop_tui.games.nisyros.actions import MoveBoat
    assert_refused(G, s, MoveBoat(src=MANDRAKI, dst=PALI), 0, "under lava")


def test_the_marathon_runner_moves_any_awake_worker_within_its_owner_s_reach():
    s = new(2)
    s.in_play = [2]
    s.yellow = ["stone"] * 5
    s.yellow_on = [None] * 5
    s.idle[1][P(EMPORIOS, MEETING)] = 1
    stage(s, "s3marathon")
    assert s.phase == "marathon"
    assert_refused(G, s, MoveWorker(player=1, src=P(EMPORIOS, MEETING), dst=P(MANDRAKI, R3)), 0,
                   "own zone and the two beside")
    play(s, MoveWorker(player=1, src=P(EMPORIOS, MEETING), dst=P(EMPORIOS, R3)))
    assert s.people[1][P(EMPORIOS, R3)] == 1


def test_a_coast_lost_in_round_one_is_not_offered_back_by_the_crevice():
    s = new(2)
    s.lava = [5, 0, 0, 0]
    from tabletop_tui.games.nisyros.round import crevice_zones
    assert crevice_zones(s) == []
