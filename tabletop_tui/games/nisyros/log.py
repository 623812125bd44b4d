"""Nisyros: the game log's events, built without validation.

The rules write two or three events a decision, all from their own text and
seat numbers, so they skip pydantic's validation: ``event(text=..., seat=...)``
gives the object ``Event(text=..., seat=...)`` would (the same fields, in the
same order, the same fields marked as set), as ``model_construct`` does but in
a fraction of its time.
"""

from __future__ import annotations

from tabletop_tui.engine.game import Event

_new = object.__new__
_set = object.__setattr__
#: the fields set, by [a seat given][reveals] (each event gets its own copy)
_GIVEN = [[{"text"}, {"text", "reveals"}], [{"text", "seat"}, {"text", "seat", "reveals"}]]


def event(text: str, seat: int | None = None, reveals: bool = False) -> Event:
    """An unvalidated ``Event`` of the rules' own ``text`` (the fields set are
    those passed, as in ``Event(text=..., seat=..., reveals=...)``)."""
    e = _new(Event)
    _set(e, "__dict__", {"text": text, "seat": seat, "reveals": reveals, "private": False})
    _set(e, "__pydantic_fields_set__", _GIVEN[seat is not None][reveals].copy())
    _set(e, "__pydantic_extra__", None)
    _set(e, "__pydantic_private__", None)
    return e
