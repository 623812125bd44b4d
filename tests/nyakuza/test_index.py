"""The board index behind ``moai.legal_spaces`` and ``moai.group_qualifies``
(kept in step with the rules' own changes, rebuilt when a board changed any
other way) always answers as the one judge, ``placement_problem``, and as a
walk of the board."""

from __future__ import annotations

import random
import threading

import pytest

from tabletop_tui.games.nyakuza import moai
from tabletop_tui.games.nyakuza.island import SPACES

from .util import GAME, legal_by_judge, random_game


def walked_qualifies(state, seat: int, anchor: int) -> bool:
    group = moai.group_of(state, seat, anchor)
    return bool(moai.free_palms(state, group)) and bool(moai.recipes_in(state, group))


@pytest.mark.parametrize("players,secret", [(2, False), (3, False), (4, False), (3, True), (4, True)])
def test_every_seat_every_step_matches_the_judge(players, secret):
    for k in range(6):
        for state, _ in random_game(players, secret, 100 + k, k):
            for seat in range(players):  # seats not to act too: their part of the index follows as well
                assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
                assert moai.can_place(state, seat) == bool(legal_by_judge(state, seat))
                for s in range(SPACES):
                    if state.occupant[s] == seat:
                        assert moai.group_qualifies(state, seat, s) == walked_qualifies(state, seat, s)


def test_two_boards_asked_in_turn():
    """Alternating between two games (and a clone) rebuilds the index, never mixes them."""
    a = GAME.new_state(3, None, 7)
    b = GAME.new_state(3, None, 8)
    rng = random.Random(3)
    for _ in range(400):
        for state in (a, b):
            if GAME.is_over(state):
                continue
            copy = GAME.clone(state)
            for seat in range(3):
                assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
                assert moai.legal_spaces(copy, seat) == legal_by_judge(copy, seat)
            seat = GAME.to_act(state)[0]
            GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)


def test_a_board_changed_behind_the_rules_back():
    """Tokens put, tiles turned up, shells spent and Moai raised directly on
    the state (as tests and loaded games do) are seen at the next question."""
    rng = random.Random(5)
    for k in range(4):
        for state, seat in random_game(2, False, 300 + k, k):
            if seat is None or state.phase != "place":
                continue
            assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
            change = rng.randrange(4)
            free = [s for s in range(SPACES) if state.occupant[s] is None]
            if change == 0 and free:
                state.occupant[rng.choice(free)] = rng.randrange(2)
            elif change == 1:
                state.revealed[rng.choice([s for s in range(SPACES) if not moai.IS_PALM[s]])] = True
            elif change == 2:
                mine = [s for s in range(SPACES) if state.occupant[s] is not None and not moai.IS_PALM[s]]
                if mine:
                    state.spent[rng.choice(mine)] = True
            else:
                sites = [s for s in range(SPACES) if state.occupant[s] is not None and moai.MOAI_SITE[s]]
                if sites:
                    state.moai[rng.choice(sites)] = True
            for s in range(2):
                assert moai.legal_spaces(state, s) == legal_by_judge(state, s)
                for x in range(SPACES):
                    if state.occupant[x] == s:
                        assert moai.group_qualifies(state, s, x) == walked_qualifies(state, s, x)
            break  # the state was changed off the rules: on to the next game


def test_each_thread_keeps_its_own_index():
    errors: list[BaseException] = []

    def play(seed: int) -> None:
        try:
            for state, _ in random_game(2, False, seed, seed):
                for seat in range(2):
                    assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=play, args=(400 + i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_spent_tiles_and_raised_moai_reported_by_the_rules_hooks():
    """A shell or a Moai reported through the hooks (as the rules do) keeps
    the answers right even when the shells stay the same."""
    rng = random.Random(11)
    checked = 0
    for k in range(40):
        for state, seat in random_game(2, False, 500 + k, k):
            if seat is None or state.phase != "place" or state.shells[seat] >= 2 or not state.moai_left[seat]:
                continue
            assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
            tiles = [s for s in range(SPACES) if state.occupant[s] == seat and not moai.IS_PALM[s]
                     and not state.spent[s]]
            sites = [s for s in range(SPACES) if state.occupant[s] == seat and moai.MOAI_SITE[s]
                     and not state.moai[s]]
            if tiles and rng.random() < 0.7:
                t = rng.choice(tiles)
                state.spent[t] = True
                moai.note_spent(state, t)
            elif sites:
                p = rng.choice(sites)
                state.moai[p] = True
                moai.note_moai(state, p)
            else:
                continue
            assert moai.legal_spaces(state, seat) == legal_by_judge(state, seat)
            checked += 1
            break
    assert checked > 10
