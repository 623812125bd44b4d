"""The face every table shows its screens: what a client may call and what
the table can do, declared once.

:class:`~.table.Table` (in this process), :class:`~.tutorial.TutorialTable`
(a scripted one) and the ssh client's ``RemoteTable`` (a table in the
server's process) all honour :class:`TableFace`. What differs between them
is said by data, the capability flags, never found out by probing for a
method: a screen reads ``table.has_chat``, not ``hasattr(table, "send_chat")``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol, runtime_checkable

from .actions import Action
from .game import Game, Seat
from .updates import SeatInfo, Update

#: a subscriber: the updates of its seats (None: the public view), after every change
Listener = Callable[[dict["Seat | None", Update]], None]
#: ``hint``'s answer: (serial, the action or None, its label or why there is none)
HintReply = Callable[[int, "Action | None", str], None]
#: ``coach``'s answer: (serial, the suggestions, best first, or none and why)
CoachReply = Callable[[int, list, str], None]


class Closeable(Protocol):
    def close(self) -> None: ...


#: the capability flags, each a plain attribute of every table
CAPABILITIES = ("has_chat", "can_undo", "has_coach", "answers_later", "saving")


@runtime_checkable
class TableFace(Protocol):
    """One game in progress, as a screen sees it."""

    game: Game
    #: who sits at each seat (it changes when a seat is taken or handed to a bot)
    seats: list[SeatInfo]

    # -- capabilities (data, not probes) --------------------------------------------------
    #: the table has a chat (a server's): ``send_chat`` and ``chat_lines`` mean something
    has_chat: bool
    #: ``undo`` can take moves back (a tutorial's cannot)
    can_undo: bool
    #: ``coach`` gives ranked suggestions (otherwise only ``hint``'s one move)
    has_coach: bool
    #: the answers come from elsewhere (a server): ``act`` and ``undo`` return
    #: at once and their answers follow as events; ``explain`` answers at once,
    #: provisionally until the server has said why (then an event follows)
    answers_later: bool
    #: the table autosaves after every change
    saving: bool

    @property
    def players(self) -> int: ...

    @property
    def humans(self) -> list[Seat]: ...

    @property
    def serial(self) -> int: ...

    #: where the game is saved on this machine (None: not here)
    @property
    def save_path(self) -> Any: ...

    #: chat said before the screen came, as (name, text)
    chat_lines: list[tuple[str, str]]

    def subscribe(self, seats: Iterable[Seat] | None, listener: Listener) -> Closeable: ...

    def update_for(self, seat: Seat | None) -> Update: ...

    def act(self, action: Action, seat: Seat) -> None: ...

    def explain(self, action: Action, seat: Seat) -> str | None: ...

    def undo(self, by: Seat | None = None) -> int: ...

    def hint(self, seat: Seat, reply: HintReply) -> None: ...

    def coach(self, seat: Seat, reply: CoachReply) -> None: ...

    #: whether the coach judges ``seat``'s moves: its player's own switch
    #: (the update's ``judged`` says where it is)
    def judge_moves(self, seat: Seat, on: bool) -> None: ...

    def send_chat(self, text: str) -> None: ...

    def idle(self) -> bool: ...

    def leave_note(self) -> str: ...

    def leave_loses(self) -> str: ...

    def close(self) -> None: ...
