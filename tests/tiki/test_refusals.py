"""Every refused input, one per IllegalAction path of Tiki's check(): each
leaves the state exactly as it was and gives a sentence a player can read."""

from __future__ import annotations

from typing import Literal

import pytest

from tabletop_tui.engine import Action, IllegalAction, Match, SeatConfig
from tabletop_tui.games.tiki.rules import Move, Pass, Place, Resolve, Shaman

from .util import GAME, MARSH, PURPLE, YELLOW, assert_readable, influence, play, position, refused


class Fly(Action):
    """An action from some other game."""

    kind: Literal["fly"] = "fly"


def over():
    return influence(1, PURPLE, fruit=(3, 0))[0]


def order():
    state = position({0: [YELLOW, PURPLE], 1: [PURPLE, YELLOW], 2: [YELLOW, PURPLE]}, active=PURPLE)
    play(state, Move(start=0, path=(1, 2)), PURPLE)
    assert state.phase == "order"
    return state


def shaman_phase():
    state = position({MARSH: [YELLOW, PURPLE], 3: [PURPLE]}, active=PURPLE,
                     shaman_variant=True, shaman=(0, 1))
    play(state, Move(start=3, path=(MARSH,)), PURPLE)
    assert state.phase == "shaman"
    return state


def turn(**stacks_and_more):
    return lambda: position(**stacks_and_more)


CASES = [
    # (id, make state, action, seat, words the reason must contain)
    ("game over", over, Place(village=8), YELLOW, "over"),
    ("wrong seat in a turn", position, Place(village=0), YELLOW, "turn"),
    ("wrong seat in the order choice", order, Resolve(village=1), PURPLE, "turn"),
    ("wrong seat for the shaman", shaman_phase, Shaman(), YELLOW, "turn"),
    ("resolve outside the order choice", position, Resolve(village=0), PURPLE, "no village waiting"),
    ("resolve a village not waiting", order, Resolve(village=4), YELLOW, "not waiting"),
    ("shaman outside its phase", position, Shaman(edge=(0, 1)), PURPLE, "marshland"),
    ("shaman on a diagonal", shaman_phase, Shaman(edge=(0, 4)), PURPLE, "neighbouring"),
    ("shaman off the board", shaman_phase, Shaman(edge=(8, 9)), PURPLE, "neighbouring"),
    ("shaman already there", shaman_phase, Shaman(edge=(0, 1)), PURPLE, "already there"),
    ("place during the order choice", order, Place(village=4), YELLOW, "first choose"),
    ("pass during the order choice", order, Pass(), YELLOW, "first choose"),
    ("move during the shaman choice", shaman_phase, Move(start=0, path=(1,)), PURPLE, "shaman"),
    ("place with no tikis left",
     lambda: position({v: [PURPLE, PURPLE] for v in range(4)}), Place(village=8), PURPLE, "all your tikis"),
    ("place on a non-empty village", lambda: position({4: [YELLOW]}), Place(village=4), PURPLE, "not empty"),
    ("move from an empty village", position, Move(start=4, path=(1,)), PURPLE, "no totem"),
    ("move a totem that is not yours",
     lambda: position({4: [PURPLE, YELLOW]}), Move(start=4, path=(1, 0)), PURPLE, "not yours"),
    ("move too short", lambda: position({4: [YELLOW, PURPLE]}), Move(start=4, path=(1,)), PURPLE, "exactly"),
    ("move too long", lambda: position({4: [PURPLE]}), Move(start=4, path=(1, 0)), PURPLE, "exactly"),
    ("move diagonally", lambda: position({4: [PURPLE]}), Move(start=4, path=(0,)), PURPLE, "diagonal"),
    ("move by a jump", lambda: position({3: [PURPLE]}), Move(start=3, path=(5,)), PURPLE, "one village at a time"),
    ("move back to the start",
     lambda: position({4: [YELLOW, PURPLE]}), Move(start=4, path=(5, 4)), PURPLE, "started from"),
    ("move into a village twice",
     lambda: position({0: [YELLOW, YELLOW, PURPLE]}), Move(start=0, path=(1, 2, 1)), PURPLE, "twice"),
    ("move across the shaman",
     lambda: position({4: [PURPLE]}, shaman_variant=True, shaman=(4, 5)), Move(start=4, path=(5,)), PURPLE,
     "shaman blocks"),
    ("pass when a move exists", position, Pass(), PURPLE, "may not pass"),
    ("an action of another game", position, Fly(), PURPLE, "not part of tiki"),
]


@pytest.mark.parametrize("make,action,seat,words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_without_change_and_with_a_reason(make, action, seat, words):
    refused(make(), action, seat, words)


def test_refused_through_a_match_changes_nothing(tmp_path):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], {"first_player": "Purple"},
                  seed=3, path=tmp_path / "t.json")
    match.apply(Place(village=4), PURPLE)
    saved = (tmp_path / "t.json").read_bytes()
    before = match.state.model_dump()
    for action, seat in [(Place(village=4), YELLOW), (Place(village=0), PURPLE), (Pass(), YELLOW),
                         ('{"kind": "place", "village": 12}', YELLOW), ("not json", YELLOW),
                         ({"kind": "place", "village": 0}, 7)]:
        with pytest.raises(IllegalAction) as info:
            match.apply(action, seat)
        assert_readable(info.value.reason)
        assert match.state.model_dump() == before
        assert len(match.log) == 1
        assert (tmp_path / "t.json").read_bytes() == saved, "a refused action is not saved"


MALFORMED = [
    "{not json",
    "",
    "[]",
    "42",
    b"\xff\xfe",
    '{"kind": "fly"}',
    '{"village": 3}',
    {"kind": "place"},
    {"kind": "place", "village": 9},
    {"kind": "place", "village": -1},
    {"kind": "place", "village": "centre"},
    {"kind": "place", "village": 3, "colour": "red"},
    {"kind": "move", "start": 0, "path": []},
    {"kind": "move", "start": 0, "path": "12"},
    {"kind": "move", "start": 10, "path": [1]},
    {"kind": "resolve", "village": None},
    {"kind": "shaman", "edge": [1, 2, 3]},
    {"kind": "shaman", "edge": [1]},
    {"kind": "pass", "now": True},
    None,
    ["place", 3],
]


@pytest.mark.parametrize("data", MALFORMED, ids=[repr(d)[:40] for d in MALFORMED])
def test_malformed_input_is_refused_with_a_reason(data):
    state = position({4: [YELLOW]})
    before = state.model_dump()
    with pytest.raises(IllegalAction) as info:
        action = GAME.parse_action(data)
        GAME.apply(state, action, PURPLE)  # not reached: parsing refuses
    assert info.value.reason.startswith("That input is not understood")
    assert_readable(info.value.reason)
    assert state.model_dump() == before


@pytest.mark.parametrize("text,expected", [
    ('{"kind": "place", "village": 3}', Place(village=3)),
    ('{"kind": "move", "start": 0, "path": [1, 2]}', Move(start=0, path=(1, 2))),
    ('{"kind": "resolve", "village": 5}', Resolve(village=5)),
    ('{"kind": "shaman", "edge": null}', Shaman()),
    ('{"kind": "shaman", "edge": [5, 4]}', Shaman(edge=(4, 5))),
    ('{"kind": "pass"}', Pass()),
])
def test_well_formed_input_parses(text, expected):
    action = GAME.parse_action(text)
    assert action == expected
    assert GAME.parse_action(action.model_dump(mode="json")) == expected
    assert GAME.parse_action(text.encode()) == expected
