"""The engine's speed-ups change no game: seeded games, played by seeded
random inputs and by the team's rule of thumb, give what the rules gave
before them (commit e0d3e0c): the same legal lists in the same order, the
same log, the same states, the same policy scores. The digests below were
taken from that commit; a deliberate change of the rules (with a new
``rules_version``) takes new ones."""

from __future__ import annotations

import hashlib
import random

from tabletop_tui.games.nisyros.bot import TeamPolicy

from .util import G, new

#: ``_random_games()`` and ``_policy_scores()`` at e0d3e0c
RANDOM_GAMES = "a3bd498b06076973"
POLICY_SCORES = "a2da0ab5ec0f2337"
#: ``_views()`` at e0d3e0c
VIEWS = "7ed690db2e4cca76"


def _random_games() -> str:
    out = hashlib.sha256()
    for i in range(9):
        state = new(2 + i % 3, ("achilles", "heracles", "zeus")[i // 3], 1000 + i)
        rng = random.Random(i)
        while not G.is_over(state):
            seat = G.to_act(state)[0]
            legal = G.legal_actions(state, seat)
            out.update(repr([a.model_dump() for a in legal]).encode())
            events = G.apply(state, rng.choice(legal), seat)
            out.update(repr([e.model_dump() for e in events]).encode())
            out.update(state.model_dump_json().encode())
    return out.hexdigest()[:16]


def _policy_scores() -> str:
    out = hashlib.sha256()
    policy = TeamPolicy()
    for i in range(6):
        state = new(2 + i % 3, ("achilles", "heracles", "zeus")[i % 3], 2000 + i)
        rng = random.Random(i)
        while not G.is_over(state):
            seat = G.to_act(state)[0]
            legal = G.legal_actions(state, seat)
            out.update(repr(policy.scores(state, seat, legal)).encode())
            pick = policy.choose(state, seat, legal) if rng.random() < 0.7 else rng.choice(legal)
            G.apply(state, pick, seat)
    return out.hexdigest()[:16]


def _views() -> str:
    """Every seat's view (and a spectator's) of seeded random games, now and then."""
    out = hashlib.sha256()
    for i in range(6):
        state = new(2 + i % 3, ("achilles", "heracles", "zeus")[i % 3], 3000 + i)
        rng = random.Random(i)
        n = 0
        while not G.is_over(state):
            if n % 4 == 0:
                for seat in [None, *range(state.players)]:
                    view = G.view(state, seat)
                    out.update(view.model_dump_json().encode())
                    out.update(repr(sorted(view.model_fields_set)).encode())
                    out.update(repr([sorted(p.model_fields_set) for p in view.places]).encode())
            seat = G.to_act(state)[0]
            G.apply(state, rng.choice(G.legal_actions(state, seat)), seat)
            n += 1
    return out.hexdigest()[:16]


def test_seeded_random_games_are_the_games_they_were():
    assert _random_games() == RANDOM_GAMES


def test_the_team_policy_scores_every_choice_as_before():
    assert _policy_scores() == POLICY_SCORES


def test_every_seat_sees_what_it_saw():
    assert _views() == VIEWS


#: ``_more_games()`` at 9b8d5b3 (before the representation pass of session 20)
MORE_GAMES = "7c2ababe2512c1db"


def _more_games() -> str:
    """36 more seeded random games (every level and seat count), each input
    also refused once in the wrong seat's name and tried on a quiet twin:
    the legal lists, the log, the refusal sentences, the states of both."""
    out = hashlib.sha256()
    for i in range(36):
        players, level = 2 + i % 3, ("achilles", "heracles", "zeus")[(i // 3) % 3]
        state, twin = new(players, level, 7000 + i), new(players, level, 7000 + i)
        rng = random.Random(100 + i)
        while not G.is_over(state):
            seat = G.to_act(state)[0]
            legal = G.legal_actions(state, seat)
            out.update(repr([a.model_dump() for a in legal]).encode())
            pick = rng.choice(legal)
            try:
                G.check(state, pick, (seat + 1) % players)
                out.update(b"accepted")
            except Exception as refusal:  # noqa: BLE001 - the sentence is what is pinned
                out.update(str(refusal).encode())
            events = G.apply(state, pick, seat)
            G.play_silent(twin, pick, seat)
            out.update(repr([e.model_dump() for e in events]).encode())
            out.update(state.model_dump_json().encode())
            out.update(twin.model_dump_json().encode())
    return out.hexdigest()[:16]


def test_more_seeded_games_with_refusals_and_quiet_twins_are_the_games_they_were():
    assert _more_games() == MORE_GAMES
