"""What a table tells its clients: who sits where and the per-seat Update.

:class:`Update` is a pydantic model and also the wire format of the table
service: :meth:`Update.to_wire` and :meth:`Update.from_wire` are
``model_dump`` and ``model_validate``, so every field crosses the socket and
nothing is written twice. Only the game-specific parts (the view, the legal
actions, the last move's action) need the game to be read back, and it is
passed as validation context.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationInfo, field_validator

from .actions import Action
from .game import Result, Seat

if TYPE_CHECKING:
    from .match import Match


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat, as every client may know it."""

    name: str
    colour: str
    bot: str | None = None
    level: int = 2
    #: on a server: "open" (no player has taken it), "away" (its player is
    #: not connected) or "here"; "" at a local table
    presence: str = ""

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @property
    def label(self) -> str:
        """"human", "human, away", "open seat", "random bot" or "bot L2"."""
        if self.bot is None:
            return {"open": "open seat", "away": "human, away"}.get(self.presence, "human")
        return "random bot" if self.bot == "random" else f"bot L{self.level}"


@dataclass(frozen=True)
class LogLine:
    """One line of the game log, names filled in; ``seat`` is who it concerns.
    ``move`` is the number of the log entry it belongs to (0 for the first
    move); the first line of a move carries ``rule``, the name of the rules
    page's "In brief" rule the move followed (see :mod:`.rules_index`)."""

    text: str
    seat: Seat | None = None
    move: int | None = None
    rule: str | None = None


@dataclass(frozen=True)
class LastMove:
    """The action applied last, by whom, and what it did (as the viewer may read it)."""

    seat: Seat
    action: Any = field()  # an Action of the game (Any: dumped as its own class)
    text: str = ""
    #: it showed something hidden or random (a drawn card, a die, the bids)
    reveals: bool = False


def _game(info: ValidationInfo) -> Any:
    game = (info.context or {}).get("game")
    if game is None:
        raise ValueError("an update is read with its game as context")
    return game


class Update(BaseModel):
    """Everything one seat (``None``: the public, a spectator) may know now."""

    serial: int
    seat: Seat | None
    #: the game's view model for this seat
    view: Any
    to_act: list[Seat]
    status: str
    log: list[LogLine]
    legal: list[Any] = []
    labels: list[str] = []
    last: LastMove | None = None
    result: Result | None = None
    #: the bot seat now thinking, if any
    thinking: Seat | None = None
    #: a standing notice (saving is off), "" if none
    note: str = ""
    #: something that went wrong and waits for a player (a bot could not
    #: move) and what this seat can do about it, "" if none
    alert: str = ""
    #: where the alert's details are kept ("Details are in …"): a path on the
    #: machine the table runs on, so the ssh service does not send it as is
    alert_detail: str = ""
    #: the status line as anyone may read it (for the hand-off screen)
    public_status: str = ""
    #: the coach's word to this seat about its last move ("" if none)
    coach: str = ""
    #: whether the coach judges this seat's moves (its player's own switch);
    #: None where it judges nobody's (no blunder flags here, a bot's seat)
    judged: bool | None = None
    #: True while the table's bots wait to be stepped (a paused demo)
    paused: bool = False
    #: a tutorial's words for this seat now ("" outside a tutorial)
    lesson: str = ""

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    # -- the wire ---------------------------------------------------------------------
    def to_wire(self, log_from: int = 0) -> dict[str, Any]:
        """This update as JSON data, the log from line ``log_from`` on (the
        lines before it were sent already); ``log_start`` says where."""
        data = self.model_dump(mode="json", exclude={"log"}, serialize_as_any=True)
        data["log"] = [[line.text, line.seat, line.move, line.rule] for line in self.log[log_from:]]
        data["log_start"] = log_from
        return data

    @classmethod
    def from_wire(cls, data: dict[str, Any], game: Any) -> "Update":
        """An update sent by :meth:`to_wire`, its view and actions read as
        ``game``'s own (``log`` holds only the lines from ``log_start`` on)."""
        return cls.model_validate(data, context={"game": game})

    @field_validator("view", mode="before")
    @classmethod
    def _read_view(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, dict):
            return _game(info).view_model().model_validate(value)
        return value

    @field_validator("legal", mode="before")
    @classmethod
    def _read_legal(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, list) and any(not isinstance(a, Action) for a in value):
            game = _game(info)
            return [a if isinstance(a, Action) else game.parse_action(a) for a in value]
        return value

    @field_validator("log", mode="before")
    @classmethod
    def _read_log(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [LogLine(*line) if isinstance(line, (list, tuple)) else line for line in value]
        return value

    @field_validator("last", mode="before")
    @classmethod
    def _read_last(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, dict) and not isinstance(value.get("action"), Action):
            return LastMove(int(value["seat"]), _game(info).parse_action(value["action"]),
                            str(value.get("text", "")), bool(value.get("reveals")))
        return value


def log_lines(match: "Match", seat: Seat | None) -> list[LogLine]:
    """The log as ``seat`` may read it (None: the public), names filled in:
    private events only for their own seat; each move's first line names
    the rule it followed."""
    out = [LogLine(match.text(e.text), e.seat) for e in match.opening
           if not e.private or (seat is not None and e.seat == seat)]
    for k, events in enumerate(match.history):
        rule = match.rules[k] if k < len(match.rules) else None
        for e in events:
            if not e.private or (seat is not None and e.seat == seat):
                out.append(LogLine(match.text(e.text), e.seat, k, rule))
                rule = None
    return out


def last_move(match: "Match", seat: Seat | None) -> LastMove | None:
    """The match's last move as ``seat`` may read it (None: no move yet)."""
    if not match.log:
        return None
    entry = match.log[-1]
    seen = [match.text(e.text) for e in match.history[-1]
            if not e.private or (seat is not None and e.seat == seat)]
    return LastMove(entry.seat, match.game.parse_action(entry.action), " ".join(seen), entry.reveals)
