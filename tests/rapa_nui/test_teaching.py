"""Teaching words: the In-brief rule each move follows (the demo quotes it)
and the coach's one line on what a move does, from the seat's own view."""

from __future__ import annotations

import random

from tabletop_tui.engine.rules_index import brief
from tabletop_tui.games.rapa_nui.actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown,
                                                 PlayCard, SkipBuy, SubstituteKind, SupplyOffer)
from tabletop_tui.games.rapa_nui.state import Pending

from .util import BLUE, GAME, GREEN, cards, named, offs, position

ROWS = [["priest", "woodcutter", "moai"], ["moai", "fish"], ["woodcutter"], ["grain", "priest"]]


def why(state, action, seat=GREEN) -> str:
    return named(GAME.why(state, action, seat, random.Random(1)))


def test_every_rule_named_is_on_the_rules_page():
    rules = brief("rapa_nui")
    assert set(GAME.action_rules.values()) <= set(rules)
    assert len(rules) <= 14


# -- the rule a move follows ------------------------------------------------------------------
def test_rule_of_names_what_the_move_sets_off():
    state = position(phase="draw", market=ROWS, hands=[cards(fish=1), cards()],
                     displays=[cards(woodcutter=2), cards(woodcutter=1, moai=1)])
    rule = lambda row: GAME.rule_of(state, Draw(row=row), GREEN)  # noqa: E731
    assert rule(0) == "Scoring bonus"  # uncovers a Woodcutter: Green alone leads with 2
    assert rule(1) == "Moai rewards"  # uncovers a Moai, and Blue owns one
    assert rule(3) == "Scoring"  # uncovers a Grain gatherer: nobody's bonus
    assert rule(2) == "Drawing"  # empties the row: it is refilled
    state.deck = state.deck[:3]
    assert GAME.rule_of(state, Draw(row=2), GREEN) == "The end"  # no refill: the deck ran out
    assert GAME.rule_of(state, PlayCard(card="moai"), GREEN) == "Offering round"
    assert GAME.rule_of(state, PlayCard(card="fish"), GREEN) == "Playing a card"
    assert GAME.rule_of(state, SkipBuy(), GREEN) == "Buying offerings"


# -- the coach's why ---------------------------------------------------------------------------
def test_why_a_play_says_what_each_scoring_will_pay():
    state = position(hands=[cards(woodcutter=1, fish=2, moai=1), cards()], wood=[9, 0],
                     displays=[cards(woodcutter=2), cards(woodcutter=2, fish=1)])
    assert why(state, PlayCard(card="woodcutter")) == \
        "each Woodcutter scoring pays you 4 wood (with the bonus)"
    assert why(state, PlayCard(card="fish", count=2)) == \
        "each Fisher scoring pays you 2 fish offerings (with the bonus); buying one costs 3"
    assert why(state, PlayCard(card="moai")) == \
        "4 points at the end; opens an offering round; Moai scorings pay you 1 wood or fame"


def test_why_a_draw_names_the_uncovered_card_and_who_gains():
    state = position(phase="draw", market=ROWS, hands=[cards(fish=1), cards()],
                     displays=[cards(woodcutter=2), cards(woodcutter=1, moai=1)])
    assert why(state, Draw(row=0)) == "uncovers a Woodcutter: you +3 wood, Blue +1"
    assert why(state, Draw(row=1)) == "uncovers a Moai: nothing for you, Blue +1"
    assert why(state, Draw(row=3)) == "uncovers a Grain gatherer: no one scores"
    # an emptied row: the refill's card is unknown, so it is not named
    assert why(state, Draw(row=2)) == \
        "empties the row: it is refilled from the deck, and its new exposed card is scored"
    state.deck = state.deck[:3]
    assert "the game ends after this turn" in why(state, Draw(row=2))


def test_why_buying_or_not_weighs_wood_against_the_stone():
    state = position(phase="buy", hands=[cards(moai=1), cards()], wood=[6, 0],
                     displays=[cards(woodcutter=1, mulberry=1), cards()], stone_up=offs(fish=2, mulberry=1))
    assert why(state, BuyOffering(offering="mulberry")) == \
        "worth 2 points at the end as the stone stands; your Mulberry gatherer saves 1 wood"
    assert why(state, BuyOffering(offering="fish")) == "worth 3 points at the end as the stone stands"
    assert why(state, SkipBuy()) == "keeps your 6 wood for the Moai in your hand (7 wood)"


def test_why_a_moai_reward_counts_points_or_the_moai_it_pays_for():
    pending = [Pending(choice="moai_reward", seat=GREEN, amount=3, moais=2, bonus=True)]
    state = position(hands=[cards(moai=1), cards()], wood=[5, 0], pending=pending,
                     displays=[cards(moai=2), cards()])
    assert why(state, ChooseMoaiReward(reward="fame")) == "+3 fame: 3 points at the end"
    assert why(state, ChooseMoaiReward(reward="wood")) == \
        "+3 wood (8 in all): enough to raise the Moai in your hand"


def test_why_an_offering_counts_what_the_seats_offering_cards_are_then_worth():
    hand = offs(fish=1, grain=2, mulberry=1)
    state = position(offerings=[hand, offs(fish=1, sweet_potato=1)], stone_up=offs(grain=1),
                     pending=[Pending(choice="offer", seat=GREEN)])
    # grain on top (3), the rest none (2): fish 1 x 2 + grain 1 x 3 + mulberry 1 x 2 = 7
    assert why(state, Offer(offering="grain")) == "you keep 1; your offering cards then count 7 as the stone stands"
    assert why(state, Offer(offering="fish")) == \
        "your last fish; your offering cards then count 8 as the stone stands"
    state.pending = [Pending(choice="offer_face_down", seat=GREEN)]
    assert why(state, OfferFaceDown(offering="grain")).startswith("hidden from the others; you keep 1;")
    state.pending = [Pending(choice="supply_offer", seat=GREEN)]
    assert why(state, SupplyOffer(offering="grain")) == \
        "free; grain goes to 3 a card, your offering cards to 10 as the stone stands"
    state.supply["fish"] = 0
    state.pending = [Pending(choice="gain", seat=GREEN, offering="fish")]
    assert why(state, SubstituteKind(offering="grain")) == "worth 3 points at the end as the stone stands"


def test_why_reads_only_the_seats_view():
    """Two positions that differ only in what Green cannot see (Blue's hand
    and offering cards, the deck's order, the kind of Blue's face-down
    offering) give Green the same line for every move."""
    a = position(phase="draw", market=ROWS, hands=[cards(fish=1), cards(moai=1, priest=2)],
                 displays=[cards(woodcutter=2), cards(woodcutter=1, moai=1)],
                 offerings=[offs(fish=2, grain=1), offs(mulberry=3)], stone_down=[(BLUE, "mulberry")])
    b = a.model_copy(deep=True)
    b.hands[BLUE] = cards(woodcutter=2, grain=1)
    b.offerings[BLUE] = offs(fish=1, grain=1, sweet_potato=1)
    b.stone_down = [(BLUE, "fish")]
    b.deck = list(reversed(b.deck))
    assert a != b and GAME.view(a, GREEN) == GAME.view(b, GREEN)
    for phase, pending in (("draw", []), ("play", []), ("buy", []),
                           ("play", [Pending(choice="supply_offer", seat=GREEN)])):
        for s in (a, b):
            s.phase, s.pending = phase, pending
        lines = [[why(s, x) for x in GAME.legal_actions(a, GREEN)] for s in (a, b)]
        assert lines[0] == lines[1] and all(lines[0])
