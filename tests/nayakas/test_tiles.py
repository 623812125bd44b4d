"""Face-up section tiles and facility tiles at work (FAQ: no loops, one
benefit per space)."""

from __future__ import annotations

from tabletop_tui.games.nayakas.actions import Build, ChooseTile, Pass

from .util import GAME, fresh, give_facility, give_section_tile, place, play, set_res


def worker(seat=0, players=2):
    st = fresh(players)
    st.posts[0] = "emporium_1"
    st.turn = seat
    return st


def test_facility_gold_for_clay_from_a_space_once_per_space():
    st = worker()
    give_facility(st, 0, "clay_gold")
    st.posts[0] = "clay_seller"
    play(st, place("tp1"))  # 4 Clay: one Gold only (FAQ)
    assert st.seats[0].res["clay"] == 6 and st.seats[0].res["gold"] == 3


def test_two_facilities_of_a_kind_each_pay():
    st = worker()
    give_facility(st, 0, "stone_gold")
    give_facility(st, 0, "stone_gold")
    play(st, place("keladi_quarry"))
    assert st.seats[0].res["gold"] == 4


def test_faq_no_loop_between_build_gains_and_facilities():
    st = fresh(2)
    give_section_tile(st, 0, "build_clay", "fort", 0)
    give_facility(st, 0, "clay_gold")
    st.phase, st.turn = "build", 0
    set_res(st, 0, stone=5, clay=5, gold=0, architect=1)
    play(st, Build(building="temple1", section=0))
    assert st.seats[0].res["clay"] == 5 and st.seats[0].res["gold"] == 0  # 1 paid, 1 gained, no Gold


def test_culture_reactions():
    st = worker()
    give_section_tile(st, 0, "culture_clay", "fort", 0)
    give_section_tile(st, 0, "culture_stone", "fort", 1)
    give_facility(st, 0, "culture_gold")
    play(st, place("keladi_fields"))  # 1 Culture and 1 Clay
    assert st.seats[0].res == {"stone": 3, "clay": 4, "culture": 3, "gold": 3}


def test_artisan_facilities():
    st = worker()
    give_facility(st, 0, "sculptor_gold")
    give_facility(st, 0, "architect_gold")
    play(st, place("keladi_quarry"))
    assert st.seats[0].res["gold"] == 3


def test_toll_gate_pays_when_a_rival_diplomat_enters_your_borderland():
    st = worker(seat=1)
    give_facility(st, 0, "border_gold")
    play(st, place("keladi_fields", "diplomat"))
    assert st.seats[0].res["gold"] == 3


def test_festival_grounds_pay_for_event_tokens():
    st = worker()
    st.posts[0] = "legitimate_rule"
    give_facility(st, 0, "event_gold")
    play(st, place("tp1", amount=1))
    assert st.seats[0].res["gold"] == 3


def test_envoys_tribute_gives_stone_or_clay_on_leaving_the_kingdom():
    st = worker()
    give_section_tile(st, 0, "diplomat_stone_clay", "fort", 0)
    play(st, place("mysore_hills", "diplomat", extra="clay"))
    assert st.seats[0].res["clay"] == 4
    st = worker()
    give_section_tile(st, 0, "diplomat_stone_clay", "fort", 0)
    play(st, place("empire1a", "diplomat", benefit=False, extra="stone"))
    assert st.seats[0].res["stone"] == 4


def test_renowned_court_counts_two_more_culture():
    st = worker(seat=1)
    st.posts[0] = "emporium_1"
    play(st, place("tp1", "laborer", benefit=False))
    give_section_tile(st, 0, "culture_plus2", "fort", 0)
    set_res(st, 0, culture=1)
    set_res(st, 1, culture=3)
    st.conch = 0
    st.turn = 0
    play(st, place("tp1", "diplomat", benefit=False))  # 1 + 2 = 3, a tie, and the Conch


def test_end_of_worker_phase_tiles():
    st = fresh(2)
    give_section_tile(st, 1, "end_worker_gold", "fort", 0)
    give_section_tile(st, 1, "end_worker_conch", "fort", 1)
    set_res(st, 1, architect=1)  # keep the build phase open
    play(st, place("keladi_quarry"))
    play(st, place("mysore_kiln"))
    play(st, Pass())
    play(st, Pass())
    assert st.phase == "build"
    assert st.seats[1].res["gold"] == 2 + 2 * 2 and st.conch == 1


def test_cost_tiles_stack_and_never_go_below_zero():
    st = fresh(2)
    for i in range(3):
        give_section_tile(st, 0, "cost_clay", "temple2", i)
    assert GAME.section_cost(st, 0, "temple1", 0)["clay"] == 0


def test_section_tile_face_down_has_no_effect():
    st = fresh(2)
    give_section_tile(st, 0, "cost_stone", "fort", 0, face_up=False)
    assert GAME.section_cost(st, 0, "temple1", 0)["stone"] == 2


def test_taking_a_tile_face_up_or_down_is_listed_for_every_market_tile():
    st = fresh(2)
    st.phase, st.turn = "build", 0
    set_res(st, 0, architect=1)
    play(st, Build(building="temple1", section=0))
    legal = GAME.legal_actions(st, 0)
    assert len(legal) == 6 and all(isinstance(a, ChooseTile) for a in legal)


def test_faq_two_stone_from_one_space_pay_one_gold():
    """FAQ: a space gives 2 Stone, a facility gives 1 Gold when you gain Stone
    from a space: 1 Gold only. Section tiles likewise react once per space."""
    st = worker()
    give_facility(st, 0, "stone_gold")
    play(st, place("keladi_quarry"))  # 2 Stone and a Sculptor
    assert st.seats[0].res["stone"] == 4 and st.seats[0].res["gold"] == 3
    st = worker(seat=1)
    give_section_tile(st, 1, "culture_clay", "fort", 0)
    play(st, place("thanjavur_school", "diplomat"))  # 2 Culture: 1 Clay, not 2
    assert st.seats[1].res["clay"] == 3


def test_masons_lodge():
    st = worker(seat=1)
    give_facility(st, 1, "mason_gold")
    play(st, place("mysore_kiln"))  # 2 Clay and a Mason
    assert st.seats[1].res["gold"] == 3


def test_stone_and_culture_dividends_on_every_later_build():
    st = fresh(2)
    give_section_tile(st, 0, "build_stone", "fort", 0)
    give_section_tile(st, 0, "build_culture", "fort", 1)
    st.phase, st.turn = "build", 0
    set_res(st, 0, stone=5, clay=5, gold=0, culture=0, architect=1)
    play(st, Build(building="temple1", section=0))  # Keladi's Gopuram: 2 Stone, 1 Clay, Architect
    assert st.seats[0].res == {"stone": 4, "clay": 4, "culture": 1, "gold": 0}


def test_two_patient_claims_resolve_in_player_order_the_last_keeps_the_conch():
    st = fresh(3)
    give_section_tile(st, 1, "end_worker_conch", "fort", 0)
    give_section_tile(st, 2, "end_worker_conch", "fort", 0)
    set_res(st, 1, architect=1)  # keep the build phase open
    st.conch = 1
    st.turn = 1
    for _ in range(3):
        play(st, Pass())
    assert st.phase == "build" and st.conch == 2  # from Mysore (the holder) round: Mysore, then Thanjavur


def test_patient_claim_needs_a_worker_kept_back():
    st = fresh(2)
    give_section_tile(st, 1, "end_worker_conch", "fort", 0)
    set_res(st, 1, architect=1)
    play(st, Pass())
    for space in ("mysore_kiln", "mysore_treasury"):
        play(st, place(space))
    play(st, place("mysore_hills", "diplomat"))
    assert st.phase == "build" and st.conch == 0
