"""The fast move generator and the unchecked play path answer as the
slow, reasoned rules do (issue 19): the Places of ``legal_actions`` on
every space and worker agree with ``entry``; the Culture ``_play`` charges
agrees with ``entry``'s; and seeded random games are the games they were
before the engine was made faster (their moves and final states hashed)."""

from __future__ import annotations

import hashlib
import random

import pytest

from tabletop_tui.games.nayakas.spaces import ALL_SPACES

from .util import GAME, fresh

WORKERS = ("laborer", "diplomat")


def _worker_turns(players: int, seed: int):
    """(state, seat to act) at every worker-phase turn of a seeded random game."""
    rng = random.Random(seed)
    st = fresh(players, seed=seed)
    while st.phase != "over":
        seat = GAME.to_act(st)[0]
        if st.phase == "worker" and not st.pending:
            yield st, seat
        GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)), seat)


def test_legal_places_are_on_exactly_the_spaces_entry_opens():
    """Each (worker, space) of the legal Places is one ``entry`` lets in,
    and each one it lets in has a Place (a placement without the action,
    or on an Event a way to use it): the Laborer's spaces read off the
    Diplomat's scan included."""
    seen = 0
    for players in (2, 3, 4):
        for st, seat in _worker_turns(players, seed=10 + players):
            legal = {(a.worker, a.space) for a in GAME.legal_actions(st, seat) if a.kind == "place"}
            opened = set()
            for w in WORKERS:
                for sid in ALL_SPACES:
                    if GAME.entry(st, seat, sid, w)[0] is not None and GAME._placements(st, seat, only=(w, sid)):
                        opened.add((w, sid))
            assert legal == opened, (players, seat)
            seen += len(legal)
    assert seen > 1000


def test_the_full_list_is_the_narrow_lists_in_order():
    """The one-pass generator of a turn's Places gives, in order, what
    ``check``'s narrow question (``only`` = worker and space, by way of
    ``entry``) gives for each worker and space: a Laborer's before a
    Diplomat's, each in board order; also with Envoys' Tribute and with
    Laborers as Diplomats (the spaces where a fixed list cannot serve)."""
    seen = 0
    for players in (2, 3, 4):
        for st, seat in _worker_turns(players, seed=20 + players):
            p = st.seats[seat]
            keep = (p.flags, p.built)
            for extra in ([], ["lab_dip"]):
                p.flags = keep[0] + extra
                full = [a for a in GAME.legal_actions(st, seat) if a.kind == "place"]
                narrow = [a for w in WORKERS for sid in ALL_SPACES for a in GAME._placements(st, seat, only=(w, sid))]
                assert full == narrow, (players, seat, extra)
                seen += len(full)
            p.flags = keep[0]
    assert seen > 5000


def test_envoys_tribute_places_name_stone_or_clay_for_each_worker_that_leaves():
    """With Envoys' Tribute face up, every Place of a worker counting as a
    Diplomat outside its kingdom names Stone or Clay, and both are offered."""
    for st, seat in _worker_turns(3, seed=7):
        if st.round < 2:
            continue
        p = st.seats[seat]
        b0 = next(b for b, secs in p.built.items() if secs[0] is None)
        p.built[b0][0] = "diplomat_stone_clay_1"  # Envoys' Tribute, face up
        p.sections_built += 1
        p.flags = p.flags + ["lab_dip"]
        full = [a for a in GAME.legal_actions(st, seat) if a.kind == "place"]
        away = [a for a in full if GAME.outside(st, seat, a.space)]
        assert away and all(a.extra in ("stone", "clay") for a in away)
        assert {a.worker for a in away} == {w for w in WORKERS if (p.avail_laborers if w == "laborer" else p.avail_diplomats)}
        narrow = [a for w in WORKERS for sid in ALL_SPACES for a in GAME._placements(st, seat, only=(w, sid))]
        assert full == narrow
        return
    raise AssertionError("no worker turn after the first round")


def test_the_culture_a_placement_pays_is_the_price_entry_names():
    """``entry_cost`` (the unchecked path's price) equals ``entry``'s
    wherever a worker may go, for every seat, also after Royal Envoy and
    the Empire's free entry."""
    seen = priced = 0
    for players in (2, 3, 4):
        for st, _ in _worker_turns(players, seed=20 + players):
            for seat in range(players):
                p = st.seats[seat]
                for flags in ([], ["envoy"], ["empire_free"]):
                    keep = p.flags
                    p.flags = keep + flags
                    for w in WORKERS:
                        for sid in ALL_SPACES:
                            cost = GAME.entry(st, seat, sid, w)[0]
                            if cost is not None:
                                assert GAME.entry_cost(st, p, sid) == cost, (sid, w, flags)
                                seen += 1
                                priced += cost
                    p.flags = keep
    assert seen > 1000 and priced > 100


#: sha256 (first 16 hex digits) of the moves and final states of three
#: seeded random games per player count, as the rules played them at
#: e0d3e0c, before the engine was made faster: a faster engine plays the
#: same games. A change of the rules that changes them must say so here.
SAME_GAMES = {2: "5b508740bf304d60", 3: "70f1358da635d7b2", 4: "d410e78044ed54ef"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_games_are_the_games_they_were(players):
    h = hashlib.sha256()
    rng = random.Random(100 + players)
    for _ in range(3):
        st = GAME.new_state(players, None, rng.getrandbits(48))
        while st.phase != "over":
            seat = GAME.to_act(st)[0]
            a = rng.choice(GAME.legal_actions(st, seat))
            h.update(a.model_dump_json().encode())
            GAME.apply(st, a, seat)
        h.update(st.model_dump_json().encode())
    assert h.hexdigest()[:16] == SAME_GAMES[players]


def test_the_silent_path_writes_no_log_line(monkeypatch):
    """``play_silent`` (the search's path) builds no Event and no text in
    a whole seeded game, and reaches the state ``apply`` reaches."""
    from tabletop_tui.games.nayakas import cleanup, play, scoring

    def no_event(*args, **kwargs):
        raise AssertionError("the silent path built a log line")

    rng = random.Random(9)
    for players in (2, 4):
        st = fresh(players, seed=players)
        loud = GAME.clone(st)
        while st.phase != "over":
            seat = GAME.to_act(st)[0]
            a = rng.choice(GAME.legal_actions(st, seat))
            GAME.apply(loud, a, seat)
            with monkeypatch.context() as m:
                for mod in (cleanup, play, scoring):
                    m.setattr(mod, "Event", no_event)
                    m.setattr(mod, "log_event", no_event)
                m.setattr(type(GAME), "text", property(no_event))
                GAME.play_silent(st, a, seat)
        assert st.model_dump() == loud.model_dump()
