"""Each event card, 1-24 (S8), and the deck running out."""

from __future__ import annotations

from collections import Counter

from tabletop_tui.games.nisyros.actions import (BuildBoat, Done, Evacuate, MoveBoat, MoveWorker, PickPlayer, PickWorker,
                                                PickZone, RemoveDam, Reroll, Volunteer)
from tabletop_tui.games.nisyros.data import CARDS, ISLAND
from tabletop_tui.games.nisyros.lava import eruptions_planned

from tests.refusals import assert_refused

from .util import (COAST, DAM_SITE, EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R1, R2, R3, R4, SHIPYARD, VILLAGE, P,
                   clear_people, new, play, stage, step, texts)


def draw(s, cid):
    """Put ``cid`` on top of the deck and draw it as step 2's only event."""
    s.deck.append(cid)
    s.events_left = 1
    s.in_play = []
    s.top_known = 0
    return stage(s, "s2draw")


def test_every_drawn_card_is_logged_with_its_number_and_effect():
    s = new(2)
    ev = draw(s, 19)
    assert f"Event 19 (+) Traders: {CARDS[19].text}" in texts(ev)


def test_card_1_reroll_one_or_two_dice_but_never_a_plus_one():
    s = new(2)
    draw(s, 1)
    assert s.phase == "reroll"
    s.yellow = ["+1", "stone", "wood", "wheat", "-1"]
    assert_refused(G, s, Reroll(dice=(0,)), 0, "+1 cannot")
    ev = play(s, Reroll(dice=(1, 4)))
    assert "Yellow dice thrown again: B " in texts(ev) and s.yellow[0] == "+1"
    assert all(isinstance(a, Reroll) is False for a in G.legal_actions(s, G.to_act(s)[0]))


def test_card_2_one_worker_may_change_workplace_after_the_dice():
    s = new(2)
    draw(s, 2)
    assert s.phase == "dice"
    play(s, Done())
    assert s.phase == "marathon"
    play(s, MoveWorker(player=1, src=P(EMPORIOS, MEETING), dst=P(EMPORIOS, R4)))
    assert s.people[1][P(EMPORIOS, R4)] == 1 and (s.round, s.step) > (1, 3)


def test_cards_3_4_5_double_a_kind_of_field_not_the_bonus():
    for cid, kind in ((3, "stone"), (4, "wood"), (5, "wheat")):
        s = new(4)
        clear_people(s)
        s.kinds[MANDRAKI] = [kind, kind, "stone" if kind != "stone" else "wood", kind]
        s.bonus[MANDRAKI] = kind
        s.people[0][P(MANDRAKI, R1)] = 1
        s.people[0][P(MANDRAKI, R4)] = 1
        s.wheat = s.stone = s.wood = 0
        s.in_play = [cid]
        s.yellow_on = [None] * 5
        step(s, "s4")
        assert getattr(s, kind) == 2 * 2 + 1 + 2 * 1, cid  # R1 2x2, bonus 1, R4 1x2


def test_card_6_drizzle_with_one_meeting_place_in_reach_sends_every_worker_there():
    s = new(2)  # Mandraki and Emporios: each player has only their own meeting place in reach
    clear_people(s)
    s.people[0][P(MANDRAKI, R2)] = 2
    s.people[0][P(PALI, R4)] = 1
    s.in_play = [6]
    s.queue = []
    step(s, "s6vol")
    step(s, "s6drizzle")
    assert s.queue == []  # nobody has a choice to make
    ev = step(s, "s6dq")
    assert s.people[0][P(MANDRAKI, MEETING)] == 3 and s.workers(0) == 3 and s.stage == "s7"
    assert "walk back to the Mandraki meeting place" in texts(ev)


def _drizzle_4p():
    s = new(4)
    clear_people(s)
    s.people[0][P(MANDRAKI, R2)] = 2
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[0][P(PALI, SHIPYARD)] = 1
    s.people[1][P(PALI, R1)] = 1
    s.people[2][P(EMPORIOS, VILLAGE)] = 8  # Green has no worker: nothing to ask
    s.in_play = [6]
    s.queue = []
    s.active = 0
    s.idle = [[0] * 32 for _ in range(4)]
    s.idle[0][P(MANDRAKI, R2)] = 1  # a sleeper moves too: the card moves each worker
    return s, stage(s, "s6vol")


def test_card_6_as_printed_each_player_sends_each_worker_to_a_meeting_place_of_their_choice():
    """ "At the end of step 6, move each worker to a meeting place of your choice." """
    s, ev = _drizzle_4p()
    assert s.phase == "drizzle" and s.queue == [0, 1] and G.to_act(s) == [0]
    assert "meeting places of their choice" in texts(ev)
    acts = G.legal_actions(s, 0)
    dsts = {a.dst for a in acts if isinstance(a, MoveWorker)}
    # the meeting places in use within Red's reach: Mandraki, Pali, Nikia (not Emporios, opposite)
    assert dsts == {P(MANDRAKI, MEETING), P(PALI, MEETING), P(NIKIA, MEETING)}
    play(s, MoveWorker(player=0, src=P(MANDRAKI, R2), dst=P(PALI, MEETING)))
    play(s, MoveWorker(player=0, src=P(MANDRAKI, R2), dst=P(NIKIA, MEETING)))
    play(s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(NIKIA, MEETING)))
    # each worker is sent once: those already sent are not offered again
    assert not any(isinstance(a, MoveWorker) and a.src in (P(PALI, MEETING), P(NIKIA, MEETING))
                   for a in G.legal_actions(s, 0))
    play(s, Done(), 0)  # the Pali shipyard worker walks to its own meeting place
    assert G.to_act(s) == [1]
    play(s, Done(), 1)
    row = s.people[0]
    assert row[P(PALI, MEETING)] == 1 and row[P(NIKIA, MEETING)] == 2 and row[P(MANDRAKI, MEETING)] == 1
    assert row[P(MANDRAKI, R2)] == 0 and row[P(PALI, SHIPYARD)] == 0 and s.workers(0) == 4
    assert s.people[1][P(PALI, MEETING)] == 1


def test_card_6_refusals_leave_the_state_unchanged():
    s, _ = _drizzle_4p()
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, R2), dst=P(PALI, R2)), 0, "meeting places only")
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, R2), dst=P(EMPORIOS, MEETING)), 0,
                   "own zone and the two beside it")
    assert_refused(G, s, MoveWorker(player=1, src=P(PALI, R1), dst=P(PALI, MEETING)), 0, "their own workers")
    assert_refused(G, s, MoveWorker(player=1, src=P(PALI, R1), dst=P(PALI, MEETING)), 1, "another player")
    play(s, MoveWorker(player=0, src=P(PALI, SHIPYARD), dst=P(NIKIA, MEETING)))
    assert_refused(G, s, MoveWorker(player=0, src=P(NIKIA, MEETING), dst=P(PALI, MEETING)), 0, "no worker there")


def test_card_7_fasting_skips_feeding():
    s = new(2)
    s.wheat = 4
    s.in_play = [7]
    ev = step(s, "s7")
    assert s.wheat == 4 and "skipped" in texts(ev)


def test_card_8_rats_eat_two_wheat():
    s = new(2)
    draw(s, 8)
    assert s.wheat == 6 - 2
    s2 = new(2)
    s2.wheat = 1
    draw(s2, 8)
    assert s2.wheat == 0


def test_card_9_two_chosen_workers_do_nothing():
    s = new(2)
    s.people[0][P(MANDRAKI, MEETING)] = 0
    s.people[0][P(MANDRAKI, R3)] = 2
    draw(s, 9)
    assert s.phase == "siesta" and s.picks_left == 2
    play(s, PickWorker(player=0, place=P(MANDRAKI, R3)))
    play(s, PickWorker(player=1, place=P(EMPORIOS, MEETING)))
    assert s.idle[0][P(MANDRAKI, R3)] == 1 and s.idle[1][P(EMPORIOS, MEETING)] == 1


def test_card_10_fumes_stop_the_highest_worked_slope_of_the_zone_thrown():
    s = new(2)
    clear_people(s)
    s.people[0][P(NIKIA, R2)] = 1
    s.people[0][P(NIKIA, R4)] = 1
    s.people[0][P(MANDRAKI, VILLAGE)] = 8
    ev = draw(s, 10)
    assert s.stupor == [P(NIKIA, R2)]  # the die is thrown until it names Nikia, the only worked zone
    assert "Black die:" in texts(ev) and "Fumes over Nikia R2" in texts(ev)
    s.in_play = [10]
    s.yellow_on = [None] * 5
    s.kinds[NIKIA] = ["wood"] * 4
    s.wood = 0
    step(s, "s4")
    assert s.wood == 1  # only R4's worker gathered


def test_card_10_with_no_worker_in_any_zone_does_nothing():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 8  # citizens are not workers
    ev = draw(s, 10)
    assert s.stupor == [] and "harm nobody" in texts(ev)


def test_card_10_as_printed_workers_on_the_coast_count_and_its_area_has_no_output():
    """The card: "a zone with at least 1 worker"; the upper area with workers
    there may be the coast, whose dam site, shipyard and meeting place then
    build and summon nothing (workers on a lower field of another zone are
    not enough to be chosen over it)."""
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 6
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[0][P(MANDRAKI, DAM_SITE)] = 1
    s.people[0][P(MANDRAKI, SHIPYARD)] = 1
    ev = draw(s, 10)
    coast = [P(MANDRAKI, DAM_SITE), P(MANDRAKI, SHIPYARD), P(MANDRAKI, MEETING)]
    assert s.stupor == coast and "Fumes over the Mandraki coast" in texts(ev)
    s.stone = s.wood = 5
    s.yellow_on = [None] * 5
    s.phase = "build"
    assert G.legal_actions(s, 0) == [Done()]  # neither dam nor boat can be built
    assert_refused(G, s, BuildBoat(zone=MANDRAKI), 0, "Mandraki shipyard")
    s.phase = "auto"
    ev = step(s, "s6")
    assert s.people[0][P(MANDRAKI, VILLAGE)] == 6 and "calls nobody" in texts(ev)
    assert G.view(s, 0).places[P(MANDRAKI, SHIPYARD)].no_yield == "fumes"


def test_card_10_a_field_above_the_coast_is_the_upper_area():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, VILLAGE)] = 7
    s.people[0][P(MANDRAKI, R3)] = 1
    s.people[0][P(MANDRAKI, SHIPYARD)] = 2
    draw(s, 10)
    assert s.stupor == [P(MANDRAKI, R3)]


def test_card_11_one_lost_inhabitant_comes_back_from_hades():
    s = new(2)
    s.hades = [1, 2]
    s.people[0][P(MANDRAKI, VILLAGE)] -= 1
    s.people[1][P(EMPORIOS, VILLAGE)] -= 2
    draw(s, 11)
    assert s.phase == "rescue" and sorted(s.choices) == [0, 1]
    play(s, PickPlayer(player=1))
    assert s.hades == [1, 1] and s.people[1][P(EMPORIOS, MEETING)] == 3


def test_card_12_a_boat_lands_at_a_village_of_the_team_s_choice():
    s = new(2)
    draw(s, 12)
    assert s.phase == "boat_gift" and s.choices == [MANDRAKI, EMPORIOS]
    assert_refused(G, s, PickZone(zone=PALI), 0, "not one of the choices")
    play(s, PickZone(zone=EMPORIOS))
    assert s.boats == [0, 0, 1, 0]


def test_card_13_oracle_is_kept_for_step_9():
    s = new(2)
    draw(s, 13)
    assert 13 in s.in_play


def test_card_14_the_lowest_lava_area_of_a_chosen_zone_cools():
    s = new(2)
    s.lava = [2, 3, 5, 0]
    draw(s, 14)
    assert s.phase == "crevice" and s.choices == [MANDRAKI, PALI]  # a buried coast stays lost
    play(s, PickZone(zone=PALI))
    assert s.lava == [2, 2, 5, 0]


def test_card_15_two_boats_land_at_chosen_villages():
    s = new(2)
    draw(s, 15)
    play(s, PickZone(zone=MANDRAKI))
    assert s.phase == "boat_gift" and s.picks_left == 1
    play(s, PickZone(zone=MANDRAKI))
    assert s.boats == [2, 0, 0, 0]


def test_card_16_two_dams_of_the_team_s_choice_are_lost():
    s = new(2)
    s.dams[MANDRAKI][R3] = 2
    s.dams[PALI][COAST] = 1
    draw(s, 16)
    assert s.phase == "dam_loss"
    play(s, RemoveDam(zone=MANDRAKI, ring=R3))
    play(s, RemoveDam(zone=PALI, ring=COAST))
    assert s.dams[MANDRAKI][R3] == 1 and s.dams[PALI][COAST] == 0


def test_card_16_with_two_dams_or_fewer_takes_them_all():
    s = new(2)
    s.dams[PALI][R2] = 1
    draw(s, 16)
    assert sum(map(sum, s.dams)) == 0


def test_cards_17_and_18_change_the_eruptions():
    s = new(2)
    s.round = 2
    s.yellow = ["stone"] * 5
    s.in_play = [17]
    assert eruptions_planned(s)[0] == 3
    s.in_play = [18]
    assert eruptions_planned(s)[0] == 1


def test_card_19_traders_bring_wood_and_stone_within_the_cap():
    s = new(2)
    s.stone = 15
    draw(s, 19)
    assert (s.wood, s.stone) == (2, 16)


def test_card_20_fire_burns_three_wood():
    s = new(2)
    s.wood = 5
    draw(s, 20)
    assert s.wood == 2
    s.wood = 1
    draw(s, 20)
    assert s.wood == 0


def test_card_21_each_player_may_call_one_more_citizen():
    s = new(2)
    s.in_play = [21]
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, MEETING)] = 0
    s.people[0][P(MANDRAKI, R3)] = 2
    s.people[1][P(EMPORIOS, MEETING)] = 0
    s.people[1][P(EMPORIOS, R3)] = 2
    stage(s, "s6")
    assert s.phase == "volunteer" and G.to_act(s) == [0]
    play(s, Volunteer())
    assert G.to_act(s) == [1]
    play(s, Done())
    assert s.people[0][P(MANDRAKI, MEETING)] == 1 and s.people[1][P(EMPORIOS, MEETING)] == 0


def test_card_22_rough_sea_limits_the_evacuation_to_three():
    s = new(2)
    s.in_play = [22]
    s.boats = [6, 0, 0, 0]
    stage(s, "s10")
    for _ in range(3):
        play(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=MANDRAKI))
    assert s.kos == [3, 0] and s.boats[MANDRAKI] == 3


def test_card_23_ash_rain_makes_the_crater_rim_yield_nothing():
    s = new(2)
    clear_people(s)
    s.kinds[MANDRAKI] = ["stone", "stone", "wood", "wood"]
    s.bonus[MANDRAKI] = "stone"
    s.people[0][P(MANDRAKI, R1)] = 2
    s.people[0][P(MANDRAKI, R2)] = 1
    s.stone = 0
    s.in_play = [23]
    s.yellow_on = [None] * 5
    rim = [p.no_yield for p in G.view(s, 0).places if p.slot == R1]
    assert rim == ["ash rain"] * 4 and G.view(s, 0).places[P(MANDRAKI, R2)].no_yield == ""
    step(s, "s4")
    assert s.stone == 2 and s.bonus[MANDRAKI] == "stone"


def test_card_24_next_round_boats_sail_anywhere_carrying_a_worker():
    s = new(4)
    s.boats = [1, 0, 0, 0]
    s.in_play = [24]
    stage(s, "next")
    assert s.current and s.round == 2 and s.active == 1 and G.to_act(s) == [1]
    play(s, MoveBoat(src=MANDRAKI, dst=EMPORIOS, carry=0), 1)
    assert s.boats[EMPORIOS] == 1 and s.people[0][P(EMPORIOS, MEETING)] == 1


def test_without_the_current_boats_carry_nobody():
    s = new(4)
    s.boats = [1, 0, 0, 0]
    assert_refused(G, s, MoveBoat(src=MANDRAKI, dst=PALI, carry=0), 0, "strong current")


def test_an_empty_deck_is_rebuilt_from_the_discards():
    s = new(2)
    s.discard = list(s.deck[:-1])
    s.deck = []
    s.events_left = 1
    s.in_play = []
    s.top_known = 0
    ev = stage(s, "s2draw")
    assert "shuffled into a new deck" in texts(ev)
    assert len(s.deck) + len(s.in_play) + len(s.discard) == 24


def test_deck_conservation_over_rounds():
    s = new(2)
    total = Counter({c: CARDS[c].copies for c in CARDS})
    assert Counter(s.deck + s.discard + s.in_play) == total
    assert ISLAND.boats == 32 and R1 == 0 and R2 == 1 and R4 == 3 and R3 == 2


# -- more of each card: limits, refusals, and what the card does not do -----------------------------
def test_card_1_is_one_reroll_only_and_keeping_the_dice_changes_nothing():
    s = new(2)
    draw(s, 1)
    s.yellow = ["-1", "stone", "wood", "wheat", "hermes"]
    acts = G.legal_actions(s, 0)
    assert Reroll(dice=(0,)) in acts and Reroll(dice=(0, 4)) in acts  # a -1 may be thrown again
    assert not any(isinstance(a, Reroll) and len(a.dice) > 2 for a in acts)
    play(s, Done())
    assert s.yellow == ["-1", "stone", "wood", "wheat", "hermes"] and s.phase == "dice"
    assert_refused(G, s, Reroll(dice=(1,)), 0, "place the yellow dice")


def test_card_1_reroll_throws_only_the_named_dice():
    s = new(2)
    draw(s, 1)
    s.yellow = ["stone", "stone", "stone", "stone", "stone"]
    play(s, Reroll(dice=(2,)))
    assert s.yellow[:2] == ["stone", "stone"] and s.yellow[3:] == ["stone", "stone"]
    assert s.phase == "dice"  # once only


def test_card_2_skipping_and_a_single_move_within_the_limits():
    s = new(2)
    draw(s, 2)
    play(s, Done())
    assert s.phase == "marathon"
    s.people[0][P(MANDRAKI, R1)] = 2  # full
    assert not any(isinstance(a, MoveWorker) and a.dst == P(MANDRAKI, R1) for a in G.legal_actions(s, 0))
    assert_refused(G, s, MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=P(MANDRAKI, R1)), 0, "full")
    play(s, Done())
    assert (s.round, s.step) > (1, 3) and s.people[0][P(MANDRAKI, R1)] == 2


def test_card_9_sleepers_build_and_summon_nothing_but_still_eat():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, MEETING)] = 1
    s.people[0][P(MANDRAKI, VILLAGE)] = 8
    s.people[0][P(MANDRAKI, SHIPYARD)] = 1
    s.idle[0][P(MANDRAKI, MEETING)] = 1
    s.idle[0][P(MANDRAKI, SHIPYARD)] = 1
    s.people[1][P(EMPORIOS, MEETING)] = 1
    s.in_play = [9]
    s.yellow_on = [None] * 5
    s.wood = 3
    s.wheat = 5
    stage(s, "s5")  # the sleeping shipwright builds nothing: step 5 asks nobody
    assert s.boats == [0, 0, 0, 0] and s.wood == 3
    assert s.people[0][P(MANDRAKI, VILLAGE)] == 8  # the sleeping summoner called nobody
    assert s.wheat == 5 - 1 - 1  # Red's two sleepers eat (1 wheat), Blue's worker eats (1)


def test_card_9_with_a_single_worker_sends_one_to_sleep():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, R3)] = 1
    s.people[0][P(MANDRAKI, VILLAGE)] = 9
    s.people[1][P(EMPORIOS, VILLAGE)] = 10
    ev = draw(s, 9)
    assert s.idle[0][P(MANDRAKI, R3)] == 1 and "takes a siesta" in texts(ev)


def test_card_12_with_no_boat_in_the_supply_does_nothing():
    s = new(2)
    s.boats = [0, 0, 0, 32]
    ev = draw(s, 12)
    assert s.boats == [0, 0, 0, 32] and "no boat left in the supply" in texts(ev)


def test_card_13_the_oracle_chooses_only_the_first_eruption():
    s = new(4)
    s.in_play = [13]
    s.yellow = ["stone"] * 5
    s.round = 2
    stage(s, "s9")
    assert s.phase == "direction" and s.choices == [0, 1, 2, 3]
    ev = play(s, PickZone(zone=PALI))
    assert texts(ev).startswith("Eruption towards Pali")
    assert "Black die:" in texts(ev)  # the second eruption is thrown


def test_card_17_never_above_the_level_s_maximum():
    s = new(2)
    s.round = 2
    s.yellow = ["+1", "+1", "+1", "stone", "wood"]
    s.in_play = [17]
    assert eruptions_planned(s)[0] == 5  # Achilles: 2 + 3 + 1 = 6, at most 5
    s.level = "zeus"
    assert eruptions_planned(s)[0] == 6  # Zeus: 3 + 3 + 1 = 7, at most 6


def test_card_18_never_below_none():
    s = new(2)
    s.yellow = ["-1", "-1", "stone", "wood", "wheat"]
    s.in_play = [18]
    assert eruptions_planned(s)[0] == 0  # round 1: 2 - 2 - 1 - 1


def test_card_21_asks_only_players_with_a_citizen_at_home():
    s = new(2)
    s.in_play = [21]
    s.yellow_on = [None] * 5
    s.people[0][P(MANDRAKI, VILLAGE)] = 0
    s.people[0][P(MANDRAKI, MEETING)] = 10
    stage(s, "s6")
    assert s.phase == "volunteer" and G.to_act(s) == [1]


def test_card_24_boats_sail_to_the_far_side_only_in_the_next_step_1():
    s = new(4)
    s.boats = [2, 0, 0, 0]
    s.in_play = [24]
    stage(s, "next")
    play(s, MoveBoat(src=MANDRAKI, dst=EMPORIOS), 1)  # across the island, no worker aboard
    assert s.boats == [1, 0, 1, 0]
    for seat in range(4):
        while G.to_act(s) == [seat] and s.phase == "move":
            play(s, Done(), seat)
    s.in_play = []
    stage(s, "next")
    assert not s.current and s.phase == "move"
    assert_refused(G, s, MoveBoat(src=MANDRAKI, dst=EMPORIOS), s.active, "neighbouring zone")


def test_every_card_s_text_says_its_step_and_the_view_shows_it():
    s = new(2)
    for cid, card in CARDS.items():
        assert card.short and len(card.short) <= 34
        s.in_play = [cid]
        (shown,) = G.view(s, None).in_play
        assert (shown.id, shown.title, shown.short, shown.text) == (cid, card.title, card.short, card.text)
