"""Nayakas: the legal moves as shared frozen objects and the tables they
are built from, worked out once at import (docs/nayakas-design.md, "Engine
speed"): each cache is keyed by the content it describes, so none can go
stale. Used by every part of the rules."""

from __future__ import annotations

from typing import Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event

from .actions import (Build, Pass, Place, PlayCard)
from .data import ARTISANS, C, KINGDOMS, Effect
from .spaces import (ALL_SPACES, SPACE, effect_of)
from .state import NayakasState, Worker

SETUP = C.board.setup
CAP = SETUP.resource_cap
ART_CAP = SETUP.artisan_cap
PASS = Pass.model_construct(kind="pass")


_PLACE_CACHE: dict[tuple, Place] = {}


def _place(sid: str, w: str, benefit: bool, c: int, a: int, a2: int, t: str, x: str, gs: int = 0,
           gc: int = 0) -> Place:
    """A Place action, built once per distinct value (actions are frozen)."""
    key = (sid, w, benefit, c, a, a2, t, x, gs, gc)
    act = _PLACE_CACHE.get(key)
    if act is None:
        act = _PLACE_CACHE[key] = Place.model_construct(kind="place", space=sid, worker=w, benefit=benefit, choice=c,
                                                        amount=a, amount2=a2, target=t, extra=x, gold_stone=gs,
                                                        gold_clay=gc)
    return act


_EVENT_NEW = Event.__new__
_SET = object.__setattr__


def log_event(text: str, **more: Any) -> Event:
    """``Event(text=text, **more)`` without validation: the rules' own log
    lines (a str of their own words, an int seat, bool marks) are already
    what the model holds. The same fields, in the same order, marked set as
    the validating constructor marks them."""
    ev = _EVENT_NEW(Event)
    fields = {"text": text, "seat": None, "reveals": False, "private": False}
    if more:
        fields.update(more)
    _SET(ev, "__dict__", fields)
    _SET(ev, "__pydantic_fields_set__", {"text", *more})
    _SET(ev, "__pydantic_extra__", None)
    _SET(ev, "__pydantic_private__", None)
    return ev


assert list(Event.model_fields) == ["text", "seat", "reveals", "private"], "log_event must follow Event's fields"


class _Quiet(list):
    """The log of ``play_silent``: it keeps nothing, and the rules write no
    line to it (each line is built only when ``type(ev) is not _Quiet``)."""

    def append(self, item) -> None:  # type: ignore[override]
        pass

    def insert(self, index, item) -> None:  # type: ignore[override]
        pass


_UNSEEN = object()
#: id of a component Effect -> its variants when they depend on nothing but
#: the effect (its options), else None; components live as long as the process
_PLAIN: dict[int, Any] = {}


def _plain_variants(eff: Effect) -> tuple | None:
    """The variants of an effect that names no amount, target or free choice."""
    if eff.convert is not None or eff.exchange is not None or eff.special in ("repeat", "retrieve", "empire_other"):
        return None
    return _intern(tuple((c, 0, 0, "", 0, 0) for c in (range(len(eff.options)) if eff.options else (-1,))))


def _static_variants() -> dict[str, tuple[tuple, bool]]:
    """Kingdom and Empire spaces whose benefit has a fixed list of variants
    (no payment, amount, target or free choice): space -> (variants, False)."""
    out = {}
    for sid in ALL_SPACES:
        eff = effect_of(None, sid) if SPACE[sid][0] in ("kingdom", "empire") else None  # type: ignore[arg-type]
        if eff is not None and not eff.pay:
            plain = _plain_variants(eff)
            if plain is not None:
                out[sid] = (plain, False)
    return out


#: variants tuples by content: one object per distinct tuple of ways to take a
#: benefit, so a list of Places can be remembered by the tuple's identity
_INTERNED: dict[tuple, tuple] = {}
#: a small key naming what a benefit's ways depend on (an Event's count and
#: the tokens and goods held; a temple tile's exchange and the goods held)
#: -> the interned tuple of those ways: a pure function of its key
_VARIANTS: dict[tuple, tuple] = {}


def _intern(variants: tuple) -> tuple:
    """The one tuple equal to ``variants`` (see ``_INTERNED``)."""
    got = _INTERNED.get(variants)
    if got is None:
        if len(_INTERNED) > 50_000:
            _INTERNED.clear()
        got = _INTERNED[variants] = variants
    return got


def _remember(key: tuple, variants: tuple) -> tuple:
    """Store the interned ``variants`` under ``key`` in ``_VARIANTS``."""
    if len(_VARIANTS) > 50_000:
        _VARIANTS.clear()
    got = _VARIANTS[key] = _intern(variants)
    return got


def _event_ways(key: tuple) -> tuple:
    """The ways to use an Event that ``_event_variants`` names by ``key``."""
    if key[0] == "gold":
        return tuple((-1, n, 0, "", 0, 0) for n in range(1, key[1] + 1))
    if key[0] == "stone_clay":
        # Ruling K7: Gold may pay any part of the Stone and Clay, even while they are held.
        _, tokens, stone, clay, gold = key
        res = {"stone": stone, "clay": clay, "gold": gold}
        return tuple((-1, a, b, "", gs, gc) for a in range(0, tokens + 1) for b in range(0, tokens - a + 1)
                     if a + b >= 1 for gs, gc in gold_splits(res, a, b))
    return ((-1, key[1], 0, "", 0, 0),) if key[1] else ()


#: (space, worker, Envoys' Tribute extra, is an Event, identity of an
#: interned variants tuple) -> (that tuple, the Place actions it makes, in
#: order). The tuple is held, so its identity cannot pass to another object
#: while the entry lives, and it is compared on every look-up: never stale.
_PLACE_LISTS: dict[tuple, tuple[tuple, list]] = {}


def _place_list(sid: str, w: str, x: str, event: bool, variants: tuple) -> list:
    """The Place actions of ``variants`` (an interned tuple, see ``_intern``)."""
    key = (sid, w, x, event, id(variants))
    got = _PLACE_LISTS.get(key)
    if got is not None and got[0] is variants:
        return got[1]
    acts = [_place(sid, w, True, c, a, a2, t, x, gs, gc) for c, a, a2, t, gs, gc in variants]
    if not event:
        acts.append(_place(sid, w, False, -1, 0, 0, "", x))
    if len(_PLACE_LISTS) > 50_000:
        _PLACE_LISTS.clear()
    _PLACE_LISTS[key] = (variants, acts)
    return acts


def gold_splits(res: dict[str, int], stone: int, clay: int, gold: int = 0) -> list[tuple[int, int]]:
    """Every way Gold may help pay ``stone`` Stone and ``clay`` Clay besides
    ``gold`` Gold (ruling K7): (Gold for Stone, Gold for Clay), any part of
    each, the rest in Stone and Clay held, within the Gold held."""
    left = res["gold"] - gold
    return [(gs, gc) for gs in range(max(0, stone - res["stone"]), min(stone, left) + 1)
            for gc in range(max(0, clay - res["clay"]), min(clay, left - gs) + 1)]


_CHOICE_CACHE: dict[tuple, Action] = {}


def _choice(cls: type, kind: str, **fields) -> Action:
    """A tile or temple choice, built once per distinct value (actions are frozen)."""
    key = (kind, *fields.values())
    act = _CHOICE_CACHE.get(key)
    if act is None:
        act = _CHOICE_CACHE[key] = cls.model_construct(kind=kind, **fields)
    return act


_CARD_CACHE: dict[tuple, PlayCard] = {}


def _card_action(card: str, choice: str) -> PlayCard:
    """A PlayCard action, built once per distinct value (actions are frozen)."""
    act = _CARD_CACHE.get((card, choice))
    if act is None:
        act = _CARD_CACHE[card, choice] = PlayCard.model_construct(kind="card", card=card, choice=choice)
    return act


def _among(action: Action, actions: list[Action]) -> bool:
    """``action in actions``, by identity first (the moves handed out are
    shared objects) and only then by value."""
    for a in actions:
        if a is action:
            return True
    return action in actions


_STATIC_VARIANTS = _static_variants()
#: kingdom -> the Borderlands outside it (its Diplomats pay to go there)
_OUTSIDE = {k: frozenset(s for s in ALL_SPACES if SPACE[s][1] == "borderland" and k not in SPACE[s][2])
            for k in KINGDOMS}
#: worker -> space -> its Place actions, for the spaces of ``_STATIC_VARIANTS``
#: (taken from inside one's kingdom, where Envoys' Tribute gives nothing)
_STATIC_PLACES = {w: {sid: _place_list(sid, w, "", False, v) for sid, (v, _) in _STATIC_VARIANTS.items()}
                  for w in ("laborer", "diplomat")}
#: (seat, worker type) -> the frozen Worker pawn
_WORKERS: dict[tuple[int, str], Worker] = {}
_BUILD_CACHE: dict[tuple, Build] = {}
#: kingdom -> building id -> per Section: (Stone, Clay, Architects, Masons, Sculptors) as printed
_SECTION_COSTS = {pb.kingdom: {b.id: [tuple(sec.cost.get(k, 0) for k in ("stone", "clay", *ARTISANS))
                                      for sec in b.sections] for b in pb.buildings}
                  for pb in C.player_boards.boards}


def _build_action(building: str, section: int, saving: str, gold_stone: int, gold_clay: int) -> Build:
    """A Build action, built once per distinct value (actions are frozen)."""
    key = (building, section, saving, gold_stone, gold_clay)
    act = _BUILD_CACHE.get(key)
    if act is None:
        act = _BUILD_CACHE[key] = Build.model_construct(kind="build", building=building, section=section,
                                                        saving=saving, gold_stone=gold_stone, gold_clay=gold_clay)
    return act


_NAMES = {n: [f"{{s{i}}}" for i in range(n)] for n in range(1, 9)}


def _order(st: NayakasState, first: int) -> list[int]:
    return [(first + i) % st.players for i in range(st.players)]
