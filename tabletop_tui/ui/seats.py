"""Seat policies: which of a client's seats is at the keys now.

A client of a :class:`~tabletop_tui.engine.table.Table` subscribes for some
seats. The policy says whose update the screen shows and when the keyboard
must be handed over behind the privacy screen. Three policies:

- :class:`HotSeat`: several people share this keyboard (the local app, or
  friends sharing one keyboard over ssh). Whoever of them must act is shown;
  in a game with secrets, the board is hidden between two of them.
- :class:`FixedSeat`: one player, one seat (an ssh player).
- :class:`Spectator`: the public view; never acts.

Pure Python: no Textual, so the policies are tested on their own.
"""

from __future__ import annotations

from typing import Sequence

Seat = int


class SeatPolicy:
    """Base: ``seats`` are the seats this client subscribes for (empty: the
    public view only)."""

    seats: tuple[Seat, ...] = ()

    def pick(self, to_act: Sequence[Seat], viewer: Seat | None) -> Seat | None:
        """The seat whose view to show now, given who must act and who is shown."""
        return None

    def needs_handoff(self, seat: Seat | None, viewer: Seat | None) -> bool:
        """True if the keyboard must pass behind the privacy screen before
        ``seat``'s view replaces ``viewer``'s."""
        return False


class HotSeat(SeatPolicy):
    """Several seats at one keyboard. ``secret``: the game hides information
    between seats, so a change of seat goes through the hand-off screen."""

    def __init__(self, seats: Sequence[Seat], secret: bool) -> None:
        self.seats = tuple(seats)
        self.secret = secret

    def pick(self, to_act: Sequence[Seat], viewer: Seat | None) -> Seat | None:
        mine = [s for s in to_act if s in self.seats]
        if mine:
            return viewer if viewer in mine else mine[0]
        if viewer is not None:
            return viewer  # others (bots, remote players) are acting: keep the board
        if len(self.seats) == 1 or not self.secret:
            return self.seats[0] if self.seats else None
        return None  # several people, secrets, nobody of ours to act: the public view

    def needs_handoff(self, seat: Seat | None, viewer: Seat | None) -> bool:
        if not self.secret or seat is None or seat == viewer:
            return False
        # one player among bots: nobody else at the keys to hide from
        return len(self.seats) > 1


class FixedSeat(SeatPolicy):
    """One seat, always shown (a remote player)."""

    def __init__(self, seat: Seat) -> None:
        self.seats = (seat,)

    def pick(self, to_act: Sequence[Seat], viewer: Seat | None) -> Seat | None:
        return self.seats[0]


class Spectator(SeatPolicy):
    """The public view; no actions."""

    seats = ()
