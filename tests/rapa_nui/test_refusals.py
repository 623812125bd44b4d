"""Refusals: every input the rules do not allow is refused with a sentence
and leaves the state exactly as it was; every input ``legal_actions`` lists
is accepted. ``check`` and ``legal_actions`` must agree everywhere."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import IllegalAction
from tabletop_tui.games.rapa_nui.actions import (
    BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy, SubstituteKind, SupplyOffer,
)
from tabletop_tui.games.rapa_nui.data import CARDS, OFFERINGS

from .util import GAME, assert_readable, cards, play, position, refused

#: every well-formed action there is
UNIVERSE = (
    [BuyOffering(offering=k) for k in OFFERINGS] + [SkipBuy()]
    + [PlayCard(card=c, count=n) for c in CARDS for n in (1, 2, 3)]
    + [Draw(row=r) for r in range(4)]
    + [ChooseMoaiReward(reward=r) for r in ("wood", "fame")]
    + [cls(offering=k) for cls in (SubstituteKind, Offer, OfferFaceDown, SupplyOffer) for k in OFFERINGS]
)


def agree(state) -> None:
    """check() accepts exactly the legal actions; refusals change nothing."""
    before = state.model_dump()
    for seat in range(state.players):
        legal = set(GAME.legal_actions(state, seat))
        assert legal <= set(UNIVERSE)
        for action in UNIVERSE:
            if action in legal:
                GAME.check(state, action, seat)
            else:
                with pytest.raises(IllegalAction) as info:
                    GAME.apply(state, action, seat)
                assert_readable(info.value.reason)
    assert state.model_dump() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_and_legal_actions_agree_along_random_games(players):
    rng = random.Random(players * 31)
    state = GAME.new_state(players, None, 777 + players)
    steps = 0
    while not GAME.is_over(state):
        if steps % 3 == 0 or state.pending:
            agree(state)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        # lean towards Moais so offering rounds and Moai scorings happen
        moai = [a for a in legal if isinstance(a, (SkipBuy,)) or (isinstance(a, PlayCard) and a.card == "moai")]
        play(state, moai[0] if moai and rng.random() < 0.8 else rng.choice(legal), seat)
        steps += 1
    agree(state)


def test_not_your_turn():
    state = position(3, active=1, hands=[cards(priest=3)] * 3)
    refused(state, PlayCard(card="priest"), 0, "It is Blue's turn, not yours.")
    refused(state, PlayCard(card="priest"), 2, "Blue's turn")


def test_malformed_actions_are_refused_without_a_traceback():
    state = position(2, hands=[cards(priest=3), cards(priest=3)])
    refused(state, PlayCard.model_construct(kind="play", card="dragon", count=1), 0, "no such card")
    refused(state, PlayCard.model_construct(kind="play", card="priest", count=0), 0, "at least one")
    refused(state, PlayCard.model_construct(kind="play", card="fish", count=4), 0)
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action({"kind": "play", "card": "priest", "count": 4})
    assert "not understood" in info.value.reason
    with pytest.raises(IllegalAction):
        GAME.parse_action({"kind": "steal"})
    assert GAME.parse_action('{"kind": "draw", "row": 2}') == Draw(row=2)
    assert GAME.parse_action({"kind": "offer_face_down", "offering": "sweet_potato"}) == \
        OfferFaceDown(offering="sweet_potato")


def test_describe_every_legal_action():
    state = GAME.new_state(4, None, 8)
    rng = random.Random(4)
    seen = set()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        for a in GAME.legal_actions(state, seat):
            text = GAME.describe_action(state, a, seat)
            assert text and "_" not in text and text[0].islower(), text
            seen.add(a.kind)
        assert GAME.status(state, seat)
        legal = GAME.legal_actions(state, seat)
        moai = [a for a in legal if isinstance(a, SkipBuy) or (isinstance(a, PlayCard) and a.card == "moai")]
        play(state, moai[0] if moai else rng.choice(legal), seat)
    assert {"skip_buy", "play", "draw"} <= seen
