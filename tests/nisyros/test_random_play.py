"""Random play to the end at 2-4 players and every level: the invariants of
the issue hold after every input, the game always ends, and a save replays
to the same state."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_tui.engine.bots import SearchBot
from tabletop_tui.engine.match import Match, SeatConfig
from tabletop_tui.games.nisyros import round as rnd
from tabletop_tui.games.nisyros.chance import Chance
from tabletop_tui.games.nisyros.data import CARDS
from tabletop_tui.games.nisyros.places import total_boats, total_dams
from tabletop_tui.games.nisyros.rules import NisyrosOptions

from .util import G

DECK = Counter({c: CARDS[c].copies for c in CARDS})


def check_invariants(s):
    cap = {2: 16, 3: 20, 4: 24}[s.players]
    for seat in range(s.players):
        assert s.on_island(seat) + s.kos[seat] + s.hades[seat] == 10
        assert all(n >= 0 for n in s.people[seat])
        assert all(0 <= s.idle[seat][p] <= s.people[seat][p] for p in range(32))
    assert 0 <= total_dams(s) <= 32 and 0 <= total_boats(s) <= 32  # the rest is in the supply
    for z in range(4):
        assert 0 <= s.lava[z] <= 5
        for r in range(5):
            assert 0 <= s.dams[z][r] <= [0, 1, 2, 2, 3][r]
            assert r >= s.lava[z] or s.dams[z][r] == 0  # no dam under lava
        # a coast being fled while the team chooses who goes next still has its boats
        assert s.boats[z] >= 0 and (s.lava[z] < 5 or s.boats[z] == 0 or s.phase == "flee")
    for k in (s.wheat, s.stone, s.wood):
        assert 0 <= k <= cap
    assert Counter(s.deck + s.discard + s.in_play) == DECK
    # people stand only where they can: nobody on lava but those fleeing it
    for seat in range(s.players):
        for p, n in enumerate(s.people[seat]):
            if n:
                z, slot = divmod(p, 8)
                fleeing = s.phase == "flee"  # waiting their turn to flee
                assert fleeing or s.lava[z] <= min(slot, 4), (p, s.lava)


def random_game(players, level, seed, check=True):
    s = G.new_state(players, NisyrosOptions(level=level), seed)
    rng = random.Random(seed)
    log = []
    for _ in range(3000):
        if G.is_over(s):
            break
        (seat,) = G.to_act(s)
        acts = G.legal_actions(s, seat)
        assert acts and len(acts) > 1  # single answers are given automatically
        a = rng.choice(acts)
        G.apply(s, a, seat)
        log.append((seat, a))
        if check:
            check_invariants(s)
    assert G.is_over(s), "the game did not end"
    return s, log


@settings(max_examples=24, deadline=None)
@given(players=st.integers(2, 4), level=st.sampled_from(["achilles", "heracles", "zeus"]),
       seed=st.integers(0, 2**32))
def test_random_play_keeps_the_invariants_and_ends(players, level, seed):
    s, _ = random_game(players, level, seed)
    res = G.result(s)
    assert res.winners in ([], list(range(players)))
    assert s.outcome in ("big", "small", "defeat")


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), level=st.sampled_from(["achilles", "heracles", "zeus"]),
       seed=st.integers(0, 2**32))
def test_save_load_replay_reaches_the_same_state(players, level, seed, tmp_path_factory):
    seats = [SeatConfig(name=f"P{i}") for i in range(players)]
    m = Match("nisyros", seats, {"level": level}, seed=seed, autosave=False)
    rng = random.Random(seed)
    for _ in range(120):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(rng.choice(m.legal_actions(seat)), seat)
    path = m.save(tmp_path_factory.mktemp("saves") / "n.json")
    again = Match.load(path, autosave=False)
    assert again.state == m.state
    assert again.game.view(again.state, None) == m.game.view(m.state, None)


def test_clone_is_independent():
    s, _ = random_game(3, "achilles", 5, check=False)
    s = G.new_state(3, NisyrosOptions(), 5)
    c = G.clone(s)
    assert c == s
    c.people[0][0] += 1
    c.dams[0][1] += 1
    c.deck.pop()
    assert c != s and s.people[0][0] == 0 and s.dams[0][1] == 0 and len(s.deck) == 25


def test_determinize_reads_only_the_view_and_keeps_known_star_cards_on_top():
    s = G.new_state(2, NisyrosOptions(), 3)
    d = G.determinize(s, 0, random.Random(1))
    assert Counter(d.deck) == Counter(s.deck) and all(CARDS[c].star for c in d.deck[-5:])
    assert d.seed != s.seed
    other = G.clone(s)
    other.deck = other.deck[:20][::-1] + other.deck[20:]  # a different hidden order, same view
    assert G.view(other, 0) == G.view(s, 0)
    assert G.determinize(other, 0, random.Random(1)).deck == d.deck


def test_the_search_bot_plays_a_whole_game():
    s = G.new_state(2, NisyrosOptions(), 11)
    bot = SearchBot(iterations=12, seconds=5)
    rng = random.Random(1)
    n = 0
    while not G.is_over(s) and n < 400:
        (seat,) = G.to_act(s)
        G.apply(s, bot.choose(G, s, seat, rng), seat)
        n += 1
    assert G.is_over(s)
    h = G.heuristic(G.new_state(2, NisyrosOptions(), 1), 0)
    assert 0.0 <= h <= 1.0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["achilles", "heracles", "zeus"])
def test_every_player_count_and_level_keeps_the_invariants_and_ends(players, level):
    """Ten inhabitants each across villages, meeting places, workplaces, Kos
    and Hades; 32 dams and 32 boats between the island and the supply; stocks
    within their caps; the deck whole; the game ends: after every input of
    five seeded random games per player count and level."""
    for seed in range(5):
        s, log = random_game(players, level, 1000 * players + seed)
        assert s.outcome in ("big", "small", "defeat") and log
        v = G.view(s, None)
        assert v.boats_supply + total_boats(s) == 32 and v.dams_supply + total_dams(s) == 32


def _dice_logged(text: str) -> int:
    """How many dice one log line says were thrown: a red or black die, or
    the yellow dice it lists ("Yellow dice: A stone x2, B wood x2")."""
    if text.startswith("Yellow dice"):
        return len(text.split(": ", 1)[1].split(", "))
    return text.count("Red die") + text.count("Black die")


@pytest.mark.parametrize("players,level", [(2, "achilles"), (3, "heracles"), (4, "zeus")])
def test_every_roll_and_card_is_logged_in_words(players, level, monkeypatch):
    """Each die thrown in play (the red die for events and each flight, the
    five yellow dice and their rerolls, every throw of the black die) has its
    line in the log, and so has each event card drawn and each reshuffle."""
    thrown, cards = [], []
    # the rules throw every die through a chance event's randrange (games.nisyros.chance)
    real, real_draw = Chance.randrange, rnd.draw_card

    def counting(self, *args, **kwargs):
        thrown.append(args)
        return real(self, *args, **kwargs)

    def drawing(state, ev):
        cards.append(real_draw(state, ev))
        return cards[-1]

    for seed in range(6):
        s = G.new_state(players, NisyrosOptions(level=level), seed)
        rng = random.Random(seed)
        logged, drawn = 0, []
        monkeypatch.setattr(Chance, "randrange", counting)
        monkeypatch.setattr(rnd, "draw_card", drawing)
        thrown.clear()
        cards.clear()
        while not G.is_over(s):
            (seat,) = G.to_act(s)
            acts = G.legal_actions(s, seat)
            a = acts[rng.randrange(len(acts))]
            ev = G.apply(s, a, seat)
            logged += sum(_dice_logged(e.text) for e in ev)
            drawn += [int(e.text.split()[1]) for e in ev if e.text.startswith("Event ") and e.reveals]
            assert all(e.reveals for e in ev if _dice_logged(e.text))
        monkeypatch.undo()
        assert logged == len(thrown) and all(args == (6,) for args in thrown)
        # every card drawn was logged by number (with its name and effect, see test_events)
        assert drawn == cards and len(cards) >= s.round - 1
