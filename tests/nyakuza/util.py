"""Helpers for the Nyakuza tests: named spaces of our map, hand-built
positions, refusal checks and the invariants every reachable state keeps."""

from __future__ import annotations

import random
from types import SimpleNamespace

from tabletop_tui.games.nyakuza import moai
from tabletop_tui.games.nyakuza.data import ISLAND, RESOURCES, SPACES
from tabletop_tui.games.nyakuza.state import COLOURS
from tabletop_tui.games.nyakuza.rules import (
    MOAI, TOKENS, TOTAL_SHELLS, Bid, Erect, Nyakuza, NyakuzaOptions, NyakuzaState, Pass, Place, PlaySecret,
)

from ..refusals import assert_readable, assert_refused  # noqa: F401 (re-exported)

GAME = Nyakuza()
ANNE, BEN, CARA, DAN = 0, 1, 2, 3
ORONGO = ISLAND.orongo

__all__ = ["ANNE", "BEN", "Bid", "CARA", "DAN", "Erect", "GAME", "ORONGO", "Pass", "Place", "PlaySecret"]


def tile(number: int) -> int:
    """The space id of resource space ``number``."""
    return ISLAND.by_number[number]


def palm(label: str) -> int:
    """The space id of the palm labelled ``label`` ("P10", "p23", "Orongo";
    the case of the P is not checked)."""
    (s,) = [s.id for s in ISLAND.spaces if s.label.upper() == label.upper()]
    return s


def kind(space: int) -> str:
    return ISLAND.spaces[space].kind


def new(players: int = 4, *, secret: bool = False, amulet: int | str = 0, seed: int = 1) -> NyakuzaState:
    holder = amulet if isinstance(amulet, str) else COLOURS[amulet]
    return GAME.new_state(players, NyakuzaOptions(secret_tiles=secret, first_amulet=holder), seed)


def position(players: int = 4, *, placer: int | None = None, tokens: int = 3, own: dict[int, list[int]] | None = None,
             shells: list[int] | None = None, reef: int | None = None, moai_left: list[int] | None = None,
             open_tiles: list[int] = (), spent: list[int] = (), moai_at: list[int] = (), secret: bool = False,
             seed: int = 1) -> NyakuzaState:
    """A hand-built position of a fresh game. ``own`` maps a seat to the
    spaces its tokens stand on (resource spaces are turned up); ``placer``
    is to place ``tokens`` tokens now (phase "place"); ``open_tiles`` are
    tile numbers turned up in addition; ``spent`` spaces carry a shell and
    ``moai_at`` palms a Moai of their occupant (taken from its Moai left
    unless ``moai_left`` is given). The reef takes up the difference so
    that the 48 shells stay accounted for."""
    state = new(players, secret=secret, seed=seed)
    for number in open_tiles:
        state.revealed[tile(number)] = True
    for seat, spaces in (own or {}).items():
        for s in spaces:
            put(state, seat, s)
    for s in spent:
        assert state.occupant[s] is not None and ISLAND.spaces[s].is_resource
        state.spent[s] = True
    for s in moai_at:
        assert state.occupant[s] is not None and moai.MOAI_SITE[s]
        state.moai[s] = True
        state.moai_left[state.occupant[s]] -= 1
    if shells is not None:
        state.shells = list(shells)
    if moai_left is not None:
        state.moai_left = list(moai_left)
    state.reef = TOTAL_SHELLS - sum(state.shells) - state.spent_count() if reef is None else reef
    if placer is not None:
        state.supply[placer] -= tokens
        state.queue = [(placer, tokens)]
        state.phase = "place"
        state.bids = [None] * players
    # the tiles now on the board leave the stack
    shown = {ISLAND.spaces[s].number for s in range(SPACES) if state.revealed[s]}
    state.stack = [t for t in state.stack if t not in shown]
    state.secret = [t if t not in shown else None for t in state.secret]
    moai.forget(state)  # the board was changed by hand
    return state


def put(state: NyakuzaState, seat: int, space: int) -> None:
    """Stand a token of ``seat`` on ``space`` (from its supply), turning up a resource space."""
    assert state.occupant[space] is None, f"space {ISLAND.spaces[space].label} is taken"
    state.occupant[space] = seat
    state.supply[seat] -= 1
    if ISLAND.spaces[space].is_resource:
        state.revealed[space] = True
    moai.forget(state)


def play(state: NyakuzaState, action, seat: int | None = None):
    """Apply ``action`` for ``seat`` (default: the first seat to act); return events."""
    if seat is None:
        seat = GAME.to_act(state)[0]
    return GAME.apply(state, action, seat)


def texts(events) -> str:
    return " | ".join(e.text for e in events)


def refused(state: NyakuzaState, action, seat: int, *words: str) -> str:
    """Assert ``action`` by ``seat`` is refused with a readable reason holding
    every fragment, leaving the state exactly as before; return the reason."""
    return assert_refused(GAME, state, action, seat, *words)




def check_invariants(state: NyakuzaState) -> None:
    """What every reachable state keeps (N2, N5, N6, N10)."""
    n = state.players
    # the 48 shells: behind screens, on the reef, on spent tiles
    assert sum(state.shells) + state.reef + state.spent_count() == TOTAL_SHELLS
    assert min(state.shells) >= 0 and state.reef >= 0
    # tokens: supply + in front of the screen + on the board = 40
    for s in range(n):
        assert 0 <= state.supply[s] <= TOKENS
        assert state.supply[s] + state.in_front(s) + state.on_board(s) == TOKENS
        assert state.on_board(s) <= TOKENS
    # Moai: every player's, plus the Ceremonial one
    standing = sum(1 for i in range(SPACES) if state.moai[i] and i != ORONGO)
    assert sum(state.moai_left) + standing == n * MOAI[n]
    assert min(state.moai_left) >= 0
    for i in range(SPACES):
        sp = ISLAND.spaces[i]
        if state.moai[i]:
            assert sp.is_palm and sp.coastal and state.occupant[i] is not None
            if i == ORONGO:
                assert state.ceremonial == state.occupant[i] and state.phase == "over"
        if state.spent[i]:
            assert sp.is_resource and state.occupant[i] is not None
        if state.occupant[i] is not None:
            assert 0 <= state.occupant[i] < n
            if sp.is_resource:
                assert state.revealed[i]
        if sp.is_palm:
            assert not state.revealed[i]
    if state.occupant[ORONGO] is not None:
        # N7: a token on Orongo raises the Ceremonial Moai, at once or, when
        # several recipes could pay for it, once its owner has chosen one
        waiting = state.phase == "erect" and state.chooser == state.occupant[ORONGO] and state.anchor == ORONGO
        assert state.ceremonial == state.occupant[ORONGO] or waiting
    # the 60 tiles: face down, turned up, or secret
    shown = [ISLAND.spaces[i].number for i in range(SPACES) if state.revealed[i]]
    held = [t for t in state.secret if t is not None]
    assert sorted(state.stack + shown + held) == list(range(1, RESOURCES + 1))
    assert all(kind(tile(t)) != "quarry" for t in held)
    if not state.secret_variant:
        assert not held
    # bids: pending only while bidding, never above the bidder's shells
    for s in range(n):
        b = state.bids[s]
        if b is not None:
            assert state.phase == "bid" and 0 <= b <= state.shells[s]
    assert 0 <= state.amulet < n
    if state.phase == "over":
        assert state.winners
    # the placement index the state keeps has followed every change
    assert moai.in_step(state)


def random_game(players: int, secret: bool, seed: int, play_seed: int, max_actions: int = 3000):
    """Yield (state, seat) before each action of a random legal game (the
    action is then played), and (state, None) at the end."""
    state = GAME.new_state(players, NyakuzaOptions(secret_tiles=secret), seed)
    rng = random.Random(play_seed)
    for _ in range(max_actions):
        if GAME.is_over(state):
            yield state, None
            return
        actors = GAME.to_act(state)
        seat = rng.choice(actors)
        yield state, seat
        GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
    raise AssertionError(f"no end after {max_actions} actions")


def legal_by_judge(state: NyakuzaState, seat: int) -> list[int]:
    """Every space the one judge (placement_problem) accepts, asked one by one."""
    return [s for s in range(SPACES) if moai.placement_problem(state, seat, s) is None]


def legal_by_walk(state: NyakuzaState, seat: int) -> list[int]:
    """Every space ``seat`` may put a token on, worked out from N5-N7 by
    walking the board itself (no index): a free space, a turned-up tile or a
    palm next to one of the seat's tokens; Orongo only with every Moai
    erected and a recipe the seat can pay in its group; elsewhere, with Moai
    left, never a token that would force a Moai the seat cannot pay for."""
    out = []
    have, left = state.shells[seat], state.moai_left[seat]
    for s in range(SPACES):
        if state.occupant[s] is not None:
            continue
        if ISLAND.spaces[s].is_palm:
            if not any(state.occupant[n] == seat for n in moai.ADJ[s]):
                continue
            if s == ORONGO and left > 0:
                continue
        elif not state.revealed[s]:
            continue
        board = SimpleNamespace(occupant=list(state.occupant))
        board.occupant[s] = seat
        group = moai.group_of(board, seat, s)
        costs = [len(r) for r in moai.recipes_in(state, group)]
        if s == ORONGO:
            if not costs or min(costs) > have:
                continue
        elif left > 0 and costs and moai.free_palms(state, group) and min(costs) > have:
            continue
        out.append(s)
    return out
