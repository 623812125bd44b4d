"""Actions: pydantic models discriminated by ``kind``, parsed from JSON text,
bytes or dicts; anything malformed is an IllegalAction with a reason."""

from __future__ import annotations

from typing import Annotated, Literal, Union

import pytest
from pydantic import Field, TypeAdapter, ValidationError

from tabletop_tui.engine import Action, IllegalAction, parse_action

from .secret_game import Bump, Draw, Guess, SecretGame


class Pick(Action):
    kind: Literal["pick"] = "pick"
    card: int = Field(ge=0, le=9)
    face_up: bool = False


class Stop(Action):
    kind: Literal["stop"] = "stop"


ADAPTER = TypeAdapter(Annotated[Union[Pick, Stop], Field(discriminator="kind")])


@pytest.mark.parametrize("data,expected", [
    ('{"kind": "pick", "card": 3}', Pick(card=3)),
    (b'{"kind": "pick", "card": 3, "face_up": true}', Pick(card=3, face_up=True)),
    ({"kind": "pick", "card": 9}, Pick(card=9)),
    ({"kind": "stop"}, Stop()),
    ('{"kind":"stop"}', Stop()),
])
def test_actions_parse_from_json_and_dicts(data, expected):
    action = parse_action(ADAPTER, data)
    assert action == expected and type(action) is type(expected)


def test_round_trip_through_json():
    for action in (Pick(card=4, face_up=True), Stop()):
        assert parse_action(ADAPTER, action.model_dump_json()) == action
        assert parse_action(ADAPTER, action.model_dump(mode="json")) == action


@pytest.mark.parametrize("data,words", [
    ('{"kind": "jump"}', "kind"),                       # unknown kind
    ({"kind": "jump"}, "kind"),
    ({"card": 3}, "kind"),                              # no kind
    ({"kind": "pick"}, "card"),                         # missing field
    ({"kind": "pick", "card": "ace"}, "card"),          # bad field type
    ({"kind": "pick", "card": 3, "suit": "x"}, "suit"),  # unknown field
    ({"kind": "pick", "card": 10}, "card"),             # out of range
    ({"kind": "pick", "card": -1}, "card"),
    ({"kind": "stop", "now": 1}, "now"),
    ("{not json", "JSON"),
    ("", "JSON"),
    (b"\xff\x00", "JSON"),
    ("[1, 2]", ""),
    (42, ""),
    (None, ""),
])
def test_malformed_actions_are_refused_with_a_reason(data, words):
    with pytest.raises(IllegalAction) as info:
        parse_action(ADAPTER, data)
    reason = info.value.reason
    assert reason.startswith("That input is not understood (") and reason.endswith(").")
    assert "\n" not in reason and "pydantic.dev" not in reason
    assert words in reason
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_actions_are_frozen_hashable_and_compare_by_value():
    a, b = Pick(card=2), Pick(card=2)
    assert a == b and hash(a) == hash(b) and a.key() == b.key()
    assert a != Pick(card=3) and a != Pick(card=2, face_up=True)
    assert len({a, b, Stop()}) == 2
    with pytest.raises(ValidationError):
        a.card = 5  # type: ignore[misc]
    # model_construct (what legal_actions uses) equals the validated form
    assert Pick.model_construct(kind="pick", card=2, face_up=False) == a


def test_game_parse_action_uses_the_games_union():
    game = SecretGame()
    assert game.parse_action('{"kind": "bump", "by": 2}') == Bump(by=2)
    assert game.parse_action({"kind": "draw"}) == Draw()
    assert game.parse_action({"kind": "guess", "number": 6}) == Guess(number=6)
    for bad in ({"kind": "guess", "number": 7}, {"kind": "pick", "card": 1}, {"kind": "bump", "by": 3}):
        with pytest.raises(IllegalAction):
            game.parse_action(bad)


def test_illegal_action_carries_its_reason():
    err = IllegalAction("That village is not empty.")
    assert err.reason == str(err) == "That village is not empty."
