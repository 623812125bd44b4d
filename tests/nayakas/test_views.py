"""Views hide every hand but the viewer's (checked on the serialised view),
and determinize re-deals only what the seat cannot see."""

from __future__ import annotations

import json
import random

from tabletop_tui.games.nayakas.data import C

from .util import GAME, fresh, give_card, play


def _played(seed=3, players=3, steps=40):
    st = fresh(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(st):
            break
        s = GAME.to_act(st)[0]
        play(st, rng.choice(GAME.legal_actions(st, s)))
    return st


def test_other_hands_appear_only_as_counts():
    st = fresh(3)
    give_card(st, 0, "royal_grant")
    give_card(st, 1, "master_mason")
    give_card(st, 2, "court_poet")
    for viewer in (None, 0, 1, 2):
        text = GAME.view(st, viewer).model_dump_json()
        data = json.loads(text)
        for s in range(3):
            seen = data["seats"][s]["hand"]
            assert data["seats"][s]["hand_size"] == len(st.seats[s].hand)
            if s == viewer:
                assert sorted(seen) == sorted(st.seats[s].hand)
            else:
                assert seen is None
                for card in st.seats[s].hand:
                    if viewer is None or card not in st.seats[viewer].hand and card not in st.dev_discard:
                        assert card not in text and C.card[card].name not in text


def test_piles_and_decks_are_counts_only():
    st = fresh(2)
    text = GAME.view(st, 0).model_dump_json()
    for tile in st.section_pile + st.facility_pile + st.merchant_deck:
        assert f'"{tile}"' not in text
    for card in st.dev_deck:
        assert card not in text
    for ev in st.event_deck + st.event_box:
        assert C.event[ev].name not in text
    data = json.loads(text)
    assert data["piles"]["sections"] == len(st.section_pile)
    assert data["piles"]["development"] == len(st.dev_deck)


def test_at_the_end_all_hands_are_shown():
    st = fresh(2)
    GAME._finish(st, "Test end.", [])
    data = json.loads(GAME.view(st, None).model_dump_json())
    assert all(s["hand"] is not None for s in data["seats"])


def test_determinize_keeps_what_the_seat_sees_and_reads_nothing_hidden():
    st = _played()
    seat = GAME.to_act(st)[0]
    a = GAME.determinize(st, seat, random.Random(5))
    assert GAME.view(a, seat) == GAME.view(st, seat)
    # another state with the same view for seat (other hands swapped with the deck) gives the same copy
    other = GAME.clone(st)
    others = [s for s in range(st.players) if s != seat and other.seats[s].hand]
    if others and other.dev_deck:
        s = others[0]
        other.seats[s].hand[0], other.dev_deck[0] = other.dev_deck[0], other.seats[s].hand[0]
    other.section_pile.reverse()
    other.merchant_deck.reverse()
    assert GAME.view(other, seat) == GAME.view(st, seat)
    b = GAME.determinize(other, seat, random.Random(5))
    assert a == b
    assert GAME.determinize(st, seat, random.Random(6)) != a or len(st.dev_deck) <= 1


def test_clone_is_independent_and_equal():
    st = _played(steps=25)
    c = GAME.clone(st)
    assert c == st
    c.seats[0].res["gold"] += 1
    c.occupants["tp1"].append(c.occupants["tp1"][0] if c.occupants["tp1"] else None)
    assert st != c and st.seats[0].res["gold"] != c.seats[0].res["gold"]


def test_clone_shares_nothing_a_move_can_change():
    """Every list and dict of the state and its seats, at every depth, is the clone's own."""
    st = _played(steps=40)
    st.final = {0: {"total": 1}}
    c = GAME.clone(st)
    assert c == st and c.model_dump_json() == st.model_dump_json()
    before = st.model_dump_json()

    def mutate(x):
        if isinstance(x, list):
            for i in x:
                mutate(i)
            x.append("x")
        elif isinstance(x, dict):
            for v in list(x.values()):
                mutate(v)
            x["x"] = 0
        elif hasattr(x, "__pydantic_fields__") and not x.model_config.get("frozen"):
            for k in type(x).model_fields:
                mutate(getattr(x, k))

    mutate(c)
    assert st.model_dump_json() == before


def test_private_draw_events():
    st = fresh(2)
    events = []
    while st.events_expired == 0:
        events += play(st, GAME.legal_actions(st, GAME.to_act(st)[0])[-1])  # pass
    private = [e for e in events if e.private]
    assert private and all(e.seat is not None for e in private)
    public = [e.text for e in events if not e.private]
    for p in st.seats:
        assert not any(C.card[p.hand[-1]].name in t for t in public)


def test_at_the_end_the_view_counts_the_final_prosperity():
    """The purple tiles spend at the end; the view then shows the final
    count, not an estimate from what is left."""
    from .util import give_section_tile, set_res
    st = fresh(2)
    give_section_tile(st, 0, "end_gold")
    set_res(st, 0, gold=12)
    assert GAME.view(st, 0).seats[0].prosperity["purple"] == 3
    GAME._finish(st, "Test end.", [])
    assert st.seats[0].res["gold"] == 0
    mine = GAME.view(st, 0).seats[0].prosperity
    assert mine["purple"] == 3 and sum(mine.values()) == st.final[0]["total"]
