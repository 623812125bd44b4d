"""Lava flow and dams (step 8), eruptions (step 9), flight (S7, S11) and
displaced persons (S10)."""

from __future__ import annotations

import random

from tabletop_tui.games.nisyros.actions import Done, PickPlayer, PickZone
from tabletop_tui.games.nisyros.lava import cover, eruptions_planned, flight_zone, flow
from tabletop_tui.games.nisyros.places import refuges

from tests.refusals import assert_refused

from .util import (COAST, DAM_SITE, EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R1, R2, R3, R4, SHIPYARD,
                   VILLAGE, P, clear_people, new, next_rolls, play, seed_where, stage, texts)


def _rng():
    return random.Random(0)


# -- step 8 -----------------------------------------------------------------------------------------
def test_lava_flows_one_area_down_in_each_zone_with_lava():
    s = new(2)
    s.lava = [1, 2, 0, 4]
    ev = []
    flow(s, _rng(), ev)
    assert s.lava == [2, 3, 0, 5]


def test_a_full_row_of_dams_holds_the_lava_and_too_few_do_not():
    s = new(2)
    s.lava = [1, 2, 0, 0]
    s.dams[MANDRAKI][R2] = 1  # R2 has one spot: full
    s.dams[PALI][R3] = 1  # R3 has two spots: one is not enough
    ev = []
    flow(s, _rng(), ev)
    assert s.lava[MANDRAKI] == 1 and s.dams[MANDRAKI][R2] == 1 and "The dam on" in texts(ev) and "holds the lava back" in texts(ev)
    assert s.lava[PALI] == 3 and s.dams[PALI][R3] == 0  # the useless dam went back to the supply


def test_step8_is_skipped_in_round_one():
    s = new(2)
    s.lava = [1, 0, 0, 0]
    s.in_play = []
    ev = []
    from tabletop_tui.games.nisyros.round import s8
    s8(s, ev)
    assert s.lava == [1, 0, 0, 0] and "skipped" in texts(ev)


def test_a_zone_covered_to_the_sea_stops_flowing_and_loses_its_village():
    s = new(3)  # Pali is seat 1's village
    clear_people(s)
    s.lava[PALI] = 4
    s.boats[PALI] = 0
    s.dams[PALI][COAST] = 2
    s.people[1][P(PALI, VILLAGE)] = 2
    s.people[1][P(PALI, SHIPYARD)] = 1
    seed_where(s, [True, True, True])
    ev = []
    flow(s, random.Random(s.seed * 1_000_003 + s.chance), ev)
    assert s.lava[PALI] == 5 and s.dams[PALI][COAST] == 0
    assert s.people[1][P(PALI, VILLAGE)] == 0 and s.people[1][P(PALI, SHIPYARD)] == 0
    # no boats: on foot to the nearest village, Emporios (clockwise) first
    assert s.people[1][P(EMPORIOS, VILLAGE)] == 2 and s.people[1][P(EMPORIOS, MEETING)] == 1
    assert s.home[1] == EMPORIOS and 1 in s.displaced
    ev2 = []
    flow(s, _rng(), ev2)
    assert s.lava[PALI] == 5  # nothing below the coast


def test_the_island_is_covered_when_all_twenty_areas_are_lava_and_the_game_ends():
    s = new(2)
    clear_people(s)
    s.people[0][P(NIKIA, DAM_SITE)] = 1  # on land until the last eruption (nobody stands on lava)
    s.kos = [9, 9]
    s.lava = [5, 5, 5, 3]
    s.round = 2
    s.in_play = []
    seed_where(s, [True])
    stage(s, "s8")
    assert s.lava == [5, 5, 5, 5] or s.phase == "over"
    assert s.phase == "over" and "covered" in s.end_reason


# -- flight ------------------------------------------------------------------------------------------
def test_flight_from_a_slope_black_escapes_to_the_meeting_place_red_to_hades():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, R2)] = 2
    s.lava[MANDRAKI] = 1
    seed_where(s, [True, False])
    faces = next_rolls(s, 2)
    assert faces[0] in (0, 1, 4, 5) and faces[1] in (2, 3)
    ev = []
    from tabletop_tui.engine.rng import chance_rng
    cover(s, MANDRAKI, chance_rng(s), ev, "Lava flows")
    assert s.people[0][P(MANDRAKI, MEETING)] == 1 and s.hades[0] == 1
    t = texts(ev)
    assert "black" in t and "escapes to the Mandraki meeting place" in t and "red for" in t
    assert "too slow, to Hades" in t


def test_flight_odds_are_two_in_three_under_seeded_rolls():
    escaped = 0
    for seed in range(600):
        s = new(2, seed=seed)
        clear_people(s)
        s.people[0][P(MANDRAKI, R3)] = 1
        s.lava[MANDRAKI] = 2
        cover(s, MANDRAKI, random.Random(seed), [], "Eruption")
        escaped += s.people[0][P(MANDRAKI, MEETING)]
    assert 360 < escaped < 440  # 2/3 of 600 = 400


def _bury_mandraki(s, people, boats, ev=None):
    """Bury Mandraki's coast with ``people`` ({(seat, slot): n}) on it and
    ``boats`` off it, as an eruption would in step 9."""
    from tabletop_tui.engine.rng import chance_rng
    clear_people(s)
    for (seat, slot), n in people.items():
        s.people[seat][P(MANDRAKI, slot)] = n
    s.boats[MANDRAKI] = boats
    s.lava[MANDRAKI] = 4
    s.stage, s.phase, s.eruptions_left = "s9e", "auto", 0
    cover(s, MANDRAKI, chance_rng(s), [] if ev is None else ev, "Eruption")
    return s


def _contested_coast():
    """Mandraki buried: a Red citizen and worker and a Pali worker at the
    Mandraki shipyard, two boats; every throw black."""
    s = new(3)  # Mandraki seat 0, Pali seat 1, Emporios seat 2
    seed_where(s, [True, True, True])
    ev = []
    _bury_mandraki(s, {(0, VILLAGE): 1, (0, MEETING): 1, (1, SHIPYARD): 1}, 2, ev)
    return s, ev


def test_coast_flight_citizens_take_boats_first_then_the_team_orders_the_workers():
    """ "Workers that belong to this village get priority. A different
    fleeing order is allowed if decided together." """
    s, ev = _contested_coast()
    assert s.kos == [1, 0, 0] and "sails to Kos" in texts(ev)  # the citizen first, unasked
    # one boat for two workers of two players: the active player decides (S12)
    assert s.phase == "flee" and G.to_act(s) == [s.active]
    assert G.legal_actions(s, s.active) == [PickPlayer(player=0), PickPlayer(player=1)]  # priority first
    status = G.status(s, s.active)
    assert "flees next from the buried Mandraki coast (the boats can take 1 of the 2 workers waiting)" in status
    seed_where(s, [True, True])
    play(s, PickPlayer(player=0))
    assert s.kos == [2, 0, 0]  # the Mandraki worker, as the rulebook's priority has it
    assert s.people[1][P(PALI, MEETING)] == 1  # the Pali worker walks home, unasked
    assert s.boats[MANDRAKI] == 0 and flight_zone(s) is None and s.phase != "flee"


def test_coast_flight_the_team_may_send_a_visitor_first():
    s, _ = _contested_coast()
    seed_where(s, [True, True])
    ev = play(s, PickPlayer(player=1))
    assert s.kos == [1, 1, 0]  # the Pali worker took the last boat
    assert "sends {s1}'s worker next" in texts(ev)
    # Red's worker walks to the nearest standing village, which becomes Red's home
    assert s.people[0][P(PALI, MEETING)] == 1 and s.home[0] == PALI
    assert sum(s.people[0]) + s.kos[0] + s.hades[0] == 2


def test_coast_flight_refusals_leave_the_flight_unchanged():
    s, _ = _contested_coast()
    assert_refused(G, s, PickPlayer(player=2), s.active, "nobody next in line")
    assert_refused(G, s, Done(), s.active, "whose inhabitant flees next")
    assert_refused(G, s, PickPlayer(player=0), 1, "another player")


def test_coast_flight_asks_nothing_when_the_order_cannot_matter():
    two_workers = {(0, MEETING): 1, (1, SHIPYARD): 1}
    s = _bury_mandraki(new(3), two_workers, 2)  # boats for everyone: nobody competes
    assert flight_zone(s) is None and s.phase != "flee"
    s = _bury_mandraki(new(3), two_workers, 0)  # no boat at all: everyone walks, whatever the order
    assert flight_zone(s) is None and s.phase != "flee"
    s = _bury_mandraki(new(2), {(0, VILLAGE): 3, (0, MEETING): 2}, 1)  # one player only: order changes nothing
    assert flight_zone(s) is None and sum(s.people[0]) + s.kos[0] + s.hades[0] == 5


def test_citizens_of_two_players_competing_for_boats_are_ordered_by_the_team():
    s = new(3)
    s.home[1] = MANDRAKI  # Pali's people live at Mandraki now
    _bury_mandraki(s, {(0, VILLAGE): 2, (1, VILLAGE): 2, (0, MEETING): 1}, 1)
    assert s.phase == "flee" and s.choices == [0, 1]  # citizens first: no worker is offered
    assert "citizen of" in G.describe_action(s, PickPlayer(player=1), s.active)


def test_a_flight_in_step_8_waits_for_the_team_then_the_lava_flows_on():
    s = new(3)
    clear_people(s)
    s.round = 2
    s.lava = [4, 0, 2, 0]
    s.dams = [[0] * 5 for _ in range(4)]
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[1][P(MANDRAKI, SHIPYARD)] = 1
    s.people[2][P(EMPORIOS, VILLAGE)] = 8
    s.boats[MANDRAKI] = 1
    s.in_play = []
    s.people[2][P(EMPORIOS, R3)] = 1
    seed_where(s, [True])
    ev = stage(s, "s8")
    # all zones flow at once; the flights then go zone by zone: Mandraki's coast waits for the team
    assert s.phase == "flee" and s.lava[EMPORIOS] == 3 and flight_zone(s) == MANDRAKI
    assert s.people[2][P(EMPORIOS, R3)] == 1  # Emporios' flight comes after Mandraki's
    play(s, PickPlayer(player=1))
    assert flight_zone(s) is None and s.people[2][P(EMPORIOS, R3)] == 0
    assert s.stage != "s8flow" and s.phase != "flee" and "Lava flows: lava covers Emporios R3" in texts(ev)


def test_heracles_coast_flight_needs_wheat_and_empty_boats_are_lost():
    s = new(2, "heracles")
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 2
    s.boats[MANDRAKI] = 3
    s.wheat = 1
    s.lava[MANDRAKI] = 4
    seed_where(s, [True, True])
    from tabletop_tui.engine.rng import chance_rng
    ev = []
    cover(s, MANDRAKI, chance_rng(s), ev, "Lava flows")
    assert s.kos[0] == 1 and s.wheat == 0
    # the second citizen has no wheat: walks to Nikia? Nikia has no village in a 2-player game -> Emporios
    assert s.people[0][P(EMPORIOS, VILLAGE)] == 1
    assert s.boats[MANDRAKI] == 0 and "lost to the lava" in texts(ev)


def test_closed_in_coast_sends_everyone_to_hades():
    s = new(4)
    clear_people(s)
    s.lava = [4, 5, 0, 5]  # Pali and Nikia covered: Emporios cannot be reached from Mandraki
    s.people[0][P(MANDRAKI, VILLAGE)] = 3
    assert refuges(s, MANDRAKI) == []
    seed_where(s, [True, True, True])
    from tabletop_tui.engine.rng import chance_rng
    cover(s, MANDRAKI, chance_rng(s), [], "Eruption")
    assert s.hades[0] == 3


def test_the_far_village_is_reachable_through_an_open_neighbour():
    s = new(4)
    s.lava = [4, 5, 0, 0]
    assert refuges(s, MANDRAKI) == [NIKIA, EMPORIOS]
    s.lava = [4, 5, 0, 5]
    assert refuges(s, MANDRAKI) == []


# -- step 9 -----------------------------------------------------------------------------------------
def test_eruptions_per_level_dice_events_first_round_and_maximum():
    s = new(2)
    s.yellow = ["stone"] * 5
    s.in_play = []
    assert eruptions_planned(s)[0] == 1  # Achilles 2, one fewer in round 1
    s.round = 2
    assert eruptions_planned(s)[0] == 2
    s.level = "zeus"
    assert eruptions_planned(s)[0] == 3
    s.yellow = ["+1", "+1", "+1", "+1", "wood"]
    s.in_play = [17]
    assert eruptions_planned(s)[0] == 6  # 3 + 4 + 1 = 8, Zeus maximum 6
    s.level = "achilles"
    assert eruptions_planned(s)[0] == 5
    s.yellow = ["-1", "-1", "stone", "wood", "wheat"]
    s.in_play = [18]
    assert eruptions_planned(s)[0] == 0


def test_an_eruption_covers_the_highest_area_and_ignores_dams():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 1
    s.lava = [1, 0, 0, 0]
    s.dams[MANDRAKI][R2] = 1
    from tabletop_tui.games.nisyros.lava import erupt
    s.eruptions_left = 1
    erupt(s, MANDRAKI, random.Random(1), [])
    assert s.lava[MANDRAKI] == 2 and s.dams[MANDRAKI][R2] == 0 and s.eruptions_left == 0


def test_the_volcano_die_is_thrown_again_at_a_covered_zone():
    s = new(4)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 1  # someone stays so the game goes on
    s.lava = [0, 5, 5, 5]
    s.in_play = []
    s.yellow = ["stone"] * 5
    s.round = 2
    ev = stage(s, "s9")
    # two eruptions, both forced onto Mandraki whatever the die said
    assert s.lava[MANDRAKI] == 2
    t = texts(ev)
    assert "Black die:" in t and "Eruption towards Mandraki" in t


def test_a_two_zone_face_lets_the_team_choose():
    s = new(4)
    s.in_play = []
    s.yellow = ["stone", "stone", "stone", "stone", "-1"]  # one eruption in round 2... fewer with -1
    s.round = 2
    for seed in range(200):
        s.seed = seed
        s.chance = 0
        s.lava = [0, 0, 0, 0]
        stage(s, "s9")
        if s.phase == "direction":
            break
    assert s.phase == "direction" and len(s.choices) == 2 and G.to_act(s) == [s.active]
    z = s.choices[1]
    play(s, PickZone(zone=z))
    assert s.lava[z] == 1


# -- displaced persons --------------------------------------------------------------------------------
def test_a_displaced_player_chooses_a_new_home_at_the_end_of_the_round():
    s = new(4)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 2
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[0][P(PALI, R3)] = 1
    s.lava[MANDRAKI] = 4
    seed_where(s, [True, True, True])
    from tabletop_tui.engine.rng import chance_rng
    cover(s, MANDRAKI, chance_rng(s), [], "Eruption")
    assert s.home[0] == PALI and s.people[0][P(PALI, VILLAGE)] == 2
    s.in_play = []
    stage(s, "s10end")
    assert s.phase == "home" and G.to_act(s) == [0] and s.choices == [PALI, EMPORIOS, NIKIA]
    play(s, PickZone(zone=NIKIA), 0)
    # "Put all your citizens on this village and all workers on a meeting place in this coastal area"
    assert s.home[0] == NIKIA and s.people[0][P(NIKIA, VILLAGE)] == 2 and s.people[0][P(NIKIA, MEETING)] == 2
    assert s.people[0][P(PALI, R3)] == 0 and s.on_island(0) == 4
    assert s.round == 2
    # a displaced player's reach is that of the new home (S10)
    from tabletop_tui.games.nisyros.places import reach
    assert set(reach(s, 0)) == {NIKIA, MANDRAKI, EMPORIOS}
    assert R1 == 0 and R4 == 3 and DAM_SITE == 4
