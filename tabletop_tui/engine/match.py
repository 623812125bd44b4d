"""Match: one table. Game, seats, options, seed, action log, current state.

It is what the UI, the ssh server and the CLI drive. It validates through the
game, logs every applied action with its events, autosaves atomically after
each one, loads by replaying the log (and checking the saved snapshot), and
undoes by replaying the log without its last action(s) while nothing hidden
or random has been revealed since.
"""

from __future__ import annotations

import json
import random
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from . import registry
from .actions import Action
from .bots import Bot, make_bot
from .errors import IllegalAction, SaveError
from .game import Event, Game, Result, Seat
from .rng import new_seed
from .storage import atomic_write, saves_dir

SAVE_FORMAT = "tabletop-tui-save"
SAVE_VERSION = 1


class SeatConfig(BaseModel):
    """Who sits at a seat: a name, and a bot kind (None for a human)."""

    name: str = Field(min_length=1, max_length=24)
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
    match_id: str
    game: str
    seats: list[SeatConfig]
    options: dict[str, Any]
    seed: int
    log: list[LogEntry]
    snapshot: dict[str, Any]
    updated: str = ""
    #: True once the game has ended (the picker offers only unfinished games)
    over: bool = False


class Match:
    """One game in progress at one table."""

    def __init__(self, game: Game | str, seats: list[SeatConfig], options: Any = None,
                 seed: int | None = None, *, autosave: bool = True,
                 path: Path | None = None, match_id: str | None = None) -> None:
        self.game: Game = registry.get(game) if isinstance(game, str) else game
        n = len(seats)
        lo, hi = self.game.min_players, self.game.max_players
        if not (lo <= n <= hi):
            count = str(lo) if lo == hi else f"{lo}-{hi}"
            raise IllegalAction(f"{self.game.title} is for {count} players, not {n}.")
        if options is None:
            options = self.game.default_options()
        elif isinstance(options, dict):
            options = self.game.parse_options(options)
        self.seats = list(seats)
        self.options = options
        self.seed = new_seed() if seed is None else int(seed)
        self.match_id = match_id or uuid.uuid4().hex[:12]
        self.autosave = autosave
        if path is None and autosave:
            path = saves_dir() / f"{self.game.id}-{self.match_id}.json"
        self.path = path
        self.state = self.game.new_state(n, options, self.seed)
        self.log: list[LogEntry] = []
        #: events of each log entry, parallel to ``log``
        self.history: list[list[Event]] = []
        self._bots: dict[Seat, Bot | None] = {i: make_bot(s.bot, s.level) for i, s in enumerate(seats)}
        self._bot_rng = random.Random(self.seed ^ 0x5EED)

    # -- queries ----------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    def to_act(self) -> list[Seat]:
        return [] if self.game.is_over(self.state) else self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: Seat | None):
        return self.game.view(self.state, seat)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def result(self) -> Result:
        return self.game.result(self.state)

    def is_bot(self, seat: Seat) -> bool:
        return self._bots.get(seat) is not None

    def humans_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if not self.is_bot(s)]

    def bots_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if self.is_bot(s)]

    def text(self, text: str) -> str:
        """Fill the seat placeholders ``{s0}``..``{s3}`` of an event or status
        text with the players' names."""
        for i, seat in enumerate(self.seats):
            text = text.replace(f"{{s{i}}}", seat.name)
        return text

    def status(self, seat: Seat | None = None) -> str:
        """The game's one-line status, with names filled in."""
        return self.text(self.game.status(self.state, seat))

    def events_for(self, seat: Seat | None) -> list[Event]:
        """Every logged event that ``seat`` may read (private ones only its own)."""
        out = []
        for evs in self.history:
            for e in evs:
                if not e.private or (seat is not None and e.seat == seat):
                    out.append(e)
        return out

    # -- play --------------------------------------------------------------------
    def apply(self, action: Action | dict | str, seat: Seat) -> list[Event]:
        """Validate and play ``action`` for ``seat``; autosave. Raises
        IllegalAction (nothing changed) when refused."""
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        if not (0 <= seat < self.players):
            raise IllegalAction("There is no such seat at this table.")
        events = self.game.apply(self.state, action, seat)
        self.log.append(LogEntry(seat=seat, action=action.model_dump(mode="json"),
                                 reveals=any(e.reveals for e in events)))
        self.history.append(events)
        if self.autosave:
            self.save()
        return events

    def bot_choose(self, seat: Seat) -> Action:
        """The bot's choice for ``seat`` (does not apply it). Safe to call off
        the UI thread: it works on the state without changing it."""
        bot = self._bots.get(seat)
        if bot is None:
            raise IllegalAction("That seat is not a bot.")
        return bot.choose(self.game, self.state, seat, self._bot_rng)

    def play_bots(self, limit: int = 10_000) -> int:
        """Let bots act until a human must act or the game ends (headless use)."""
        n = 0
        while n < limit and not self.is_over():
            bots = self.bots_to_act()
            if not bots:
                break
            seat = bots[0]
            self.apply(self.bot_choose(seat), seat)
            n += 1
        return n

    # -- undo ----------------------------------------------------------------------
    def undo_count(self) -> int:
        """How many log entries an undo would remove: back to and including the
        last human action (with the bot actions after it), or 0 if not allowed."""
        if not self.log:
            return 0
        humans = {i for i, s in enumerate(self.seats) if s.is_human}
        i = len(self.log) - 1
        if humans:
            while i >= 0 and self.log[i].seat not in humans:
                i -= 1
            if i < 0:
                return 0
        if any(e.reveals for e in self.log[i:]):
            return 0
        return len(self.log) - i

    def undo_refusal(self, by: Seat | None = None) -> str | None:
        """Why undo is not possible now, or None if it is.

        ``by`` is the seat asking. In a game with hidden information a player
        may only take back their own input (never another's secret bid or
        offering); in an open game anyone at the table may undo.
        """
        if not self.log:
            return "There is nothing to undo yet."
        humans = {i for i, s in enumerate(self.seats) if s.is_human}
        if humans and not any(e.seat in humans for e in self.log):
            return "There is nothing to undo yet: only bots have played."
        if self.undo_count() == 0:
            return "That cannot be undone: something hidden or random was revealed since."
        if by is not None and self.game.hidden_information:
            last = self.log[len(self.log) - self.undo_count()]
            if last.seat != by:
                return f"Only {self.seats[last.seat].name} can take back their own move."
        return None

    def undo(self, by: Seat | None = None) -> int:
        """Step back over the last human action; returns how many actions were
        removed. Raises IllegalAction with the reason when not allowed (see
        :meth:`undo_refusal` for ``by``)."""
        why = self.undo_refusal(by)
        if why:
            raise IllegalAction(why)
        n = self.undo_count()
        self._replay(self.log[: len(self.log) - n])
        if self.autosave:
            self.save()
        return n

    def _replay(self, log: list[LogEntry]) -> None:
        state = self.game.new_state(self.players, self.options, self.seed)
        history = []
        for k, entry in enumerate(log):
            action = self.game.parse_action(entry.action)
            try:
                events = self.game.apply(state, action, entry.seat)
            except IllegalAction as err:
                raise SaveError(f"Move {k + 1} of the log is not legal: {err.reason}") from None
            history.append(events)
        self.state = state
        self.log = list(log)
        self.history = history

    # -- save / load -------------------------------------------------------------------
    def to_save(self) -> SaveFile:
        return SaveFile(
            format=SAVE_FORMAT, version=SAVE_VERSION, match_id=self.match_id,
            game=self.game.id, seats=self.seats,
            options=self.options.model_dump(mode="json"), seed=self.seed,
            log=self.log, snapshot=json.loads(self.state.model_dump_json()),
            updated=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            over=self.is_over())

    def save_text(self) -> str:
        """The save file's text for the match as it is now."""
        return self.to_save().model_dump_json(indent=1)

    def write_save(self, text: str) -> str | None:
        """Write ``text`` (from :meth:`save_text`) to the autosave file. Returns
        None, or a sentence saying why saving failed (the game goes on in
        memory; the next save tries again)."""
        try:
            self.save_to(text)
        except OSError as err:
            return save_problem(err)
        return None

    def save_to(self, text: str, path: Path | None = None) -> Path:
        """Write save ``text`` atomically to ``path`` (default: the autosave file)."""
        target = Path(path) if path else self.path
        if target is None:
            target = saves_dir() / f"{self.game.id}-{self.match_id}.json"
            self.path = target
        atomic_write(target, text)
        return target

    def save(self, path: Path | None = None) -> Path:
        """Write the match atomically to ``path`` (default: its autosave file)."""
        return self.save_to(self.save_text(), path)

    @classmethod
    def load(cls, path: Path | str, *, autosave: bool = True) -> "Match":
        """Load a save: replay its log from the seed and check that it reaches
        the saved snapshot. Raises SaveError with a plain reason otherwise."""
        path = Path(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SaveError(f"There is no file {str(path)!r}.") from None
        except IsADirectoryError:
            raise SaveError(f"{str(path)!r} is a folder, not a save file.") from None
        except OSError as err:
            raise SaveError(f"Cannot read {str(path)!r}: {err.strerror}.") from None
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise SaveError(f"{path.name} is not a tabletop-tui save (it is not JSON).") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{path.name} is not a tabletop-tui save.")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{path.name} was written by another version of tabletop-tui "
                            f"(save format {data.get('version')!r}, this one reads {SAVE_VERSION}).")
        try:
            save = SaveFile.model_validate(data)
        except ValidationError as err:
            raise SaveError(f"{path.name} is damaged ({err.error_count()} problem(s), first: "
                            f"{err.errors()[0]['msg']}).") from None
        try:
            game = registry.get(save.game)
        except IllegalAction:
            raise SaveError(f"{path.name} is a save of {save.game!r}, which this version does not have.") from None
        try:
            match = cls(game, save.seats, save.options, save.seed, autosave=autosave,
                        path=path, match_id=save.match_id)
        except IllegalAction as err:
            raise SaveError(f"{path.name} is damaged: {err.reason}") from None
        try:
            match._replay(save.log)
        except IllegalAction as err:
            raise SaveError(f"{path.name} is damaged: {err.reason}") from None
        if json.loads(match.state.model_dump_json()) != save.snapshot:
            raise SaveError(f"{path.name} is damaged: replaying its moves does not reach the saved position.")
        return match


def save_problem(err: OSError) -> str:
    """One line for a player on why a save failed."""
    import errno

    why = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
           errno.EROFS: "the data folder is read-only", errno.EACCES: "the data folder may not be written",
           errno.EPERM: "the data folder may not be written",
           errno.EFBIG: "the save file is larger than this system allows"}.get(err.errno or 0,
                                                                              err.strerror or "it failed")
    return f"Saving is off: {why}. The game goes on; it will try again after the next move."


def list_saves() -> list[tuple[Path, SaveFile | None, str]]:
    """Saves in the data directory, newest first: (path, parsed or None, note)."""
    out = []
    for p in sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            out.append((p, SaveFile.model_validate_json(p.read_bytes()), ""))
        except Exception:
            out.append((p, None, "damaged"))
    return out
