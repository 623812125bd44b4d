"""Hidden information (N10): views and determinize read nothing hidden."""

from __future__ import annotations

import json
import random

import pytest

from tabletop_tui.games.nyakuza.data import ISLAND
from tabletop_tui.games.nyakuza.rules import TOTAL_SHELLS

from .util import (
    ANNE, BEN, CARA, DAN, GAME, Bid, Place, check_invariants, kind, palm, play, position, random_game, tile,
)

PUBLIC = ("revealed", "occupant", "moai", "spent", "reef", "amulet", "queue", "round", "phase", "last_round",
          "moai_left", "supply", "placed", "offers", "last_bids", "last_tokens", "winners", "new_tiles", "ceremonial")


def mid_game(players: int = 4, secret: bool = True, seed: int = 3, bids_in: int = 2):
    """A random game some rounds in, in its bidding with ``bids_in`` bids entered."""
    for state, seat in random_game(players, secret, seed, seed + 1):
        if seat is None:
            raise AssertionError("the game ended too soon")
        if state.round >= 4 and state.phase == "bid" and all(b is None for b in state.bids):
            break
    for seat in range(1, 1 + bids_in):
        play(state, Bid(shells=min(2, state.shells[seat])), seat)
    return state


def hide_differently(state, seat: int, rng: random.Random):
    """A copy that differs from ``state`` only in what ``seat`` cannot see:
    the stack's order, the others' secret tiles, shells and pending bids, and
    the seed."""
    other = GAME.clone(state)
    others = [p for p in range(state.players) if p != seat]
    rng.shuffle(other.stack)
    for p in others:  # swap each secret tile with a non-quarry tile of the stack
        if other.secret[p] is not None:
            i = next(i for i, t in enumerate(other.stack) if kind(tile(t)) != "quarry")
            other.secret[p], other.stack[i] = other.stack[i], other.secret[p]
    pool = sum(other.shells[p] for p in others)
    for p in others:
        other.shells[p] = 0
    for _ in range(pool):
        other.shells[rng.choice(others)] += 1
    for p in others:
        if other.bids[p] is not None:
            other.bids[p] = rng.randint(0, other.shells[p])
    other.seed = state.seed + 12345
    assert other.model_dump() != state.model_dump()
    return other


@pytest.mark.parametrize("players,secret", [(2, False), (3, True), (4, True), (4, False)])
def test_views_hold_only_what_the_seat_may_see(players, secret):
    state = mid_game(players, secret, bids_in=1)
    for seat in [*range(players), None]:
        view = GAME.view(state, seat)
        data = json.loads(view.model_dump_json())
        text = json.dumps(data)
        for word in ('"stack"', '"seed"', '"chance"', '"bids"', '"secret"', '"choices"'):
            assert word not in text, word
        assert data["tiles_left"] == len(state.stack)
        for p in data["seats"]:
            if p["seat"] == seat:
                assert p["shells"] == state.shells[seat] and p["bid"] == state.bids[seat]
            else:
                assert p["shells"] is None and p["bid"] is None
            assert p["has_bid"] == (state.bids[p["seat"]] is not None)
            assert p["has_secret_tile"] == (state.secret[p["seat"]] is not None)
        assert data["secret_tile"] == (state.secret[seat] if seat is not None else None)
        assert data["reef"] == state.reef and data["amulet"] == state.amulet
        assert len(data["spaces"]) == 110


@pytest.mark.parametrize("players,secret,seat", [(4, True, 0), (3, True, 2), (2, False, 1), (4, False, 3)])
def test_equal_views_give_equal_determinizations(players, secret, seat):
    state = mid_game(players, secret, bids_in=players - 1 if seat == 0 else 1)
    other = hide_differently(state, seat, random.Random(5))
    assert GAME.view(state, seat).model_dump_json() == GAME.view(other, seat).model_dump_json()
    a = GAME.determinize(state, seat, random.Random(77))
    b = GAME.determinize(other, seat, random.Random(77))
    assert a.model_dump() == b.model_dump()
    # the test can tell a difference where there is one: another seat sees it
    changed = [p for p in range(players) if p != seat and state.shells[p] != other.shells[p]]
    if changed:
        assert GAME.view(state, changed[0]).model_dump_json() != GAME.view(other, changed[0]).model_dump_json()


@pytest.mark.parametrize("players,secret", [(3, True), (4, True), (2, False)])
def test_determinize_redeals_only_the_hidden_parts(players, secret):
    state = mid_game(players, secret, bids_in=1)
    seat = 0
    sims = [GAME.determinize(state, seat, random.Random(k)) for k in range(6)]
    for sim in sims:
        for f in PUBLIC:
            assert getattr(sim, f) == getattr(state, f), f
        assert sim.shells[seat] == state.shells[seat] and sim.secret[seat] == state.secret[seat]
        assert sim.bids[seat] == state.bids[seat]
        assert sum(sim.shells) + sim.reef + sim.spent_count() == TOTAL_SHELLS
        others = [p for p in range(players) if p != seat]
        assert all(sim.bids[p] is None for p in others), "the others' pending bids are dropped"
        unseen = sorted(state.stack + [state.secret[p] for p in others if state.secret[p] is not None])
        assert sorted(sim.stack + [sim.secret[p] for p in others if sim.secret[p] is not None]) == unseen
        assert len(sim.stack) == len(state.stack)
        assert all(kind(tile(sim.secret[p])) != "quarry" for p in others if sim.secret[p] is not None)
        assert sim.seed != state.seed and sim.chance == 0
        check_invariants(sim)
    assert len({tuple(s.stack) for s in sims}) > 1, "the stack is re-dealt"
    if players > 2:
        assert len({tuple(s.shells) for s in sims}) > 1, "the others' shells are re-dealt"
    else:
        assert all(s.shells == state.shells for s in sims), "with 2 players the other's shells follow from the view"
    # a determinized game plays on to the end
    sim = sims[0]
    rng = random.Random(1)
    while not GAME.is_over(sim):
        who = rng.choice(GAME.to_act(sim))
        GAME.apply(sim, rng.choice(GAME.legal_actions(sim, who)), who)
        check_invariants(sim)


def test_determinize_during_another_players_moai_choice():
    state = position(4, placer=DAN, own={DAN: [tile(11), tile(21), palm("P14")]})
    play(state, Place(space=palm("P10")), DAN)
    assert state.phase == "erect"
    sim = GAME.determinize(state, ANNE, random.Random(3))
    assert sim.shells[DAN] >= 2
    assert {(a.palm, a.tiles) for a in GAME.legal_actions(sim, DAN)} == set(state.choices)
    assert GAME.view(state, ANNE).erection_options == []


def test_the_public_view():
    state = mid_game(4, True, bids_in=2)
    view = GAME.view(state, None)
    assert view.seat is None and view.secret_tile is None and not view.can_play_secret
    assert all(p.shells is None and p.bid is None for p in view.seats)
    assert view.erection_options == [] and not any(s.placeable for s in view.spaces)


def test_space_views_show_the_board():
    state = position(4, placer=DAN, own={DAN: [tile(11), tile(21), palm("P14")], BEN: [tile(35)]},
                     spent=[tile(35)], shells=[12, 11, 12, 12])
    view = GAME.view(state, DAN)
    by_label = {s.label: s for s in view.spaces}
    assert by_label["11"].occupant == DAN and by_label["11"].kind == "food" and by_label["11"].revealed
    assert by_label["35"].spent and by_label["35"].occupant == BEN
    assert by_label["P10"].placeable and by_label["P10"].revealed, "palms are always open"
    assert by_label["Orongo"].orongo and by_label["Orongo"].coastal
    assert view.placing[0].seat == DAN and view.placing[0].tokens == 3
    assert view.seats[DAN].to_place == 3 and view.seats[DAN].supply == 40 - 3 - 3
    assert view.columns == ISLAND.columns and view.layout == "odd-r"
    assert not any(s.placeable for s in GAME.view(state, CARA).spaces), "only the placer sees highlights"
    face_down = state.stack[0]
    assert not by_label[str(face_down)].revealed
