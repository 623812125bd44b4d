"""Random play to the end (hypothesis) with invariants after every action,
save -> load -> replay through Match, refusals of random wrong inputs, and
the bots."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from tabletop_tui.engine import Match, RandomBot, SearchBot, SeatConfig
from tabletop_tui.engine.errors import IllegalAction

from .util import GAME, check_invariants, fresh

MAX_ACTIONS = 4000


def lean(legal, rng: random.Random, eager: float):
    """With probability ``eager``: build if possible, else anything but
    passing or skipping a space's action; otherwise any legal action."""
    if rng.random() < eager:
        builds = [a for a in legal if a.kind == "build"]
        if builds:
            return rng.choice(builds)
        busy = [a for a in legal if a.kind != "pass" and getattr(a, "benefit", True)]
        if busy:
            return rng.choice(busy)
    return rng.choice(legal)


def random_game(players: int, seed: int, rng: random.Random, eager: float):
    """Random legal actions, preferring anything but passing with
    probability ``eager`` (so buildings get finished)."""
    state = fresh(players, seed=seed)
    check_invariants(state)
    for n in range(MAX_ACTIONS):
        if GAME.is_over(state):
            return state, n
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = lean(legal, rng, eager)
        rnd = state.round
        GAME.apply(state, action, seat)
        check_invariants(state)
        assert state.round >= rnd
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(min_value=0, max_value=2**48), rng=st_.randoms(use_true_random=False),
       eager=st_.sampled_from([0.5, 0.95]))
def test_random_play_ends_and_keeps_every_invariant(players, seed, rng, eager):
    state, n = random_game(players, seed, rng, eager)
    assert GAME.is_over(state) and n > 0 and state.round <= 9
    res = GAME.result(state)
    assert res.winners and set(res.scores) == set(range(players))
    assert all(v >= 0 for v in res.scores.values())


def test_random_play_reaches_the_interesting_rules():
    """Across a batch of leaning games every kind of choice comes up."""
    seen = set()
    for seed in range(12):
        state = fresh(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            if state.pending:
                seen.add(state.pending[0].choice)
            action = lean(GAME.legal_actions(state, seat), rng, 0.97)
            seen.add(action.kind)
            GAME.apply(state, action, seat)
        seen.add(state.end_reason)
    assert {"section_tile", "temple", "facility", "borderland", "place", "build", "card", "pass"} <= seen
    assert "The third Event has expired." in seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_match_save_load_replay(players, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    names = ["Ana", "Ben", "Cleo", "Dev"][:players]
    match = Match("nayakas", [SeatConfig(name=n) for n in names], seed=4242 + players)
    rng = random.Random(players)
    checkpoints = {5, 60, 150}
    k = 0
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        busy = [a for a in legal if a.kind != "pass"]
        action = rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(legal)
        match.apply(action.model_dump(mode="json"), seat)
        k += 1
        if k in checkpoints or match.is_over():
            loaded = Match.load(match.path)
            assert loaded.state == match.state
            fresh_match = Match("nayakas", [SeatConfig(name=n) for n in names], seed=match.seed, autosave=False)
            for entry in match.log:
                fresh_match.apply(entry.action, entry.seat)
            assert fresh_match.state == match.state
            assert json.loads(fresh_match.state.model_dump_json()) == json.loads(match.state.model_dump_json())
    assert match.result().winners
    for seat in range(players):
        for e in match.events_for(seat):
            assert not e.private or e.seat == seat
    assert all(not e.private for e in match.events_for(None))


def test_random_wrong_inputs_are_refused_without_change():
    state = fresh(3, seed=11)
    rng = random.Random(11)
    junk = [{"kind": "place", "space": "keladi_quarry", "worker": "diplomat", "amount": 3},
            {"kind": "build", "building": "fort", "section": 1}, {"kind": "tile", "index": 2, "face_up": True},
            {"kind": "card", "card": "royal_grant"}, {"kind": "temple", "ruler": True},
            {"kind": "borderland", "index": 0, "space": "mysore_hills"}, {"kind": "facility", "index": 1}]
    for _ in range(300):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        for data in junk:
            act = GAME.parse_action(data)
            if act not in legal:
                before = state.model_dump_json()
                with pytest.raises(IllegalAction):
                    GAME.apply(state, act, seat)
                assert state.model_dump_json() == before
        for other in range(3):
            if other != seat and legal:
                with pytest.raises(IllegalAction):
                    GAME.apply(state, legal[0], other)
        GAME.apply(state, rng.choice(legal), seat)


def test_bots_play_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    match = Match("nayakas", [SeatConfig(name=n, bot="random") for n in ("Ana", "Ben", "Cleo")], seed=5,
                  autosave=False)
    match.play_bots()
    assert match.is_over() and match.result().winners
    check_invariants(match.state)


def test_search_bot_moves_are_legal():
    bot = SearchBot(iterations=20, seconds=5, playout_limit=40)
    state = fresh(2, seed=17)
    rng = random.Random(17)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        action = bot.choose(GAME, state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, action, seat)
    check_invariants(state)


def test_heuristic_is_in_range_and_even_at_the_start():
    state = fresh(3, seed=1)
    vals = [GAME.heuristic(state, s) for s in range(3)]
    assert all(0 <= v <= 1 for v in vals) and max(vals) - min(vals) < 0.05
