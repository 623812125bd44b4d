"""The table service's wire protocol: pydantic messages as JSON lines.

Each message is one line of JSON, at most :data:`MAX_LINE` bytes, with a
``type`` field naming it. The service parses everything it receives with
:func:`parse_request`; a malformed or oversized line ends that connection
with a sentence and changes nothing. The service is the authority: a client
acts only for the seats it holds and receives only those seats' updates.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from tabletop_tui.engine.outside_text import clean_line

#: the longest line either side sends or accepts, in bytes
MAX_LINE = 256 * 1024
#: a chat line's length, in characters
MAX_CHAT = 200


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- client -> service ------------------------------------------------------------
class Hello(Message):
    """The first line: the token the server gave this session's process."""

    type: Literal["hello"] = "hello"
    token: str = Field(max_length=128)


class Lobby(Message):
    """Ask for the list of tables (and follow it until a table is joined)."""

    type: Literal["lobby"] = "lobby"


class SeatPlan(Message):
    """One seat of a new table: open for a player, or a bot."""

    bot: Literal["random", "search"] | None = None
    level: int = Field(default=2, ge=1, le=3)


class Create(Message):
    """Open a new table; the creator takes ``take`` of its open seats."""

    type: Literal["create"] = "create"
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatPlan] = Field(min_length=1, max_length=8)
    take: list[int] = Field(default_factory=list, max_length=8)
    #: after a move, the coach tells its player of a clear slip (setup's box)
    coach_flags: bool = False


class Join(Message):
    """Take seats at a table (empty: watch it)."""

    type: Literal["join"] = "join"
    table: str = Field(max_length=40)
    seats: list[int] = Field(default_factory=list, max_length=8)


class Act(Message):
    type: Literal["act"] = "act"
    id: int = 0
    seat: int
    action: dict[str, Any]


class Explain(Message):
    type: Literal["explain"] = "explain"
    id: int = 0
    seat: int
    action: dict[str, Any]


class Undo(Message):
    type: Literal["undo"] = "undo"
    id: int = 0
    seat: int


class Hint(Message):
    type: Literal["hint"] = "hint"
    seat: int


class Coach(Message):
    """The coach's best moves for one of the connection's seats."""

    type: Literal["coach"] = "coach"
    seat: int


class Judge(Message):
    """Whether the coach judges the moves of one of the connection's seats
    (its player's own switch)."""

    type: Literal["judge"] = "judge"
    seat: int
    on: bool


class Chat(Message):
    type: Literal["chat"] = "chat"
    text: str = Field(max_length=MAX_CHAT * 4)


class SetBot(Message):
    """The table's creator hands an absent player's seat to a bot (or back)."""

    type: Literal["set_bot"] = "set_bot"
    table: str = Field(max_length=40)
    seat: int
    bot: Literal["random", "search"] | None = None
    level: int = Field(default=2, ge=1, le=3)


class Records(Message):
    """The lobby asks for the player's recent games and the leaderboards."""

    type: Literal["records"] = "records"


class Replay(Message):
    """The save of one of the player's finished games, to replay it."""

    type: Literal["replay"] = "replay"
    game: str = Field(max_length=40)


class Leave(Message):
    """Leave the table (the seats stay yours) and go back to the lobby."""

    type: Literal["leave"] = "leave"


Request = Annotated[Union[Hello, Lobby, Create, Join, Act, Explain, Undo, Hint, Coach, Judge, Chat, SetBot, Leave,
                          Records, Replay],
                    Field(discriminator="type")]
_requests = TypeAdapter(Request)


class ProtocolError(Exception):
    """A line the other side may not send; ``reason`` is the sentence to show."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parse_request(line: bytes) -> Any:
    """One client line as a request, or ProtocolError with a sentence."""
    if len(line) > MAX_LINE:
        raise ProtocolError("That message is too long.")
    try:
        return _requests.validate_json(line)
    except ValidationError:
        raise ProtocolError("That message is not understood.") from None


def encode(message: BaseModel | dict) -> bytes:
    """One line of JSON for ``message``."""
    if isinstance(message, BaseModel):
        text = message.model_dump_json()
    else:
        text = json.dumps(message, separators=(",", ":"))
    return text.encode() + b"\n"


def clean_chat(text: str) -> str:
    """A chat line as outside text: printable, one line, length-limited."""
    return clean_line(text, MAX_CHAT)
