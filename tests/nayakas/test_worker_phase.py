"""The worker phase: who may go where, culture, the Conch, passing (and the
FAQ's placement scenarios)."""

from __future__ import annotations

from tabletop_tui.games.nayakas.actions import Pass

from tests.refusals import assert_refused

from .util import GAME, fresh, place, play, post_of, set_res

ALL4 = ["keladi", "mysore", "thanjavur", "madurai"]


def test_conch_holder_starts_and_play_goes_clockwise():
    st = fresh(3)
    assert GAME.to_act(st) == [0]
    play(st, place("keladi_quarry"))
    assert GAME.to_act(st) == [1]
    play(st, place("mysore_kiln"))
    assert GAME.to_act(st) == [2]
    play(st, Pass())
    assert GAME.to_act(st) == [0]
    play(st, Pass())
    assert GAME.to_act(st) == [1]  # seat 2 passed: its worker phase is over


def test_a_homeland_space_gives_its_action():
    st = fresh(2)
    play(st, place("keladi_quarry"))
    p = st.seats[0]
    assert p.res["stone"] == 4 and p.art["sculptor"] == 1
    assert p.avail_laborers == 1


def test_homelands_are_for_their_ruler_only():
    st = fresh(2)
    assert_refused(GAME, st, place("mysore_kiln"), 0, "Homelands")
    assert_refused(GAME, st, place("mysore_kiln", "diplomat"), 0, "Homelands")


def test_laborers_stay_in_their_kingdom():
    st = fresh(2)
    assert_refused(GAME, st, place("mysore_hills"), 0, "Only Diplomats")
    play(st, place("keladi_fields"))  # own Borderland: fine
    assert st.seats[0].res["clay"] == 3


def test_a_diplomat_leaves_the_kingdom_for_one_culture():
    st = fresh(2)
    play(st, place("mysore_hills", "diplomat"))
    assert st.seats[0].res["culture"] == 2 - 1 + 1  # paid 1, gained 1
    assert st.seats[0].res["stone"] == 3


def test_no_culture_no_journey():
    st = fresh(2)
    set_res(st, 0, culture=0)
    assert_refused(GAME, st, place("mysore_hills", "diplomat"), 0, "Culture")


def test_a_taken_space_is_refused():
    st = fresh(2)
    play(st, place("keladi_quarry"))
    play(st, Pass())
    assert_refused(GAME, st, place("keladi_quarry", "diplomat"), 0, "taken")


def test_faq_no_laborer_on_your_own_diplomat():
    st = fresh(2)
    play(st, place("keladi_fields", "diplomat"))
    play(st, Pass())
    assert_refused(GAME, st, place("keladi_fields", "laborer"), 0, "taken")


def _rival_laborer_on_tp1(culture0: int, culture1: int, conch: int = 0):
    """Mysore's Laborer on Trading Post I (a Borderland of Keladi and Mysore)."""
    st = fresh(2)
    st.posts[0] = "emporium_1"
    play(st, Pass())  # Keladi passes
    play(st, place("tp1", "laborer", benefit=False))
    set_res(st, 0, culture=culture0)
    set_res(st, 1, culture=culture1)
    st.conch = conch
    st.passed[0] = False
    st.turn = 0
    return st


def test_faq_own_borderland_with_a_rival_laborer_costs_no_culture_but_needs_more_culture():
    st = _rival_laborer_on_tp1(3, 2, conch=1)
    play(st, place("tp1", "diplomat", benefit=False))
    assert st.seats[0].res["culture"] == 3  # no Culture spent
    assert [w.seat for w in st.occupants["tp1"]] == [1, 0]


def test_equal_culture_needs_the_conch():
    st = _rival_laborer_on_tp1(2, 2, conch=1)
    assert_refused(GAME, st, place("tp1", "diplomat", benefit=False), 0, "Conch")
    st.conch = 0
    play(st, place("tp1", "diplomat", benefit=False))


def test_less_culture_cannot_join_a_rival_laborer():
    st = _rival_laborer_on_tp1(1, 2, conch=0)
    assert_refused(GAME, st, place("tp1", "diplomat", benefit=False), 0, "more Culture")


def test_k3_outside_the_kingdom_the_culture_is_compared_after_paying():
    """Ruling K3: the Diplomat pays its 1 Culture first, then Culture is compared."""
    st = fresh(4, ALL4)
    tp, i = post_of("madurai", outside="keladi")
    st.posts[i] = "emporium_1"
    # Madurai's Laborer on a Trading Post of Madurai's; Keladi's Diplomat comes from outside
    st.turn = 3
    play(st, place(tp, "laborer", benefit=False))
    st.turn = 0
    set_res(st, 0, culture=3)
    set_res(st, 3, culture=2)
    st.conch = 3
    assert_refused(GAME, st, place(tp, "diplomat", benefit=False), 0, "more Culture")
    set_res(st, 0, culture=4)
    play(st, place(tp, "diplomat", benefit=False))
    assert st.seats[0].res["culture"] == 3


def test_no_diplomat_joins_a_diplomat():
    st = _rival_laborer_on_tp1(5, 0, conch=0)
    st.occupants["tp1"][0] = st.occupants["tp1"][0].model_copy(update={"type": "diplomat"})
    st.seats[1].avail_laborers += 1
    st.seats[1].avail_diplomats -= 1
    assert_refused(GAME, st, place("tp1", "diplomat", benefit=False), 0, "taken")


def test_keladis_double_space_takes_two_workers_on_two_turns():
    st = fresh(2)
    play(st, place("keladi_double"))
    assert st.seats[0].res["gold"] == 4
    play(st, Pass())
    play(st, place("keladi_double", "diplomat"))
    assert st.seats[0].res["gold"] == 8
    st.seats[0].avail_laborers = 1
    st.seats[0].laborers = 3
    st.turn = 0
    assert_refused(GAME, st, place("keladi_double"), 0, "taken")


def test_empire_first_space_before_the_second_and_its_gains():
    st = fresh(2)
    assert_refused(GAME, st, place("empire1b", "diplomat"), 0, "first space")
    assert_refused(GAME, st, place("empire1a", "laborer"), 0, "Only Diplomats")
    st.conch = 1
    play(st, place("empire1a", "diplomat"))
    p = st.seats[0]
    assert p.art["architect"] == 1 and p.res["culture"] == 2 and st.conch == 0  # paid 1, gained 1
    play(st, place("empire1b", "diplomat"))
    q = st.seats[1]
    assert q.art["architect"] == 1 and q.res["culture"] == 2 and st.conch == 0


def test_k4_one_player_cannot_hold_both_spaces_of_an_empire_pair():
    """Ruling K4: the two spaces of an Empire pair go to two different players."""
    st = fresh(2)
    play(st, place("empire1a", "diplomat"))
    st.turn = 0
    st.seats[0].avail_diplomats = 1
    st.seats[0].diplomats = 2
    assert_refused(GAME, st, place("empire1b", "diplomat"), 0, "another player")


def test_second_empire_pair_hands_out_the_other_artisan():
    st = fresh(2)
    play(st, place("empire2a", "diplomat", choice=1))  # Sculptor
    play(st, place("empire2b", "diplomat"))
    assert st.seats[0].art == {"architect": 1, "mason": 0, "sculptor": 1}
    assert st.seats[1].art == {"architect": 1, "mason": 1, "sculptor": 0}


def test_passing_ends_your_worker_phase_and_all_passing_starts_building():
    st = fresh(2)
    set_res(st, 1, architect=1)  # Mysore can build its first Gopuram
    play(st, Pass())
    assert st.passed[0] and st.phase == "worker"
    play(st, Pass())
    assert st.phase == "build"
    assert GAME.to_act(st) == [1]  # Keladi cannot build anything: passed at once


def test_a_build_phase_nobody_can_use_is_skipped():
    st = fresh(2)
    play(st, Pass())
    play(st, Pass())
    assert st.phase == "worker" and st.round == 2


def test_players_out_of_workers_drop_out():
    st = fresh(2)
    set_res(st, 0, architect=1)
    for space in ("keladi_quarry", "keladi_fields"):
        play(st, place(space))
        play(st, Pass()) if not st.passed[1] else None
    play(st, place("keladi_court", "diplomat", benefit=False))
    assert st.phase == "build"


def test_resources_stop_at_15_and_artisans_at_3():
    st = fresh(2)
    set_res(st, 0, stone=14, sculptor=3)
    play(st, place("keladi_quarry"))
    assert st.seats[0].res["stone"] == 15 and st.seats[0].art["sculptor"] == 3


def test_taking_the_conch_mid_phase_keeps_the_order_clockwise():
    st = fresh(3)
    st.posts[0] = "emporium_1"
    st.posts[1] = "offerings"
    st.turn = 1
    play(st, place("tp1", "diplomat", benefit=False))  # Mysore's own post, nothing taken
    play(st, place("tp2", "diplomat"))  # Thanjavur: Offerings gives the Conch
    assert st.conch == 2 and GAME.to_act(st) == [0]


def test_neutral_kingdoms_k2():
    st = fresh(2)  # Thanjavur and Madurai are neutral
    assert_refused(GAME, st, place("thanjavur_works", "diplomat"), 0, "Homelands")
    assert_refused(GAME, st, place("tp2", "laborer"), 0, "Only Diplomats")
    play(st, place("thanjavur_school", "diplomat"))
    assert st.seats[0].res["culture"] == 2 - 1 + 2


def test_faq_a_worker_may_skip_the_action():
    st = fresh(2)
    play(st, place("keladi_quarry", benefit=False))
    assert st.seats[0].res["stone"] == 2 and st.seats[0].art["sculptor"] == 0
    assert [w.seat for w in st.occupants["keladi_quarry"]] == [0]


def test_faq_an_event_needs_its_condition_and_a_token():
    st = fresh(2)
    st.posts[0] = "legitimate_rule"
    st.conch = 1
    assert_refused(GAME, st, place("tp1", "laborer"), 0, "condition")
    assert_refused(GAME, st, place("tp1", "laborer", benefit=False), 0, "Event Tokens down")
    st.conch = 0
    st.seats[0].tokens = 0
    assert_refused(GAME, st, place("tp1", "laborer", amount=1), 0, "no Event Tokens")
    st.seats[0].tokens = 5
    play(st, place("tp1", "laborer", amount=1))
    assert st.seats[0].tokens == 4


def test_not_your_turn():
    st = fresh(2)
    assert_refused(GAME, st, place("mysore_kiln"), 1, "turn")


def test_wrong_phase_and_unknown_space():
    st = fresh(2)
    assert_refused(GAME, st, place("atlantis"), 0, "no such space")
    from tabletop_tui.games.nayakas.actions import Build
    assert_refused(GAME, st, Build(building="fort", section=0), 0, "after the worker phase")


def test_check_of_a_place_asks_only_that_worker_and_space_and_agrees_with_the_legal_list():
    """``check`` judges a Place by the Places of its worker on its space
    alone: over random worker phases it accepts exactly the legal list's
    Places, and refuses (state unchanged) every variation that is not in it."""
    import random

    from tabletop_tui.engine import IllegalAction, get
    from tabletop_tui.games.nayakas.actions import Place

    game = get("nayakas")
    rng = random.Random(7)
    tried = refused = 0
    for players in (2, 3, 4):
        st = game.new_state(players, None, rng.getrandbits(32))
        for _ in range(60):
            if game.is_over(st):
                break
            seat = game.to_act(st)[0]
            legal = game.legal_actions(st, seat)
            places = [a for a in legal if isinstance(a, Place)]
            if st.phase == "worker" and not st.pending and places:
                spaces = sorted({a.space for a in places})
                for a in rng.sample(places, min(4, len(places))):
                    variations = [a.model_copy(update=u) for u in (
                        {"worker": "diplomat" if a.worker == "laborer" else "laborer"},
                        {"space": rng.choice(spaces)}, {"amount": a.amount + 1}, {"choice": a.choice + 1},
                        {"benefit": not a.benefit}, {"extra": "stone"})]
                    for v in [a, *variations]:
                        before = st.model_dump_json()
                        tried += 1
                        try:
                            game.check(st, v, seat)
                            assert v in legal
                        except IllegalAction as err:
                            refused += 1
                            assert v not in legal and err.reason
                        assert st.model_dump_json() == before
            game.apply(st, rng.choice(legal), seat)
    assert tried > 200 and 0 < refused < tried


def test_the_move_generators_spaces_agree_with_entry_for_every_seat():
    """The one-pass generator of Places (``_placements``, the legal-move
    generator's loop) opens, for every seat and worker all through random
    games (not only the seat to act), exactly the spaces ``entry`` (which
    also says why) opens, at ``entry``'s price, bar an Event whose
    condition is not met (``_placements`` of that worker and space alone)."""
    import random

    from tabletop_tui.games.nayakas.spaces import ALL_SPACES

    rng = random.Random(4)
    seen = 0
    for players in (2, 3, 4):
        st = fresh(players, seed=players)
        while st.phase != "over":
            if st.phase == "worker" and not st.pending:
                for seat in range(players):
                    fast: dict[str, set[str]] = {"laborer": set(), "diplomat": set()}
                    for a in GAME._placements(st, seat):
                        fast[a.worker].add(a.space)
                    for w in ("laborer", "diplomat"):
                        slow = {sid for sid in ALL_SPACES if GAME.entry(st, seat, sid, w)[0] is not None
                                and GAME._placements(st, seat, only=(w, sid))}
                        assert fast[w] == slow, (seat, w)
                        seen += len(slow)
            seat = GAME.to_act(st)[0]
            GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)), seat)
    assert seen > 500
