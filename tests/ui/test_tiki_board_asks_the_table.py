"""Tiki's board builds no rules model (issue 21): it asks the table's
``explain`` why a step of the path it is laying is refused, and says the
same sentence the model's own step check (``Tiki.explain_step``) gives, for
every totem and every step off a legal path, in positions from real games."""

from __future__ import annotations

import random

from tabletop_tui.engine.match import Match, SeatConfig
from tabletop_tui.games.tiki.board import ARROWS, TikiBoard, step
from tabletop_tui.games.tiki.view import build_view
from tabletop_tui.engine import registry


def positions(seed: int, moves: int):
    """The states of a seeded random Tiki game, before each of its moves."""
    game = registry.get("tiki")
    match = Match(game, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=seed,
                  options={"shaman": True})
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over():
            return
        seat = game.to_act(match.state)[0]
        yield game, match.state, seat
        match.apply(rng.choice(match.legal_actions(seat)), seat, save=False)


def prefixes(start: int, depth: int, path: tuple[int, ...] = ()):
    """Every path of arrow steps from ``start``, up to ``depth`` long."""
    yield path
    if len(path) < depth:
        at = path[-1] if path else start
        for d in ARROWS:
            n = step(at, d)
            if n is not None:
                yield from prefixes(start, depth, path + (n,))


def test_the_board_says_what_the_model_says_about_every_step():
    compared = refused = 0
    for seed in (1, 2, 3):
        for game, state, seat in positions(seed, 40):
            if state.phase != "turn":
                continue
            board = TikiBoard()
            board.view = build_view(game, state, seat)
            board.seat = seat
            board.legal = game.legal_actions(state, seat)
            board.bind(["Ana", "Ben"], ["Purple", "Yellow"], lambda a, s, st=state: game.explain(st, a, s))
            for start in range(9):
                if not state.stacks[start]:
                    continue
                for path in prefixes(start, len(state.stacks[start]) + 1):
                    if not path:
                        continue
                    want = game.explain_step(state, seat, start, path)
                    ok_before = game.explain_step(state, seat, start, path[:-1]) is None
                    if want is None or not ok_before:
                        continue  # the board asks only about a step off a path that was fine so far
                    assert board._step_problem(start, path) == want, (start, path)
                    compared += 1
                    refused += "shaman" in want or "cannot finish" in want
    assert compared > 100 and refused > 5
