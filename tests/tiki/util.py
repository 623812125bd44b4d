"""Helpers for the Tiki tests: hand-built positions, refusal checks and the
invariants every reachable state must keep."""

from __future__ import annotations

from tabletop_tui.games.tiki.rules import (
    EDGES, FRUIT, TIKIS_PER_PLAYER, VILLAGE_KINDS, Tiki, TikiState,
)

from ..refusals import assert_readable, assert_refused  # noqa: F401 (re-exported)

GAME = Tiki()
PURPLE, YELLOW = 0, 1

#: A fixed layout for hand-built positions (villages in reading order):
#:
#:     0 harbour | 1 jungle | 2 jungle
#:     3 jungle  | 4 marsh  | 5 marsh
#:     6 marsh   | 7 cursed | 8 cursed
LAYOUT = ["harbour", "jungle", "jungle", "jungle", "marsh", "marsh", "marsh", "cursed", "cursed"]
HARBOUR, JUNGLE, MARSH, CURSED = 0, 1, 4, 7


def position(stacks: dict[int, list[int]] | None = None, *, active: int = PURPLE,
             fruit: tuple[int, int] = (0, 0), reserve: int | None = None, spoiled: int = 0,
             shaman_variant: bool = False, shaman: tuple[int, int] | None = None,
             villages: list[str] | None = None, **extra) -> TikiState:
    """A hand-built Tiki position on :data:`LAYOUT`; ``stacks`` maps a village
    to its tikis, bottom first. The reserve defaults to what keeps the 7 fruit
    accounted for."""
    if reserve is None:
        reserve = FRUIT - sum(fruit) - spoiled
    board = [[] for _ in range(9)]
    for v, s in (stacks or {}).items():
        board[v] = list(s)
    state = TikiState(players=2, seed=1234, villages=list(villages or LAYOUT), stacks=board,
                      active=active, fruit=list(fruit), reserve=reserve, spoiled=spoiled,
                      shaman_variant=shaman_variant, shaman=shaman, **extra)
    assert state.reserve + sum(state.fruit) + state.spoiled == FRUIT, "test position loses fruit"
    return state


def play(state: TikiState, action, seat: int | None = None):
    """Apply ``action`` for ``seat`` (default: the seat to act); return events."""
    if seat is None:
        seat = GAME.to_act(state)[0]
    return GAME.apply(state, action, seat)




def refused(state: TikiState, action, seat: int, *fragments: str) -> str:
    """Assert ``action`` by ``seat`` is refused with a readable reason holding
    every fragment, leaving the state exactly as before; return the reason."""
    return assert_refused(GAME, state, action, seat, *fragments)


def check_invariants(state: TikiState) -> None:
    """What must hold in every reachable Tiki state."""
    assert state.players == 2
    assert len(state.villages) == 9 and sorted(state.villages) == sorted(VILLAGE_KINDS)
    assert len(state.stacks) == 9
    on_board = [0, 0]
    for stack in state.stacks:
        assert len(stack) <= 3, "a village holds at most 3 tikis"
        for t in stack:
            assert t in (0, 1)
            on_board[t] += 1
    for seat in (0, 1):
        # 16 tikis accounted for: on the board + in front of their owner = 8 each.
        assert 0 <= state.supply(seat) <= TIKIS_PER_PLAYER
        assert on_board[seat] + state.supply(seat) == TIKIS_PER_PLAYER
    assert min(state.reserve, state.spoiled, *state.fruit) >= 0, "nothing may go negative"
    assert state.reserve + sum(state.fruit) + state.spoiled == FRUIT, "7 fruit accounted for"
    assert len(state.pending) <= 2 and len(set(state.pending)) == len(state.pending)
    if state.shaman is not None:
        assert state.shaman_variant and tuple(state.shaman) in EDGES
    if state.sudden_death:
        assert state.reserve <= 1
    if state.phase == "over":
        assert state.winner in (0, 1) and state.end_reason
        assert GAME.is_over(state) and GAME.to_act(state) == []
        assert state.pending == [] and state.shaman_seat is None
        return
    assert state.winner is None and not GAME.is_over(state)
    assert max(state.fruit) < 4, "4 fruit ends the game at once"
    assert state.reserve > 0, "an empty reserve ends the game (or starts sudden death)"
    assert len(GAME.to_act(state)) == 1
    for v in state.pending:
        assert len(state.stacks[v]) == 3
    if state.phase == "turn":
        assert state.pending == [] and state.shaman_seat is None
        # Every influenced village is resolved before the turn passes.
        assert all(len(s) <= 2 for s in state.stacks)
        assert GAME.to_act(state) == [state.active]
    elif state.phase == "order":
        assert len(state.pending) == 2 and GAME.to_act(state) == [1 - state.active]
    elif state.phase == "shaman":
        assert state.shaman_variant and state.shaman_seat in (0, 1)
        assert GAME.to_act(state) == [state.shaman_seat]


def influence(village: int, owner: int, base=(YELLOW, PURPLE), state: TikiState | None = None, **kw):
    """``owner`` moves a one-tiki totem onto a 2-tall stack at ``village``
    (built on ``state``'s board, or a fresh :func:`position` with ``kw``).
    Returns (state, events)."""
    from tabletop_tui.games.tiki.rules import NEIGHBOURS, Move

    nb = next(n for n in NEIGHBOURS[village] if state is None or not state.stacks[n])
    if state is None:
        state = position(active=owner, **kw)
    assert state.active == owner and state.phase == "turn"
    state.stacks[village] = list(base)
    state.stacks[nb] = [owner]
    events = play(state, Move(start=nb, path=(village,)), owner)
    return state, events
