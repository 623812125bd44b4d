"""The shortcuts of the rules' hot path say what the long way says: the
cheap "can this hand play?" test agrees with the list of plays, for any
key order of the hand; a listed play is accepted and an unlisted one
refused with check's own sentence; the shared Pending steps and a
scoring's cached log line are those the rules built before."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.games.rapa_nui.actions import PlayCard
from tabletop_tui.games.rapa_nui.data import CARDS, MOAI_COST
from tabletop_tui.games.rapa_nui.legal import can_play, plays_of
from tabletop_tui.games.rapa_nui.state import GAIN, OFFER, Pending, moai_reward
from tabletop_tui.games.rapa_nui.turn import score_text

from .util import GAME, GREEN, cards, position


def test_can_play_agrees_with_the_plays_for_every_small_hand():
    for counts in itertools.product(range(3), repeat=len(CARDS)):
        hand = dict(zip(CARDS, counts))
        for wood in (0, 1, 2, MOAI_COST - 1, MOAI_COST, 12):
            assert can_play(hand, wood) == bool(plays_of(hand, wood)[0]), (hand, wood)


def test_the_plays_do_not_depend_on_the_order_of_the_hand_s_keys():
    hand = cards(moai=1, fish=3, priest=1)
    backwards = dict(reversed(list(hand.items())))
    for wood in range(10):
        assert plays_of(hand, wood) == plays_of(backwards, wood)


@pytest.mark.parametrize("seed", range(3))
def test_check_accepts_exactly_the_listed_plays_with_its_own_sentences(seed):
    rng = random.Random(seed)
    for _ in range(40):
        hand = cards(**{k: rng.randrange(3) for k in CARDS})
        if not sum(hand.values()):
            continue
        state = position(phase="play", hands=[hand, cards(priest=1)], wood=[rng.randrange(9), 3])
        listed = GAME.legal_actions(state, GREEN)
        for card in CARDS:
            for n in (1, 2, 3, 4):
                action = PlayCard(card=card, count=n) if n <= 3 else PlayCard.model_construct(card=card, count=n)
                fresh = PlayCard.model_validate(action.model_dump()) if n <= 3 else action
                if action in listed:
                    GAME.check(state, fresh, GREEN)  # an equal object, not the listed one
                else:
                    with pytest.raises(IllegalAction) as refused:
                        GAME.check(state, fresh, GREEN)
                    assert refused.value.reason  # the refusal's own sentence, not a silent pass
                    with pytest.raises(IllegalAction) as long_way:
                        GAME._check_play(state, fresh, GREEN)
                    assert refused.value.reason == long_way.value.reason


def test_shared_pending_steps_equal_the_ones_built_each_time():
    for s in range(4):
        for choice in ("offer", "offer_face_down", "supply_offer"):
            assert OFFER[choice][s] == Pending(choice=choice, seat=s)
        for kind in ("fish", "grain", "mulberry", "sweet_potato"):
            for bonus in (False, True):
                assert GAIN[s, kind, bonus] == Pending(choice="gain", seat=s, offering=kind, bonus=bonus)
    step = moai_reward(1, 3, 2, True)
    assert step == Pending(choice="moai_reward", seat=1, amount=3, moais=2, bonus=True)
    assert moai_reward(1, 3, 2, True) is step  # built once


def test_a_scoring_line_names_the_seats_it_is_given():
    names = ("Ana", "Bo", "Cy")
    assert score_text("woodcutter", (2, 1, 0), 1, names) == (
        "Woodcutters scored: Bo +1 wood, Ana +3 wood (with the bonus).")
    assert score_text("woodcutter", (2, 1, 0), 1, ("{s0}", "{s1}", "{s2}")).endswith(
        "{s0} +3 wood (with the bonus).")
    assert score_text("fish", (0, 1, 3), 0, names) == (
        "Fishers scored: Bo +1 fish offering, Cy +2 fish offerings (with the bonus).")
    assert score_text("moai", (1, 1, 0), 2, names) == "Moais scored: Ana 1 and Bo 1; each owner chooses wood or fame."
    assert score_text("priest", (0, 0, 0), 0, names) == "Priests scored: no one has a Priest."
