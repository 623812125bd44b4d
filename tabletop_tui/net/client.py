"""The app's side of the table service: the lobby and a remote table.

:class:`RemoteTable` has the same face as :class:`~tabletop_tui.engine.table.Table`
(subscribe, act, explain, undo, hint, seats), so the game screen cannot tell
a table over the socket from one in its own process. What arrives is parsed
back into the game's own views and actions; what is sent is only ever an
action for one of this connection's seats, which the service checks again.
"""

from __future__ import annotations

import json
import socket
import threading
from dataclasses import dataclass
from typing import Any, Callable, Union

from tabletop_tui.engine import registry
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.updates import LogLine, SeatInfo, Update

from . import protocol as p

#: how long a request waits for the service's answer, in seconds
REPLY_TIMEOUT = 15.0


class ServiceGone(Exception):
    """The connection to the table service ended; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- what the service says, as events ----------------------------------------------------
# The reader thread hands each to the one listener the app gives
# (:meth:`RemoteService.listen`); the app turns them into its own messages.
@dataclass(frozen=True)
class _Data:
    """An event carrying the service's message as sent."""

    data: dict


@dataclass(frozen=True)
class _Reason:
    """An event carrying one sentence."""

    reason: str


class LobbyChanged(_Data):
    """The list of tables (and the games a new one may play)."""


class RecordsArrived(_Data):
    """The player's recent games and the leaderboards."""


class ReplayArrived(_Data):
    """The save of a finished game, to replay it."""


class Refused(_Reason):
    """The service refused a request; ``reason`` is the sentence."""


class Moved(_Reason):
    """The same player joined from another terminal: back to the lobby."""


class Gone(_Reason):
    """The connection ended."""


@dataclass(frozen=True)
class Joined:
    """This connection sat down at (or came to watch) ``table``."""

    table: "RemoteTable"


@dataclass(frozen=True)
class ChatSaid:
    """A line of chat at ``table``."""

    table: "RemoteTable"
    name: str
    text: str


@dataclass(frozen=True)
class Answered:
    """The service answered ``table``'s ``request`` ("act", "undo"):
    ``reply["ok"]``, and ``reason`` or (undo) ``count``."""

    table: "RemoteTable"
    request: str
    reply: dict

    @property
    def ok(self) -> bool:
        return bool(self.reply.get("ok"))

    @property
    def reason(self) -> str:
        return str(self.reply.get("reason") or ("That cannot be undone." if self.request == "undo"
                                                else "The server refused that."))


@dataclass(frozen=True)
class Explained:
    """The service said why an action at ``table`` would be refused (an
    :meth:`RemoteTable.explain` asked it): asked again, ``explain`` now
    gives the model's own sentence."""

    table: "RemoteTable"


Event = Union[LobbyChanged, Joined, Refused, Moved, Gone, RecordsArrived, ReplayArrived, ChatSaid, Answered,
              Explained]

#: what :meth:`RemoteTable.explain` says of a move that is not among the
#: seat's legal moves, until the server has said why
NOT_YET = "That is not one of your moves now."


class RemoteService:
    """One connection to the table service, read by a background thread.

    What the service says reaches the one listener given to :meth:`listen`
    as an event (:class:`LobbyChanged`, :class:`Joined`, …), from that
    thread; events before a listener wait for it. Everything the lobby asks
    goes through this object's methods: no caller writes wire messages.
    """

    def __init__(self, socket_path: str, token: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(socket_path)
        self.file = self.sock.makefile("rb")
        self.user = ""
        self._listener: Callable[[Event], None] | None = None
        self._held: list[Event] = []
        self.table: RemoteTable | None = None
        self.lobby: dict = {}
        self._send_lock = threading.Lock()
        #: guards the listener, the held events and the requests waiting
        self._lock = threading.RLock()
        self._waiting: dict[int, Callable[[dict | None], None]] = {}
        self._next = 0
        self._welcome = threading.Event()
        self.gone: str | None = None
        self.send(p.Hello(token=token))
        threading.Thread(target=self._read, name="service", daemon=True).start()
        if not self._welcome.wait(REPLY_TIMEOUT):
            raise ServiceGone(self.gone or "The table service did not answer.")

    def listen(self, listener: Callable[[Event], None]) -> None:
        """Hand every event from now on (and any held till now) to ``listener``."""
        with self._lock:
            held, self._held = self._held, []
            self._listener = listener
        for event in held:
            listener(event)

    def _emit(self, event: Event) -> None:
        with self._lock:
            listener = self._listener
            if listener is None:
                self._held.append(event)
                return
        listener(event)

    # -- what the lobby asks ------------------------------------------------------------
    def follow_lobby(self) -> None:
        """Ask for the tables and follow them (until a table is joined)."""
        if not self.gone:
            self.send(p.Lobby())

    def join(self, table_id: str, seats: list[int]) -> None:
        """Take ``seats`` at a table (none: watch it); :class:`Joined` follows."""
        self.send(p.Join(table=table_id, seats=seats))

    def create(self, game: str, options: dict, seats: list[tuple[str | None, int]], take: list[int],
               coach_flags: bool = False) -> None:
        """Open a table of ``game``: each seat (bot kind or None for a
        player, level); this player takes the seats in ``take``."""
        self.send(p.Create(game=game, options=options, take=take, coach_flags=coach_flags,
                           seats=[p.SeatPlan(bot=bot, level=level) for bot, level in seats]))  # type: ignore[arg-type]

    def set_bot(self, table_id: str, seat: int, bot: str | None, level: int = 2) -> None:
        """(The table's creator) hand an absent player's seat to a bot, or back."""
        self.send(p.SetBot(table=table_id, seat=seat, bot=bot, level=level))  # type: ignore[arg-type]

    def ask_records(self) -> None:
        """The player's recent games and the leaderboards: :class:`RecordsArrived` follows."""
        self.send(p.Records())

    def ask_replay(self, game_id: str) -> None:
        """A finished game's save: :class:`ReplayArrived` follows."""
        self.send(p.Replay(game=game_id))

    # -- sending ------------------------------------------------------------------------
    def send(self, message: p.Message) -> None:
        if self.gone:
            raise ServiceGone(self.gone)
        with self._send_lock:
            try:
                self.sock.sendall(p.encode(message))
            except OSError:
                self._end("The connection to the server was lost.")
                raise ServiceGone(self.gone or "") from None

    def request(self, message: Any, reply: Callable[[dict], None]) -> None:
        """Send a request with an id; ``reply(answer)`` follows on the
        reader thread, never the caller's: the service's answer, or
        ``{"ok": False, "reason": ...}`` if none comes in
        :data:`REPLY_TIMEOUT` seconds or the connection ends. Never waits."""
        with self._lock:
            self._next += 1
            rid = self._next
            message.id = rid
            timer = threading.Timer(REPLY_TIMEOUT, self._answer, (rid, None))
            timer.daemon = True
            self._waiting[rid] = lambda answer: (timer.cancel(), reply(answer))
        timer.start()
        try:
            self.send(message)
        except ServiceGone:  # the answer says so (and the app hears Gone)
            self._answer(rid, None)

    def _answer(self, rid: int, msg: dict | None) -> None:
        """Deliver the answer to request ``rid`` (None: none came)."""
        with self._lock:
            reply = self._waiting.pop(rid, None)
        if reply is None:
            return
        if msg is None:  # "lost": no answer came, this one is made here
            reason = self.gone or "The server did not answer in time; try again."
            msg = {"type": "reply", "id": rid, "ok": False, "reason": reason, "lost": True}
        reply(msg)

    # -- receiving --------------------------------------------------------------------------
    def _read(self) -> None:
        while True:
            try:
                line = self.file.readline(p.MAX_LINE + 1)
            except OSError:
                line = b""
            if not line:
                self._end(self.gone or "The server closed the connection.")
                return
            try:
                msg = json.loads(line)
                self._dispatch(msg)
            except Exception as err:  # a bad line from the server: end cleanly
                self._end(f"The server sent something this app does not understand ({type(err).__name__}).")
                return

    def _dispatch(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.user = str(msg.get("user", ""))
            self._welcome.set()
        elif kind == "lobby":
            self.lobby = msg
            self._emit(LobbyChanged(msg))
        elif kind == "joined":
            self.table = RemoteTable(self, msg)
            self._emit(Joined(self.table))
        elif kind == "update" and self.table is not None:
            self.table._receive(msg["updates"])
        elif kind == "reply":
            self._answer(int(msg.get("id", 0)), msg)
        elif kind == "hint" and self.table is not None:
            self.table._hinted(msg)
        elif kind == "coach" and self.table is not None:
            self.table._coached(msg)
        elif kind == "seats" and self.table is not None and msg.get("table") == self.table.id:
            self.table._seated(list(msg.get("seats", [])))
        elif kind == "chat" and self.table is not None:
            self.table._chat(str(msg.get("name", "")), str(msg.get("text", "")))
        elif kind == "error":
            self._emit(Refused(str(msg.get("reason", ""))))
        elif kind == "moved":
            self.table = None
            self._emit(Moved(str(msg.get("reason", ""))))
        elif kind == "records":
            self._emit(RecordsArrived(msg))
        elif kind == "replay":
            self._emit(ReplayArrived(msg))
        elif kind == "bye":
            self._end(str(msg.get("reason", "The server closed the connection.")))

    def _end(self, reason: str) -> None:
        if self.gone:
            return
        self.gone = reason
        self._welcome.set()
        for rid in list(self._waiting):
            self._answer(rid, None)
        try:  # shutdown first: the reader's file keeps the socket open otherwise
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass
        self._emit(Gone(reason))

    def close(self) -> None:
        self._end("You left.")


def _seats(rows: list) -> list[SeatInfo]:
    """The service's seat rows [name, colour, bot, level, presence] as SeatInfo."""
    return [SeatInfo(str(r[0]), str(r[1]), r[2], int(r[3]), str(r[4]) if len(r) > 4 else "") for r in rows]


class _Sub:
    def __init__(self, table: "RemoteTable", listener: Callable) -> None:
        self.table, self.listener = table, listener

    def close(self) -> None:
        self.table._subs = [s for s in self.table._subs if s is not self]


class RemoteTable:
    """A table in the server's process, seen through the table service."""

    def __init__(self, service: RemoteService, joined: dict) -> None:
        self.service = service
        self.id = str(joined["table"])
        self.game = registry.get(str(joined["game"]))
        self.seats = [SeatInfo(str(s["name"]), str(s["colour"]), s.get("bot"), int(s.get("level", 2)),
                               str(s.get("presence", ""))) for s in joined["seats"]]
        self.yours: list[Seat] = [int(s) for s in joined.get("yours", [])]
        self.creator = bool(joined.get("creator"))
        self.chat_lines: list[tuple[str, str]] = [(str(n), str(t)) for n, t in joined.get("chat", [])]
        self._subs: list[_Sub] = []
        self._latest: dict[Seat | None, Update] = {}
        self._logs: dict[str, list[LogLine]] = {}
        self._hint_replies: dict[Seat, Callable] = {}
        self._coach_replies: dict[Seat, Callable] = {}
        #: the server's word on actions :meth:`explain` asked about: (serial, seat, action) -> why
        self._why: dict[tuple, str | None] = {}
        self._asking: set[tuple] = set()
        #: how many times :meth:`explain` said :data:`NOT_YET` for want of the server's word
        self.guesses = 0
        self._lock = threading.Lock()

    # -- the table's face (:class:`~tabletop_tui.engine.table_face.TableFace`) ----------------
    has_chat = True
    can_undo = True
    has_coach = True
    #: every call crosses the socket: a screen makes them off its event loop
    answers_later = True
    #: the server saves its tables
    saving = True
    #: the save is on the server's disk, not here
    save_path = None

    def leave_note(self) -> str:
        """Nothing to say on leaving: the server keeps the table."""
        return ""

    def leave_loses(self) -> str:
        """Nothing is lost on leaving: the server keeps the table."""
        return ""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[Seat]:
        return list(self.yours)

    @property
    def serial(self) -> int:
        return max((u.serial for u in self._latest.values()), default=0)

    def idle(self) -> bool:
        return all(u.thinking is None for u in self._latest.values())

    def subscribe(self, seats: Any, listener: Callable) -> _Sub:
        sub = _Sub(self, listener)
        self._subs.append(sub)
        with self._lock:
            if self._latest:
                listener(dict(self._latest))
        return sub

    def update_for(self, seat: Seat | None) -> Update:
        up = self._latest.get(seat)
        if up is None:
            raise IllegalAction("Nothing has arrived from the server yet.")
        return up

    def act(self, action: Any, seat: Seat) -> None:
        """Send ``action`` for ``seat`` and return at once: the updates
        show the move, and an :class:`Answered` event says if it was refused."""
        self.service.request(p.Act(seat=seat, action=action.model_dump(mode="json")), self._answered("act"))

    def explain(self, action: Any, seat: Seat) -> str | None:
        """Why ``action`` would be refused for ``seat`` now, never waiting:
        None when it is among the seat's legal moves (the latest update
        lists them); the server's sentence (the model's) once it has said
        it for this position; until then :data:`NOT_YET`, and the server is
        asked (and :attr:`guesses` counts one more): an :class:`Explained`
        event follows its answer, and :meth:`explaining` is true until then."""
        up = self._latest.get(seat)
        if up is not None and action in up.legal:
            return None
        dump = getattr(action, "model_dump", None)
        if up is None or dump is None:
            return NOT_YET  # nothing to ask about
        data = dump(mode="json")
        key = (up.serial, seat, json.dumps(data, sort_keys=True))
        with self._lock:
            if key in self._why:
                return self._why[key]
            first = key not in self._asking
            self._asking.add(key)
            self.guesses += 1
        if first:
            self.service.request(p.Explain(seat=seat, action=data), lambda reply: self._explained(key, reply))
        return NOT_YET

    def explaining(self) -> bool:
        """The server still owes an answer to an :meth:`explain`."""
        return bool(self._asking)

    def _explained(self, key: tuple, reply: dict) -> None:
        """The server's answer to an :meth:`explain` (the reader thread)."""
        with self._lock:
            self._asking.discard(key)
            if reply.get("lost"):  # no answer came: nothing learnt, nothing to ask again
                return
            self._why[key] = None if reply.get("ok") else str(reply.get("reason") or NOT_YET)
        self.service._emit(Explained(self))

    def undo(self, by: Seat | None = None) -> int:
        """Ask the server to take back ``by``'s last move and return at once
        (0): an :class:`Answered` event brings how many moves, or why not."""
        if by is None:
            raise IllegalAction("Only a player at the table can undo.")
        self.service.request(p.Undo(seat=by), self._answered("undo"))
        return 0

    def _answered(self, request: str) -> Callable[[dict], None]:
        return lambda reply: self.service._emit(Answered(self, request, reply))

    def hint(self, seat: Seat, reply: Callable[[int, Any, str], None]) -> None:
        self._hint_replies[seat] = reply
        self.service.send(p.Hint(seat=seat))

    def coach(self, seat: Seat, reply: Callable[[int, list, str], None]) -> None:
        """Ask the server's coach for ``seat``'s best moves; ``reply(serial,
        suggestions, reason)`` comes on the service's reader thread."""
        self._coach_replies[seat] = reply
        self.service.send(p.Coach(seat=seat))

    def judge_moves(self, seat: Seat, on: bool) -> None:
        """Ask the server's coach to judge ``seat``'s moves or not (its
        player's own switch); the next update says it did (``judged``)."""
        try:
            self.service.send(p.Judge(seat=seat, on=on))
        except ServiceGone as err:
            raise IllegalAction(err.reason) from None

    def send_chat(self, text: str) -> None:
        """Say one line to the table (IllegalAction if the server is gone)."""
        try:
            self.service.send(p.Chat(text=text[: p.MAX_CHAT]))
        except ServiceGone as err:
            raise IllegalAction(err.reason) from None

    def close(self) -> None:
        """Leave the table (the seats stay yours) for the lobby."""
        self._subs.clear()
        if not self.service.gone:
            try:
                self.service.send(p.Leave())
            except ServiceGone:
                pass

    # -- from the service (its reader thread) ------------------------------------------------
    def _receive(self, updates: dict) -> None:
        parsed: dict[Seat | None, Update] = {}
        for key, data in updates.items():
            seat = None if key == "public" else int(key)
            parsed[seat] = self._update(key, data)
        with self._lock:
            self._latest.update(parsed)
            now = min(u.serial for u in self._latest.values())
            self._why = {k: v for k, v in self._why.items() if k[0] >= now}  # older positions are past
        for sub in list(self._subs):
            sub.listener(parsed)

    def _update(self, key: str, d: dict) -> Update:
        """One seat's update as sent (:meth:`Update.from_wire`), its log
        joined to the lines that came before."""
        up = Update.from_wire(d, self.game)
        log = self._logs.setdefault(key, [])
        del log[int(d.get("log_start", 0)):]
        log.extend(up.log)
        up.log = list(log)
        if d.get("seats"):  # a seat was taken or handed to a bot
            self.seats = _seats(d["seats"])
        return up

    def _seated(self, seats: list) -> None:
        """Who sits where, or who is here, changed: the screens redraw."""
        self.seats = _seats(seats)
        with self._lock:
            latest = dict(self._latest)
        if latest:
            for sub in list(self._subs):
                sub.listener(latest)

    def _hinted(self, msg: dict) -> None:
        seat = int(msg.get("seat", -1))
        reply = self._hint_replies.pop(seat, None)
        if reply is None:
            return
        action = msg.get("action")
        reply(int(msg.get("serial", 0)), None if action is None else self.game.parse_action(action),
              str(msg.get("label", "")))

    def _coached(self, msg: dict) -> None:
        from tabletop_tui.engine.coach import Suggestion

        seat = int(msg.get("seat", -1))
        reply = self._coach_replies.pop(seat, None)
        if reply is None:
            return
        found = []
        for s in msg.get("suggestions", []):
            try:
                found.append(Suggestion(self.game.parse_action(s["action"]), str(s.get("label", "")),
                                        float(s.get("value", 0.0)), str(s.get("estimate", "")),
                                        str(s.get("why", ""))))
            except Exception:  # a suggestion this client cannot read: leave it out
                continue
        reply(int(msg.get("serial", 0)), found, str(msg.get("reason", "")))

    def _chat(self, name: str, text: str) -> None:
        self.chat_lines.append((name, text))
        self.service._emit(ChatSaid(self, name, text))
