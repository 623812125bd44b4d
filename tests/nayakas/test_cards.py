"""Development cards: hidden hands, when each may be played, their effects,
and 1 Prosperity each for cards kept to the end."""

from __future__ import annotations

import pytest

from tabletop_tui.games.nayakas.actions import Build, ChooseTile, Pass, Place, PlayCard
from tabletop_tui.games.nayakas.data import C

from tests.refusals import assert_refused

from .util import GAME, fresh, give_card, place, play, set_res


def holding(card, seat=0, phase="worker"):
    st = fresh(2)
    st.posts[0] = "emporium_1"
    give_card(st, seat, card)
    st.phase, st.turn = phase, seat
    return st


@pytest.mark.parametrize("card,gains", [
    ("royal_grant", {"gold": 5}), ("quarry_rights", {"stone": 4}), ("kiln_rights", {"clay": 4}),
    ("court_poet", {"culture": 4}),
])
def test_gain_cards(card, gains):
    st = holding(card)
    play(st, PlayCard(card=card))
    for k, v in gains.items():
        assert st.seats[0].res[k] == v
    assert card in st.dev_discard and card not in st.seats[0].hand
    assert GAME.to_act(st) == [0]  # playing a card does not end the turn


def test_guild_summons_names_an_artisan():
    st = holding("guild_summons")
    assert_refused(GAME, st, PlayCard(card="guild_summons"), 0, "Artisan")
    play(st, PlayCard(card="guild_summons", choice="mason"))
    assert st.seats[0].art["mason"] == 1


def test_conch_bearer():
    st = holding("conch_bearer", seat=1)
    play(st, PlayCard(card="conch_bearer"))
    assert st.conch == 1


def test_festival_drums_needs_an_event():
    st = holding("festival_drums")
    assert_refused(GAME, st, PlayCard(card="festival_drums"), 0, "Event")
    st.posts[0] = "great_dam"
    play(st, PlayCard(card="festival_drums"))
    assert st.seats[0].tokens == 4


def test_royal_envoy_frees_the_journey():
    st = holding("royal_envoy")
    play(st, PlayCard(card="royal_envoy"))
    play(st, place("mysore_hills", "diplomat"))
    assert st.seats[0].res["culture"] == 3


def test_k5_a_worker_card_is_played_before_the_turns_worker_and_no_worker_means_no_turn():
    """Ruling K5: a worker-phase card is played on your turn before that turn's worker
    (the turn stays yours); a player with no worker left has no turn."""
    st = holding("royal_grant")
    play(st, PlayCard(card="royal_grant"))
    assert GAME.to_act(st) == [0]
    play(st, place("keladi_quarry"))
    assert GAME.to_act(st) == [1]
    st = holding("royal_grant")
    st.seats[0].avail_laborers = st.seats[0].avail_diplomats = 0
    st.turn = 1
    play(st, place("mysore_hills"), 1)
    assert GAME.to_act(st) == [1]  # seat 0 has no worker left: no turn, so no card either
    assert_refused(GAME, st, PlayCard(card="royal_grant"), 0, "turn")


def test_swift_messenger_gives_another_turn():
    st = holding("swift_messenger")
    play(st, PlayCard(card="swift_messenger"))
    play(st, place("keladi_quarry"))
    assert GAME.to_act(st) == [0]
    play(st, place("keladi_fields"))
    assert GAME.to_act(st) == [1]


def test_worker_cards_wait_for_the_worker_phase_and_build_cards_for_building():
    st = holding("royal_grant", phase="build")
    set_res(st, 0, architect=1)
    assert_refused(GAME, st, PlayCard(card="royal_grant"), 0, "worker phase")
    st = holding("harvest_blessing")
    assert_refused(GAME, st, PlayCard(card="harvest_blessing"), 0, "build phase")


def test_master_mason_hired_hands_harvest_blessing():
    st = holding("master_mason", phase="build")
    give_card(st, 0, "hired_hands")
    give_card(st, 0, "harvest_blessing")
    set_res(st, 0, stone=0, clay=0, gold=0)
    play(st, PlayCard(card="hired_hands", choice="architect"))
    play(st, PlayCard(card="harvest_blessing"))
    play(st, PlayCard(card="master_mason"))
    assert GAME.section_cost(st, 0, "temple1", 0) == {"stone": 1, "clay": 0, "architect": 1}
    play(st, Build(building="temple1", section=0))
    assert st.seats[0].res["stone"] == 0 and st.seats[0].res["clay"] == 1


def test_a_card_not_held_is_refused():
    st = fresh(2)
    missing = next(c.id for c in C.dev_cards.cards if c.id not in st.seats[0].hand)
    assert_refused(GAME, st, PlayCard(card=missing), 0, "do not hold")


def test_a_held_build_card_keeps_the_build_phase_open():
    st = fresh(2)
    give_card(st, 1, "harvest_blessing")
    play(st, Pass())
    play(st, Pass())
    assert st.phase == "build" and GAME.to_act(st) == [1]
    play(st, PlayCard(card="harvest_blessing"))
    play(st, Pass())
    assert st.round == 2



def test_k11_swift_messengers_extra_turn_is_the_same_turn_for_the_double_space():
    """Ruling K11: the turn the card gives is the same turn, so both places of
    Keladi's Double space cannot be taken in it; a later turn may take the second."""
    st = holding("swift_messenger")
    play(st, PlayCard(card="swift_messenger"))
    play(st, place("keladi_double"))
    assert GAME.to_act(st) == [0]
    assert_refused(GAME, st, place("keladi_double", "diplomat"), 0, "same turn")
    assert not any(isinstance(a, Place) and a.space == "keladi_double" for a in GAME.legal_actions(st, 0))
    play(st, place("keladi_quarry"))
    assert GAME.to_act(st) == [1]
    play(st, place("mysore_hills"))
    play(st, place("keladi_double", "diplomat"))  # a turn of its own: the second place is open again
    assert st.seats[0].res["gold"] == 2 + 2 + 4
