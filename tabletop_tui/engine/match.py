"""Match: one table. Game, seats, options, seed, action log, current state.

It is what the UI, the ssh server and the CLI drive. It validates through the
game, logs every applied action with its events, autosaves atomically after
each one, loads by replaying the log (and checking the saved snapshot), and
undoes by replaying the log without its last action(s) while nothing hidden
or random has been revealed since.

Saving never stops a game. A failed autosave (a read-only or full folder, a
file size limit, a data folder that cannot be made) does not raise out of
:meth:`Match.apply` or :meth:`Match.undo`: the move stands, ``save_problem``
holds one sentence saying saving is off and why, and the next save tries
again (and clears it when it works). :meth:`Match.save` is the explicit save
and raises :class:`SaveError`.

A save file is outside data: :meth:`Match.load` reads only a regular file of
bounded size, bounds the JSON's depth and the log's length, and recomputes
everything derivable (each move's ``reveals``, ``over``) by replaying.
"""

from __future__ import annotations

import json
import random
import threading
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import registry
from .actions import Action
from .bots import Bot, make_bot
from .errors import IllegalAction, SaveError
from .game import Event, Game, Result, Seat, check_seat
from .outside_text import clean_line, quote
from .rng import new_seed
from .savefile import (MAX_DEPTH, MAX_LOG, META_SUFFIX, SAVE_FORMAT, SAVE_VERSION, LogEntry, SaveFile,
                       SaveListing, SaveSummary, SeatConfig)
from .storage import atomic_write, clean_stale_temps, read_limited, saves_path, write_problem, write_reason

# the save file's schema is savefile.py's; these names stay importable from here
__all__ = ["LogEntry", "MAX_DEPTH", "MAX_LOG", "META_SUFFIX", "Match", "SAVE_FORMAT", "SAVE_VERSION", "SaveFile",
           "SaveListing", "SaveSummary", "SeatConfig", "list_saves"]


class Match:
    """One game in progress at one table."""

    def __init__(self, game: Game | str, seats: list[SeatConfig], options: Any = None,
                 seed: int | None = None, *, autosave: bool = True,
                 path: Path | None = None, match_id: str | None = None,
                 coach_flags: bool = False) -> None:
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
        #: the coach points out a human's clear blunders after the move
        self.coach_flags = coach_flags
        if path is None and autosave:
            # Only the path: the folder is made by the first save, whose
            # failure is a save_problem, not an error here.
            path = saves_path() / f"{self.game.id}-{self.match_id}.json"
        self.path = path
        self.state = self.game.new_state(n, options, self.seed)
        #: what the set-up dealt, in words (the log's first lines)
        self.opening: list[Event] = self.game.opening(self.state)
        self.log: list[LogEntry] = []
        #: events of each log entry, parallel to ``log``
        self.history: list[list[Event]] = []
        #: the "In brief" rule each log entry followed (None: not named),
        #: parallel to ``log``; the demo quotes it
        self.rules: list[str | None] = []
        #: why the last save failed (one sentence), or None while saving works
        self.save_problem: str | None = None
        #: how many log entries the file on disk holds (None: never saved)
        self.saved_moves: int | None = None
        self._bots: dict[Seat, Bot | None] = {i: make_bot(s.bot, s.level, self.game) for i, s in enumerate(seats)}
        self._bot_rng = random.Random(self.seed ^ 0x5EED)
        # apply/undo and taking a save's snapshot exclude each other; the
        # write lock keeps two saver threads from writing out of order
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self._written_version = -1
        self._version = 0

    # -- queries ----------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    def to_act(self) -> list[Seat]:
        return [] if self.game.is_over(self.state) else self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The seat's legal actions; IllegalAction for a seat not at the table."""
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: Seat | None):
        """What ``seat`` may see (None: the public view); IllegalAction for a
        seat not at the table."""
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
        """Every logged event that ``seat`` may read (private ones only its
        own), the set-up's first."""
        out = [e for e in self.opening if not e.private or (seat is not None and e.seat == seat)]
        for evs in self.history:
            for e in evs:
                if not e.private or (seat is not None and e.seat == seat):
                    out.append(e)
        return out

    # -- play --------------------------------------------------------------------
    def apply(self, action: Action | dict | str, seat: Seat, *, save: bool = True) -> list[Event]:
        """Validate and play ``action`` for ``seat``, log it, then autosave
        (unless ``save`` is False: a caller with a saver thread calls
        :meth:`try_save` itself).

        Raises IllegalAction (nothing changed) when refused. A failed save
        never raises: the move stands and ``save_problem`` says why. Should
        the game's code fail unexpectedly half-way, the position is put
        back as it was (so nothing was changed) and the error goes on up."""
        check_seat(seat, self.players)
        if not isinstance(action, Action):
            action = self.game.parse_action(action)
        with self._lock:
            before = self.game.clone(self.state)
            try:
                events = self.game.apply(self.state, action, seat)
            except IllegalAction:
                raise
            except Exception:
                self.state = before
                raise
            self.log.append(LogEntry(seat=seat, action=action.model_dump(mode="json"),
                                     reveals=any(e.reveals for e in events)))
            self.history.append(events)
            self.rules.append(_rule_of(self.game, before, action, seat))
            self._version += 1
        if save and self.autosave:
            self.try_save()
        return events

    def leave_note(self) -> str:
        """What the picker says when this game is left: true to what was saved."""
        if self.save_problem:
            return f"{self.save_problem.split('. ')[0]}. This game was not saved, so it cannot be resumed."
        if self.is_over():
            return "That game is over; start a new one."
        if not self.log:
            return "That game had no moves yet, so there is nothing to resume."
        if not self.autosave or self.saved_moves != len(self.log):
            return "That game was not saved."
        return "The game is saved; resume it from this list."

    def unsaved_reason(self) -> str:
        """Why this game would be lost if left now ("" when it can be resumed,
        is over or has no moves): its moves are not all saved."""
        if not self.log or self.is_over():
            return ""
        if self.save_problem:
            return f"{self.save_problem.split('. ')[0]}."
        if not self.autosave:
            return "Saving is off."
        if self.saved_moves != len(self.log):
            return "The last move is not saved."
        return ""

    def set_seat(self, seat: Seat, config: SeatConfig) -> None:
        """Put ``config`` at ``seat``: a new name, or a bot in a player's place
        (and back). The game itself does not change."""
        check_seat(seat, self.players)
        with self._lock:
            self.seats[seat] = config
            self._bots[seat] = make_bot(config.bot, config.level, self.game)
            self._version += 1

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
        with self._lock:
            n = self.undo_count()
            self._replay(self.log[: len(self.log) - n])
            self._version += 1
        if self.autosave:
            self.try_save()
        return n

    def _replay(self, log: list[LogEntry]) -> None:
        """Rebuild state, log and history from the seed by playing ``log``.
        Each entry is rebuilt from what the rules say: its action re-parsed
        and its ``reveals`` recomputed from the events (never trusted from a
        file). SaveError names the first move that is not legal."""
        state = self.game.new_state(self.players, self.options, self.seed)
        history, entries, rules = [], [], []
        for k, entry in enumerate(log):
            try:
                action = self.game.parse_action(entry.action)
                rule = _rule_of(self.game, state, action, entry.seat)
                events = self.game.apply(state, action, entry.seat)
            except IllegalAction as err:
                raise SaveError(f"Move {k + 1} of the log is not legal: {self.text(err.reason)}") from None
            history.append(events)
            rules.append(rule)
            entries.append(LogEntry(seat=entry.seat, action=action.model_dump(mode="json"),
                                    reveals=any(e.reveals for e in events)))
        self.state = state
        self.log = entries
        self.history = history
        self.rules = rules

    def truncate(self, moves: int) -> None:
        """Go back to the position after the first ``moves`` log entries,
        whatever they revealed: for a demo stepping back, where no player's
        secret is at stake (a game's undo is :meth:`undo`). Autosaves."""
        if not 0 <= moves <= len(self.log):
            raise IllegalAction("There is no such point in this game.")
        with self._lock:
            self._replay(self.log[:moves])
            self._version += 1
        if self.autosave:
            self.try_save()

    # -- save / load -------------------------------------------------------------------
    def to_save(self) -> SaveFile:
        return SaveFile(
            format=SAVE_FORMAT, version=SAVE_VERSION, match_id=self.match_id,
            game=self.game.id, seats=self.seats,
            options=self.options.model_dump(mode="json"), seed=self.seed,
            log=self.log, snapshot=json.loads(self.state.model_dump_json()),
            updated=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            over=self.is_over(), coach_flags=self.coach_flags, rules=self.game.rules_version)

    def try_save(self) -> str | None:
        """Autosave now. Returns None and clears ``save_problem`` when it
        worked; else sets and returns ``save_problem`` (one sentence). Never
        raises for a failed write. Safe to call from a saver thread: the
        snapshot is taken under the match's lock, and an older snapshot is
        never written over a newer one."""
        try:
            with self._lock:
                version, moves = self._version, len(self.log)
                text = self.to_save().model_dump_json(indent=1)
                target = self._autosave_path()
            with self._write_lock:
                if version > self._written_version or self.save_problem:
                    self._write(target, text, moves)
                    self._written_version = version
        except (OSError, SaveError) as err:
            self.save_problem = write_problem(err)
            return self.save_problem
        self.save_problem = None
        return None

    def save(self, path: Path | None = None) -> Path:
        """Write the match atomically to ``path`` (default: its autosave
        file). Raises SaveError with a sentence when it cannot."""
        with self._lock:
            text = self.to_save().model_dump_json(indent=1)
            moves = len(self.log)
            target = Path(path) if path else self._autosave_path()
        try:
            with self._write_lock:
                self._write(target, text, moves)
        except OSError as err:
            raise SaveError(f"Cannot save: {write_reason(err)}.") from None
        if target == self.path:
            self.save_problem = None
        return target

    def _autosave_path(self) -> Path:
        if self.path is None:
            self.path = saves_path() / f"{self.game.id}-{self.match_id}.json"
        return self.path

    def _write(self, target: Path, text: str, moves: int) -> None:
        atomic_write(target, text)
        if target == self.path:
            self.saved_moves = moves
            _write_summary(target, self.summary())

    def summary(self) -> SaveSummary:
        """The picker's summary of this match."""
        return SaveSummary(game=self.game.id, seats=self.seats, over=self.is_over(), moves=len(self.log),
                           updated=datetime.now(timezone.utc).isoformat(timespec="seconds"))

    @classmethod
    def load(cls, path: Path | str, *, autosave: bool = True) -> "Match":
        """Load a save: replay its log from the seed and check that it reaches
        the saved snapshot. Raises SaveError with a plain reason otherwise.

        The file is outside data: only a regular file under
        ``storage.MAX_READ_BYTES`` is read (never a FIFO or a device), its
        nesting is bounded (``MAX_DEPTH``), its log too (``MAX_LOG``), and
        what replay can tell (each move's ``reveals``, ``over``) is taken from
        replay, not from the file."""
        path = Path(path)
        name = clean_line(path.name, 60)
        save = _parse_save(read_limited(path), name)
        try:
            game = registry.get(save.game)
        except IllegalAction:
            raise SaveError(f"The file {name} is a save of {quote(save.game, 30)}, which this version does not have.") from None
        try:
            match = cls(game, save.seats, game.saved_options(save.options), save.seed, autosave=autosave,
                        path=path, match_id=save.match_id, coach_flags=save.coach_flags)
        except IllegalAction as err:
            raise SaveError(f"The file {name} is damaged: {err.reason}") from None
        older = _older_rules(name, game, save.rules)
        try:
            match._replay(save.log)
        except SaveError as err:
            raise older or SaveError(f"The file {name} is damaged: {err.reason}") from None
        except RecursionError:
            raise SaveError(f"The file {name} is damaged: it is nested too deeply.") from None
        if json.loads(match.state.model_dump_json()) != save.snapshot:
            raise older or SaveError(
                f"The file {name} is damaged: replaying its moves does not reach the saved position.")
        match.saved_moves = len(match.log)
        return match


def _older_rules(name: str, game: Game, rules: int) -> SaveError | None:
    """The reason a save from other rules of ``game`` cannot be replayed
    (None when it was saved under these rules: then it is damaged)."""
    if rules == game.rules_version:
        return None
    when = "earlier" if rules < game.rules_version else "later"
    return SaveError(f"The file {name} was saved under {when} rules of {game.title} (version {rules}; "
                     f"this one plays version {game.rules_version}), and its moves do not replay under "
                     "these. Start a new game.")


def _rule_of(game: Game, state: Any, action: Action, seat: Seat) -> str | None:
    """The rule ``action`` follows (see :meth:`Game.rule_of`); naming it must
    never stop a move, so a failing lookup names none."""
    try:
        return game.rule_of(state, action, seat)
    except Exception:
        return None


def _depth_ok(data: Any, limit: int = MAX_DEPTH) -> bool:
    """True when ``data`` nests lists and dicts at most ``limit`` deep
    (walked without recursion)."""
    todo = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return False
        todo.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
    return True


def _parse_json(raw: bytes, name: str) -> Any:
    try:
        data = json.loads(raw)
    except RecursionError:
        raise SaveError(f"The file {name} is damaged: it is nested too deeply.") from None
    except (ValueError, UnicodeDecodeError):
        raise SaveError(f"The file {name} is not a tabletop-tui save (it is not JSON).") from None
    if not _depth_ok(data):
        raise SaveError(f"The file {name} is damaged: it is nested too deeply.")
    return data


def _check_header(data: Any, name: str) -> dict:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"The file {name} is not a tabletop-tui save.")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"The file {name} was written by another version of tabletop-tui "
                        f"(save format {quote(data.get('version'), 12)}, this one reads {SAVE_VERSION}).")
    log = data.get("log")
    if isinstance(log, list) and len(log) > MAX_LOG:
        raise SaveError(f"The file {name} is damaged: its log has {len(log)} moves, more than any game has "
                        f"(at most {MAX_LOG}).")
    return data


def _damaged(name: str, err: ValidationError) -> SaveError:
    e = err.errors(include_url=False, include_input=False)[0]
    where = clean_line(".".join(str(p) for p in e.get("loc", ())), 30)
    return SaveError(f"The file {name} is damaged ({err.error_count()} problem(s), first: "
                     f"{where + ': ' if where else ''}{clean_line(e.get('msg', 'invalid'), 80)}).")


def _parse_save(raw: bytes, name: str) -> SaveFile:
    data = _check_header(_parse_json(raw, name), name)
    try:
        return SaveFile.model_validate(data)
    except ValidationError as err:
        raise _damaged(name, err) from None


def _meta_path(save: Path) -> Path:
    return save.with_suffix(META_SUFFIX)


def _write_summary(save: Path, summary: SaveSummary) -> None:
    """Keep the save's summary beside it, stamped with the save's size and
    time; a failure here costs only speed (the picker reads the save)."""
    try:
        st = save.stat()
        stamped = summary.model_copy(update={"save_size": st.st_size, "save_mtime_ns": st.st_mtime_ns})
        atomic_write(_meta_path(save), stamped.model_dump_json())
    except OSError:
        pass


def _read_summary(save: Path) -> SaveSummary:
    """The save's summary: from its ``.meta`` file when that matches the
    save, else read from the save itself (not replayed) and written back.
    SaveError when the save is damaged."""
    st = save.stat()
    try:
        meta = SaveSummary.model_validate_json(read_limited(_meta_path(save), 64 * 1024))
        fresh = (meta.save_size, meta.save_mtime_ns) == (st.st_size, st.st_mtime_ns)
    except (SaveError, ValidationError, ValueError):
        fresh = False
    if fresh:
        if meta.damaged:
            raise SaveError(meta.damaged)
        return meta
    name = clean_line(save.name, 60)
    try:
        data = _check_header(_parse_json(read_limited(save), name), name)
        try:
            head = SaveSummary.model_validate({k: data.get(k) for k in ("game", "seats", "updated", "over")
                                               if data.get(k) is not None}
                                              | {"moves": len(data.get("log") or [])})
        except ValidationError as err:
            raise _damaged(name, err) from None
    except SaveError as err:
        _write_summary(save, SaveSummary(damaged=err.reason))
        raise
    _write_summary(save, head)
    return head


def list_saves() -> list[SaveListing]:
    """Saves in the data directory, newest first, each with its summary
    (read from the small ``.meta`` beside it; see :class:`SaveSummary`) or a
    note saying why it cannot be read. Removes stale temp files of killed
    writes. An absent or unreadable saves folder lists nothing."""
    folder = saves_path()
    clean_stale_temps(folder)
    found = []
    try:
        for p in folder.glob("*.json"):
            try:
                found.append((p, p.stat().st_mtime))
            except OSError:
                continue
    except OSError:
        return []
    out = []
    for p, _ in sorted(found, key=lambda pm: pm[1], reverse=True):
        try:
            out.append(SaveListing(path=p, summary=_read_summary(p)))
        except SaveError as err:
            out.append(SaveListing(path=p, note=err.reason))
        except OSError:
            out.append(SaveListing(path=p, note="It cannot be read."))
    return out
