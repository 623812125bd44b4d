"""The rules' unvalidated shortcuts give what the validated way gives."""

from __future__ import annotations

from tabletop_tui.engine.game import Event
from tabletop_tui.games.nisyros.log import event

from .util import new


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
