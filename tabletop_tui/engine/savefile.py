"""The save file's schema: what a match is on disk, and the small summary
kept beside it for the picker's list.

Beside :mod:`.storage` (how files are written and read safely): this is what
they hold. :class:`~.match.Match` makes and reads these models; a save is
outside data, so every field is bounded here and checked again by replay.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from .game import Seat
from .outside_text import OutsideLine, PlayerName

SAVE_FORMAT = "tabletop-tui-save"
SAVE_VERSION = 1
#: the longest log a save may hold (a long game has a few hundred moves)
MAX_LOG = 20_000
#: the deepest nesting of lists and objects a save may hold
MAX_DEPTH = 32
META_SUFFIX = ".meta"


class SeatConfig(BaseModel):
    """Who sits at a seat: a name, and a bot kind (None for a human).

    The name is outside text: cleaned to printable characters and at most
    24 of them (see :mod:`tabletop_tui.engine.outside_text`)."""

    name: PlayerName
    bot: Literal["random", "search"] | None = None
    level: int = Field(default=2, ge=1, le=3)

    @property
    def is_human(self) -> bool:
        return self.bot is None


class LogEntry(BaseModel):
    """One applied action: who, what (as JSON data), and what it revealed."""

    seat: Seat
    action: dict[str, Any]
    reveals: bool = False


class SaveFile(BaseModel):
    """The on-disk form of a match."""

    format: Literal["tabletop-tui-save"]
    version: int
    match_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")
    game: OutsideLine
    seats: list[SeatConfig] = Field(max_length=16)
    options: dict[str, Any]
    seed: int
    log: list[LogEntry] = Field(max_length=MAX_LOG)
    snapshot: dict[str, Any]
    updated: OutsideLine = ""
    #: True once the game has ended (a summary for the picker; a loaded
    #: match recomputes it by replay)
    over: bool = False
    #: the coach points out clear blunders (a table setting, chosen at setup)
    coach_flags: bool = False
    #: the game's ``rules_version`` when this was saved (files from before
    #: rules were versioned: 1)
    rules: int = Field(default=1, ge=1, le=1_000_000)


class SaveSummary(BaseModel):
    """What the picker shows of a save, kept beside it in a small ``.meta``
    file so the list is read without parsing or replaying whole saves."""

    game: OutsideLine = ""
    seats: list[SeatConfig] = Field(default_factory=list, max_length=16)
    updated: OutsideLine = ""
    over: bool = False
    moves: int = Field(default=0, ge=0)
    #: why the save cannot be read (then the fields above are empty), so a
    #: damaged save is not parsed again at every listing
    damaged: OutsideLine = ""
    #: size and modification time of the save this summary was made from;
    #: a summary whose save changed since is not trusted
    save_size: int = -1
    save_mtime_ns: int = -1

    @property
    def bots(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_human]


class SaveListing(BaseModel):
    """One entry of :func:`list_saves`: a save's path, its summary (None
    when the file is damaged) and a note saying why."""

    path: Path
    summary: SaveSummary | None = None
    note: str = ""
