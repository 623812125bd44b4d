"""The model explains a refusal without playing anything: ``Game.explain``
for any input and ``Tiki.explain_step`` for a move built one step at a time
(the board asks them instead of building an illegal move)."""

from __future__ import annotations

from tabletop_tui.games.tiki.rules import Move, Place, paths

from .util import GAME, MARSH, PURPLE, YELLOW, position


def test_every_beginning_of_a_legal_move_is_fine():
    state = position({4: [YELLOW, PURPLE, PURPLE], 0: [PURPLE]})
    before = state.model_dump_json()
    for start in (0, 4):
        for path in paths(state, start):
            for k in range(len(path) + 1):
                assert GAME.explain_step(state, PURPLE, start, path[:k]) is None
            assert GAME.explain(state, Move(start=start, path=path), PURPLE) is None
    assert state.model_dump_json() == before


def test_a_wrong_step_gets_the_checks_sentence():
    state = position({4: [YELLOW, PURPLE, PURPLE]})
    assert "back to the village it started from" in GAME.explain_step(state, PURPLE, 4, (1, 4))
    assert "twice" in GAME.explain_step(state, PURPLE, 4, (1, 2, 1))
    assert "exactly 3 villages" in GAME.explain_step(state, PURPLE, 4, (1, 2, 5, 8))
    assert "never diagonally" in GAME.explain_step(state, PURPLE, 4, (0,))
    assert "not yours" in GAME.explain_step(state, YELLOW, 4, (1,)) or "not your turn" in \
        GAME.explain_step(state, YELLOW, 4, (1,))


def test_the_shaman_and_a_dead_end():
    state = position({4: [YELLOW, PURPLE]}, shaman_variant=True, shaman=(1, 4))
    assert "shaman blocks" in GAME.explain_step(state, PURPLE, 4, (1,))
    # a totem of 2 on the middle-left that steps up into the top-left corner,
    # with the shaman between the corner and the top-centre, cannot go on
    edge = position({3: [YELLOW, PURPLE]}, shaman_variant=True, shaman=(0, 1))
    why = GAME.explain_step(edge, PURPLE, 3, (0,))
    assert why is not None and "cannot finish" in why
    assert GAME.explain_step(edge, PURPLE, 3, (4,)) is None


def test_explain_gives_the_refusal_apply_would_give_and_changes_nothing():
    state = position({MARSH: [PURPLE]})
    before = state.model_dump_json()
    assert GAME.explain(state, Place(village=MARSH), PURPLE).startswith("That village is not empty")
    assert GAME.explain(state, Place(village=0), YELLOW) == "It is not your turn to choose."
    assert GAME.explain(state, Place(village=0), PURPLE) is None
    assert state.model_dump_json() == before
