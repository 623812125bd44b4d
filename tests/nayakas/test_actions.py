"""Every board action, the temple tiles, the merchants and the six Events."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nayakas.actions import Build, ChooseTile, Pass
from tabletop_tui.games.nayakas.data import C

from tests.refusals import assert_refused

from .util import GAME, fresh, give_section_tile, place, play, post_of, set_res

ALL4 = ["keladi", "mysore", "thanjavur", "madurai"]


def at(seat: int, players: int = 4, **res):
    """A 4-kingdom game with ``seat`` to place and Trading Post I holding a merchant."""
    st = fresh(players, ALL4[:players])
    st.posts[0] = "emporium_1"
    st.turn = seat
    if res:
        set_res(st, seat, **res)
    return st


@pytest.mark.parametrize("seat,space,choice,gains", [
    (1, "mysore_treasury", -1, {"gold": 4}),
    (0, "keladi_quarry", -1, {"stone": 4, "sculptor": 1}),
    (1, "mysore_kiln", -1, {"clay": 4, "mason": 1}),
    (1, "mysore_hills", -1, {"stone": 3, "culture": 3}),
    (0, "keladi_fields", -1, {"culture": 3, "clay": 3}),
    (2, "thanjavur_works", -1, {"stone": 3, "clay": 3, "architect": 1}),
    (2, "thanjavur_school", -1, {"culture": 4}),
    (1, "mysore_guild", 2, {"sculptor": 1}),
    (2, "thanjavur_port", 1, {"gold": 1, "clay": 4}),
    (3, "madurai_festival", 0, {"culture": 5, "stone": 3}),
])
def test_plain_actions(seat, space, choice, gains):
    st = at(seat)
    play(st, place(space, choice=choice))
    p = st.seats[seat]
    for k, v in gains.items():
        assert (p.res | p.art)[k] == v, k


def test_conch_buy_takes_the_conch_and_needs_a_gold():
    st = at(2, gold=0)
    assert_refused(GAME, st, place("thanjavur_port", choice=0), 2, "cannot take that space's benefit")
    set_res(st, 2, gold=1)
    play(st, place("thanjavur_port", choice=0))
    assert st.conch == 2 and st.seats[2].res["stone"] == 4


def test_culture3_gives_everyone_else_one_culture():
    st = at(3)
    play(st, place("madurai_festival", choice=1))
    assert [p.res["culture"] for p in st.seats] == [3, 3, 3, 5]


def test_double_space_is_covered_in_worker_phase_tests():
    st = at(0)
    play(st, place("keladi_double"))
    assert st.seats[0].res["gold"] == 4


def test_k6_discount_lowers_every_section_this_round_by_the_stone_or_clay_named():
    """Ruling K6: Madurai's Plans saves 1 Stone or Clay (the builder names which) on
    each Section built that round."""
    st = at(3)
    play(st, place("madurai_plans"))
    assert "discount" in st.seats[3].flags
    full = GAME.section_cost(fresh(4, ALL4), 3, "temple1", 0)  # Madurai's Gopuram: 1 Stone, 2 Clay, Sculptor
    assert GAME.section_cost(st, 3, "temple1", 0, saving="stone")["stone"] == full["stone"] - 1
    assert GAME.section_cost(st, 3, "temple1", 0, saving="clay")["clay"] == full["clay"] - 1
    st.phase, st.turn, st.passed = "build", 3, [False] * 4
    set_res(st, 3, stone=5, clay=5, gold=0, sculptor=1, architect=1, mason=1)
    builds = [a for a in GAME.legal_actions(st, 3) if isinstance(a, Build) and a.building == "temple1"
              and a.section == 0]
    assert sorted(a.saving for a in builds) == ["clay", "stone"]
    assert_refused(GAME, st, Build(building="temple1", section=0), 3, "Stone or Clay")
    play(st, Build(building="temple1", section=0, saving="stone"))
    assert st.seats[3].res["stone"] == 5 and st.seats[3].res["clay"] == 3
    play(st, ChooseTile(index=0, face_up=False))
    # the discount works for every Section built this round
    st.turn = 3
    play(st, Build(building="temple1", section=1, saving="clay"))  # Mandapa: 2 Stone, 1 Clay, Mason
    assert st.seats[3].res["stone"] == 3 and st.seats[3].res["clay"] == 3


def test_discount_on_a_section_without_stone_or_clay_left_names_nothing():
    st = at(3)
    play(st, place("madurai_plans"))
    st.phase, st.turn, st.passed = "build", 3, [False] * 4
    for i in range(3):
        give_section_tile(st, 3, "cost_stone", "temple2", i)
    for i in range(2):
        give_section_tile(st, 3, "cost_clay", "fort", i)
    # Madurai's Gopuram (1 Stone, 2 Clay) now costs nothing but its Sculptor: no discount to name
    assert GAME.savings(st, 3, "temple1", 0) == [""]
    set_res(st, 3, sculptor=1)
    assert_refused(GAME, st, Build(building="temple1", section=0, saving="clay"), 3, "no discount")
    play(st, Build(building="temple1", section=0))
    assert st.seats[3].res["stone"] == 2 and st.seats[3].res["clay"] == 2


def test_a_saving_without_the_discount_is_refused():
    st = fresh(4, ALL4)
    st.phase, st.turn, st.passed = "build", 0, [False] * 4
    set_res(st, 0, architect=1)
    assert_refused(GAME, st, Build(building="temple1", section=0, saving="stone"), 0, "no discount")
    play(st, Build(building="temple1", section=0))


def test_artisan_gold_counts_artisans_up_to_8():
    st = at(2, architect=3, mason=3, sculptor=2)
    play(st, place("thanjavur_mint"))
    assert st.seats[2].res["gold"] == 2 + 8
    st = at(2, mason=2, sculptor=3)
    play(st, place("thanjavur_mint"))
    assert st.seats[2].res["gold"] == 2 + 5


def test_culture_to_gold_doubles():
    st = at(3, culture=5)
    play(st, place("madurai_bazaar", amount=3))
    assert st.seats[3].res == {"stone": 2, "clay": 2, "culture": 2, "gold": 8}
    st = at(3, culture=5)
    assert_refused(GAME, st, place("madurai_bazaar", amount=6), 3, "not available")


def test_retrieve_a_diplomat_and_place_it_again():
    st = at(0)
    play(st, place("keladi_fields", "diplomat"))
    st.turn = 0
    play(st, place("keladi_court", target="keladi_fields"))
    p = st.seats[0]
    assert p.avail_diplomats == 1 and st.occupants["keladi_fields"] == []
    st.turn = 0
    play(st, place("keladi_fields", "diplomat"))
    assert p.res["clay"] == 4


def test_retrieve_needs_a_placed_diplomat():
    st = at(0)
    assert_refused(GAME, st, place("keladi_court", target="keladi_fields"), 0, "benefit")


def test_diplomat_gold_pays_for_diplomats_on_rival_laborers():
    st = at(3)
    tp, i = post_of("madurai", outside="keladi")
    st.posts[i] = "emporium_2"
    play(st, place(tp, "laborer", benefit=False))  # Madurai's Laborer on a post of Madurai's
    st.turn = 0
    set_res(st, 0, culture=5)
    play(st, place(tp, "diplomat", benefit=False))  # Keladi's Diplomat from outside
    st.turn = 0
    play(st, place("keladi_embassy"))
    assert st.seats[0].res["gold"] == 2 + 2


def test_empire_free_and_laborers_as_diplomats():
    st = at(0)
    play(st, place("keladi_road"))
    st.turn = 0
    play(st, place("empire1a", "diplomat"))
    assert st.seats[0].res["culture"] == 3  # nothing paid, 1 gained
    st = at(1)
    play(st, place("mysore_hall"))
    assert st.seats[1].res["culture"] == 4
    st.turn = 1
    play(st, place("keladi_fields", "laborer"))  # a Laborer leaves the kingdom as a Diplomat
    assert st.seats[1].res["culture"] == 4 - 1 + 1


def test_artisan_watch_pays_for_rivals_on_artisan_spaces():
    st = at(3)
    play(st, place("madurai_lookout"))
    st.turn = 0
    play(st, place("keladi_quarry"))  # pictures a Sculptor
    st.turn = 1
    play(st, place("mysore_treasury"))  # no Artisan
    assert st.seats[3].res["gold"] == 3


def test_event_artisan_puts_a_token_without_the_condition():
    st = at(3)
    st.posts[0] = "legitimate_rule"
    play(st, place("madurai_fair", choice=0))
    p = st.seats[3]
    assert p.tokens == 4 and p.art["architect"] == 1


def test_repeat_an_earlier_space_without_paying_to_move():
    st = at(2)
    play(st, place("thanjavur_works"))
    st.turn = 2
    play(st, place("thanjavur_shrine", target="thanjavur_works"))
    p = st.seats[2]
    assert p.res["stone"] == 4 and p.art["architect"] == 2


def test_repeat_of_an_outside_space_pays_no_culture():
    st = at(2)
    play(st, place("mysore_hills", "diplomat"))
    st.turn = 2
    play(st, place("thanjavur_shrine", target="mysore_hills"))
    assert st.seats[2].res["culture"] == 2 - 1 + 1 + 1


def test_repeat_needs_an_earlier_space_and_cannot_copy_itself():
    st = at(2)
    assert_refused(GAME, st, place("thanjavur_shrine", target="thanjavur_works"), 2, "benefit")
    st.temples["thanjavur_t2"] = "market_repeat_a"
    play(st, place("thanjavur_t2", target="", benefit=False))
    st.turn = 2
    assert_refused(GAME, st, place("thanjavur_shrine", target="thanjavur_t2"), 2, "benefit")


def test_repeat_of_the_double_space_gives_what_that_worker_gained():
    st = at(0)
    st.temples["keladi_t2"] = "market_repeat_b"
    play(st, place("keladi_double"))
    st.turn = 0
    play(st, place("keladi_double", "diplomat"))
    st.turn = 0
    st.seats[0].avail_laborers = 1
    st.seats[0].laborers = 3
    play(st, place("keladi_t2", target="keladi_double#1"))
    assert st.seats[0].res["gold"] == 2 + 2 + 4 + 4


@pytest.mark.parametrize("tile,res,amount,gold,after,tokens", [
    ("market_gold_a", {"gold": 9}, 2, (0, 0), {"gold": 1}, 2),
    ("market_culture_a", {"culture": 8}, 2, (0, 0), {"culture": 0}, 2),
    ("market_goldmix", {"stone": 1, "clay": 0, "gold": 7}, 1, (0, 1), {"stone": 0, "clay": 0, "gold": 1}, 1),
    ("market_stoneclay", {"stone": 3, "clay": 1, "gold": 3}, 1, (0, 2), {"stone": 0, "clay": 0, "gold": 0}, 1),
])
def test_temple_exchanges(tile, res, amount, gold, after, tokens):
    st = at(1, **res)
    st.temples["mysore_t2"] = tile
    play(st, place("mysore_t2", amount=amount, gold_stone=gold[0], gold_clay=gold[1]))
    p = st.seats[1]
    assert p.prosperity_tokens == tokens
    for k, v in after.items():
        assert p.res[k] == v


def test_temple_exchange_refuses_more_than_affordable():
    st = at(1, gold=7)
    st.temples["mysore_t2"] = "market_gold_a"
    assert_refused(GAME, st, place("mysore_t2", amount=2), 1, "not available")


def test_blank_and_faded_temple_slots_take_no_worker():
    st = at(1)
    assert_refused(GAME, st, place("mysore_t1"), 1, "faded")
    assert_refused(GAME, st, place("mysore_t2"), 1, "blank")


@pytest.mark.parametrize("merchant,kw,gains", [
    ("stone_buyer", {"amount": 2}, {"stone": 0, "gold": 4}),
    ("clay_buyer", {"amount": 1}, {"clay": 1, "gold": 3}),
    ("fine_artisans", {}, {"mason": 1, "sculptor": 1, "stone": 3, "clay": 3}),
    ("merchant_2", {"choice": 1}, {"clay": 4}),
    ("foreign_dignitaries", {"amount": 2}, {"gold": 0, "culture": 6}),
    ("celebrated_architect", {}, {"architect": 1, "gold": 3}),
    ("stone_crafters", {}, {"stone": 4, "culture": 4}),
    ("clay_crafters", {}, {"clay": 4, "culture": 4}),
    ("clay_seller", {}, {"clay": 6}),
    ("stone_seller", {}, {"stone": 6}),
    ("travelling_stoneworkers", {}, {"stone": 3, "architect": 1, "sculptor": 1}),
    ("travelling_brickmakers", {}, {"clay": 3, "architect": 1, "mason": 1}),
    ("emporium_2", {}, {"stone": 3, "clay": 3, "gold": 3}),
    ("offerings", {}, {"culture": 3, "stone": 3, "clay": 3}),
])
def test_merchants(merchant, kw, gains):
    st = at(0)
    st.conch = 1
    st.posts[0] = merchant
    play(st, place("tp1", **kw))
    p = st.seats[0]
    for k, v in gains.items():
        assert (p.res | p.art)[k] == v, k
    # the Conch is pictured on Offerings and Celebrated Architect only
    assert st.conch == (0 if merchant in ("offerings", "celebrated_architect") else 1)


@pytest.mark.parametrize("tile", ["bl_architect", "bl_clay", "bl_sculptor", "bl_stone", "bl_mason", "bl_gold",
                                  "bl_culture"])
def test_every_borderland_tile_adds_its_good_to_the_space_for_whoever_takes_it(tile):
    st = at(1)
    st.border_tiles["keladi_fields"] = tile
    st.border_pile.remove(tile) if tile in st.border_pile else st.border_market.remove(tile)
    before = dict(st.seats[1].res | st.seats[1].art)
    play(st, place("keladi_fields", "diplomat"))  # Mysore's Diplomat in Keladi: 1 Culture, then 1 Culture 1 Clay
    after = st.seats[1].res | st.seats[1].art
    (good, n), = C.borderland_tile[tile].gain.items()
    expect = {"culture": 0, "clay": 1} | {good: {"culture": 0, "clay": 1}.get(good, 0) + n}
    for k in ("culture", "clay", good):
        assert after[k] - before[k] == expect.get(k, 0), k


def _event(name, seat=0, **res):
    st = at(seat, **res)
    st.posts[0] = name
    return st


def test_visiting_ambassador_pays_gold_for_tokens():
    st = _event("visiting_ambassador", gold=4)
    play(st, place("tp1", amount=3))
    assert st.seats[0].tokens == 2 and st.seats[0].res["gold"] == 1


def test_great_dam_pays_stone_and_clay():
    st = _event("great_dam", stone=2, clay=3)
    play(st, place("tp1", amount=1, amount2=2))
    assert st.seats[0].tokens == 2 and st.seats[0].res["stone"] == 1 and st.seats[0].res["clay"] == 1


def test_great_dam_takes_gold_for_stone_or_clay():
    """"Gold may be spent as Clay or Stone" holds on the Great Dam too."""
    st = _event("great_dam", stone=1, clay=0, gold=2)
    # 1 Stone, and Gold for the other Stone and the Clay
    play(st, place("tp1", amount=2, amount2=1, gold_stone=1, gold_clay=1))
    p = st.seats[0]
    assert p.tokens == 2 and p.res["stone"] == 0 and p.res["clay"] == 0 and p.res["gold"] == 0
    st = _event("great_dam", stone=1, clay=0, gold=1)
    assert_refused(GAME, st, place("tp1", amount=2, amount2=1, gold_stone=1, gold_clay=1), 0, "hold 1 Gold")
    st = _event("great_dam", stone=0, clay=0, gold=0)
    assert_refused(GAME, st, place("tp1", amount=1), 0, "condition")


def test_workers_festival_counts_earlier_placements():
    st = _event("workers_festival")
    assert_refused(GAME, st, place("tp1", amount=1), 0, "condition")
    play(st, place("keladi_quarry"))
    st.turn = 0
    play(st, place("tp1", "diplomat", amount=1))
    assert st.seats[0].tokens == 4


def test_public_works_counts_sections():
    st = _event("public_works")
    st.seats[0].built["fort"] = ["", ""]
    st.seats[0].sections_built = 2
    play(st, place("tp1", amount=2))
    assert st.seats[0].tokens == 3


def test_palace_artworks_counts_artisans_and_tokens_run_out():
    st = _event("palace_artworks", architect=3, mason=3, sculptor=1)
    st.seats[0].tokens = 4
    play(st, place("tp1", amount=4))
    assert st.seats[0].tokens == 0


def test_legitimate_rule_needs_the_conch():
    st = _event("legitimate_rule")
    play(st, place("tp1", amount=1))
    assert st.seats[0].tokens == 4


def test_pass_is_always_allowed_in_the_worker_phase():
    st = at(0)
    assert Pass() in GAME.legal_actions(st, 0)


def test_repeating_the_take_back_names_another_diplomat():
    st = at(0)
    st.temples["keladi_t2"] = "market_repeat_a"
    st.seats[0].diplomats = st.seats[0].avail_diplomats = 2
    play(st, place("keladi_fields", "diplomat"))
    st.turn = 0
    play(st, place("keladi_court", target="keladi_fields"))  # back comes the first Diplomat
    st.turn = 0
    play(st, place("keladi_road", "diplomat"))
    st.turn = 0
    play(st, place("keladi_t2", target="keladi_court>keladi_road", benefit=True))
    assert st.seats[0].avail_diplomats == 2 and st.occupants["keladi_road"] == []
    desc = GAME.describe_action(st, place("keladi_fields", "diplomat"), 0)
    assert "Fields" in desc


def test_embassy_does_not_count_a_diplomat_on_a_trading_post_of_your_own():
    """Ruling: "opponent Borderlands" are outside your kingdom; Trading Post I
    is Keladi's own (shared with Mysore)."""
    st = at(1)
    play(st, place("tp1", "laborer", benefit=False))  # Mysore's Laborer on TP I
    st.turn = 0
    set_res(st, 0, culture=5)
    play(st, place("tp1", "diplomat", benefit=False))  # Keladi's Diplomat, no Culture paid
    assert st.seats[0].res["culture"] == 5
    st.turn = 0
    play(st, place("keladi_embassy"))
    assert st.seats[0].res["gold"] == 2


# -- ruling K7 on the Great Dam and the temple tiles ---------------------------------------

def test_k7_great_dam_gold_pays_any_part_while_stone_is_held():
    st = _event("great_dam", stone=2, clay=2, gold=3)
    a = place("tp1", amount=2, amount2=1, gold_stone=2)
    assert a in GAME.legal_actions(st, 0)
    events = play(st, a)
    p = st.seats[0]
    assert (p.tokens, p.res["stone"], p.res["clay"], p.res["gold"]) == (5 - 3, 2, 1, 1)
    assert any("pays 1 Clay and 2 Gold; Gold pays 2 Stone." in e.text for e in events)
    assert "pay 1 Clay, 2 Gold for 3 tokens; Gold pays 2 Stone" in GAME.describe_action(st, a, 0)


def test_k7_temple_tile_gold_pays_any_part_while_stone_is_held():
    st = at(1, stone=5, clay=5, gold=4)
    st.temples["mysore_t2"] = "market_stoneclay"  # 3 Stone, 3 Clay and 1 Gold per Prosperity Token
    legal = GAME.legal_actions(st, 1)
    ways = {(a.gold_stone, a.gold_clay) for a in legal if getattr(a, "space", "") == "mysore_t2" and a.benefit and a.amount == 1}
    assert ways == {(gs, gc) for gs in range(4) for gc in range(4) if gs + gc <= 3}
    play(st, place("mysore_t2", amount=1, gold_stone=3))
    p = st.seats[1]
    assert (p.prosperity_tokens, p.res["stone"], p.res["clay"], p.res["gold"]) == (1, 5, 2, 0)


@pytest.mark.parametrize("kw,fragment", [
    ({"amount": 1, "amount2": 1, "gold_stone": 2}, "pays only 1 Stone and 1 Clay"),
    ({"amount": 3, "amount2": 2, "gold_stone": 2, "gold_clay": 2}, "hold 3 Gold, not the 4"),
    ({"amount": 4, "amount2": 0, "gold_stone": 1}, "leaves 3 Stone and 0 Clay to pay"),
    ({"amount": 1, "amount2": 0, "gold_stone": 0, "gold_clay": 1}, "pays only 1 Stone and 0 Clay"),
])
def test_k7_refused_dam_payments_change_nothing(kw, fragment):
    st = _event("great_dam", stone=2, clay=2, gold=3)
    assert_refused(GAME, st, place("tp1", **kw), 0, fragment)


def test_k7_refused_temple_payments_change_nothing():
    st = at(1, stone=1, clay=0, gold=7)
    st.temples["mysore_t2"] = "market_goldmix"  # 1 Stone, 1 Clay and 5 Gold per Prosperity Token
    assert_refused(GAME, st, place("mysore_t2", amount=1), 1, "leaves 1 Stone and 1 Clay", "1 Stone and 0 Clay")
    assert_refused(GAME, st, place("mysore_t2", amount=1, gold_stone=1, gold_clay=1, benefit=False), 1, "pays none")
    st.temples["mysore_t2"] = "market_gold_a"  # Gold only: no Stone or Clay for Gold to pay
    assert_refused(GAME, st, place("mysore_t2", amount=1, gold_stone=1), 1, "pays none")
    assert_refused(GAME, st, place("mysore_kiln", gold_clay=1), 1, "pays none")


def test_k7_search_weighs_a_dam_payments_least_and_most_gold():
    """Per worker and token count the search weighs two payments: the least
    and the most Gold, each split to leave Stone and Clay most even."""
    st = _event("great_dam", stone=3, clay=2, gold=4)
    legal = [a for a in GAME.legal_actions(st, 0) if getattr(a, "space", "") == "tp1"]
    moves = [a for a in GAME.search_actions(st, 0) if getattr(a, "space", "") == "tp1"]
    assert len(legal) > 150 and len(moves) == 2 * 5 * 2  # 2 workers, 1-5 tokens, least and most Gold
    laborer = [a for a in moves if a.worker == "laborer"]
    for n in range(1, 6):
        paid = [(a.amount - a.gold_stone, a.amount2 - a.gold_clay, a.gold_stone + a.gold_clay)
                for a in laborer if a.amount + a.amount2 == n]
        assert [g for _, _, g in paid] == [max(0, n - 5), min(n, 4)]
    # 3 tokens paid in Stone and Clay only: 2 Stone and 1 Clay (3 Stone would leave 0 and 2)
    assert (2, 1, 0) in [(a.amount - a.gold_stone, a.amount2 - a.gold_clay, a.gold_stone + a.gold_clay)
                         for a in laborer]
