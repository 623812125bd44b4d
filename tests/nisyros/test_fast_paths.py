"""The rules' unvalidated shortcuts give what the validated way gives."""

from __future__ import annotations

import random

from tabletop_tui.engine.game import Event
from tabletop_tui.games.nisyros.log import event

from .util import G, new


def test_an_unvalidated_event_is_the_event_pydantic_builds():
    for kw in ({"text": "a"}, {"text": "b", "seat": 2}, {"text": "c", "reveals": True},
               {"text": "d", "seat": 0, "reveals": True}):
        fast, slow = event(**kw), Event(**kw)
        assert fast == slow
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.model_dump() == slow.model_dump()
        assert fast.model_dump(exclude_unset=True) == slow.model_dump(exclude_unset=True)


def test_a_state_field_set_directly_is_set_as_pydantic_sets_it():
    s = new(3)
    s.wheat = 7
    s.phase = "move"
    assert s.wheat == 7 and s.phase == "move"
    assert {"wheat", "phase"} <= s.model_fields_set
    assert type(s).model_validate(s.model_dump()) == s


def test_whole_games_played_without_the_log_match_the_logged_games():
    """The quiet path (``play_silent``: the rules get no log and build no
    text) changes the state exactly as ``apply`` does, lava flights included."""
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        loud, quiet = G.new_state(players, None, seed), G.new_state(players, None, seed)
        rng = random.Random(seed)
        while not G.is_over(loud):
            seat = G.to_act(loud)[0]
            action = rng.choice(G.legal_actions(loud, seat))
            G.apply(loud, action, seat)
            G.play_silent(quiet, action, seat)
            assert quiet.model_dump() == loud.model_dump()
        assert G.is_over(quiet)
