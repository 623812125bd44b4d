"""The board index a Nyakuza state keeps (``moai.BoardIndex``, behind
``legal_spaces``, ``check`` and ``group_qualifies``): it follows the rules'
own changes, answers as a walk of the board itself, belongs to its state
alone (never saved, never compared, never shared by a copy or another
state), and is built afresh after a load, a clone or ``forget``."""

from __future__ import annotations

import random
import threading

import pytest

from tabletop_tui.games.nyakuza import moai
from tabletop_tui.games.nyakuza.data import SPACES

from .util import GAME, legal_by_judge, legal_by_walk, random_game


def walked_qualifies(state, seat: int, anchor: int) -> bool:
    group = moai.group_of(state, seat, anchor)
    return bool(moai.free_palms(state, group)) and bool(moai.recipes_in(state, group))


def index_of(state):
    return state.__pydantic_private__["_index"]


@pytest.mark.parametrize("players,secret", [(2, False), (3, False), (4, False), (3, True), (4, True)])
def test_every_seat_every_step_matches_a_walk_of_the_board(players, secret):
    for k in range(6):
        for state, _ in random_game(players, secret, 100 + k, k):
            for seat in range(players):  # seats not to act too: their part of the index follows as well
                walked = legal_by_walk(state, seat)
                assert moai.legal_spaces(state, seat) == walked
                assert legal_by_judge(state, seat) == walked  # check's judge, space by space
                assert moai.can_place(state, seat) == bool(walked)
                for s in range(SPACES):
                    if state.occupant[s] == seat:
                        assert moai.group_qualifies(state, seat, s) == walked_qualifies(state, seat, s)
            assert moai.in_step(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_0_or_1_shell_the_refused_spaces_match_a_walk(players):
    """With Moai left and fewer than 2 shells, a space whose token would
    force a Moai the seat cannot pay is refused (N6): ``legal_spaces`` finds
    them from each group's frontier and summary at once; at every step of
    random games, with each seat's shells set to 0 and to 1, it agrees with
    a walk of the board and with check's judge."""
    refused = 0
    for k in range(4):
        for state, _ in random_game(players, False, 300 + k, k):
            for seat in range(players):
                have = state.shells[seat]
                for few in (0, 1):
                    state.shells[seat] = few  # answers are kept by (seat, Moai left, shells): no stale one
                    walked = legal_by_walk(state, seat)
                    assert moai.legal_spaces(state, seat) == walked
                    if state.moai_left[seat]:
                        judged = legal_by_judge(state, seat)
                        assert judged == walked
                        refused += len(set(moai.legal_spaces(state, seat)) ^ set(
                            s for s in range(SPACES) if s in index_of(state).free or s in
                            index_of(state).seats[seat].near))
                state.shells[seat] = have
            assert moai.in_step(state)
    assert refused > 50  # the games did reach positions where spaces are refused


def test_two_games_asked_in_turn_keep_their_own_index():
    """Alternating between two games (as a server with many tables in one
    thread does) neither mixes them nor rebuilds either index."""
    a = GAME.new_state(3, None, 7)
    b = GAME.new_state(3, None, 8)
    rng = random.Random(3)
    kept = {}
    for _ in range(400):
        for name, state in (("a", a), ("b", b)):
            if GAME.is_over(state):
                continue
            for seat in range(3):
                assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)
            if name in kept:
                assert index_of(state) is kept[name], "the index was rebuilt"
            kept[name] = index_of(state)
            seat = GAME.to_act(state)[0]
            GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
    assert kept["a"] is not kept["b"]


def test_the_index_is_not_saved_compared_or_shared():
    state = next(s for s, _ in random_game(2, False, 21, 21) if s.phase == "place" and s.round > 3)
    seat = GAME.to_act(state)[0]
    moai.legal_spaces(state, seat)
    assert index_of(state) is not None
    assert "_index" not in state.model_dump_json()
    loaded = GAME.state_from_json(state.model_dump_json())
    assert index_of(loaded) is None and loaded == state  # equal whatever the indexes
    assert moai.legal_spaces(loaded, seat) == moai.legal_spaces(state, seat)
    # a clone and a deep copy each keep an index of their own
    for copy in (GAME.clone(state), state.model_copy(deep=True)):
        before = index_of(state)
        rng = random.Random(4)
        while not GAME.is_over(copy):
            s = GAME.to_act(copy)[0]
            GAME.apply(copy, rng.choice(GAME.legal_actions(copy, s)), s)
            assert moai.in_step(copy)
        assert index_of(copy) is not before
        assert moai.in_step(state)
        assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)


def test_a_board_changed_by_hand_is_read_again_after_forget():
    """Tokens put, tiles turned up, shells spent and Moai raised directly on
    the state (as tests do) are read right once ``forget`` is called; a
    placement after a hand-made token drops the index by itself."""
    rng = random.Random(5)
    for k in range(4):
        for state, seat in random_game(2, False, 300 + k, k):
            if seat is None or state.phase != "place":
                continue
            assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)
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
            moai.forget(state)
            for s in range(2):
                assert moai.legal_spaces(state, s) == legal_by_walk(state, s)
                for x in range(SPACES):
                    if state.occupant[x] == s:
                        assert moai.group_qualifies(state, s, x) == walked_qualifies(state, s, x)
            assert moai.in_step(state)
            break  # the state was changed off the rules: on to the next game
    state = next(s for s, _ in random_game(2, False, 31, 31) if s.phase == "place")
    seat = GAME.to_act(state)[0]
    moai.legal_spaces(state, seat)
    free = next(s for s in range(SPACES) if state.occupant[s] is None and not moai.IS_PALM[s])
    state.occupant[free] = 1 - seat  # by hand, and no forget
    assert not moai.in_step(state)
    space = GAME.legal_actions(state, seat)[0]
    moai.forget(state)
    GAME.apply(state, space, seat)
    assert moai.in_step(state)


def test_each_thread_plays_its_own_states():
    errors: list[BaseException] = []

    def play(seed: int) -> None:
        try:
            for state, _ in random_game(2, False, seed, seed):
                for seat in range(2):
                    assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)
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
            assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)
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
            assert moai.legal_spaces(state, seat) == legal_by_walk(state, seat)
            assert moai.in_step(state)
            checked += 1
            break
    assert checked > 10
