"""The offering round after a Moai (R5)."""

from __future__ import annotations

from tabletop_tui.games.rapa_nui.actions import (
    ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SupplyOffer,
)

from .util import BLUE, GAME, GREEN, RED, VIOLET, cards, offs, play, position, refused, texts


def moai_position(players=4, active=RED, offerings=None, supply=None):
    hands = [cards(priest=3) for _ in range(players)]
    hands[active] = cards(moai=1, priest=2)
    wood = [0] * players
    wood[active] = 8
    if offerings is None:
        offerings = [offs(fish=1, grain=1, mulberry=1, sweet_potato=1) for _ in range(players)]
    return position(players, active=active, hands=hands, wood=wood, offerings=offerings, supply=supply)


def test_round_goes_from_the_left_neighbour_then_the_owner_face_down_then_the_supply():
    state = moai_position()
    events = play(state, PlayCard(card="moai"), RED)
    assert "Red raised a Moai for 7 wood: an offering round begins with Violet." in texts(events)
    assert state.wood[RED] == 1 and state.displays[RED]["moai"] == 1
    order = []
    kinds = {VIOLET: "fish", GREEN: "grain", BLUE: "fish"}
    while state.pending and state.pending[0].choice == "offer":
        seat = GAME.to_act(state)[0]
        order.append(seat)
        assert set(GAME.legal_actions(state, seat)) == {Offer(offering=k) for k in
                                                        ("fish", "grain", "mulberry", "sweet_potato")}
        events = play(state, Offer(offering=kinds[seat]), seat)
        assert f"put a {kinds[seat].replace('_', ' ')} offering face up on the stone" in texts(events)
    assert order == [VIOLET, GREEN, BLUE]
    assert state.stone_up == offs(fish=2, grain=1)
    # the owner: one of theirs face down
    assert GAME.to_act(state) == [RED]
    assert GAME.view(state, RED).pending.choice == "offer_face_down"
    refused(state, Offer(offering="fish"), RED, "First put one of your offering cards face down")
    events = play(state, OfferFaceDown(offering="mulberry"), RED)
    public = [e for e in events if not e.private]
    private = [e for e in events if e.private]
    assert [e.text for e in public] == ["Red put an offering card face down on the stone."]
    assert [(e.seat, e.text) for e in private] == [(RED, "You put a mulberry offering face down on the stone.")]
    assert state.stone_down == [(RED, "mulberry")]
    assert state.offerings[RED] == offs(fish=1, grain=1, sweet_potato=1)
    # then one of any kind from the supply, face up
    assert GAME.to_act(state) == [RED]
    assert len(GAME.legal_actions(state, RED)) == 4
    supply = dict(state.supply)
    events = play(state, SupplyOffer(offering="sweet_potato"), RED)
    assert "Red put a sweet potato offering from the supply face up on the stone." in texts(events)
    assert state.supply["sweet_potato"] == supply["sweet_potato"] - 1
    assert state.stone_up == offs(fish=2, grain=1, sweet_potato=1)
    # and the owner's turn goes on with drawing
    assert state.phase == "draw" and GAME.to_act(state) == [RED] and not state.pending


def test_players_without_offerings_are_skipped_and_single_kinds_are_offered_automatically():
    offerings = [offs(fish=2), offs(), offs(grain=1, mulberry=1), offs(sweet_potato=3)]
    state = moai_position(active=RED, offerings=offerings)
    events = play(state, PlayCard(card="moai"), RED)
    # Violet only has sweet potato: offered for her; Green only fish; Blue nothing
    txt = texts(events)
    assert "Violet put a sweet potato offering face up on the stone." in txt
    assert "Green put a fish offering face up on the stone." in txt
    assert "Blue has no offering card to put on the stone." in txt
    # Red has two kinds: asked to choose the face-down one
    assert GAME.to_act(state) == [RED]
    assert state.stone_up == offs(fish=1, sweet_potato=1)
    assert [o for o in state.offerings] == [offs(fish=1), offs(), offs(grain=1, mulberry=1), offs(sweet_potato=2)]


def test_owner_without_offerings_still_offers_from_the_supply():
    offerings = [offs(fish=1, grain=1), offs()]
    state = moai_position(players=2, active=BLUE, offerings=offerings)
    play(state, PlayCard(card="moai"), BLUE)
    assert GAME.to_act(state) == [GREEN]
    events = play(state, Offer(offering="grain"), GREEN)
    assert "Blue has no offering card to put on the stone." in texts(events)
    assert state.stone_down == []
    assert GAME.to_act(state) == [BLUE] and GAME.view(state, BLUE).pending.choice == "supply_offer"
    play(state, SupplyOffer(offering="fish"), BLUE)
    assert state.stone_up == offs(fish=1, grain=1)


def test_supply_offer_with_one_kind_left_or_none():
    offerings = [offs(), offs()]
    state = moai_position(players=2, active=GREEN, offerings=offerings, supply=offs(grain=2))
    events = play(state, PlayCard(card="moai"), GREEN)
    assert "Green put a grain offering from the supply face up on the stone." in texts(events)
    assert state.phase == "draw" and not state.pending
    state = moai_position(players=2, active=GREEN, offerings=offerings, supply=offs())
    events = play(state, PlayCard(card="moai"), GREEN)
    assert "The offering supply is empty: Green adds nothing from it." in texts(events)
    assert state.stone_up == offs() and state.stone_down == []


def test_offering_refusals():
    state = moai_position(players=3, active=GREEN,
                          offerings=[offs(fish=1, grain=1), offs(fish=1, grain=1), offs(fish=2, grain=1)])
    play(state, PlayCard(card="moai"), GREEN)
    assert GAME.to_act(state) == [BLUE]
    refused(state, Offer(offering="mulberry"), BLUE, "You have no mulberry offering card.")
    refused(state, Offer(offering="fish"), RED, "Blue's turn to choose")
    refused(state, OfferFaceDown(offering="fish"), BLUE, "First put one of your offering cards face up")
    refused(state, SupplyOffer(offering="fish"), BLUE, "First put one of your offering cards face up on the stone.")
    refused(state, ChooseMoaiReward(reward="wood"), BLUE, "First put")
    refused(state, Draw(row=0), GREEN, "Blue's turn to choose")
    play(state, Offer(offering="fish"), BLUE)
    play(state, Offer(offering="grain"), RED)
    refused(state, OfferFaceDown(offering="mulberry"), GREEN, "You have no mulberry offering card.")
    play(state, OfferFaceDown(offering="fish"), GREEN)
    refused(state, SupplyOffer.model_construct(kind="supply_offer", offering="coconut"), GREEN,
            "no such kind of offering card")
    state.supply["mulberry"] = 0
    refused(state, SupplyOffer(offering="mulberry"), GREEN, "The supply has no mulberry offering cards left.")


def test_face_down_kind_is_hidden_from_others_but_its_number_is_public():
    state = moai_position(players=2, active=GREEN, offerings=[offs(fish=1, grain=1), offs(fish=1, grain=1)])
    play(state, PlayCard(card="moai"), GREEN)
    play(state, Offer(offering="fish"), BLUE)
    play(state, OfferFaceDown(offering="grain"), GREEN)
    mine = GAME.view(state, GREEN)
    theirs = GAME.view(state, BLUE)
    assert mine.stone.my_face_down == offs(grain=1)
    assert theirs.stone.my_face_down == offs()
    assert theirs.stone.face_down == 1 and theirs.stone.face_down_by_seat == [1, 0]
    assert theirs.stone.face_down_revealed is None
    # Blue's known values cannot count the face-down grain; Green's do
    assert mine.offering_values_exact and not theirs.offering_values_exact
    assert theirs.offering_values == {"fish": 3, "grain": 2, "mulberry": 2, "sweet_potato": 2}
    assert mine.offering_values == {"fish": 3, "grain": 3, "mulberry": 2, "sweet_potato": 2}
    # the same view for Blue whatever kind Green laid
    other = state.model_copy(deep=True)
    other.stone_down = [(GREEN, "mulberry")]
    assert GAME.view(other, BLUE) == theirs
