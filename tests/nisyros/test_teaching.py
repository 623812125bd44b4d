"""Teaching words: the In-brief rule each move follows (the demo quotes it),
the coach's line on what a move does and its estimate, and the opening deal."""

from __future__ import annotations

import random

from tabletop_tui.engine.rules_index import brief
from tabletop_tui.games.nisyros.actions import (BuildBoat, BuildDam, Done, Evacuate, MoveBoat, MoveWorker,
                                                PickPlayer, PickWorker, PickZone, PlaceDie, RemoveDam)
from tabletop_tui.games.nisyros.round import graded

from .util import (COAST, DAM_SITE, EMPORIOS, G, MANDRAKI, MEETING, NIKIA, PALI, R1, R2, R3, SHIPYARD, VILLAGE, P,
                   clear_people, new)


def why(state, action, seat=0) -> str:
    """What the move does: the coach's line without the team bot's reason
    after it (tests/nisyros/test_bot.py has that)."""
    text = G.why(state, action, seat, random.Random(1))
    reason = G.bot_for(1).reason(state, action)
    text = text.removesuffix(f" ({reason})") if reason else text
    return text.replace("{s0}", "Red").replace("{s1}", "Blue")


def test_every_rule_named_is_on_the_rules_page():
    rules = brief("nisyros")
    assert set(G.action_rules.values()) | set(G.PHASE_RULES.values()) <= set(rules)
    assert 6 <= len(rules) <= 14


# -- the rule a move follows ------------------------------------------------------------------
def test_rule_of_follows_the_step_that_asks():
    s = new()
    rule = lambda phase, action: (setattr(s, "phase", phase), G.rule_of(s, action, 0))[1]  # noqa: E731
    assert rule("move", MoveWorker(player=0, src=P(MANDRAKI, MEETING), dst=0)) == "Moving workers"
    assert rule("move", MoveBoat(src=0, dst=1)) == "Sailing boats"
    assert rule("direction", PickZone(zone=1)) == "Eruptions"
    assert rule("home", PickZone(zone=2)) == "Fleeing"
    assert rule("crevice", PickZone(zone=2)) == "Event cards"
    assert rule("sick", PickWorker(player=0, place=0)) == "Feeding"
    assert rule("siesta", PickWorker(player=0, place=0)) == "Event cards"
    assert rule("marathon", MoveWorker(player=0, src=0, dst=1)) == "Event cards"
    assert rule("evacuate", Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=0)) == "Evacuation"
    assert rule("flee", PickPlayer(player=1)) == "Fleeing"
    assert rule("drizzle", MoveWorker(player=0, src=0, dst=P(MANDRAKI, MEETING))) == "Event cards"


def test_finishing_a_step_names_the_rule_of_the_steps_it_sets_off():
    s = new()
    rule = lambda phase: (setattr(s, "phase", phase), G.rule_of(s, Done(), s.queue[0] if s.queue else 0))[1]  # noqa: E731
    assert s.queue == [0, 1]
    assert rule("move") == "Moving workers"  # Blue still moves
    s.queue = [1]
    assert rule("move") == "Event cards"  # the last to move: the events come next
    assert rule("reroll") == "Action dice"
    assert rule("dice") == "Gathering"
    assert rule("build") == "Eruptions"  # round one: no lava flows yet
    s.round, s.lava[PALI] = 2, 1
    assert rule("build") == "Lava flow"
    assert rule("evacuate") == "The active player"
    s.lava = [5, 5, 5, 5]
    assert rule("evacuate") == "Saving the team"


# -- the coach's why ---------------------------------------------------------------------------
def test_why_a_worker_move_says_what_it_will_make():
    s = new()
    s.kinds[MANDRAKI] = ["stone", "wheat", "wood", "wood"]
    s.bonus[MANDRAKI] = "wood"
    s.stone, s.wood = 3, 0
    home = P(MANDRAKI, MEETING)
    assert why(s, MoveWorker(player=0, src=home, dst=P(MANDRAKI, R1))) == \
        "gathers 2 stone a round on Mandraki R1 (+1 wood bonus)"
    assert why(s, MoveWorker(player=0, src=home, dst=P(MANDRAKI, R3))) == "gathers 1 wood a round on Mandraki R3"
    assert why(s, MoveWorker(player=0, src=home, dst=P(MANDRAKI, DAM_SITE))) == \
        "builds a dam in Mandraki for a stone (the team has 3 stone)"
    assert why(s, MoveWorker(player=0, src=home, dst=P(MANDRAKI, SHIPYARD))) == \
        "builds a boat off Mandraki for a wood (the team has 0 wood)"
    assert why(s, MoveWorker(player=0, src=P(MANDRAKI, R1), dst=home)) == "calls one of 8 citizens to work in step 6"


def test_why_warns_of_the_lava_flow_but_not_of_a_dammed_area():
    s = new()
    s.kinds[PALI] = ["stone", "wheat", "wood", "wood"]
    s.lava[PALI] = 1  # R1 is lava: R2 is next, unless its one dam spot is filled
    s.people[0][P(PALI, R2)] = 1
    home = P(MANDRAKI, MEETING)
    assert why(s, MoveWorker(player=0, src=home, dst=P(PALI, R2))) == \
        "gathers 2 wheat a round on Pali R2, but the lava flows there next"
    assert why(s, MoveWorker(player=0, src=P(PALI, R2), dst=home)).startswith("out of the lava's way; ")
    s.dams[PALI][R2] = 1
    assert why(s, MoveWorker(player=0, src=home, dst=P(PALI, R2))) == "gathers 2 wheat a round on Pali R2"


def test_why_a_die_counts_what_it_doubles():
    s = new()
    clear_people(s)
    s.kinds[MANDRAKI][R1] = "stone"
    s.people[0][P(MANDRAKI, R1)] = 2
    s.people[1][P(EMPORIOS, MEETING)] = 1
    s.people[1][P(EMPORIOS, VILLAGE)] = 5
    s.yellow = ["stone", "hermes", "meeting", "boat", "+1"]
    assert why(s, PlaceDie(die=0, place=P(MANDRAKI, R1))) == "doubles Mandraki R1: 4 more stone"
    assert why(s, PlaceDie(die=2, place=P(EMPORIOS, MEETING))) == \
        "the Emporios meeting place calls 1 more citizen to work"
    assert why(s, PlaceDie(die=3, place=P(MANDRAKI, SHIPYARD))) == \
        "nobody works the Mandraki shipyard this round: the die adds nothing"
    s.people[1][P(EMPORIOS, MEETING)] = 2  # two already call the most a meeting place may
    assert why(s, PlaceDie(die=1, place=P(EMPORIOS, MEETING))) == \
        "the meeting place already calls all it may (2 a round)"


def test_why_building_says_what_a_dam_or_boat_is_for():
    s = new()
    s.phase = "build"
    assert why(s, BuildDam(zone=MANDRAKI, ring=R2)) == \
        "every dam spot of Mandraki R2 is full: the lava cannot flow onto it"
    assert why(s, BuildDam(zone=MANDRAKI, ring=COAST)) == \
        "1 of 3 dams on the Mandraki coast; with all of them the lava flow stops there"
    assert why(s, BuildBoat(zone=EMPORIOS)) == "one more islander can sail to Kos; the boat waits off Emporios"
    s.stone, s.wood = 2, 5
    assert why(s, Done()) == "keeps 2 stone and 5 wood for later rounds"


def test_why_team_choices_name_what_they_cost_or_save():
    s = new()
    s.phase = "direction"
    s.lava[NIKIA] = 2
    s.people[1][P(PALI, R1)] = 1
    assert why(s, PickZone(zone=NIKIA)) == "buries Nikia R3, where nobody stands"
    assert why(s, PickZone(zone=PALI)) == "buries Pali R1, where 1 islander must flee"
    s.phase = "siesta"
    assert why(s, PickWorker(player=1, place=P(PALI, R1))).startswith("it rests this round instead of gathering 2 ")
    s.phase = "dam_loss"
    s.dams[NIKIA][R3] = 2
    assert why(s, RemoveDam(zone=NIKIA, ring=R3)) == \
        "Nikia R3 keeps 1 of 2 dams, and the lava above it may flow on"
    s.phase = "evacuate"
    s.kos[0] = 4
    assert why(s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=EMPORIOS)) == \
        "a citizen of Red is safe: 5 of 10 on Kos"
    s.phase = "move"
    assert why(s, MoveBoat(src=EMPORIOS, dst=PALI)) == "a boat waits off Pali, one sail from Mandraki"


def test_why_never_reads_the_deck_order():
    a = new(seed=4)
    b = a.model_copy(deep=True)
    b.deck = list(reversed(b.deck))
    assert a != b and G.view(a, 0) == G.view(b, 0)
    lines = [[why(s, x) for x in G.legal_actions(a, 0)] for s in (a, b)]
    assert lines[0] == lines[1] and all(lines[0])
    assert all(len(line) < 100 for line in lines[0])


# -- the estimate and the opening --------------------------------------------------------------
def test_the_estimate_reads_as_people_saved():
    s = new(players=2)
    assert G.estimate_text(s, 0, 0.0) == "rough guess: 0 of 10 saved each (a victory needs 7)"
    assert G.estimate_text(s, 0, 1.0) == "rough guess: 10 of 10 saved each (a victory needs 7)"
    assert G.estimate_text(s, 0, graded([7, 7])) == "rough guess: 7 of 10 saved each (a victory needs 7)"
    assert G.estimate_text(new(players=3), 0, graded([9, 9, 9])).startswith("rough guess: 9 of 10 saved each")


def test_the_opening_names_every_field_and_home_but_no_card():
    s = new(players=3)
    text = G.opening(s)[0].text
    for z, zone in enumerate(["Mandraki", "Pali", "Emporios", "Nikia"]):
        assert f"{zone}: R1 {s.kinds[z][0]}, R2 {s.kinds[z][1]}" in text
    assert "{s0} at Mandraki, {s1} at Pali, {s2} at Emporios" in text
    assert "9 wheat" in text and "Event" not in text


def test_the_flight_order_and_the_drizzle_get_their_own_words():
    s = new()
    s.phase = "flee"
    assert "flees first" in why(s, PickPlayer(player=1)) and "Blue" in why(s, PickPlayer(player=1))
    s.phase = "drizzle"
    assert "drizzle" in why(s, MoveWorker(player=0, src=0, dst=P(MANDRAKI, MEETING)))
    assert "their own meeting place" in why(s, Done())
