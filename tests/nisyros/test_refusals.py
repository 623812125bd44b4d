"""Refused inputs leave the state unchanged and say why."""

from __future__ import annotations

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.games.nisyros.actions import BuildBoat, BuildDam, Done, Evacuate, PickZone, PlaceDie, Volunteer

import pytest

from tests.refusals import assert_refused

from .util import DAM_SITE, EMPORIOS, G, MANDRAKI, SHIPYARD, VILLAGE, P, clear_people, new, stage


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
    assert_refused(G, s, Evacuate(player=1, place=P(MANDRAKI, VILLAGE), boat=MANDRAKI), 0, "no such inhabitant")
    assert_refused(G, s, Evacuate(player=0, place=P(MANDRAKI, VILLAGE), boat=EMPORIOS), 0,
                   "no boat waiting off Emporios")


def test_malformed_inputs_are_refused_by_the_parser():
    with pytest.raises(IllegalAction):
        G.parse_action({"kind": "move_worker", "player": 0, "src": 99, "dst": 1})
    with pytest.raises(IllegalAction):
        G.parse_action({"kind": "fly"})
    a = G.parse_action('{"kind": "move_boat", "src": 0, "dst": 1}')
    assert a.carry is None


def _random_action(rng):
    from tabletop_tui.games.nisyros import actions as A
    kind = rng.choice(["move_worker", "move_boat", "done", "reroll", "place_die", "build_dam", "build_boat",
                       "pick_zone", "pick_player", "pick_worker", "remove_dam", "volunteer", "evacuate"])
    data = {"kind": kind}
    if kind == "move_worker":
        data.update(player=rng.randrange(4), src=rng.randrange(32), dst=rng.randrange(32))
    elif kind == "move_boat":
        data.update(src=rng.randrange(4), dst=rng.randrange(4), carry=rng.choice([None, 0, 1, 2, 3]))
    elif kind == "reroll":
        data.update(dice=tuple(sorted(rng.sample(range(5), rng.randint(1, 2)))))
    elif kind == "place_die":
        data.update(die=rng.randrange(5), place=rng.randrange(32))
    elif kind in ("build_dam", "remove_dam"):
        data.update(zone=rng.randrange(4), ring=rng.randrange(5))
    elif kind in ("build_boat", "pick_zone"):
        data.update(zone=rng.randrange(4))
    elif kind == "pick_player":
        data.update(player=rng.randrange(4))
    elif kind == "pick_worker":
        data.update(player=rng.randrange(4), place=rng.randrange(32))
    elif kind == "evacuate":
        data.update(player=rng.randrange(4), place=rng.randrange(32), boat=rng.randrange(4))
    return G.parse_action(data), A


def test_check_agrees_with_the_legal_list_on_random_inputs():
    """Over random games: every legal input passes check; any other input
    is refused with a readable reason and changes nothing."""
    import random

    from tests.refusals import assert_readable
    for seed in range(12):
        rng = random.Random(seed)
        s = G.new_state(2 + seed % 3, None, seed)
        while not G.is_over(s):
            (seat,) = G.to_act(s)
            legal = G.legal_actions(s, seat)
            for a in legal:
                G.check(s, a, seat)
            for _ in range(15):
                a, _ = _random_action(rng)
                if a in legal:
                    G.check(s, a, seat)
                    continue
                before = s.model_dump_json()
                with pytest.raises(IllegalAction) as info:
                    G.apply(s, a, seat)
                assert s.model_dump_json() == before
                assert_readable(info.value.reason)
            G.apply(s, rng.choice(legal), seat)
