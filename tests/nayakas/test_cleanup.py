"""The cleanup phase: workers home, Trading Posts move, Events expire and
pay out with their tie-breaks, new Events bring development cards, Artisans
reset."""

from __future__ import annotations

from tabletop_tui.games.nayakas.actions import Pass

from .util import GAME, check_invariants, fresh, give_section_tile, place, play, set_res


def end_round(st):
    while st.phase == "worker" or st.phase == "build":
        r = st.round
        play(st, Pass())
        if st.round != r or st.phase == "over":
            break


def test_workers_return_posts_move_artisans_reset():
    st = fresh(2)
    posts = list(st.posts)
    play(st, place("keladi_quarry"))
    end_round(st)
    assert st.round == 2 and all(not occ for occ in st.occupants.values())
    assert st.posts[1:] == posts[:2] and st.posts[0] is not None
    assert st.merchant_discard == [posts[2]]
    assert st.seats[0].art == {"architect": 0, "mason": 0, "sculptor": 0}
    assert st.seats[0].avail_laborers == 2
    check_invariants(st)


def test_an_event_lives_three_rounds_then_pays_and_a_new_event_brings_cards():
    st = fresh(3)
    ev = st.posts[0]
    end_round(st)
    end_round(st)
    assert st.posts[2] == ev
    # tokens: Mysore 3, Keladi 2, Thanjavur 2 with more Culture -> Thanjavur second
    st.seats[1].tokens, st.seats[0].tokens, st.seats[2].tokens = 2, 3, 3
    set_res(st, 2, culture=5)
    hands = [len(p.hand) for p in st.seats]
    end_round(st)
    assert [p.prosperity_tokens for p in st.seats] == [0, 3, 1]
    assert all(p.tokens == 5 for p in st.seats)
    assert st.events_expired == 1 and st.event_discard == [ev]
    assert st.posts[0] not in (None, ev) and st.posts[0] in [e for e in GAME_EVENTS()]
    assert [len(p.hand) for p in st.seats] == [h + 1 for h in hands]
    check_invariants(st)


def GAME_EVENTS():
    from tabletop_tui.games.nayakas.data import C
    return list(C.event)


def test_event_ties_go_to_culture_then_clockwise_from_the_conch():
    st = fresh(4)
    for p in st.seats:
        p.tokens = 3
    st.conch = 2
    assert GAME.event_ranking(st) == [2, 3, 0, 1]
    set_res(st, 0, culture=3)
    assert GAME.event_ranking(st)[:2] == [0, 2]


def test_only_players_with_tokens_are_paid():
    st = fresh(2)
    st.seats[1].tokens = 4
    assert GAME.event_ranking(st) == [1]


def test_festival_patron_adds_one_prosperity_to_event_rewards():
    st = fresh(2)
    give_section_tile(st, 0, "event_bonus")
    st.seats[0].tokens = 4
    st.posts = [st.posts[1], st.posts[2], st.posts[0]]
    end_round(st)
    assert st.seats[0].prosperity_tokens == 4


def test_an_empty_deck_places_no_tile():
    st = fresh(2)
    st.merchant_discard += st.merchant_deck
    st.merchant_deck = []
    end_round(st)
    assert st.posts[0] is None
    check_invariants(st)
