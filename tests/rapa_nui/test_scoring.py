"""Scorings (R6) of the newly exposed card, with the sole-leader bonus, the
Moai owners' choice of wood or fame, and the empty offering supply."""

from __future__ import annotations

import pytest

from tabletop_tui.games.rapa_nui.actions import ChooseMoaiReward, Draw, Offer, SubstituteKind
from tabletop_tui.games.rapa_nui.scoring import gatherer_gains, scoring_amounts, sole_leader

from .util import BLUE, GAME, GREEN, RED, cards, offs, play, position, refused, texts

OTHER_ROWS = [["priest", "priest"], ["woodcutter", "woodcutter"], ["moai", "moai"]]


def scoring_position(kind: str, displays, *, active: int = GREEN, supply=None, **kw):
    """The active player is about to take their last card from row 1, which
    exposes ``kind``: one Draw(row=0) scores it for everybody."""
    n = len(displays)
    hands = [cards(priest=3) for _ in range(n)]
    hands[active] = cards(priest=2)
    return position(n, active=active, phase="draw", hands=hands, displays=displays,
                    wood=kw.pop("wood", [0] * n), fame=kw.pop("fame", [0] * n),
                    offerings=kw.pop("offerings", [offs() for _ in range(n)]),
                    market=[[kind, "priest"]] + OTHER_ROWS, supply=supply, **kw)


def test_sole_leader_rule():
    assert sole_leader([3, 1]) == 0
    assert sole_leader([1, 0, 0]) is None  # the leader needs at least 2
    assert sole_leader([2, 2, 1]) is None  # shared lead: no bonus
    assert sole_leader([0, 2, 1, 1]) == 1
    assert scoring_amounts([3, 1, 0]) == [4, 1, 0]
    assert scoring_amounts([2, 2]) == [2, 2]
    assert gatherer_gains([3, 1, 0]) == [2, 1, 0]
    assert gatherer_gains([2, 2, 0]) == [1, 1, 0]
    assert gatherer_gains([1, 0]) == [1, 0]


# -- woodcutters and priests ------------------------------------------------------------------

def test_woodcutters_one_wood_each_and_the_sole_leader_one_more():
    state = scoring_position("woodcutter", [cards(woodcutter=3), cards(woodcutter=1), cards()], wood=[1, 1, 1])
    events = play(state, Draw(row=0), GREEN)
    assert state.wood == [1 + 4, 1 + 1, 1]
    assert texts(events).startswith("Green drew a Priest from row 1; Woodcutters scored: Green +4 wood (with the "
                                    "bonus), Blue +1 wood.")


@pytest.mark.parametrize("counts,gains", [([2, 2], [2, 2]), ([1, 0], [1, 0]), ([3, 3, 1], [3, 3, 1])])
def test_woodcutters_no_bonus_on_a_shared_lead_or_below_two(counts, gains):
    state = scoring_position("woodcutter", [cards(woodcutter=c) for c in counts])
    play(state, Draw(row=0), GREEN)
    assert state.wood == gains


def test_priests_one_fame_each_and_the_sole_leader_one_more():
    state = scoring_position("priest", [cards(priest=1), cards(priest=2), cards(priest=0), cards(priest=1)])
    events = play(state, Draw(row=0), GREEN)
    assert state.fame == [1, 3, 0, 1]
    assert "Priests scored: Green +1 fame, Blue +3 fame (with the bonus), Violet +1 fame." in texts(events)


def test_priests_shared_lead_no_bonus():
    state = scoring_position("priest", [cards(priest=2), cards(priest=2), cards(priest=1)])
    play(state, Draw(row=0), GREEN)
    assert state.fame == [2, 2, 1]


def test_scoring_a_kind_nobody_has():
    state = scoring_position("priest", [cards(woodcutter=1), cards(woodcutter=1)])
    events = play(state, Draw(row=0), GREEN)
    assert state.fame == [0, 0] and state.wood == [0, 0]
    assert "Priests scored: no one has a Priest." in texts(events)


# -- Moai -----------------------------------------------------------------------------------------

def test_moai_owners_choose_wood_or_fame_from_the_active_player_clockwise():
    # Blue draws; Blue has no Moai, so Red (next) then Green choose.
    state = scoring_position("moai", [cards(moai=2), cards(), cards(moai=1)], active=BLUE)
    events = play(state, Draw(row=0), BLUE)
    assert "Moais scored: Red 1 and Green 3 (with the bonus); each owner chooses wood or fame." in texts(events)
    assert GAME.to_act(state) == [RED]
    assert GAME.legal_actions(state, RED) == [ChooseMoaiReward(reward="wood"), ChooseMoaiReward(reward="fame")]
    assert GAME.legal_actions(state, GREEN) == [] and GAME.legal_actions(state, BLUE) == []
    view = GAME.view(state, GREEN)
    assert view.pending.seat == RED and view.pending.choice == "moai_reward"
    assert view.pending.prompt == "Red: choose wood or fame for 1 Moai."
    refused(state, ChooseMoaiReward(reward="fame"), GREEN, "Red's turn to choose")
    refused(state, Draw(row=1), BLUE, "Red's turn to choose")
    events = play(state, ChooseMoaiReward(reward="fame"), RED)
    assert state.fame == [0, 0, 1] and state.wood == [0, 0, 0]
    assert texts(events).startswith("Red takes 1 fame for 1 Moai.")
    assert GAME.to_act(state) == [GREEN]
    assert "with the bonus: 3" in GAME.view(state, None).pending.prompt
    events = play(state, ChooseMoaiReward(reward="wood"), GREEN)
    assert state.wood == [3, 0, 0] and state.fame == [0, 0, 1]
    assert "Green takes 3 wood for 2 Moais (with the bonus)." in texts(events)
    # Blue's third card was the last: the turn passed to Red
    assert state.active == RED and not state.pending


def test_moai_active_owner_chooses_first_and_shared_lead_has_no_bonus():
    state = scoring_position("moai", [cards(moai=2), cards(moai=2)], active=BLUE)
    play(state, Draw(row=0), BLUE)
    assert GAME.to_act(state) == [BLUE]
    play(state, ChooseMoaiReward(reward="wood"), BLUE)
    assert GAME.to_act(state) == [GREEN]
    play(state, ChooseMoaiReward(reward="fame"), GREEN)
    assert state.wood == [0, 2] and state.fame == [2, 0]


def test_moai_choice_refusals_leave_the_state_alone():
    state = scoring_position("moai", [cards(moai=1), cards()])
    play(state, Draw(row=0), GREEN)
    assert GAME.to_act(state) == [GREEN]
    refused(state, Draw(row=1), GREEN, "First choose wood or fame for your 1 Moai.")
    refused(state, SubstituteKind(offering="fish"), GREEN, "First choose wood or fame")
    refused(state, ChooseMoaiReward.model_construct(kind="moai_reward", reward="gold"), GREEN, "wood or fame")


# -- hunter-gatherers --------------------------------------------------------------------------------

def test_gatherers_one_offering_each_and_the_sole_leader_one_more():
    state = scoring_position("fish", [cards(fish=2), cards(fish=1), cards(grain=4)])
    supply = dict(state.supply)
    events = play(state, Draw(row=0), GREEN)
    assert [o["fish"] for o in state.offerings] == [2, 1, 0]
    assert state.supply["fish"] == supply["fish"] - 3
    assert "Fishers scored: Green +2 fish offerings (with the bonus), Blue +1 fish offering." in texts(events)


@pytest.mark.parametrize("counts,gains", [([2, 2, 0], [1, 1, 0]), ([1, 0, 0], [1, 0, 0]), ([5, 5, 5], [1, 1, 1])])
def test_gatherers_no_bonus_on_a_shared_lead_or_below_two(counts, gains):
    state = scoring_position("grain", [cards(grain=c) for c in counts])
    play(state, Draw(row=0), GREEN)
    assert [o["grain"] for o in state.offerings] == gains


def test_empty_supply_each_owed_player_chooses_another_kind_in_order():
    # Blue draws and exposes a Fisher; 1 fish left. Order: Blue, Red, Green,
    # then Green's bonus card.
    state = scoring_position("fish", [cards(fish=2), cards(fish=1), cards(fish=1)], active=BLUE,
                             supply=offs(fish=1, grain=4, mulberry=4, sweet_potato=0))
    play(state, Draw(row=0), BLUE)
    assert state.offerings[BLUE]["fish"] == 1 and state.supply["fish"] == 0
    assert GAME.to_act(state) == [RED]
    # only kinds still in the supply are offered
    assert GAME.legal_actions(state, RED) == [SubstituteKind(offering="grain"), SubstituteKind(offering="mulberry")]
    refused(state, SubstituteKind(offering="fish"), RED, "The fish supply is empty; choose another kind.")
    refused(state, SubstituteKind(offering="sweet_potato"), RED, "sweet potato supply is empty too")
    refused(state, SubstituteKind(offering="grain"), GREEN, "Red's turn to choose")
    refused(state, Offer(offering="grain"), RED, "First choose another kind of offering card to take: the fish supply is empty.")
    events = play(state, SubstituteKind(offering="grain"), RED)
    assert "The fish supply is empty: Red takes a grain offering instead." in texts(events)
    assert GAME.to_act(state) == [GREEN]
    play(state, SubstituteKind(offering="mulberry"), GREEN)
    assert GAME.to_act(state) == [GREEN]
    assert GAME.view(state, GREEN).pending.choice == "gain"
    play(state, SubstituteKind(offering="mulberry"), GREEN)
    assert state.offerings[GREEN] == offs(mulberry=2)
    assert state.offerings[RED] == offs(grain=1)
    assert state.supply == offs(fish=0, grain=3, mulberry=2, sweet_potato=0)
    assert not state.pending and state.active == RED


def test_empty_supply_with_one_kind_left_is_taken_without_asking():
    state = scoring_position("mulberry", [cards(mulberry=3), cards(mulberry=1)],
                             supply=offs(fish=0, grain=0, mulberry=0, sweet_potato=5))
    events = play(state, Draw(row=0), GREEN)
    assert not state.pending and state.active == BLUE
    assert state.offerings[GREEN] == offs(sweet_potato=2) and state.offerings[BLUE] == offs(sweet_potato=1)
    assert "The mulberry supply is empty: Green takes a sweet potato offering, the only kind left." in texts(events)


def test_empty_supply_with_nothing_left_gives_nothing():
    state = scoring_position("sweet_potato", [cards(sweet_potato=1), cards(sweet_potato=2)],
                             supply=offs())
    events = play(state, Draw(row=0), GREEN)
    assert state.offerings == [offs(), offs()]
    assert "The offering supply is empty: Blue gains nothing." in texts(events)
    assert not state.pending and state.active == BLUE


def test_the_bonus_card_comes_after_every_base_card():
    # two fish left: Green (active, 1 Fisher) and Blue (sole leader) take the
    # base cards; Blue's bonus card must be a substitute.
    state = scoring_position("fish", [cards(fish=1), cards(fish=3)],
                             supply=offs(fish=2, grain=1, mulberry=1))
    play(state, Draw(row=0), GREEN)
    assert state.offerings[GREEN]["fish"] == 1 and state.offerings[BLUE]["fish"] == 1
    assert GAME.to_act(state) == [BLUE] and GAME.view(state, BLUE).pending.choice == "gain"
    play(state, SubstituteKind(offering="grain"), BLUE)
    assert state.offerings[BLUE] == offs(fish=1, grain=1)
