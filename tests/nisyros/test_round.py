"""Every step of the round, in order (steps 8 and 9 are in test_lava)."""

from __future__ import annotations

from tabletop_tui.games.nisyros.actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker,
                                                PickWorker, PlaceDie)
from tabletop_tui.games.nisyros.data import ISLAND
from tabletop_tui.games.nisyros.lava import eruptions_planned
from tabletop_tui.games.nisyros.legal import DONE

from tests.refusals import assert_refused

from .util import (COAST, DAM_SITE, EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R1, R2, R3, R4, SHIPYARD,
                   VILLAGE, P, clear_people, new, play, stage, step, texts)


# -- step 1 -----------------------------------------------------------------------------------------
def test_step1_players_move_their_own_workers_in_turn_from_the_active_player():
    s = new(3)
    play(s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R3)))
    assert s.people[0][P(MANDRAKI, R3)] == 1 and s.people[0][P(MANDRAKI, MEETING)] == 1
    play(s, Done())
    assert G.to_act(s) == [1] and s.phase == "move"
    play(s, MoveWorker(player=1, src=P(PALI, MEETING), dst=P(PALI, R2)))
    play(s, Done())
    assert G.to_act(s) == [2]


def test_step1_a_worker_moves_once_and_only_within_reach():
    s = new(2)
    m = P(MANDRAKI, MEETING)
    play(s, MoveWorker(player=0, src=m, dst=P(NIKIA, R4)))  # Nikia borders Mandraki
    assert_refused(G, s, MoveWorker(player=0, src=P(NIKIA, R4), dst=P(NIKIA, R3)), 0, "no worker there")
    assert_refused(G, s, MoveWorker(player=0, src=m, dst=P(EMPORIOS, R4)), 0, "own zone and the two beside")
    assert_refused(G, s, MoveWorker(player=1, src=P(EMPORIOS, MEETING), dst=P(EMPORIOS, R4)), 0,
                   "own workers")


def test_step1_upper_areas_hold_two_workers_and_shipyards_three():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, MEETING)] = 4
    s.people[1][P(MANDRAKI, R1)] = 2
    s.people[1][P(MANDRAKI, SHIPYARD)] = 3
    s.people[1][P(MANDRAKI, R3)] = 5
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R1)), 0, "full")
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, SHIPYARD)), 0, "full")
    play(s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R3)))  # no limit below R2
    play(s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R2)))
    play(s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R2)))
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R2)), 0, "full")


def test_step1_empty_village_zone_keeps_slopes_and_dam_site_only():
    s = new(2)  # homes Mandraki and Emporios: Pali's village is empty (S10)
    m = P(MANDRAKI, MEETING)
    s.people[0][m] = 4
    play(s, MoveWorker(player=0, src=m, dst=P(PALI, DAM_SITE)))
    play(s, MoveWorker(player=0, src=m, dst=P(PALI, R1)))
    assert_refused(G, s, MoveWorker(player=0, src=m, dst=P(PALI, SHIPYARD)), 0, "cannot be worked")
    assert_refused(G, s, MoveWorker(player=0, src=m, dst=P(PALI, MEETING)), 0, "cannot be worked")


def test_step1_meeting_place_only_of_the_own_village():
    s = new(3)
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(PALI, MEETING)), 0,
                   "own village")


def test_step1_the_active_player_moves_boats_to_a_neighbouring_zone():
    s = new(3)
    s.boats = [2, 0, 0, 0]
    play(s, MoveBoat(src=MANDRAKI, dst=PALI))
    assert s.boats == [1, 1, 0, 0]
    assert_refused(G, s, MoveBoat(src=PALI, dst=MANDRAKI), 0, "no boat off pali")  # each boat sails once
    assert_refused(G, s, MoveBoat(src=MANDRAKI, dst=EMPORIOS), 0, "neighbouring zone")
    play(s, Done())
    assert_refused(G, s, MoveBoat(src=MANDRAKI, dst=NIKIA), 1, "active player moves the boats")


def test_step1_ends_with_the_red_die_when_everyone_is_done():
    s = new(2)
    s.deck = [19, 19, 19, 19]
    play(s, Done())
    ev = play(s, Done())
    assert (s.round, s.step) > (1, 2) and s.red is not None
    n = ISLAND.red_die[s.red].events
    assert len(s.in_play) == n
    colour = "black" if ISLAND.red_die[s.red].black else "red"
    assert f"Red die: {n} {colour} — " in texts(ev) and "a flight fails on red" in texts(ev)


# -- step 2 is in test_events ----------------------------------------------------------------------
# -- step 3 -----------------------------------------------------------------------------------------
def _dice(s, faces):
    s.yellow = list(faces)
    s.yellow_on = [None] * 5
    s.in_play = []
    stage(s, "s3reroll")


def test_step3_plus_and_minus_dice_go_to_the_eruptions():
    s = new(2)
    _dice(s, ["+1", "-1", "+1", "stone", "wood"])
    n, why = eruptions_planned(s)
    assert "die +1" in why and "die -1" in why and n == 2 + 1 - 1  # round 1: one fewer
    assert_refused(G, s, PlaceDie(die=0, place=P(MANDRAKI, R1)), 0, "+1 or -1")


def test_step3_a_kind_die_doubles_a_matching_workplace_one_die_each():
    s = new(2)
    s.kinds[MANDRAKI] = ["stone", "wood", "wheat", "stone"]
    _dice(s, ["stone", "stone", "wood", "dam", "hermes"])
    assert s.phase == "dice"
    play(s, PlaceDie(die=0, place=P(MANDRAKI, R1)))
    assert_refused(G, s, PlaceDie(die=1, place=P(MANDRAKI, R1)), 0, "one die per workplace")
    assert_refused(G, s, PlaceDie(die=2, place=P(MANDRAKI, R3)), 0, "cannot double")
    assert_refused(G, s, PlaceDie(die=0, place=P(MANDRAKI, R4)), 0, "already placed")
    play(s, PlaceDie(die=3, place=P(MANDRAKI, DAM_SITE)))
    play(s, PlaceDie(die=4, place=P(MANDRAKI, MEETING)))  # Hermes: any workplace
    assert s.yellow_on[:5] == [P(MANDRAKI, R1), None, None, P(MANDRAKI, DAM_SITE), P(MANDRAKI, MEETING)]
    play(s, Done())
    assert (s.round, s.step) > (1, 3)


# -- step 4 -----------------------------------------------------------------------------------------
def _gather_setup():
    s = new(4)
    clear_people(s)
    s.kinds[MANDRAKI] = ["stone", "wood", "wheat", "wood"]
    s.bonus[MANDRAKI] = "wheat"
    s.wheat = s.stone = s.wood = 0
    s.in_play = []
    return s


def test_step4_each_worker_gathers_one_and_two_on_the_upper_areas():
    s = _gather_setup()
    s.people[0][P(MANDRAKI, R2)] = 2  # wood x2 each
    s.people[1][P(MANDRAKI, R3)] = 1  # wheat x1
    s.people[2][P(MANDRAKI, R4)] = 3  # wood x1
    step(s, "s4")
    assert (s.stone, s.wood, s.wheat) == (0, 4 + 3, 1)


def test_step4_die_and_event_double_and_bonus_once_never_doubled():
    s = _gather_setup()
    s.people[0][P(MANDRAKI, R1)] = 2  # stone, 2 each
    s.yellow_on = [P(MANDRAKI, R1), None, None, None, None]
    s.in_play = [3]  # thunderstorm: stone doubled
    ev = step(s, "s4")
    assert s.stone == 2 * 2 * 2 * 2 and s.wheat == 1  # 16 stone (4x per worker... x2 workers) + wheat bonus
    assert s.bonus[MANDRAKI] is None and "bonus" in texts(ev)
    s.stone = 0
    s.wheat = 0
    step(s, "s4")
    assert s.wheat == 0 and s.stone == 16  # the bonus came only the first time


def test_step4_stock_is_capped():
    s = _gather_setup()  # 4 players: cap 24
    s.people[0][P(MANDRAKI, R1)] = 2
    s.yellow_on = [P(MANDRAKI, R1), None, None, None, None]
    s.in_play = [3]
    s.stone = 20
    ev = step(s, "s4")
    assert s.stone == 24 and "lost" in texts(ev)


def test_step4_sleeping_workers_gather_nothing():
    s = _gather_setup()
    s.people[0][P(MANDRAKI, R3)] = 2
    s.idle[0][P(MANDRAKI, R3)] = 1
    step(s, "s4")
    assert s.wheat == 1


# -- step 5 -----------------------------------------------------------------------------------------
def _build_setup():
    s = new(2)
    clear_people(s)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.stone, s.wood = 5, 5
    return s


def test_step5_each_dam_worker_builds_a_dam_for_a_stone_in_its_zone():
    s = _build_setup()
    s.people[0][P(MANDRAKI, DAM_SITE)] = 1
    stage(s, "s5")
    assert s.phase == "build"
    acts = G.legal_actions(s, 0)
    assert {(a.zone, a.ring) for a in acts if isinstance(a, BuildDam)} == {(MANDRAKI, r) for r in (1, 2, 3, 4)}
    assert_refused(G, s, BuildDam(zone=PALI, ring=R3), 0, "no worker")
    play(s, BuildDam(zone=MANDRAKI, ring=R2))
    assert s.stone == 4 and s.dams[MANDRAKI][R2] == 1
    assert s.phase != "build" or not any(isinstance(a, BuildDam) for a in G.legal_actions(s, 0))


def test_step5_a_die_doubles_building_and_spots_fill():
    s = _build_setup()
    s.people[0][P(MANDRAKI, DAM_SITE)] = 1
    s.yellow_on = [P(MANDRAKI, DAM_SITE), None, None, None, None]
    stage(s, "s5")
    play(s, BuildDam(zone=MANDRAKI, ring=R2))
    assert_refused(G, s, BuildDam(zone=MANDRAKI, ring=R2), 0, "no free dam spot")
    play(s, BuildDam(zone=MANDRAKI, ring=COAST))
    assert s.dams[MANDRAKI][R2] == 1 and s.dams[MANDRAKI][COAST] == 1 and s.stone == 3
    assert s.phase != "build"  # capacity used up: the step ended by itself


def test_step5_boats_cost_wood_and_need_wood():
    s = _build_setup()
    s.people[0][P(MANDRAKI, SHIPYARD)] = 3
    s.wood = 2
    stage(s, "s5")
    play(s, BuildBoat(zone=MANDRAKI))
    play(s, BuildBoat(zone=MANDRAKI))
    assert s.boats[MANDRAKI] == 2 and s.wood == 0 and (s.round, s.step) > (1, 5)


def test_step5_stopping_early_keeps_the_stock():
    s = _build_setup()
    s.people[0][P(MANDRAKI, SHIPYARD)] = 2
    stage(s, "s5")
    play(s, BuildBoat(zone=MANDRAKI))
    play(s, Done())
    assert s.wood == 4 and s.boats[MANDRAKI] == 1


# -- step 6 -----------------------------------------------------------------------------------------
def test_step6_each_meeting_worker_calls_a_citizen_at_most_two_a_place():
    s = new(2)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, MEETING)] = 3
    s.people[0][P(MANDRAKI, VILLAGE)] = 7
    s.people[1][P(EMPORIOS, MEETING)] = 1
    step(s, "s6")
    assert s.people[0][P(MANDRAKI, MEETING)] == 5 and s.people[0][P(MANDRAKI, VILLAGE)] == 5
    assert s.people[1][P(EMPORIOS, MEETING)] == 2 and s.people[1][P(EMPORIOS, VILLAGE)] == 7


def test_step6_a_die_doubles_a_lone_summoner():
    s = new(2)
    s.in_play = []
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.yellow_on = [P(MANDRAKI, MEETING), None, None, None, None]
    step(s, "s6")
    assert s.people[0][P(MANDRAKI, MEETING)] == 3


# -- step 7 -----------------------------------------------------------------------------------------
def test_step7_one_wheat_for_up_to_five_workers_two_for_six():
    s = new(2)
    s.in_play = []
    s.people[0][P(MANDRAKI, MEETING)] = 6
    s.people[0][P(MANDRAKI, VILLAGE)] = 4
    s.wheat = 5
    step(s, "s7")
    assert s.wheat == 5 - 2 - 1


def test_step7_each_missing_wheat_sends_two_workers_home_team_choice():
    s = new(2)
    s.in_play = []
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[0][P(MANDRAKI, R3)] = 2
    s.people[0][P(MANDRAKI, VILLAGE)] = 7
    s.people[1][P(EMPORIOS, MEETING)] = 2
    s.wheat = 1
    ev = stage(s, "s7")
    assert s.wheat == 0 and s.phase == "sick" and s.picks_left == 2 and "1 wheat short" in texts(ev)
    play(s, PickWorker(player=0, place=P(MANDRAKI, R3)))
    play(s, PickWorker(player=1, place=P(EMPORIOS, MEETING)))
    assert s.people[0][P(MANDRAKI, VILLAGE)] == 8 and s.people[1][P(EMPORIOS, VILLAGE)] == 9
    assert (s.round, s.step) > (1, 7)


def test_step7_with_too_few_workers_all_fall_sick_at_once():
    s = new(2)
    s.in_play = []
    s.wheat = 0
    ev = step(s, "s7")
    assert s.workers(0) == 0 and s.workers(1) == 0 and s.people[0][P(MANDRAKI, VILLAGE)] == 10
    assert "fall sick" in texts(ev)


# -- step 10 ----------------------------------------------------------------------------------------
def _evac_setup(level="achilles"):
    s = new(2, level)
    s.in_play = []
    s.boats = [1, 0, 2, 0]
    s.wheat = 1
    stage(s, "s10")
    return s


def test_step10_evacuation_takes_a_boat_per_inhabitant():
    s = _evac_setup()
    assert s.phase == "evacuate"
    play(s, Evacuate(player=1, place=P(EMPORIOS, VILLAGE), boat=EMPORIOS))
    assert s.kos[1] == 1 and s.boats == [1, 0, 1, 0] and s.wheat == 1
    play(s, Evacuate(player=0, place=P(MANDRAKI, MEETING), boat=MANDRAKI))
    play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=EMPORIOS))  # boats from any zone
    assert s.kos == [2, 1] and sum(s.boats) == 0
    assert s.step != 10 or s.phase != "evacuate"


def test_step10_heracles_also_needs_a_wheat():
    s = _evac_setup("heracles")
    play(s, Evacuate(player=1, place=P(EMPORIOS, VILLAGE), boat=EMPORIOS))
    assert s.wheat == 0 and s.kos[1] == 1
    assert s.round == 2  # with no wheat left the evacuation ended by itself


def test_step10_rough_sea_allows_three():
    s = new(2)
    s.in_play = [22]
    s.boats = [5, 0, 0, 0]
    stage(s, "s10")
    for _ in range(3):
        play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=MANDRAKI))
    assert s.kos[0] == 3 and s.round == 2


def test_the_active_player_rotates_each_round():
    s = _evac_setup()
    play(s, Done())
    assert s.round == 2 and s.active == 1 and G.to_act(s) == [1] and s.phase == "move"
    assert R4 == 3 and R1 == 0 and DONE == Done()


def test_step4_best_case_eight_per_worker():
    """The rulebook's best case: an upper field, its die and the matching event."""
    s = _gather_setup()
    s.people[0][P(MANDRAKI, R2)] = 1  # wood
    s.yellow_on = [P(MANDRAKI, R2), None, None, None, None]
    s.in_play = [4]
    step(s, "s4")
    assert s.wood == 8


def test_workers_stay_on_their_workplaces_after_gathering_and_building():
    """Steps 4 and 5: "Leave the workers on the fields after gathering
    resources" and "on their workplaces after building dams and boats"."""
    s = _build_setup()
    s.people[0][P(MANDRAKI, R3)] = 2
    s.people[0][P(MANDRAKI, SHIPYARD)] = 1
    before = list(s.people[0])
    stage(s, "s4")
    assert s.phase == "build" and s.people[0] == before
    play(s, BuildBoat(zone=MANDRAKI))
    assert s.people[0][P(MANDRAKI, R3)] == 2 and s.people[0][P(MANDRAKI, SHIPYARD)] == 1


def test_step1_a_worker_may_go_back_to_its_own_meeting_place():
    """Step 1: workers "can stay on the meeting place (theater) to call up more workers"."""
    s = new(2)
    clear_people(s)
    s.people[0][P(PALI, R2)] = 1
    s.people[0][P(MANDRAKI, VILLAGE)] = 9
    s.people[1][P(EMPORIOS, VILLAGE)] = 10
    play(s, MoveWorker(player=0, src=P(PALI, R2), dst=P(MANDRAKI, MEETING)))
    assert s.people[0][P(MANDRAKI, MEETING)] == 1
