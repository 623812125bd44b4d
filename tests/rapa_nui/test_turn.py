"""The turn (R4): buying an offering card, playing a card, drawing back to 3."""

from __future__ import annotations

import pytest

from tabletop_tui.games.rapa_nui.actions import BuyOffering, Draw, PlayCard, SkipBuy

from .util import BLUE, GAME, GREEN, cards, offs, play, position, refused, texts

ROWS = [["priest", "priest", "priest", "priest"],
        ["moai", "moai", "moai", "woodcutter"],
        ["fish", "fish", "grain", "grain"],
        ["woodcutter", "woodcutter", "priest", "moai"]]


# -- 1. buying ---------------------------------------------------------------------------------

def buy_position(**kw):
    base = dict(phase="buy", hands=[cards(priest=3), cards(priest=3)],
                displays=[cards(woodcutter=1, fish=2), cards(woodcutter=1)], wood=[3, 3])
    base.update(kw)
    return position(2, **base)


def test_buying_costs_five_less_one_per_gatherer_of_that_kind():
    state = buy_position()
    assert set(GAME.legal_actions(state, GREEN)) == {BuyOffering(offering="fish"), SkipBuy()}
    events = play(state, BuyOffering(offering="fish"), GREEN)
    assert state.wood[GREEN] == 0  # 5 - 2 fishers = 3
    assert state.offerings[GREEN]["fish"] == 2
    assert state.supply["fish"] == 23 - 1
    assert state.phase == "play"
    assert "Green bought a fish offering for 3 wood" in texts(events)


def test_buying_is_never_below_zero():
    state = buy_position(displays=[cards(woodcutter=1, grain=7), cards(woodcutter=1)], wood=[0, 3])
    assert GAME.legal_actions(state, GREEN) == [BuyOffering(offering="grain"), SkipBuy()]
    play(state, BuyOffering(offering="grain"), GREEN)
    assert state.wood[GREEN] == 0 and state.offerings[GREEN]["grain"] == 2


def test_buying_refusals():
    state = buy_position()
    refused(state, BuyOffering(offering="grain"), GREEN, "A grain offering costs you 5 wood; you have 3.")
    state = buy_position(supply=offs(fish=0, grain=5, mulberry=5, sweet_potato=5))
    refused(state, BuyOffering(offering="fish"), GREEN, "no fish offering cards left")
    refused(state, PlayCard(card="priest"), GREEN, "first decide whether to buy")
    refused(state, Draw(row=0), GREEN, "first decide whether to buy")


def test_only_one_purchase_per_turn():
    state = buy_position(wood=[10, 3])
    play(state, BuyOffering(offering="fish"), GREEN)
    refused(state, BuyOffering(offering="fish"), GREEN, "buying comes before playing")
    refused(state, SkipBuy(), GREEN, "buying comes before playing")


def test_skip_buy_goes_on_to_play():
    state = buy_position()
    play(state, SkipBuy(), GREEN)
    assert state.phase == "play" and state.offerings[GREEN]["fish"] == 1 and state.wood[GREEN] == 3


def test_buy_step_is_skipped_when_no_purchase_is_affordable():
    # Blue will have 1 wood and no gatherers: nothing to buy, straight to play.
    state = position(2, phase="draw", hands=[cards(priest=2), cards(priest=3)], wood=[0, 1],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)], market=ROWS)
    play(state, Draw(row=0), GREEN)  # priests scored: nobody has any
    assert state.active == BLUE and state.phase == "play"
    # ...but it is offered when a purchase is affordable
    state = position(2, phase="draw", hands=[cards(priest=2), cards(priest=3)], wood=[0, 5],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)], market=ROWS)
    play(state, Draw(row=0), GREEN)
    assert state.active == BLUE and state.phase == "buy"


# -- 2. playing --------------------------------------------------------------------------------

def test_woodcutter_and_priest_are_free():
    for card in ("woodcutter", "priest"):
        state = position(2, hands=[cards(**{card: 1}, moai=2), cards(priest=3)], wood=[0, 0],
                         displays=[cards(), cards()])
        assert GAME.legal_actions(state, GREEN) == [PlayCard(card=card)]
        play(state, PlayCard(card=card), GREEN)
        assert state.displays[GREEN][card] == 1 and state.hands[GREEN][card] == 0
        assert state.wood[GREEN] == 0 and state.phase == "draw"


def test_a_moai_costs_seven_wood():
    state = position(2, hands=[cards(moai=1, priest=2), cards(priest=3)], wood=[5, 0],
                     offerings=[offs(), offs()])
    refused(state, PlayCard(card="moai"), GREEN, "A Moai costs 7 wood; you have 5.")
    assert PlayCard(card="moai") not in GAME.legal_actions(state, GREEN)
    state = position(2, hands=[cards(moai=1, priest=2), cards(priest=3)], wood=[9, 0],
                     offerings=[offs(), offs()])
    play(state, PlayCard(card="moai"), GREEN)
    assert state.wood[GREEN] == 2 and state.displays[GREEN]["moai"] == 1


@pytest.mark.parametrize("count,cost", [(1, 0), (2, 1), (3, 2)])
def test_hunter_gatherers_one_to_three_cost_0_1_2(count, cost):
    state = position(2, hands=[cards(fish=3), cards(priest=3)], wood=[2, 0],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)])
    assert set(GAME.legal_actions(state, GREEN)) == {PlayCard(card="fish", count=n) for n in (1, 2, 3)}
    events = play(state, PlayCard(card="fish", count=count), GREEN)
    assert state.wood[GREEN] == 2 - cost
    assert state.displays[GREEN]["fish"] == count and state.hands[GREEN]["fish"] == 3 - count
    assert "Green played" in texts(events)


def test_gatherer_count_is_limited_by_wood_hand_and_kind():
    state = position(2, hands=[cards(fish=2, grain=1), cards(priest=3)], wood=[0, 0])
    assert set(GAME.legal_actions(state, GREEN)) == {PlayCard(card="fish"), PlayCard(card="grain")}
    refused(state, PlayCard(card="fish", count=2), GREEN, "Playing 2 Fishers costs 1 wood; you have 0.")
    state = position(2, hands=[cards(fish=2, grain=1), cards(priest=3)], wood=[5, 0])
    refused(state, PlayCard(card="fish", count=3), GREEN, "You hold only 2 Fishers.")
    refused(state, PlayCard(card="grain", count=2), GREEN, "You hold only a Grain gatherer.")
    refused(state, PlayCard(card="mulberry"), GREEN, "You have no Mulberry gatherer in your hand.")
    state = position(2, hands=[cards(priest=3), cards(priest=3)], wood=[5, 0])
    refused(state, PlayCard(card="priest", count=2), GREEN, "Only hunter-gatherers can be played several")


def test_a_player_who_can_afford_no_card_plays_none_and_draws_none():
    state = position(2, phase="draw", hands=[cards(priest=2), cards(moai=3)], wood=[0, 6],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)], market=ROWS,
                     offerings=[offs(fish=1), offs(fish=1)])
    market = [list(r) for r in state.market]
    play(state, Draw(row=2), GREEN)  # Green's last draw: grain scored (nobody has any)
    # Blue: 6 wood and only Moais in hand: may still buy (5 wood), then cannot play
    assert state.active == BLUE and state.phase == "buy"
    events = play(state, SkipBuy(), BLUE)
    assert "Blue can afford no card in hand, so plays none and draws none this turn." in texts(events)
    # Blue's turn passed without playing or drawing; Green is next
    assert state.active == GREEN
    assert state.hands[BLUE] == cards(moai=3) and state.wood[BLUE] == 6
    market[2].pop()
    assert state.market == market


def test_stuck_player_turn_passes_by_itself_with_an_event():
    state = position(2, phase="draw", hands=[cards(priest=2), cards(moai=3)], wood=[0, 3],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)], market=ROWS)
    events = play(state, Draw(row=2), GREEN)
    assert "Blue can afford no card in hand, so plays none and draws none this turn." in texts(events)
    assert state.active == GREEN and state.turn == 3
    assert state.hands[BLUE] == cards(moai=3)


# -- 3. drawing --------------------------------------------------------------------------------

def test_draw_back_to_three_with_a_scoring_after_each_card():
    state = position(2, hands=[cards(fish=3), cards(priest=3)], wood=[2, 0], fame=[0, 0],
                     displays=[cards(woodcutter=2, priest=1), cards(woodcutter=1, priest=2)],
                     market=ROWS)
    play(state, PlayCard(card="fish", count=3), GREEN)
    assert state.phase == "draw"
    assert GAME.view(state, GREEN).cards_to_draw == 3
    # row 3: take the Moai, exposing a Priest: priests scored
    events = play(state, Draw(row=3), GREEN)
    assert state.fame == [1, 3]  # Blue has the sole lead with 2
    assert texts(events) == ("Green drew a Moai from row 4; Priests scored: Green +1 fame, "
                             "Blue +3 fame (with the bonus).")
    assert events[0].reveals
    # take the Priest, exposing a Woodcutter: woodcutters scored
    play(state, Draw(row=3), GREEN)
    assert state.wood == [0 + 3, 0 + 1]  # Green sole leader with 2
    assert state.phase == "draw" and GAME.to_act(state) == [GREEN]
    # third card: the turn ends
    play(state, Draw(row=1), GREEN)  # woodcutter taken, moai exposed: nobody has a Moai
    assert state.hands[GREEN] == cards(moai=1, priest=1, woodcutter=1)
    assert state.active == BLUE


def test_draw_refusals():
    state = position(2, phase="draw", hands=[cards(fish=1), cards(priest=3)],
                     market=[["priest"], [], ["moai"], ["fish"]])
    refused(state, Draw(row=1), GREEN, "Row 2 is empty")
    refused(state, Draw.model_construct(kind="draw", row=7), GREEN, "only rows 1 to 4")
    refused(state, PlayCard(card="fish"), GREEN, "already played a card this turn")
    refused(state, SkipBuy(), GREEN, "buying comes before playing")
    assert GAME.legal_actions(state, GREEN) == [Draw(row=0), Draw(row=2), Draw(row=3)]


def test_emptied_row_is_refilled_and_its_new_exposed_card_scored():
    deck = ["moai"] * 6 + ["fish", "fish", "grain", "woodcutter"]  # top is the end
    state = position(2, phase="draw", hands=[cards(fish=2), cards(priest=3)], wood=[0, 0],
                     displays=[cards(woodcutter=1), cards(woodcutter=3)],
                     market=[["priest"], ROWS[1], ROWS[2], ROWS[3]], deck=deck)
    events = play(state, Draw(row=0), GREEN)
    # refilled with the deck's top 4, dealt in order; the last dealt is exposed
    assert state.market[0] == ["woodcutter", "grain", "fish", "fish"]
    assert state.deck == ["moai"] * 6
    assert state.offerings[GREEN]["fish"] == 1 and state.offerings[BLUE]["fish"] == 1  # nobody has Fishers
    txt = texts(events)
    assert "Green drew a Priest from row 1." in txt
    assert "Row 1 was refilled from the deck" in txt and "Fishers scored: no one has a Fisher." in txt
    assert all(e.reveals for e in events[:2])
    assert not state.end_triggered


def test_refill_that_takes_the_last_cards_ends_the_game_after_the_turn_r7():
    state = position(2, phase="draw", hands=[cards(fish=1), cards(priest=3)], wood=[0, 0],
                     displays=[cards(woodcutter=1), cards(woodcutter=1)],
                     market=[["priest"], ROWS[1], ROWS[2], ROWS[3]],
                     deck=["woodcutter", "priest", "moai", "priest"])
    play(state, Draw(row=0), GREEN)
    assert state.market[0] == ["priest", "moai", "priest", "woodcutter"]
    assert state.deck == [] and state.end_triggered
    assert state.wood == [1, 1]  # the new exposed woodcutter was scored
    assert not GAME.is_over(state)  # Green still draws a card
    events = play(state, Draw(row=1), GREEN)
    assert GAME.is_over(state)
    assert "The deck has run out." in state.end_reason
    assert "Final scores" in texts(events)


def test_row_the_deck_cannot_refill_stays_empty_and_scores_nothing():
    state = position(2, phase="draw", hands=[cards(), cards(priest=3)], wood=[0, 0], fame=[0, 0],
                     displays=[cards(woodcutter=1, priest=2), cards(woodcutter=1)],
                     market=[["priest"], ROWS[1], ROWS[2], ROWS[3]], deck=["moai", "priest"])
    events = play(state, Draw(row=0), GREEN)
    assert state.market[0] == [] and state.deck == ["moai", "priest"]
    assert state.wood == [0, 0] and state.fame == [0, 0]
    assert state.end_triggered and not GAME.is_over(state)
    assert "stays empty and nothing is scored" in texts(events)
    assert Draw(row=0) not in GAME.legal_actions(state, GREEN)
    # the turn goes on: two more cards, each scoring the newly exposed card
    play(state, Draw(row=3), GREEN)  # exposes a Priest: Green +3 fame (bonus)
    assert state.fame == [3, 0]
    play(state, Draw(row=3), GREEN)
    assert GAME.is_over(state)


def test_turn_passes_to_the_left_clockwise():
    state = position(3, active=2, phase="draw", hands=[cards(priest=3), cards(priest=3), cards(fish=2)],
                     wood=[0, 0, 0], market=ROWS)
    play(state, Draw(row=0), 2)
    assert state.active == 0 and state.turn == 2
