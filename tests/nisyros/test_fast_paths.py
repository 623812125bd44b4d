"""The rules' unvalidated shortcuts give what the validated way gives."""

from __future__ import annotations

import random

from tabletop_tui.engine.game import Event
from tabletop_tui.games.nisyros.log import event

from .util import G, new


def test_an_unvalidated_event_is_the_event_pydantic_builds():
    for kw in ({"text": "a"}, {"text": "b", "seat": 2}, {"text": "c", "reveals": True},
               {"text": "d", "seat": 0, "reveals": True}):
        fast, slow = event(**kw), Event(**kw)
        assert fast == slow
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.model_dump() == slow.model_dump()
        assert fast.model_dump(exclude_unset=True) == slow.model_dump(exclude_unset=True)


def test_a_state_field_set_directly_is_set_as_pydantic_sets_it():
    s = new(3)
    s.wheat = 7
    s.phase = "move"
    assert s.wheat == 7 and s.phase == "move"
    assert {"wheat", "phase"} <= s.model_fields_set
    assert type(s).model_validate(s.model_dump()) == s


def test_whole_games_played_without_the_log_match_the_logged_games():
    """The quiet path (``play_silent``: the rules get no log and build no
    text) changes the state exactly as ``apply`` does, lava flights included."""
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        loud, quiet = G.new_state(players, None, seed), G.new_state(players, None, seed)
        rng = random.Random(seed)
        while not G.is_over(loud):
            seat = G.to_act(loud)[0]
            action = rng.choice(G.legal_actions(loud, seat))
            G.apply(loud, action, seat)
            G.play_silent(quiet, action, seat)
            assert quiet.model_dump() == loud.model_dump()
        assert G.is_over(quiet)


def test_a_chance_event_throws_what_chance_rng_throws_and_moves_the_counter_at_once():
    from tabletop_tui.engine.rng import chance_rng
    from tabletop_tui.games.nisyros.chance import chance

    s, twin = new(3, seed=5), new(3, seed=5)
    unused = chance(s)  # never thrown: the counter moves all the same
    chance_rng(twin)
    assert s.chance == twin.chance
    c, r = chance(s), chance_rng(twin)
    assert [c.randrange(6) for _ in range(20)] == [r.randrange(6) for _ in range(20)]
    sizes = [1, 2, 3, 5, 7, 8, 17, 1000] * 5  # randrange's own answers for any size (it rejects and throws again)
    assert [c.randrange(n) for n in sizes] == [r.randrange(n) for n in sizes]
    cards, cards2 = list(range(25)), list(range(25))
    chance(s).shuffle(cards)
    chance_rng(twin).shuffle(cards2)
    assert cards == cards2 and s.chance == twin.chance
    assert unused._rng is None


def _mid_game(players: int, seed: int):
    s = new(players, seed=seed)
    rng = random.Random(seed)
    while s.round < 3 and not G.is_over(s):
        seat = G.to_act(s)[0]
        G.apply(s, rng.choice(G.legal_actions(s, seat)), seat)
    return s


def test_a_clone_is_equal_and_shares_no_list_the_rules_change():
    s = _mid_game(4, 3)
    s.black = [0, 1]
    copy = G.clone(s)
    assert copy == s and copy.model_dump() == s.model_dump()
    before = s.model_dump()
    for name, value in copy.__dict__.items():
        if name in ("kinds", "origin"):  # dealt at set-up, never changed
            continue
        if isinstance(value, list):
            value.append(None)
            for row in value:
                if isinstance(row, list):
                    row.append(None)
    assert s.model_dump() == before


def test_the_rules_set_no_attribute_that_is_not_a_field():
    """Fields are set past pydantic (``NisyrosState.__setattr__``), so a
    misspelt field would pass unnoticed: whole games show none."""
    fields = set(type(G.new_state(2, None, 1)).model_fields)
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        s = new(players, seed=seed)
        rng = random.Random(seed)
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            G.apply(s, rng.choice(G.legal_actions(s, seat)), seat)
            assert set(s.__dict__) == fields
            assert G.clone(s).__dict__.keys() == s.__dict__.keys()


def test_the_quiet_path_writes_no_log_words(monkeypatch):
    """``play_silent`` builds no event and none of the log's words (the
    search's playouts never read them): whole games, flights, new homes
    and all, with the log's builders made to fail."""
    from tabletop_tui.games.nisyros import lava, round as rnd, rules

    def no_words(*args, **kwargs):
        raise AssertionError("log words built on the quiet path")

    games = [G.new_state(2 + i % 3, None, 40 + i) for i in range(12)]  # set-up writes round 1's log
    for module, names in ((rules, ("event", "place_name", "area_name")), (rnd, ("event", "plural")),
                          (lava, ("event", "area_name"))):
        for name in names:
            monkeypatch.setattr(module, name, no_words)
    homes = 0
    for i, s in enumerate(games):
        rng = random.Random(i)
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            homes += s.phase == "home"
            G.play_silent(s, rng.choice(G.legal_actions(s, seat)), seat)
    assert homes > 0
