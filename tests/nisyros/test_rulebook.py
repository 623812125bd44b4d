"""The rulebook's worked examples and stated limits, each as a test (the
sentence it checks is quoted). The rest of the rules are in test_round,
test_lava, test_events and test_end; tests/nisyros/CHECKLIST.md maps every
rule to its code and test."""

from __future__ import annotations

import random

from tabletop_tui.games.nisyros.actions import BuildBoat, BuildDam, Done, MoveWorker, PickZone
from tabletop_tui.games.nisyros.data import ISLAND
from tabletop_tui.games.nisyros.lava import throw_black
from tabletop_tui.games.nisyros.round import food_need

from tests.refusals import assert_refused

from .util import (COAST, DAM_SITE, EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R1, R2, R3, SHIPYARD, VILLAGE, P,
                   clear_people, new, play, stage, step, texts)


def _fields(players=4):
    s = new(players)
    clear_people(s)
    s.wheat = s.stone = s.wood = 0
    s.in_play = []
    s.yellow_on = [None] * 5
    return s


def test_an_upper_field_and_its_die_give_four_per_worker():
    """Step 4: "On the 8 upper areas each worker even produces 2 resources of
    that type. Doubling this with an action die can thus render 4 resources
    per worker." """
    s = _fields()
    s.kinds[PALI] = ["stone", "wood", "wheat", "wheat"]
    s.bonus[PALI] = None
    s.people[1][P(PALI, R2)] = 2
    s.yellow = ["stone", "wood", "wheat", "dam", "boat"]
    s.yellow_on = [None, P(PALI, R2), None, None, None]
    step(s, "s4")
    assert s.wood == 2 * 4


def test_a_lower_field_gives_one_per_worker_and_a_die_two():
    """Step 4: "Each worker gathers 1 resource" (R3, R4), doubled by a die."""
    s = _fields()
    s.kinds[PALI] = ["stone", "wood", "wheat", "stone"]
    s.people[1][P(PALI, R3)] = 3
    s.people[1][P(PALI, 3)] = 1
    s.yellow_on = [P(PALI, 3), None, None, None, None]
    step(s, "s4")
    assert (s.wheat, s.stone) == (3, 2)


def test_a_die_on_a_full_meeting_place_summons_no_more_than_two():
    """Step 6: "a maximum of 2 workers can be summoned on each meeting place.
    So doubling this action with an action die is only useful if there is
    just one worker on the meeting place." """
    for workers, die, summoned in ((1, False, 1), (1, True, 2), (2, False, 2), (2, True, 2), (4, True, 2)):
        s = new(2)
        s.in_play = []
        s.people[0][P(MANDRAKI, MEETING)] = workers
        s.people[0][P(MANDRAKI, VILLAGE)] = 10 - workers
        s.yellow_on = [P(MANDRAKI, MEETING) if die else None, None, None, None, None]
        step(s, "s6")
        assert s.people[0][P(MANDRAKI, MEETING)] == workers + summoned, (workers, die)


def test_summoning_stops_when_the_village_is_empty():
    """Step 6: each worker "can call up a citizen from the village": none left, none called."""
    s = new(2)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, MEETING)] = 9
    s.people[0][P(MANDRAKI, VILLAGE)] = 1
    step(s, "s6")
    assert s.people[0][P(MANDRAKI, MEETING)] == 10 and s.people[0][P(MANDRAKI, VILLAGE)] == 0


def test_feeding_one_wheat_for_one_to_five_workers_two_for_six_or_more():
    """Step 7: "Players with 1 to 5 workers need 1 wheat to feed them. For 6
    or more workers, pay 2 wheat." Recently summoned workers count."""
    s = new(2)
    for workers, need in ((0, 0), (1, 1), (5, 1), (6, 2), (10, 2)):
        s.people[0] = [0] * 32
        s.people[0][P(MANDRAKI, MEETING)] = workers
        s.people[0][P(MANDRAKI, VILLAGE)] = 10 - workers
        assert food_need(s, 0) == need, workers


def test_two_workers_fall_sick_for_every_missing_wheat():
    """Step 7: "For every wheat that is lacking, 2 workers get sick and return
    to their village." Two players need 2 wheat, the team has none: 4 sick."""
    s = new(2)
    s.in_play = []
    s.people[0][P(MANDRAKI, MEETING)] = 5
    s.people[0][P(MANDRAKI, VILLAGE)] = 5
    s.people[1][P(EMPORIOS, MEETING)] = 3
    s.people[1][P(EMPORIOS, VILLAGE)] = 7
    s.wheat = 0
    stage(s, "s7")
    assert s.phase == "sick" and s.picks_left == 4
    for _ in range(4):
        (seat,) = G.to_act(s)
        play(s, G.legal_actions(s, seat)[0])
    assert s.workers(0) + s.workers(1) == 8 - 4
    assert s.on_island(0) == 10 and s.on_island(1) == 10  # they went home, not away


def test_building_stops_when_the_stock_or_the_supply_is_empty():
    """Step 5: "If the supply is empty, you must stop building." Stone for
    dams and wood for boats; and the 32 dams and 32 boats are all there is."""
    s = new(2)
    clear_people(s)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, DAM_SITE)] = 3
    s.people[0][P(MANDRAKI, SHIPYARD)] = 3
    s.stone, s.wood = 1, 5
    s.boats = [0, 0, 0, 31]
    stage(s, "s5")
    play(s, BuildDam(zone=MANDRAKI, ring=COAST))
    assert s.stone == 0 and not any(isinstance(a, BuildDam) for a in G.legal_actions(s, 0))
    assert_refused(G, s, BuildDam(zone=MANDRAKI, ring=COAST), 0, "1 stone")
    play(s, BuildBoat(zone=MANDRAKI))  # the 32nd boat
    assert sum(s.boats) == 32 and s.wood == 4
    assert (s.round, s.step) > (1, 5)  # nothing left to build: the step ended by itself


def test_dams_go_on_the_spots_of_their_own_zone():
    """Step 5: "A constructed dam is put on one of the indicated spots in the
    same zone as the dam building place" (S3: R2 1, R3 2, R4 2, coast 3)."""
    s = new(2)
    clear_people(s)
    s.in_play = []
    s.yellow_on = [None] * 5
    s.people[0][P(NIKIA, DAM_SITE)] = 2  # Nikia has no village in a 2-player game: its dam site works
    s.stone = 5
    s.lava[NIKIA] = 2  # R1 and R2 are lava: their spots are gone
    stage(s, "s5")
    rings = {a.ring for a in G.legal_actions(s, 0) if isinstance(a, BuildDam)}
    zones = {a.zone for a in G.legal_actions(s, 0) if isinstance(a, BuildDam)}
    assert rings == {R3, 3, COAST} and zones == {NIKIA}
    assert_refused(G, s, BuildDam(zone=NIKIA, ring=R2), 0, "no free dam spot")
    assert_refused(G, s, BuildDam(zone=PALI, ring=R3), 0, "no worker")


def test_a_two_zone_face_with_one_zone_covered_goes_to_the_other():
    """Step 9: "With a combination of 2 colours, you get to choose the
    direction, unless one of the 2 was already completely covered. If they
    were both covered with lava already, throw again." """
    black = ISLAND.black_die
    two = next(i for i, f in enumerate(black) if f == [0, 1])
    s = new(4)
    s.lava = [5, 0, 0, 0]  # Mandraki covered
    rng = _rng_with_faces([two])
    assert throw_black(s, rng, [], lambda z: s.lava[z] < 5) == [PALI]
    s.lava = [5, 5, 0, 0]  # both covered: thrown again until a face names an open zone
    ev = []
    zones = throw_black(s, _rng_with_faces([two, two, 2]), ev, lambda z: s.lava[z] < 5)
    assert zones == [EMPORIOS]
    assert texts(ev).count("already covered; thrown again") == 2


def _rng_with_faces(faces):
    """A Random whose next randrange(6) throws are ``faces`` (then at random)."""
    class Loaded(random.Random):
        def randrange(self, *args, **kwargs):
            return faces.pop(0) if faces else super().randrange(*args, **kwargs)
    return Loaded(0)


def test_the_team_chooses_between_two_open_zones():
    """The black die's two-zone face with both zones open: the active player picks."""
    s = new(3)
    s.in_play = []
    s.yellow = ["stone"] * 5
    for seed in range(300):
        s.seed, s.chance, s.lava, s.round, s.active = seed, 0, [0, 0, 0, 0], 2, 2
        stage(s, "s9")
        if s.phase == "direction" and s.round == 2:
            break
    assert G.to_act(s) == [2] and len(s.choices) == 2
    assert_refused(G, s, PickZone(zone=({0, 1, 2, 3} - set(s.choices)).pop()), 2, "not one of the choices")


def test_three_players_leave_nikia_s_coast_out_of_use_but_its_fields_and_dam_site_in():
    """Set-up legend: "X These areas have no function in a 3-player game";
    step 1: "the resource areas in the zone of an empty village can be used
    normally. It is also possible to use the dam building place"."""
    s = new(3)
    m = P(MANDRAKI, MEETING)  # Nikia borders Mandraki
    s.people[0][m] = 3
    play(s, _move(0, m, P(NIKIA, R1)))
    play(s, _move(0, m, P(NIKIA, DAM_SITE)))
    for slot in (SHIPYARD, MEETING):
        assert_refused(G, s, _move(0, m, P(NIKIA, slot)), 0, "cannot be worked")
    v = G.view(s, None)
    assert [v.places[P(NIKIA, slot)].usable for slot in (DAM_SITE, SHIPYARD, MEETING, VILLAGE)] == [
        True, False, False, False]


def _move(player, src, dst):
    from tabletop_tui.games.nisyros.actions import MoveWorker
    return MoveWorker(player=player, src=src, dst=dst)


def test_an_event_that_cannot_be_carried_out_is_not_replaced():
    """Step 2: "In case an event cannot be carried out or has no effect, do
    not draw a new card to replace it." """
    for cid in (10, 11, 14, 16):  # no slope worker, nobody in Hades, no lava, no dam
        s = new(2)
        s.deck.append(cid)
        s.events_left = 1
        s.in_play = []
        s.top_known = 0
        left = len(s.deck)
        stage(s, "s2draw")
        assert s.in_play == [cid] and len(s.deck) == left - 1, cid
        assert s.step >= 3


def test_the_active_player_throws_and_decides_for_the_team():
    """Game flow: "The active player ... will also throw dice for the whole
    team and makes decisions for the team" (S12); it moves on each round."""
    s = new(4)
    actives = []
    rng = random.Random(4)
    while not G.is_over(s) and s.round <= 4:
        (seat,) = G.to_act(s)
        if s.phase not in ("move", "volunteer", "home"):
            assert seat == s.active
        actives.append((s.round, s.active))
        acts = G.legal_actions(s, seat)
        play(s, next((a for a in acts if isinstance(a, Done)), rng.choice(acts)), seat)
    assert [a for r, a in sorted(set(actives))][:4] == [0, 1, 2, 3]


def test_the_upper_eight_hold_two_workers_and_shipyards_three():
    """Step 1: "The upper 8 resource areas have a limit of 2, the shipyards a
    limit of 3 workers ... All other workplaces can be used by any amount." """
    v = G.view(new(4), None)
    limits = {(p.zone, p.slot): p.limit for p in v.places}
    for z in range(4):
        assert [limits[(z, slot)] for slot in range(7)] == [2, 2, None, None, None, 3, None]
    assert R1 == 0 and R2 == 1


def test_the_owner_of_a_village_moves_before_the_displaced_who_live_there():
    """ "Usually the owner of the village will deploy his workers before the
    displaced workers are moved." """
    s = new(3)
    clear_people(s)
    s.home[0] = EMPORIOS  # Red lost Mandraki and lives at Green's Emporios
    s.people[0][P(EMPORIOS, MEETING)] = 2
    s.people[1][P(PALI, MEETING)] = 2
    s.people[2][P(EMPORIOS, MEETING)] = 2
    ev = stage(s, "s1")
    assert s.queue == [1, 2, 0] and G.to_act(s) == [1]  # Red, the active player, waits for Green
    assert "lives at" in texts(ev) and "moves after" in texts(ev)
    assert_refused(G, s, MoveWorker(player=0, src=P(EMPORIOS, MEETING), dst=P(EMPORIOS, R3)), 0,
                   "another player")
    play(s, Done(), 1)
    assert G.to_act(s) == [2]
    play(s, Done(), 2)
    assert G.to_act(s) == [0]  # the active player still moves the boats, in their own turn
    # with the owner already first in the round's order nothing changes
    s2 = new(3)
    s2.home[0] = EMPORIOS
    s2.active = 2
    stage(s2, "s1")
    assert s2.queue == [2, 0, 1]
