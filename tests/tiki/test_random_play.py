"""Property tests: random legal play to the end, for many seeds and both
variants, keeps every invariant; legal_actions agrees with check; a Match
survives save -> load -> replay."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_tui.engine import IllegalAction, Match, SeatConfig
from tabletop_tui.games.tiki.rules import NEIGHBOURS, Move, Pass, Place, Resolve, Shaman, TikiOptions

from ..disk import no_fsync
from .util import GAME, check_invariants

#: Random games end in about 100 actions (the longest of 600 was 239).
MAX_ACTIONS = 3000

seeds = st.integers(min_value=0, max_value=2**48 - 1)
firsts = st.sampled_from(["random", *GAME.seat_names(2)])


def random_game(seed: int, shaman: bool, play_seed: int, first: str = "random"):
    """Yield (state, seat to act) before every action of a random legal game,
    then play the action; finally yield (state, None) at the end."""
    state = GAME.new_state(2, TikiOptions(shaman=shaman, first_player=first), seed)
    rng = random.Random(play_seed)
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            yield state, None
            return
        (seat,) = GAME.to_act(state)
        yield state, seat
        GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


@settings(max_examples=60, deadline=None)
@given(seed=seeds, shaman=st.booleans(), play_seed=st.integers(0, 2**32 - 1), first=firsts)
def test_random_play_keeps_the_invariants_and_ends(seed, shaman, play_seed, first):
    state = GAME.new_state(2, TikiOptions(shaman=shaman, first_player=first), seed)
    rng = random.Random(play_seed)
    check_invariants(state)
    seen_phases = set()
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal, "the seat to act always has an action (a pass at least)"
        assert GAME.legal_actions(state, 1 - seat) == []
        assert len(set(legal)) == len(legal), "no action listed twice"
        assert GAME.status(state, seat)
        action = rng.choice(legal)
        assert GAME.describe_action(state, action, seat)
        prev_phase, prev_active, prev_turn = state.phase, state.active, state.turn
        events = GAME.apply(state, action, seat)
        assert events and all(e.text for e in events)
        assert not any(e.reveals for e in events), "Tiki reveals nothing after set-up"
        seen_phases.add(state.phase)
        check_invariants(state)
        if not GAME.is_over(state) and state.phase == "turn":
            if prev_phase == "turn" and action.kind != "pass" and state.turn == prev_turn:
                raise AssertionError("a place/move left the turn unfinished")
            if state.turn != prev_turn:
                assert state.active == 1 - prev_active and state.turn == prev_turn + 1
        if not shaman:
            assert state.phase != "shaman" and state.shaman is None
    else:
        raise AssertionError(f"no end after {MAX_ACTIONS} actions")
    result = GAME.result(state)
    assert result.winners == [state.winner]
    assert max(state.fruit) >= 4 or state.reserve == 0 or state.sudden_death


# -- legal_actions agrees with check ------------------------------------------------------------

def random_action(state, rng: random.Random):
    """A random well-formed Tiki action, biased towards near-legal moves."""
    kind = rng.choice(["place", "move", "move", "move", "resolve", "shaman", "pass"])
    if kind == "place":
        return Place(village=rng.randrange(9))
    if kind == "resolve":
        return Resolve(village=rng.randrange(9))
    if kind == "pass":
        return Pass()
    if kind == "shaman":
        if rng.random() < 0.2:
            return Shaman()
        a = rng.randrange(9)
        b = rng.choice(NEIGHBOURS[a]) if rng.random() < 0.7 else rng.randrange(9)
        return Shaman(edge=(a, b))
    occupied = [v for v in range(9) if state.stacks[v]] or [4]
    start = rng.choice(occupied) if rng.random() < 0.8 else rng.randrange(9)
    length = len(state.stacks[start]) if rng.random() < 0.7 else rng.randint(1, 4)
    length = max(1, length)
    path, at = [], start
    for _ in range(length):
        at = rng.choice(NEIGHBOURS[at]) if rng.random() < 0.85 else rng.randrange(-1, 10)
        path.append(at)
        if not 0 <= at <= 8:
            at = 4
    return Move(start=start, path=tuple(path))


def accepted(state, action, seat) -> bool:
    before = state.model_dump()
    try:
        GAME.check(state, action, seat)
    except IllegalAction:
        return False
    finally:
        assert state.model_dump() == before, "check() must not change the state"
    return True


@settings(max_examples=40, deadline=None)
@given(seed=seeds, shaman=st.booleans(), play_seed=st.integers(0, 2**32 - 1))
def test_legal_actions_agree_with_check(seed, shaman, play_seed):
    rng = random.Random(play_seed ^ 0xABCDEF)
    for state, to_act in random_game(seed, shaman, play_seed):
        for seat in (0, 1):
            legal = GAME.legal_actions(state, seat)
            if seat != to_act:
                assert legal == []
            before = state.model_dump()
            for action in legal:
                assert accepted(state, action, seat), action
                clone = GAME.clone(state)
                GAME.apply(clone, action, seat)  # and it plays
                check_invariants(clone)
            assert state.model_dump() == before, "playing on a clone leaves the original alone"
            legal_set = set(legal)
            for _ in range(25):
                action = random_action(state, rng)
                assert accepted(state, action, seat) == (action in legal_set), (action, seat, state.phase)


def every_action():
    """Every well-formed action with paths of 1 or 2 villages."""
    out = [Pass(), Shaman()]
    out += [Place(village=v) for v in range(9)] + [Resolve(village=v) for v in range(9)]
    out += [Shaman(edge=(a, b)) for a in range(9) for b in range(a, 9)]
    for start in range(9):
        for n in (1, 2):
            out += [Move(start=start, path=p) for p in itertools.product(range(9), repeat=n)]
    return out


EVERY_ACTION = every_action()


def test_legal_actions_are_exactly_the_accepted_ones_exhaustively():
    for seed, shaman in [(1, False), (2, True), (3, True)]:
        for state, to_act in random_game(seed, shaman, seed):
            if to_act is None:
                continue
            legal = set(GAME.legal_actions(state, to_act))
            assert {a for a in EVERY_ACTION if accepted(state, a, to_act)} == legal
            assert all(not accepted(state, a, 1 - to_act) for a in legal)


# -- Match: save -> load -> replay -------------------------------------------------------------

def as_input(action, rng: random.Random):
    """The same action as an object, a dict or JSON text."""
    form = rng.randrange(3)
    if form == 0:
        return action
    if form == 1:
        return action.model_dump(mode="json")
    return action.model_dump_json()


@settings(max_examples=25, deadline=None)
@given(seed=seeds, shaman=st.booleans(), play_seed=st.integers(0, 2**32 - 1),
       stop=st.one_of(st.integers(0, 60), st.just(MAX_ACTIONS)))
@no_fsync()  # a save on every move, read back at once: the disk's flush proves nothing here
def test_save_load_replay_reaches_the_same_state(seed, shaman, play_seed, stop):
    seats = [SeatConfig(name="Ana"), SeatConfig(name="Ben")]
    match = Match("tiki", seats, {"shaman": shaman}, seed=seed)
    rng = random.Random(play_seed)
    while not match.is_over() and len(match.log) < stop:
        (seat,) = match.to_act()
        match.apply(as_input(rng.choice(match.legal_actions(seat)), rng), seat)
    if not match.log:
        match.save()  # autosave happens after an action; none was played yet
    assert match.path is not None and match.path.exists()

    loaded = Match.load(match.path)
    assert loaded.state == match.state
    assert loaded.state.model_dump() == match.state.model_dump()
    assert [e.model_dump() for e in loaded.log] == [e.model_dump() for e in match.log]
    assert loaded.history == match.history
    assert (loaded.seed, loaded.match_id, loaded.seats, loaded.options) == \
           (match.seed, match.match_id, match.seats, match.options)

    fresh = Match("tiki", seats, {"shaman": shaman}, seed=seed, autosave=False)
    for entry in match.log:
        fresh.apply(entry.action, entry.seat)
    assert fresh.state == match.state

    # The loaded match plays on exactly like the original.
    rng_a, rng_b = random.Random(play_seed + 1), random.Random(play_seed + 1)
    for _ in range(40):
        if match.is_over():
            assert loaded.is_over()
            break
        (seat,) = match.to_act()
        match.apply(rng_a.choice(match.legal_actions(seat)), seat)
        loaded.apply(rng_b.choice(loaded.legal_actions(seat)), seat)
        assert loaded.state == match.state
