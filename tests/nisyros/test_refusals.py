"""Refused inputs leave the state unchanged and say why."""

from __future__ import annotations

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.games.nisyros.actions import BuildBoat, BuildDam, Done, Evacuate, PickZone, PlaceDie, Volunteer

import pytest

from tests.refusals import assert_refused

from .util import DAM_SITE, G, MANDRAKI, SHIPYARD, VILLAGE, P, clear_people, new, stage


def test_not_your_turn():
    s = new(3)
    assert_refused(G, s, Done(), 1, "another player's turn")


def test_an_input_for_another_step():
    s = new(2)
    assert_refused(G, s, PlaceDie(die=0, place=0), 0, "move your workers")
    assert_refused(G, s, Volunteer(), 0, "move your workers")
    assert_refused(G, s, PickZone(zone=1), 0, "move your workers")


def test_building_without_stock():
    s = new(2)
    clear_people(s)
    s.people[0][P(MANDRAKI, DAM_SITE)] = 1
    s.people[0][P(MANDRAKI, SHIPYARD)] = 1
    s.in_play = []
    s.yellow_on = [None] * 5
    s.stone, s.wood = 1, 1
    stage(s, "s5")
    s.stone = s.wood = 0
    assert_refused(G, s, BuildDam(zone=MANDRAKI, ring=2), 0, "1 stone")
    assert_refused(G, s, BuildBoat(zone=MANDRAKI), 0, "1 wood")


def test_evacuating_nobody_or_without_boats():
    s = new(2)
    s.in_play = []
    s.boats = [1, 1, 0, 0]
    stage(s, "s10")
    assert_refused(G, s, Evacuate(player=1, place=P(MANDRAKI, VILLAGE)), 0, "no such inhabitant")


def test_malformed_inputs_are_refused_by_the_parser():
    with pytest.raises(IllegalAction):
        G.parse_action({"kind": "move_worker", "player": 0, "src": 99, "dst": 1})
    with pytest.raises(IllegalAction):
        G.parse_action({"kind": "fly"})
    a = G.parse_action('{"kind": "move_boat", "src": 0, "dst": 1}')
    assert a.carry is None
