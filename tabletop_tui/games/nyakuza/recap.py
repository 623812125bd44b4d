"""What the other players did since your last turn, from the views a seat
was shown (no Textual).

The board keeps one :class:`Recap` for the whole game. Each view shown to a
seat is compared with the one that seat saw before: a space that has gained
a token, or a Moai, is another player's move. A seat's own move (its bid or
token, ``mover == seat``) starts its list afresh, so the list is always "since
your last turn", however many updates the seat was not shown (a hand-off,
bots moving quickly, an ssh client that missed some). A spectator (seat
None) has no turn: its list holds the moves of the current round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import ISLAND, MOAI_MARK as MOAI  # as the map draws a Moai
from .view import NyakuzaView


@dataclass
class Move:
    """A token another seat put on ``space`` (``moai``: a Moai stands on it now)."""

    seat: int
    space: int
    moai: bool = False


@dataclass
class _Seen:
    occupant: tuple[int | None, ...]
    moai: tuple[bool, ...]
    round: int
    moves: list[Move] = field(default_factory=list)


class Recap:
    """The other seats' moves since each seat's last turn."""

    def __init__(self) -> None:
        self._seen: dict[int | None, _Seen] = {}

    def update(self, seat: int | None, view: NyakuzaView, mover: int | None) -> list[Move]:
        """Record ``view`` as shown to ``seat`` (``mover``: who made the last
        move, if known) and return the moves new since ``seat``'s previous
        view (the ones to bring into sight)."""
        occupant = tuple(sv.occupant for sv in view.spaces)
        moai = tuple(sv.moai for sv in view.spaces)
        seen = self._seen.get(seat)
        if seen is None:
            self._seen[seat] = _Seen(occupant, moai, view.round)
            return []
        fresh: list[Move] = []
        if (seat is not None and mover == seat) or (seat is None and view.round != seen.round):
            seen.moves = []
        for space, (was, now) in enumerate(zip(seen.occupant, occupant)):
            if now is None and was is not None:  # undone
                seen.moves = [m for m in seen.moves if m.space != space]
            elif now is not None and now != seat and (was is None or moai[space] != seen.moai[space]):
                old = next((m for m in seen.moves if m.space == space), None)
                if old is not None:
                    old.moai = moai[space]
                    fresh.append(old)
                else:
                    move = Move(now, space, moai[space])
                    seen.moves.append(move)
                    fresh.append(move)
        seen.occupant, seen.moai, seen.round = occupant, moai, view.round
        return fresh

    def moves(self, seat: int | None) -> list[Move]:
        """The moves since ``seat``'s last turn (a spectator: this round's)."""
        seen = self._seen.get(seat)
        return list(seen.moves) if seen is not None else []

    def forget(self) -> None:
        self._seen.clear()


def recap_text(moves: list[Move], names: list[str], spectator: bool) -> str:
    """"Since your turn: Ben 55q P48▲ 4f; Cy 13t" ("" when nothing moved)."""
    if not moves:
        return ""
    by_seat: dict[int, list[str]] = {}
    for m in moves:
        by_seat.setdefault(m.seat, []).append(ISLAND.spaces[m.space].name + (MOAI if m.moai else ""))
    said = "; ".join(f"{names[s] if 0 <= s < len(names) else '?'} {' '.join(where)}"
                     for s, where in by_seat.items())
    return ("This round: " if spectator else "Since your turn: ") + said
