"""The table service: every table of a server, and the lobby.

It runs in the server's process, on its asyncio loop. Each ssh session's app
process connects to it over a local socket (a Unix socket in a folder only
the server's user may enter) and proves who it is with the one-time token the
server gave it. From then on the service is the authority: a connection acts
only for the seats it holds, receives only those seats' updates (plus the
public log), and everything it sends is parsed by :mod:`.protocol` first.
Tables autosave; when the server restarts they resume from their saves.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_tui.engine import registry
from tabletop_tui.engine.crash import REMOTE_WHERE
from tabletop_tui.engine.errors import IllegalAction, SaveError
from tabletop_tui.engine.match import Match, SeatConfig
from tabletop_tui.engine.outside_text import clean_name
from tabletop_tui.engine.storage import atomic_write
from tabletop_tui.engine.table import Subscription, Table, Update

from . import history
from . import protocol as p
from .limits import Limits


class Bucket:
    """A token bucket: ``rate`` per second, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


@dataclass
class TableEntry:
    """A table of the server: the Table, who holds which seat, its chat."""

    id: str
    table: Table
    creator: str
    #: the user holding each seat (None: open, or a bot's from the start)
    owners: list[str | None]
    chat: deque = field(default_factory=lambda: deque(maxlen=50))
    conns: set = field(default_factory=set)
    #: its finished game is in the records
    recorded: bool = False

    def connected(self) -> set[str]:
        return {c.user for c in self.conns if c.user}


def wire_update(up: Update, log_from: int = 0) -> dict[str, Any]:
    """An update as JSON data (:meth:`Update.to_wire`), the log from line
    ``log_from`` on; where an alert's details are kept stays on the server."""
    data = up.to_wire(log_from)
    if up.alert_detail:
        data["alert_detail"] = REMOTE_WHERE
    return data


def presence(entry: TableEntry, seat: int) -> str:
    """"open" (no player took it), "away" (its player is not connected),
    "here", or "" for a bot's seat."""
    owner = entry.owners[seat]
    if not entry.table.seats[seat].is_human:
        return ""
    if owner is None:
        return "open"
    return "here" if owner in entry.connected() else "away"


def wire_seats(entry: TableEntry) -> list[list[Any]]:
    """Who sits where and who is here, for a client's players panel."""
    return [[s.name, s.colour, s.bot, s.level, presence(entry, i)] for i, s in enumerate(entry.table.seats)]


class Conn:
    """One app process connected to the service."""

    def __init__(self, service: "Service", writer: asyncio.StreamWriter) -> None:
        self.service = service
        self.writer = writer
        self.user: str = ""
        self.entry: TableEntry | None = None
        self.seats: tuple[int, ...] = ()
        self.sub: Subscription | None = None
        self.in_lobby = False
        self.sent: dict[Any, int] = {}  # log lines already sent, per seat key
        limits = service.limits
        self.actions = Bucket(limits.actions_per_second, limits.actions_per_second * 4)
        self.hints = Bucket(limits.hints_per_minute / 60, 2)
        self.chats = Bucket(limits.chat_per_minute / 60, 3)
        self.closed = False

    # -- sending (any thread) --------------------------------------------------------
    def send(self, message: Any) -> None:
        """Queue ``message`` for this connection (safe from any thread)."""
        data = p.encode(message)
        loop = self.service.loop
        if loop is None:
            return
        loop.call_soon_threadsafe(self._write, data)

    def _write(self, data: bytes) -> None:
        if not self.closed and not self.writer.is_closing():
            self.writer.write(data)

    def table_listener(self, updates: dict) -> None:
        """The Table's listener: per-seat updates, the log sent once per line."""
        out = {}
        for key, up in updates.items():
            k = "public" if key is None else str(key)
            start = self.sent.get(k, 0)
            if start > len(up.log):
                start = 0  # an undo shortened the log: send it again
            out[k] = wire_update(up, start)
            out[k]["seats"] = wire_seats(self.entry) if self.entry else []
            self.sent[k] = len(up.log)
            if up.result is not None and self.entry is not None:
                self.service.finished(self.entry)
        self.send({"type": "update", "table": self.entry.id if self.entry else "", "updates": out})

    def bye(self, reason: str) -> None:
        """Say why, then end this connection (called on the service's loop)."""
        if not self.writer.is_closing():
            self.writer.write(p.encode({"type": "bye", "reason": reason}))
            self.writer.close()
        self.closed = True


class Service:
    """Every table of one server, the lobby, and the local socket."""

    def __init__(self, folder: Path, limits: Limits | None = None, *, bot_delay: float = 0.6) -> None:
        self.folder = Path(folder)
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.tables: dict[str, TableEntry] = {}
        self.conns: set[Conn] = set()
        self.tokens: dict[str, str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: asyncio.AbstractServer | None = None
        #: the server's database (:mod:`.records`); None: tables are remembered in files only
        self.records: Any = None

    # -- tokens ----------------------------------------------------------------------
    def issue_token(self, user: str) -> str:
        """A one-time token that lets an app process speak for ``user``."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = clean_name(user) or "guest"
        return token

    # -- the socket ----------------------------------------------------------------------
    async def start(self, socket_path: Path) -> None:
        self.loop = asyncio.get_running_loop()
        self.resume()
        self.server = await asyncio.start_unix_server(self._serve, path=str(socket_path), limit=p.MAX_LINE)

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
        for conn in list(self.conns):
            conn.writer.close()
        for entry in self.tables.values():
            entry.table.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, writer)
        self.conns.add(conn)
        try:
            await self._converse(conn, reader)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            self._drop(conn)
            try:
                writer.close()
            except Exception:
                pass

    async def _converse(self, conn: Conn, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            try:
                line = await reader.readuntil(b"\n")
            except asyncio.LimitOverrunError:
                conn.bye("That message is too long; the connection is closed.")
                return
            except asyncio.IncompleteReadError:
                return
            try:
                req = p.parse_request(line)
            except p.ProtocolError as err:
                conn.bye(f"{err.reason} The connection is closed.")
                return
            if not conn.user:
                if not isinstance(req, p.Hello) or req.token not in self.tokens:
                    conn.bye("Unknown session; the connection is closed.")
                    return
                conn.user = self.tokens.pop(req.token)
                conn.send({"type": "welcome", "user": conn.user})
                for other in list(self.conns):  # one player, one connection at the tables
                    if other is not conn and other.user == conn.user:
                        self._move_out(other)
                continue
            self.handle(conn, req)

    def _drop(self, conn: Conn) -> None:
        """A connection ended: its seats stay its user's."""
        conn.closed = True
        self.conns.discard(conn)
        self._leave(conn)
        self._lobby_changed()

    # -- requests ----------------------------------------------------------------------------
    def handle(self, conn: Conn, req: Any) -> None:
        """One parsed request from an identified connection."""
        kind = req.type
        try:
            if kind == "lobby":  # follow the lobby (a table is left only by "leave")
                # not from a table: the app's lobby shows again for a moment
                # after the setup form sends its table (before "joined" comes),
                # and a player at a table followed the lobby from then on (their
                # app redrew its hidden list at every table opened or finished)
                conn.in_lobby = conn.entry is None
                conn.send(self.lobby())
            elif kind == "create":
                self.create(conn, req)
            elif kind == "join":
                self.join(conn, req.table, req.seats)
            elif kind == "leave":
                self._leave(conn)
                conn.in_lobby = True
                conn.send(self.lobby())
                self._lobby_changed()
            elif kind == "chat":
                self.chat(conn, req.text)
            elif kind in ("act", "explain", "undo"):
                self._answer(conn, req)
            elif kind == "hint":
                self.hint(conn, req.seat)
            elif kind == "coach":
                self.coach(conn, req.seat)
            elif kind == "judge":  # a player's own switch for the coach's word (rate-limited with the moves)
                table = self._mine(conn, req.seat)
                if not conn.actions.take():
                    raise IllegalAction("Too fast: wait a moment.")
                table.judge_moves(req.seat, req.on)
            elif kind == "set_bot":
                self.set_bot(conn, req.table, req.seat, req.bot, req.level)
            elif kind in ("records", "replay"):
                history.answer(self, conn, req)
            else:  # a second hello
                conn.send({"type": "error", "reason": "You are already known here."})
        except IllegalAction as err:
            conn.send({"type": "error", "reason": err.reason})
        except Exception as err:  # a bug: this request fails, the server goes on
            from tabletop_tui.engine.crash import report_crash

            conn.send({"type": "error", "reason": report_crash(err, remote=True)})

    def _mine(self, conn: Conn, seat: int) -> Table:
        entry = conn.entry
        if entry is None:
            raise IllegalAction("You are not at a table.")
        if seat not in conn.seats:
            raise IllegalAction("That seat is not yours.")
        return entry.table

    def _answer(self, conn: Conn, req: Any) -> None:
        """Act, undo or explain for one of the connection's seats. A move is
        confirmed once it is saved (the save runs off the loop), so a server
        killed after a player saw "ok" still has that move when it restarts."""
        reply: dict[str, Any] = {"type": "reply", "id": req.id, "ok": True, "reason": ""}
        changed: Table | None = None
        try:
            if req.type == "act" and not conn.actions.take():
                raise IllegalAction("Too fast: wait a moment.")
            table = self._mine(conn, req.seat)
            if req.type == "undo":
                reply["count"] = table.undo(by=req.seat)
                changed = table
            else:
                action = table.game.parse_action(req.action)
                if req.type == "act":
                    table.act(action, req.seat)
                    changed = table
                else:
                    why = table.explain(action, req.seat)
                    if why:
                        reply.update(ok=False, reason=why)
        except IllegalAction as err:
            reply.update(ok=False, reason=err.reason)
        if changed is not None and changed.saving and self.loop is not None:
            saved = self.loop.run_in_executor(None, changed.flush, 5.0)
            saved.add_done_callback(lambda _done: conn.send(reply))
            return
        conn.send(reply)

    def hint(self, conn: Conn, seat: int) -> None:
        table = self._mine(conn, seat)
        if not conn.hints.take():
            conn.send({"type": "hint", "seat": seat, "serial": table.serial, "action": None,
                       "label": "One hint at a time: wait a little before the next."})
            return

        def reply(serial: int, action: Any, label: str) -> None:
            conn.send({"type": "hint", "seat": seat, "serial": serial,
                       "action": None if action is None else action.model_dump(mode="json"), "label": label})

        table.hint(seat, reply)

    def coach(self, conn: Conn, seat: int) -> None:
        """The coach's suggestions for a seat the connection holds (rate-limited
        with the hints: they cost the server the same search)."""
        table = self._mine(conn, seat)
        if not conn.hints.take():
            conn.send({"type": "coach", "seat": seat, "serial": table.serial, "suggestions": [],
                       "reason": "One question to the coach at a time: wait a little before the next."})
            return

        def reply(serial: int, found: list, reason: str) -> None:
            conn.send({"type": "coach", "seat": seat, "serial": serial, "reason": reason, "suggestions": [
                {"action": s.action.model_dump(mode="json"), "label": s.label, "value": s.value,
                 "estimate": s.estimate, "why": s.why} for s in found]})

        table.coach(seat, reply)

    def chat(self, conn: Conn, text: str) -> None:
        entry = conn.entry
        if entry is None:
            raise IllegalAction("Chat is for the people at a table.")
        if not conn.chats.take():
            raise IllegalAction("Too many lines at once: wait a moment.")
        line = p.clean_chat(text)
        if not line.strip():
            return
        entry.chat.append((conn.user, line))
        for other in list(entry.conns):
            other.send({"type": "chat", "name": conn.user, "text": line})

    # -- tables ----------------------------------------------------------------------------------
    def create(self, conn: Conn, req: p.Create) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise IllegalAction("This server has as many tables as it allows; join one or wait.")
        game = registry.get(req.game)
        colours = game.seat_names_with(len(req.seats), game.parse_options(req.options))
        seats = [SeatConfig(name=colours[i] if plan.bot is None else f"{colours[i]} bot",
                            bot=plan.bot, level=plan.level) for i, plan in enumerate(req.seats)]
        table_id = uuid.uuid4().hex[:8]
        match = Match(game, seats, req.options, path=self.folder / f"{table_id}.json", match_id=table_id,
                      coach_flags=req.coach_flags)
        entry = TableEntry(table_id, Table(match, bot_delay=self.bot_delay, lean_coach=True), conn.user,
                           [None] * len(seats))
        self.tables[table_id] = entry
        self._write_meta(entry)
        self.join(conn, table_id, req.take)

    def join(self, conn: Conn, table_id: str, seats: list[int]) -> None:
        entry = self.tables.get(table_id)
        if entry is None:
            raise IllegalAction("There is no such table.")
        table = entry.table
        wanted = sorted(set(seats))
        for s in wanted:
            if type(s) is not int or not 0 <= s < table.players:
                raise IllegalAction("There is no such seat at that table.")
            owner = entry.owners[s]
            if owner is not None and owner != conn.user:
                raise IllegalAction(f"That seat is {owner}'s.")
            if owner is None and not table.seats[s].is_human:
                raise IllegalAction("A bot plays that seat.")
        self._leave(conn)
        for other in list(entry.conns):  # two clients never drive one seat
            if other.user == conn.user and set(other.seats) & set(wanted):
                self._move_out(other)
        for s in wanted:
            if entry.owners[s] is None:
                entry.owners[s] = conn.user
                taken = [i for i in wanted if i < s]
                name = conn.user if not taken else f"{conn.user} {len(taken) + 1}"
                table.set_seat(s, name)
        conn.entry, conn.seats, conn.in_lobby, conn.sent = entry, tuple(wanted), False, {}
        entry.conns.add(conn)
        self._write_meta(entry)
        conn.send({"type": "joined", "table": entry.id, "game": table.game.id,
                   "seats": [{"name": s.name, "colour": s.colour, "bot": s.bot, "level": s.level,
                              "presence": presence(entry, i)} for i, s in enumerate(table.seats)],
                   "yours": list(wanted), "creator": entry.creator == conn.user,
                   "chat": [[n, t] for n, t in entry.chat]})
        conn.sub = table.subscribe(wanted or None, conn.table_listener)
        self._seats_changed(entry)
        self._lobby_changed()

    def set_bot(self, conn: Conn, table_id: str, seat: int, bot: str | None, level: int) -> None:
        entry = self.tables.get(table_id)
        if entry is None:
            raise IllegalAction("There is no such table.")
        if entry.creator != conn.user:
            raise IllegalAction("Only the table's creator may hand a seat to a bot.")
        table = entry.table
        if type(seat) is not int or not 0 <= seat < table.players:
            raise IllegalAction("There is no such seat at that table.")
        owner = entry.owners[seat]
        if owner is None:
            raise IllegalAction("That seat is open: a player may take it.")
        if bot is not None and owner == conn.user:
            raise IllegalAction("That seat is yours: take it with Enter rather than hand it to a bot.")
        if bot is not None and owner in entry.connected():
            raise IllegalAction(f"{owner} is here: only an absent player's seat goes to a bot.")
        table.set_seat(seat, owner, bot, level)
        self._seats_changed(entry)
        self._lobby_changed()
        conn.send(self.lobby())

    def _leave(self, conn: Conn) -> None:
        if conn.sub is not None:
            conn.sub.close()
            conn.sub = None
        entry = conn.entry
        conn.entry, conn.seats = None, ()
        if entry is not None:
            entry.conns.discard(conn)
            self._seats_changed(entry)

    def _move_out(self, conn: Conn) -> None:
        """The same player joined from another terminal: ``conn`` leaves
        its table for the lobby and is told why."""
        self._leave(conn)
        conn.in_lobby = True
        conn.send({"type": "moved", "reason": "You joined from another terminal."})

    def finished(self, entry: TableEntry) -> None:
        """A table's game ended (called from any thread): record it once."""
        if self.records is not None and self.loop is not None and not entry.recorded:
            entry.recorded = True
            self.loop.call_soon_threadsafe(history.record, self, entry)

    def _seats_changed(self, entry: TableEntry) -> None:
        """Tell everyone at ``entry`` who sits where and who is here now."""
        message = {"type": "seats", "table": entry.id, "seats": wire_seats(entry)}
        for other in list(entry.conns):
            other.send(message)

    # -- the lobby ------------------------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        tables = []
        for entry in self.tables.values():
            t = entry.table
            here = entry.connected()
            up = t.update_for(None)
            tables.append({
                "id": entry.id, "game": t.game.id, "title": t.game.title, "creator": entry.creator,
                "over": up.over, "status": up.status,
                "seats": [{"name": s.name, "colour": s.colour, "bot": s.bot, "level": s.level,
                           "owner": entry.owners[i], "here": entry.owners[i] in here}
                          for i, s in enumerate(t.seats)],
                "watching": sum(1 for c in entry.conns if not c.seats)})
        games = [{"id": g.id, "title": g.title, "min": g.min_players, "max": g.max_players,
                  "players": g.players_text} for g in registry.catalogue()]
        return {"type": "lobby", "tables": tables, "games": games}

    def _lobby_changed(self) -> None:
        if not any(c.in_lobby for c in self.conns):
            return
        message = self.lobby()
        for conn in list(self.conns):
            if conn.in_lobby:
                conn.send(message)

    # -- persistence ------------------------------------------------------------------------------
    def _write_meta(self, entry: TableEntry) -> None:
        if self.records is not None:
            try:
                self.records.save_table(entry.id, entry.table.game.id, entry.creator, entry.owners)
            except Exception:
                pass  # the table goes on; its seats are only not remembered
            return
        text = json.dumps({"creator": entry.creator, "owners": entry.owners})
        try:
            atomic_write(self.folder / f"{entry.id}.table", text)
        except OSError:
            pass  # the table goes on; its seats are only not remembered

    def resume(self) -> int:
        """Bring back every unfinished table saved in the folder."""
        n = 0
        found = history.saved_tables(self)
        for table_id, info in found:
            save = self.folder / f"{table_id}.json"
            try:
                match = Match.load(save)
                owners = [clean_name(o) if isinstance(o, str) else None for o in info.get("owners", [])]
                creator = clean_name(str(info.get("creator", "")))
            except (SaveError, OSError, ValueError, TypeError):
                continue
            if match.is_over():  # ended just before the server stopped: recorded now if it was not
                history.record_match(self, table_id, match, owners)
                continue
            if len(owners) != match.players:
                continue
            self.tables[table_id] = TableEntry(table_id, Table(match, bot_delay=self.bot_delay, lean_coach=True), creator, owners)
            n += 1
        return n
