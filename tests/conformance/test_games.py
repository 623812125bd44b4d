"""What every registered game promises the engine, checked by random legal
play (several seeds, every seat count): ``check`` agrees with
``legal_actions`` (and ``explain`` with both); a refused input changes nothing; save, load and replay
reach an equal state; clones are independent; ``determinize`` keeps the
seat's view and reads nothing else; views hide what their seat may not see;
a random game ends; and the template's roles (``roles.py``): the files,
no import circle, the rules at the bottom of the folder, static data, the
text role's signatures (one ``why`` for every game) and the Game's words
coming from it.

Parametrised over ``registry.games()``, so a game gets these checks the day
it registers (tests/conformance/test_new_game.py runs them over a game
registered only for the test).
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any, Iterator

import pytest
from pydantic import ValidationError

from tabletop_tui.engine import registry
from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.match import Match, SeatConfig

from ..refusals import assert_readable
from . import roles

GAMES = registry.games()
#: a random game longer than this is taken as one that never ends
MAX_ACTIONS = 4000
#: random games per seat count, and how often a state is looked at closely
SEEDS = (1, 2, 3)
EVERY = 3




def seat_counts(game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def dump(state) -> str:
    return state.model_dump_json()


@functools.cache
def random_game(game_id: str, players: int, seed: int) -> tuple[tuple[int, Action], ...]:
    """The ``(seat, action)`` moves of a random legal game, chosen once per
    run (six tests walk each game); raises if it does not end."""
    game = registry.get(game_id)
    state = game.new_state(players, None, seed)
    rng = random.Random(seed * 31 + players)
    moves: list[tuple[int, Action]] = []
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            return tuple(moves)
        actors = game.to_act(state)
        assert actors, "the game is not over but no seat is to act"
        seat = rng.choice(actors)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        moves.append((seat, rng.choice(legal)))
        game.apply(state, moves[-1][1], seat)
    raise AssertionError(f"{game.id}: a random game did not end within {MAX_ACTIONS} actions")


def random_play(game, players: int, seed: int) -> Iterator[tuple[Any, int]]:
    """Yield ``(state, step)`` before every action of a random legal game
    (the yielded state is then played on: its own copy for each caller)."""
    state = game.new_state(players, None, seed)
    for step, (seat, action) in enumerate(random_game(game.id, players, seed)):
        yield state, step
        game.apply(state, action, seat)
    assert game.is_over(state), "the game replays to its end"


def sampled_states(game, players: int, seed: int) -> Iterator[Any]:
    """Every ``EVERY``-th state of a random game (the caller may read it,
    not change it), and the final one."""
    last = None
    for state, step in random_play(game, players, seed):
        last = state
        if step % EVERY == 0:
            yield state
    if last is not None:
        yield last


CASES = [pytest.param(g, p, s, id=f"{g.id}-{p}p-seed{s}") for g in GAMES for p in seat_counts(g) for s in SEEDS]


def mutations(game, action: Action) -> Iterator[Action]:
    """Valid actions of the game's schema that differ from ``action`` in one
    field: a flag flipped, an integer one up or down, a tuple with its last
    entry dropped or changed."""
    data = action.model_dump(mode="json")
    for key, value in data.items():
        if key == "kind":
            continue
        candidates: list[Any] = []
        if isinstance(value, bool):
            candidates = [not value]
        elif isinstance(value, int):
            candidates = [value + 1, value - 1]
        elif isinstance(value, list):
            candidates = [value[:-1]] if value else []
            if value and isinstance(value[-1], int):
                candidates.append(value[:-1] + [value[-1] + 1])
        for c in candidates:
            try:
                yield game.parse_action({**data, key: c})
            except (IllegalAction, ValidationError):
                continue


def assert_refused_unchanged(game, state, action, seat) -> str:
    before = dump(state)
    explained = game.explain(state, action, seat)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, seat)
    assert explained == info.value.reason, "explain does not give the sentence apply gives"
    assert dump(state) == before, f"refusing {action!r} for seat {seat} changed the state"
    # a reason may name seats by placeholder, as events do: the table fills them in
    reason = re.sub(r"\{s(\d)\}", lambda m: f"Player {int(m.group(1)) + 1}", info.value.reason)
    assert_readable(reason)
    return reason


@pytest.mark.parametrize("game,players,seed", CASES)
def test_check_agrees_with_legal_actions(game, players, seed):
    """Every listed action passes ``check``; other seats' actions, actions of
    seats not to act and mutated actions that are not listed are refused
    with a readable sentence, leaving the state as it was."""
    seen: list[Action] = []
    for state in sampled_states(game, players, seed):
        actors = game.to_act(state) if not game.is_over(state) else []
        legal = {s: game.legal_actions(state, s) for s in range(players)}
        before = dump(state)
        for s in range(players):
            if s not in actors:
                assert legal[s] == [], f"seat {s} is not to act but has legal actions"
            for a in legal[s]:
                game.check(state, a, s)
                assert game.explain(state, a, s) is None
            assert len(set(legal[s])) == len(legal[s]), "an action is listed twice"
        assert dump(state) == before, "check or legal_actions changed the state"
        listed = [a for s in range(players) for a in legal[s]]
        for s in range(players):
            mine = set(legal[s])
            for a in listed:
                if a not in mine:
                    assert_refused_unchanged(game, state, a, s)
            for a in legal[s][:6]:
                for m in mutations(game, a):
                    if m not in mine:
                        assert_refused_unchanged(game, state, m, s)
        seen = listed or seen
        if game.is_over(state):
            for s in range(players):  # an action legal earlier is refused once the game is over
                assert_refused_unchanged(game, state, seen[0], s)


@pytest.mark.parametrize("game,players,seed", CASES)
def test_silent_play_changes_the_state_as_apply_does(game, players, seed):
    """``play_silent`` (the search bot's path, without the log) leaves the
    same state as ``apply`` for every sampled action."""
    rng = random.Random(seed)
    for state in sampled_states(game, players, seed):
        if game.is_over(state):
            continue
        for s in game.to_act(state):
            legal = game.legal_actions(state, s)
            for a in rng.sample(legal, min(4, len(legal))):
                loud, quiet = game.clone(state), game.clone(state)
                game.apply(loud, a, s)
                assert game.play_silent(quiet, a, s) is None
                assert dump(quiet) == dump(loud)


@pytest.mark.parametrize("game,players,seed", CASES)
def test_save_load_and_replay_give_an_equal_state(game, players, seed, tmp_path):
    seats = [SeatConfig(name=f"P{i + 1}") for i in range(players)]
    match = Match(game, seats, seed=seed, autosave=False)
    bot, rng = RandomBot(), random.Random(seed)
    path = tmp_path / "game.json"
    for step in range(MAX_ACTIONS):
        if match.is_over():
            break
        seat = match.to_act()[0]
        match.apply(bot.choose(game, match.state, seat, rng), seat)
        if step % 25 == 0 or match.is_over():
            match.save(path)
            loaded = Match.load(path, autosave=False)
            assert dump(loaded.state) == dump(match.state)
            assert loaded.state == match.state
            assert [e.model_dump() for e in loaded.log] == [e.model_dump() for e in match.log]
            # the loaded game plays on like the original
            if not match.is_over():
                s = match.to_act()[0]
                a = bot.choose(game, match.state, s, random.Random(step))
                game.apply(loaded.state, a, s)
                other = game.clone(match.state)
                game.apply(other, a, s)
                assert dump(loaded.state) == dump(other)
    assert match.is_over()


@pytest.mark.parametrize("game,players,seed", CASES)
def test_clones_are_independent(game, players, seed):
    rng = random.Random(seed)
    for state in sampled_states(game, players, seed):
        if game.is_over(state):
            continue
        before = dump(state)
        clone = game.clone(state)
        assert clone == state and dump(clone) == before
        # play the clone on to the end: the original does not move
        while not game.is_over(clone):
            s = rng.choice(game.to_act(clone))
            game.apply(clone, rng.choice(game.legal_actions(clone, s)), s)
        assert dump(state) == before, "playing a clone changed the original"
        # and the other way round: a clone does not follow the original
        clone = game.clone(state)
        kept = dump(clone)
        probe = game.clone(state)
        s = game.to_act(probe)[0]
        a = game.legal_actions(probe, s)[0]
        game.apply(probe, a, s)  # the same move played on a third copy
        assert dump(clone) == kept
        assert dump(state) == before


@pytest.mark.parametrize("game,players,seed", CASES)
def test_determinize_keeps_the_view_and_reads_only_it(game, players, seed):
    """For each seat: a determinized copy is a legal state the seat cannot
    tell from the real one (equal views, where the game's determinize keeps
    all that its view shows), and two states the seat cannot tell apart give
    equal determinizations for the same random numbers. The public view does
    not change whatever is re-dealt."""
    informative = 0
    for state in sampled_states(game, players, seed):
        if game.is_over(state):
            continue
        before = dump(state)
        for seat in range(players):
            other = game.determinize(state, seat, random.Random(seed * 1000 + seat))
            assert dump(state) == before, "determinize changed the state"
            if game.view(other, seat).model_dump_json() != game.view(state, seat).model_dump_json():
                continue  # the copy changed something the seat sees (e.g. dropped pending bids)
            informative += 1
            assert game.view(other, None).model_dump_json() == game.view(state, None).model_dump_json()
            for k in range(2):
                a = game.determinize(state, seat, random.Random(k))
                b = game.determinize(other, seat, random.Random(k))
                assert a.model_dump() == b.model_dump(), f"determinize for seat {seat} read something hidden"
            # a determinized copy plays on
            s = game.to_act(other)[0]
            assert game.legal_actions(other, s)
    assert informative > 0


@pytest.mark.parametrize("game,players,seed", CASES)
def test_views_hide_what_their_seat_may_not_see(game, players, seed):
    """A seat's view serialises to JSON and does not change when everything
    it cannot see is re-dealt (``determinize``): so it holds none of another
    seat's secrets. Where the game names its hidden state fields
    (``hidden_fields``), none of them appears in any view by name."""
    hidden = game.hidden_fields
    for state in sampled_states(game, players, seed):
        for seat in [*range(players), None]:
            text = game.view(state, seat).model_dump_json()
            json.loads(text)
            for name in hidden:
                assert f'"{name}"' not in text, f"the view of seat {seat} has the hidden field {name!r}"


# -- the template's roles ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_folder_keeps_the_template_s_roles(game):
    """rules.py at the bottom (importing no text, view, board, render, bot,
    UI or ssh layer), no import circle, data.py standing on nothing, text.py
    with the template's functions and one ``why`` signature, view.py's
    ``build_view``, and the Game saying only what its text role says."""
    roles.check_roles(game)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_rules_import_no_search(game):
    roles.check_rules_import_no_bots(game)

