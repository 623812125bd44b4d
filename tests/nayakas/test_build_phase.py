"""The build phase: costs, section tiles face up or down, completing
buildings (temple tile, facilities, borderland tiles), the Building Tracker
and workers gained from pairs of tabs."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nayakas.actions import (Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile,
                                                Pass)
from tabletop_tui.games.nayakas.data import C

from tests.refusals import assert_refused

from .util import GAME, check_invariants, fresh, give_section_tile, place, play, set_res


def building(seat=0, players=2, **res):
    st = fresh(players)
    st.phase = "build"
    st.turn = seat
    if res:
        set_res(st, seat, **res)
    return st


def test_keladi_first_gopuram_costs_and_gold_stands_in():
    st = building(stone=1, clay=1, gold=2, architect=1)
    assert GAME.section_cost(st, 0, "temple1", 0) == {"stone": 2, "clay": 1, "architect": 1}
    play(st, Build(building="temple1", section=0, gold_stone=1))
    p = st.seats[0]
    assert p.res == {"stone": 0, "clay": 0, "culture": 2, "gold": 1} and p.art["architect"] == 0
    assert p.built["temple1"] == ["", None, None] and p.sections_built == 1
    assert st.pending[0].choice == "section_tile"


def test_k7_gold_pays_any_part_of_the_stone_and_clay_while_they_are_held():
    """Ruling K7: Gold may pay Stone or Clay the player holds, so Stone can be kept back."""
    st = building(stone=4, clay=4, gold=3, architect=1)
    play(st, Build(building="temple1", section=0, gold_stone=2, gold_clay=1))
    assert st.seats[0].res == {"stone": 4, "clay": 4, "culture": 2, "gold": 0}
    st = building(stone=4, clay=4, gold=3, architect=1)
    play(st, Build(building="temple1", section=0, gold_stone=1))
    assert st.seats[0].res == {"stone": 3, "clay": 3, "culture": 2, "gold": 2}


def test_k7_every_split_of_the_cost_is_a_legal_build_and_the_search_groups_them():
    st = building(stone=4, clay=4, gold=3, architect=1)
    gopuram = [(a.gold_stone, a.gold_clay) for a in GAME.legal_actions(st, 0)
               if isinstance(a, Build) and (a.building, a.section) == ("temple1", 0)]
    # 2 Stone and 1 Clay: Gold pays 0-2 of the Stone and 0-1 of the Clay
    assert sorted(gopuram) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    searched = [(a.gold_stone, a.gold_clay) for a in GAME.search_actions(st, 0)
                if isinstance(a, Build) and (a.building, a.section) == ("temple1", 0)]
    assert searched == [(0, 0), (2, 1)]  # the least and the most Gold
    assert set(GAME.search_actions(st, 0)) <= set(GAME.legal_actions(st, 0))
    # with 1 Gold the two splits spend the same: the one leaving Stone and Clay even stands for both
    st = building(stone=4, clay=2, gold=1, architect=1)
    searched = [(a.gold_stone, a.gold_clay) for a in GAME.search_actions(st, 0)
                if isinstance(a, Build) and (a.building, a.section) == ("temple1", 0)]
    assert searched == [(0, 0), (0, 1)]  # Gold for the Clay leaves 2 Stone and 2 Clay, not 3 and 1

@pytest.mark.parametrize("gold, pay, said", [
    (2, dict(gold_stone=2, gold_clay=1), "You hold 2 Gold, not the 3"),
    (3, dict(gold_stone=3), "costs only 2 Stone and 1 Clay"),
    (3, dict(gold_clay=2), "costs only 2 Stone and 1 Clay"),
])
def test_k7_a_payment_beyond_the_gold_held_or_the_cost_is_refused_and_changes_nothing(gold, pay, said):
    st = building(stone=4, clay=4, gold=gold, architect=1)
    assert_refused(GAME, st, Build(building="temple1", section=0, **pay), 0, said)


def test_k7_gold_for_a_cost_with_no_stone_or_clay_is_refused_and_changes_nothing():
    st = building(stone=4, clay=4, gold=3, architect=1)
    st.seats[0].flags.append("master_mason")  # 1 Stone and 1 Clay less: the Gopuram costs 1 Stone, no Clay
    assert GAME.section_cost(st, 0, "temple1", 0)["clay"] == 0
    assert_refused(GAME, st, Build(building="temple1", section=0, gold_clay=1), 0, "costs no Clay")


def test_k7_too_little_stone_for_the_part_gold_does_not_pay_is_refused():
    st = building(stone=1, clay=1, gold=3, architect=1)
    assert_refused(GAME, st, Build(building="temple1", section=0), 0, "you hold 1 Stone")


def test_missing_artisans_or_resources_are_refused():
    st = building(stone=5, clay=5, gold=0)
    assert_refused(GAME, st, Build(building="temple1", section=0), 0, "Architect")
    st = building(stone=0, clay=0, gold=2, architect=1)
    assert_refused(GAME, st, Build(building="temple1", section=0), 0, "short")


def test_sections_are_built_once():
    st = building(stone=9, clay=9, architect=2)
    st.seats[0].built["temple1"][0] = ""
    assert_refused(GAME, st, Build(building="temple1", section=0), 0, "already built")


def test_a_tile_face_up_gives_its_effect_face_down_one_prosperity():
    st = building(stone=9, clay=9, architect=2, mason=1)
    st.section_market = ["cost_stone_1", "end_gold_1", "build_clay_1"]
    play(st, Build(building="temple1", section=0))
    assert_refused(GAME, st, Pass(), 0, "section tile")
    assert_refused(GAME, st, Build(building="temple1", section=1), 0, "First choose")
    play(st, ChooseTile(index=0, face_up=True))
    assert st.seats[0].built["temple1"][0] == "cost_stone_1"
    assert len(st.section_market) == 3  # refilled
    # applies from the next build on: the Mandapa's 1 Stone is gone
    assert GAME.section_cost(st, 0, "temple1", 1)["stone"] == 0
    # the turn passed to Mysore, which cannot build: back to Keladi
    play(st, Build(building="temple1", section=1))
    play(st, ChooseTile(index=1, face_up=False))
    assert GAME.score_parts(st, 0)["face_down"] == 1


def test_build_gains_apply_to_later_builds():
    st = building(stone=9, clay=9, architect=2, mason=1)
    give_section_tile(st, 0, "build_clay", "fort", 0)
    play(st, Build(building="temple1", section=0))
    assert st.seats[0].res["clay"] == 9 - 1 + 1


def test_one_section_per_turn_in_conch_order():
    st = fresh(2)
    set_res(st, 0, stone=9, clay=9, architect=2)
    set_res(st, 1, stone=9, clay=9, architect=2, sculptor=1)
    st.conch = 1
    play(st, Pass())
    play(st, Pass())
    assert st.phase == "build" and GAME.to_act(st) == [1]
    play(st, Build(building="temple1", section=0))
    play(st, ChooseTile(index=0, face_up=False))
    assert GAME.to_act(st) == [0]


def _nearly(st, seat, b, missing):
    secs = st.seats[seat].built[b]
    for i in range(len(secs)):
        if i != missing:
            secs[i] = ""
            st.seats[seat].sections_built += 1


def test_completing_a_temple_turns_the_ruler_temple_and_counts_prosperity():
    st = building(stone=9, clay=9, architect=2, sculptor=1)
    _nearly(st, 0, "temple1", 2)
    play(st, Build(building="temple1", section=2))
    play(st, ChooseTile(index=0, face_up=False))
    assert st.pending[0].choice == "temple" and st.tracker == 1
    opts = GAME.legal_actions(st, 0)
    assert ChooseTemple(ruler=True) in opts and ChooseTemple(index=2) in opts
    play(st, ChooseTemple(ruler=True))
    assert "keladi_t1" not in st.faded
    assert GAME.score_parts(st, 0)["temples"] == C.player_board["keladi"].buildings[0].prosperity
    # the bright temple is a new Homeland for its ruler
    st.phase, st.turn = "worker", 0
    st.passed = [False, False]
    set_res(st, 0, gold=8)
    play(st, place("keladi_t1", amount=2))
    assert st.seats[0].prosperity_tokens == 2


def test_second_temple_takes_a_market_temple():
    st = building(stone=9, clay=9, architect=2, mason=2)
    st.faded.remove("keladi_t1")
    _nearly(st, 0, "temple2", 2)
    play(st, Build(building="temple2", section=2))
    play(st, ChooseTile(index=0, face_up=True))
    assert GAME.legal_actions(st, 0) == [ChooseTemple(index=i) for i in range(3)]
    chosen = st.temple_market[1]
    play(st, ChooseTemple(index=1))
    assert st.temples["keladi_t2"] == chosen and len(st.temple_market) == 2


def test_completing_the_water_tank_gives_a_facility():
    st = building(stone=9, clay=9, architect=2, mason=2)
    _nearly(st, 0, "tank", 1)
    play(st, Build(building="tank", section=1))
    play(st, ChooseTile(index=0, face_up=False))
    chosen = st.facility_market[2]
    play(st, ChooseFacility(index=2))
    assert st.seats[0].facilities == [chosen] and len(st.facility_market) == 3
    check_invariants(st)


def test_k10_completing_the_fort_gives_a_facility_and_a_borderland_tile_for_everyone():
    """Ruling K10: the tile goes on an empty Borderland of a ruled kingdom, never on a
    Trading Post, an Empire space, a Homeland or a neutral kingdom."""
    st = building(stone=9, clay=9, architect=2, sculptor=2)
    _nearly(st, 0, "fort", 1)
    st.border_market = ["bl_stone", "bl_gold", "bl_mason"]
    play(st, Build(building="fort", section=1))
    play(st, ChooseTile(index=0, face_up=False))
    play(st, ChooseFacility(index=0))
    assert st.pending[0].choice == "borderland"
    assert_refused(GAME, st, ChooseBorderland(index=0, space="keladi_double"), 0, "not available")
    assert_refused(GAME, st, ChooseBorderland(index=0, space="thanjavur_port"), 0, "not available")  # neutral
    for space in ("tp1", "tp2", "tp3", "empire1a", "empire2b"):
        assert_refused(GAME, st, ChooseBorderland(index=0, space=space), 0, "not available")
    play(st, ChooseBorderland(index=0, space="mysore_hills"))
    assert st.border_tiles == {"mysore_hills": "bl_stone"}
    # the tile helps whoever takes the space, here Mysore itself
    st.phase, st.turn, st.passed = "worker", 1, [False, False]
    st.posts[0] = "emporium_1"
    play(st, place("mysore_hills"))
    assert st.seats[1].res["stone"] == 2 + 1 + 1


def test_each_borderland_takes_one_tile():
    st = fresh(2)
    st.border_tiles["mysore_hills"] = "bl_gold"
    st.border_market.remove("bl_gold") if "bl_gold" in st.border_market else st.border_pile.remove("bl_gold")
    from tabletop_tui.games.nayakas.spaces import borderland_slots
    assert "mysore_hills" not in borderland_slots(st)


def test_building_tracker_counts_completed_buildings():
    st = building(stone=9, clay=9, architect=2, mason=2)
    st.tracker = 3
    _nearly(st, 0, "tank", 0)
    play(st, Build(building="tank", section=0))
    play(st, ChooseTile(index=0, face_up=False))
    assert st.tracker == 4


def test_a_pair_of_tabs_gains_a_worker_from_next_round():
    st = building(stone=9, clay=9, mason=1, architect=1)
    # a Laborer tab already on the board; the Water Tank's tab makes the pair
    st.section_market = ["cost_stone_2", "cost_stone_3", "build_stone_1"]
    lab_tile = next(t.id for t in C.tiles.sections if t.tab == "laborer" and t.id in st.section_pile)
    st.section_pile.remove(lab_tile)
    st.seats[0].built["fort"][0] = lab_tile
    st.seats[0].sections_built = 1
    _nearly(st, 0, "tank", 0)
    nolabel = next(i for i, t in enumerate(st.section_market) if C.section_tile[t].tab != "laborer")
    play(st, Build(building="tank", section=0))
    play(st, ChooseTile(index=nolabel, face_up=False))
    play(st, ChooseFacility(index=0))
    assert GAME.owned_workers(st, 0) == (3, 1)
    assert st.seats[0].laborers == 2  # not this round
    while st.phase != "worker":
        play(st, Pass())
    assert st.seats[0].laborers == 3 and st.seats[0].avail_laborers == 3


def test_the_faq_madurai_pairs_example():
    """A temple completed with a Laborer-tab tile pairs an open Laborer tab,
    and the temple's own Diplomat tab pairs a Diplomat tab already there."""
    st = fresh(4)
    p = st.seats[3]
    tiles = {"laborer": [], "diplomat": []}
    for t in C.tiles.sections:
        if t.tab and t.id in st.section_pile:
            tiles[t.tab].append(t.id)
    p.built["fort"][0] = tiles["laborer"][0]
    p.built["temple1"][1] = tiles["diplomat"][0]
    p.built["temple1"][0] = ""
    p.sections_built = 3
    st.section_pile.remove(tiles["laborer"][0])
    st.section_pile.remove(tiles["diplomat"][0])
    st.section_market[0] = tiles["laborer"][1]
    st.section_pile.remove(tiles["laborer"][1])
    st.phase, st.turn = "build", 3
    cost = GAME.section_cost(st, 3, "temple1", 2)
    set_res(st, 3, stone=9, clay=9, **{a: n for a, n in cost.items() if a not in ("stone", "clay")})
    play(st, Build(building="temple1", section=2))
    play(st, ChooseTile(index=0, face_up=True))
    assert GAME.owned_workers(st, 3) == (3, 2)


def test_k9_a_face_down_tiles_tab_counts_towards_a_pair():
    """Ruling K9: a section tile's worker tab counts face up or face down."""
    st = building()
    labs = [t.id for t in C.tiles.sections if t.tab == "laborer"][:2]
    for i, tile in enumerate(labs):
        st.seats[0].built["fort"][i] = tile
        st.seats[0].face_down.append(tile)
    assert GAME.owned_workers(st, 0) == (3, 1)
    st.seats[0].face_down.clear()
    assert GAME.owned_workers(st, 0) == (3, 1)
    st.seats[0].built["fort"][1] = ""
    assert GAME.owned_workers(st, 0) == (2, 1)


def test_workers_are_capped_by_the_pawns():
    st = fresh(2)
    p = st.seats[0]
    labs = [t.id for t in C.tiles.sections if t.tab == "laborer"][:6]
    p.built["temple1"] = labs[:3]
    p.built["temple2"] = labs[3:6]
    assert GAME.owned_workers(st, 0)[0] == 3


def test_the_build_list_is_every_build_check_accepts():
    """``_builds`` (from its cost table) lists exactly the Builds that
    ``_buildable`` (through ``section_cost``, ``savings`` and ``affordable``)
    accepts, over random games with rich players and the Plans discount."""
    import random

    rng = random.Random(9)
    compared = 0
    for seed in range(6):
        st = fresh(2 + seed % 3, seed=seed)
        while st.phase != "over":
            if st.phase == "build" and not st.pending:
                seat = GAME.to_act(st)[0]
                trial = GAME.clone(st)
                p = trial.seats[seat]
                p.res.update(stone=rng.randint(0, 5), clay=rng.randint(0, 5), gold=rng.randint(0, 6))
                p.art.update(architect=rng.randint(0, 2), mason=rng.randint(0, 2), sculptor=rng.randint(0, 2))
                if rng.random() < 0.4:
                    p.flags.append("discount")
                if rng.random() < 0.2:
                    p.flags.append("master_mason")
                listed = {a for a in GAME._builds(trial, seat)}
                every = {Build(building=b, section=i, saving=sv, gold_stone=gs, gold_clay=gc)
                         for b, secs in p.built.items() for i in range(len(secs)) for sv in ("", "stone", "clay")
                         for gs in range(6) for gc in range(6)}
                assert listed == {a for a in every if GAME._buildable(trial, seat, a)}
                compared += len(listed)
            seat = GAME.to_act(st)[0]
            GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)), seat)
    assert compared > 100
