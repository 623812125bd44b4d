"""Nayakas' teaching words: the rule each move follows (the demo's
narration), the coach's line on what a move does, from the seat's own
information only, and the opening lines of the log."""

from __future__ import annotations

import random

from tabletop_tui.engine.rules_index import brief
from tabletop_tui.games.nayakas.actions import Build, ChooseBorderland, ChooseFacility, ChooseTile, Pass, PlayCard
from tabletop_tui.games.nayakas.data import C

from .util import GAME, fresh, give_card, place, play, set_res, to_build_phase


def why(st, action, seat=None) -> str:
    seat = GAME.to_act(st)[0] if seat is None else seat
    return GAME.why(st, action, seat, random.Random(3)).replace("{s0}", "Ana").replace("{s1}", "Ben")


def rule(st, action, seat=None):
    return GAME.rule_of(st, action, GAME.to_act(st)[0] if seat is None else seat)


def building(**res):
    """Keladi (seat 0) to build, with ``res`` resources and artisans; Mysore
    holds nothing to build with."""
    st = fresh(2)
    to_build_phase(st)
    set_res(st, 0, **res)
    st.turn = 0
    return st


def test_every_rule_named_is_on_the_rules_page():
    named = set(GAME.action_rules.values()) | {"A round", "Leaving your kingdom", "Joining a Laborer",
                                               "The Empire", "Events", "New workers", "The end"}
    assert named <= set(brief("nayakas"))


# -- the rule of a move --------------------------------------------------------------
def test_a_placement_names_where_it_goes():
    st = fresh(2)
    set_res(st, 0, culture=5)
    assert rule(st, place("keladi_quarry")) == "A round"  # the round's first placement
    play(st, place("keladi_quarry"))
    assert rule(st, place("mysore_kiln")) == "Placing a worker"
    assert rule(st, place("keladi_fields", "diplomat")) == "Leaving your kingdom"
    assert rule(st, place("empire1a", "diplomat")) == "The Empire"
    play(st, place("mysore_guild", choice=0))
    assert rule(st, place("mysore_guild", "diplomat", choice=1)) == "Joining a Laborer"
    assert rule(st, place("keladi_double")) is None  # Keladi's second plain placement this round


def test_an_event_placement_names_the_events_rule():
    st = fresh(2)
    st.posts[0] = "legitimate_rule"  # Trading Post I is Keladi's; Keladi holds the Conch
    assert rule(st, place("tp1", amount=1)) == "Events"


def test_a_build_phase_pass_names_building_and_a_pairing_tab_names_new_workers():
    st = building(stone=9, clay=9, architect=2)
    assert rule(st, Pass()) == "Building a Section"
    assert rule(st, Build(building="temple1", section=0)) == "Building a Section"
    st.seats[0].built["fort"] = ["", ""]  # the Fort's Diplomat tab, still unpaired
    st.seats[0].flags.append("done:fort")
    st.section_market[0] = next(t.id for t in C.tiles.sections if t.tab == "diplomat")
    play(st, Build(building="temple1", section=0))
    assert rule(st, ChooseTile(index=1, face_up=False)) in ("Section tiles", "New workers")
    assert rule(st, ChooseTile(index=0, face_up=True)) == "New workers"


# -- the coach's why -------------------------------------------------------------------
def test_a_placement_says_what_it_gains_and_pays():
    st = fresh(2)
    assert why(st, place("keladi_quarry")).startswith("+2 Stone +1 Sculptor")
    said = why(st, place("empire2a", "diplomat", choice=1))
    assert said.startswith("+1 Architect +1 Sculptor -1 Culture")


def test_a_placement_says_which_section_it_makes_affordable():
    st = fresh(2)
    set_res(st, 0, stone=3, clay=1)
    assert "sets up the Gopuram of the Second Temple" in why(st, place("keladi_quarry"))


def test_an_event_placement_says_the_tokens_and_the_standing():
    st = fresh(2)
    st.posts[0] = "legitimate_rule"
    assert why(st, place("tp1", amount=1)) == "1 Event Token down, leading the Event"


def test_joining_a_rivals_laborer_is_said():
    st = fresh(2)
    play(st, Pass())
    play(st, place("mysore_guild", choice=0))
    st.passed[0], st.turn = False, 0
    set_res(st, 0, culture=4)
    assert "shares the space with Ben's Laborer" in why(st, place("mysore_guild", "diplomat", choice=1))


def test_passing_and_cards_say_what_they_give_up():
    st = fresh(2)
    assert why(st, Pass()) == "keeps 3 workers back and waits for the build phase"
    give_card(st, 0, "royal_grant")
    assert why(st, PlayCard(card="royal_grant")) == "+3 Gold (instead of 1 Prosperity at the end)"
    give_card(st, 0, "royal_envoy")
    assert "leave the kingdom free" in why(st, PlayCard(card="royal_envoy"))
    built = building(stone=9, clay=9, architect=1)
    assert why(built, Pass()) == "stops building this round; 1 Artisan left unused"


def test_a_build_says_how_far_the_building_is_and_what_finishing_brings():
    st = building(stone=9, clay=9, architect=2, sculptor=2)
    assert why(st, Build(building="fort", section=0)) == \
        "1 of 2 Sections of the Fort; finished, it brings a facility and a borderland tile"
    st.seats[0].built["fort"][0] = ""
    assert why(st, Build(building="fort", section=1)) == "completes the Fort: a facility and a borderland tile"
    st.seats[0].built["temple1"] = ["", "", None]
    assert why(st, Build(building="temple1", section=2)) == \
        "completes the First Temple: +3 Prosperity and a new Homeland"


def test_the_tile_choices_say_their_effect():
    st = building(stone=9, clay=9, architect=2, sculptor=2)
    st.section_market = ["cost_stone_1", "end_gold_1", "build_clay_1"]
    st.seats[0].built["fort"][0] = "end_gold_2"
    play(st, Build(building="fort", section=1))
    assert why(st, ChooseTile(index=0, face_up=False)).startswith("+1 Prosperity now")
    assert why(st, ChooseTile(index=0, face_up=True)).startswith("Each later Section costs you 1 Stone less")
    play(st, ChooseTile(index=0, face_up=False))
    fac = C.facility_kind[C.facility_tile[st.facility_market[0]].kind].text.rstrip(".")
    assert why(st, ChooseFacility(index=0)).startswith(fac)
    play(st, ChooseFacility(index=0))
    gain = next(iter(C.borderland_tile[st.border_market[0]].gain))
    said = why(st, ChooseBorderland(index=0, space="keladi_fields"))
    assert said.startswith(f"+1 {gain.capitalize()} on Keladi Fields for whoever takes it (yours)")


def test_every_line_is_short_and_reads_only_the_seats_own_information():
    """Random positions: each legal move's line is at most 90 characters and
    the same when the other seat's hand and the face-down piles differ."""
    rng = random.Random(5)
    for seed in range(4):
        st = fresh(2, seed=seed)
        for _ in range(rng.randrange(10, 60)):
            if GAME.is_over(st):
                break
            seat = GAME.to_act(st)[0]
            GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)), seat)
        if GAME.is_over(st):
            continue
        seat = GAME.to_act(st)[0]
        other = GAME.clone(st)
        other.seats[1 - seat].hand, other.dev_deck = other.dev_deck[:len(st.seats[1 - seat].hand)], \
            other.dev_deck[len(st.seats[1 - seat].hand):] + other.seats[1 - seat].hand
        other.section_pile.reverse()
        other.merchant_deck.reverse()
        assert GAME.view(st, seat) == GAME.view(other, seat)
        for a in GAME.legal_actions(st, seat):
            said = why(st, a, seat)
            assert len(said) <= 90 and said == why(other, a, seat), (a, said)


# -- the opening ------------------------------------------------------------------------
def test_the_opening_shows_the_table_and_each_card_to_its_seat_only():
    st = fresh(2)
    lines = GAME.opening(st)
    public = [e for e in lines if not e.private]
    assert public and all("Trading Post" not in e.text or "Trading Posts" in e.text for e in public)
    said = " ".join(e.text for e in public)
    names = {C.event[t].name if t in C.event else C.merchant[t].name for t in st.posts}
    assert all(n in said for n in names) and "{s0} holds the Conch" in said
    assert not any(c.name in said for c in C.dev_cards.cards)  # no card is named in public
    private = [e for e in lines if e.private]
    assert [e.seat for e in private] == [0, 1]
    for e in private:
        assert C.card[st.seats[e.seat].hand[0]].name in e.text


def test_the_move_that_ends_a_round_with_an_event_paying_out_names_events():
    st = fresh(2)
    st.posts[2], st.posts[0] = st.posts[0], "emporium_1"  # the Event leaves at this round's cleanup
    play(st, Pass())
    # nobody can build, so Mysore's pass ends the round
    assert rule(st, Pass()) == "Events" and rule(fresh(2), Pass()) == "Placing a worker"
    play(st, Pass())
    assert st.round == 2 and st.events_expired == 1
