"""Bots: they return legal actions, the search bot beats the random one at
Tiki, and the search bot never reads what its seat cannot see."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import IllegalAction, Match, RandomBot, SearchBot, SeatConfig, get, make_bot
from tabletop_tui.games.tiki.rules import Move, TikiOptions

from .secret_game import Draw, Guess, PeekingSecretGame, SecretGame

TIKI = get("tiki")


def _tiki_positions():
    """A few Tiki states: an opening turn, a mid-game turn (expert), a choice
    of order and a shaman choice."""
    from tabletop_tui.games.tiki.rules import TikiState

    layout = ["harbour", "jungle", "jungle", "jungle", "marsh", "marsh", "marsh", "cursed", "cursed"]

    def pos(stacks, **kw):
        board = [[] for _ in range(9)]
        for v, s in stacks.items():
            board[v] = list(s)
        return TikiState(players=2, seed=1, villages=layout, stacks=board, **kw)

    opening = TIKI.new_state(2, TikiOptions(), 3)
    mid = TIKI.new_state(2, TikiOptions(shaman=True), 8)
    rng = random.Random(8)
    for _ in range(15):
        if TIKI.is_over(mid):
            break
        (seat,) = TIKI.to_act(mid)
        TIKI.apply(mid, rng.choice(TIKI.legal_actions(mid, seat)), seat)
    order = pos({0: [1, 0], 1: [0, 1], 2: [1, 0]}, active=0)
    TIKI.apply(order, Move(start=0, path=(1, 2)), 0)
    assert order.phase == "order"
    shaman = pos({4: [1, 0], 3: [0]}, active=0, shaman_variant=True)
    TIKI.apply(shaman, Move(start=3, path=(4,)), 0)
    assert shaman.phase == "shaman"
    return [opening, mid, order, shaman]


TIKI_STATES = _tiki_positions()


@pytest.mark.parametrize("bot", [RandomBot(), SearchBot(level=1)], ids=["random", "search-1"])
@pytest.mark.parametrize("index", range(len(TIKI_STATES)))
def test_bots_return_legal_tiki_actions(bot, index):
    state = TIKI_STATES[index]
    before = state.model_dump()
    (seat,) = TIKI.to_act(state)
    action = bot.choose(TIKI, state, seat, random.Random(index))
    assert action in TIKI.legal_actions(state, seat)
    TIKI.check(state, action, seat)
    assert state.model_dump() == before, "choosing does not change the state"


@pytest.mark.parametrize("bot", [RandomBot(), SearchBot(level=1)], ids=["random", "search-1"])
def test_bots_return_legal_actions_in_a_hidden_information_game(bot):
    game = SecretGame()
    state = game.new_state(2, None, 21)
    rng = random.Random(3)
    for _ in range(4):
        if game.is_over(state):
            break
        (seat,) = game.to_act(state)
        before = state.model_dump()
        action = bot.choose(game, state, seat, rng)
        assert state.model_dump() == before
        assert action in game.legal_actions(state, seat)
        game.apply(state, action, seat)


def test_a_bot_with_nothing_to_do_says_so():
    state = TIKI_STATES[0]
    (seat,) = TIKI.to_act(state)
    for bot in (RandomBot(), SearchBot(level=1)):
        with pytest.raises(IllegalAction):
            bot.choose(TIKI, state, 1 - seat, random.Random(0))


def test_make_bot():
    assert make_bot(None) is None and make_bot("human") is None
    assert isinstance(make_bot("random"), RandomBot)
    bot = make_bot("search", 3)
    assert isinstance(bot, SearchBot) and bot.level == 3
    with pytest.raises(IllegalAction) as info:
        make_bot("oracle")
    assert "random or search" in info.value.reason


def test_search_beats_random_at_tiki():
    # Deterministic: fixed seeds, iteration budget (no time cap), seats alternate.
    wins = 0
    games = 6
    for i in range(games):
        search = SearchBot(level=1, iterations=30, seconds=1e9, playout_limit=10)
        search_seat = i % 2
        state = TIKI.new_state(2, TikiOptions(shaman=i >= 3), 1000 + i)
        rng = random.Random(i)
        for _ in range(2000):
            if TIKI.is_over(state):
                break
            (seat,) = TIKI.to_act(state)
            bot = search if seat == search_seat else RandomBot()
            TIKI.apply(state, bot.choose(TIKI, state, seat, rng), seat)
        assert TIKI.is_over(state)
        wins += state.winner == search_seat
    assert wins > games // 2, f"search bot won only {wins} of {games}"


def test_a_match_of_two_bots_plays_to_the_end():
    seats = [SeatConfig(name="R", bot="random"), SeatConfig(name="S", bot="random")]
    match = Match("tiki", seats, seed=2, autosave=False)
    assert match.play_bots() > 0 and match.is_over()
    assert match.result().winners


# -- the search bot reads only its seat's view --------------------------------------------------

def twin_states(game):
    """Two states that seat 0 cannot tell apart: they differ only in seat 1's
    secret and seat 1's hand (same hand size)."""
    a = game.new_state(2, None, 5)
    a.active = 0
    a.secrets = [4, 3]
    a.hands = [[2], [6, 1]]
    a.wrong = [[1], []]
    a.counter = 3
    b = a.model_copy(deep=True)
    b.secrets[1] = 5
    b.hands[1] = [2, 2]
    b.seed = 999  # future chance differs too
    assert a != b
    assert game.view(a, 0) == game.view(b, 0)
    assert game.view(a, 0).model_dump_json() == game.view(b, 0).model_dump_json()
    assert game.view(a, 1) != game.view(b, 1)
    return a, b


def search_bot():
    return SearchBot(level=1, iterations=150, seconds=1e9)


def test_search_bot_choice_depends_only_on_the_view():
    game = SecretGame()
    a, b = twin_states(game)
    for seed in range(4):
        choice_a = search_bot().choose(game, a, 0, random.Random(seed))
        choice_b = search_bot().choose(game, b, 0, random.Random(seed))
        assert choice_a == choice_b
    assert RandomBot().choose(game, a, 0, random.Random(1)) == RandomBot().choose(game, b, 0, random.Random(1))


def test_determinize_reads_only_the_view():
    game = SecretGame()
    a, b = twin_states(game)
    for seed in range(5):
        da = game.determinize(a, 0, random.Random(seed))
        db = game.determinize(b, 0, random.Random(seed))
        assert da == db
        assert da.secrets[0] == 4 and da.hands[0] == [2], "the bot's own hidden parts are kept"
        assert da.secrets[1] != 1, "a number already guessed wrong is ruled out"
        assert len(da.hands[1]) == 2


def test_the_view_test_would_catch_a_peeking_bot():
    # With a determinize that keeps the real secret, the bot "knows" it and
    # guesses it: the choices then differ between the twins.
    game = PeekingSecretGame()
    a, b = twin_states(game)
    choice_a = search_bot().choose(game, a, 0, random.Random(0))
    choice_b = search_bot().choose(game, b, 0, random.Random(0))
    assert choice_a == Guess(number=3) and choice_b == Guess(number=5)
    assert choice_a != choice_b


def test_a_draw_is_private_in_the_view():
    game = SecretGame()
    state = game.new_state(2, None, 6)
    (seat,) = game.to_act(state)
    game.apply(state, Draw(), seat)
    mine, theirs, public = game.view(state, seat), game.view(state, 1 - seat), game.view(state, None)
    assert mine.my_hand == state.hands[seat] and mine.my_secret == state.secrets[seat]
    assert theirs.my_hand == [] and theirs.my_secret == state.secrets[1 - seat]
    assert theirs.hand_sizes[seat] == 1, "the other seat sees only how many cards"
    assert public.my_secret is None and public.my_hand == []
