"""The tabletop app.

An unexpected error anywhere in the app (a handler, a worker, a screen)
ends the app with exit code 1 and one sentence on the terminal; the
traceback goes to ``crash.log`` (see :mod:`tabletop_tui.engine.crash`), never to
the screen. A data folder that cannot be written does not stop it: games
are played in memory and the picker says saving is off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.resources import stylesheet

from .gc_pause import GcPause
from .picker import PickerScreen

if TYPE_CHECKING:
    from tabletop_tui.engine.replay import Replay
    from .remote import Heard
    from tabletop_tui.engine.match import Match


class TabletopApp(App[None]):
    """Picker -> setup -> game -> result, for one table at one keyboard."""

    CSS_PATH = str(stylesheet())
    TITLE = "tabletop"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (160, "-huge")]

    def __init__(self, match: "Match | None" = None, setup: str | None = None,
                 bot_delay: float = 0.6, remote: Any = None, start: Any = None) -> None:
        super().__init__()
        self._start_match = match
        self._start_setup = setup
        #: a teaching screen to open at once (a demo, a replay, a tutorial),
        #: as a callable taking the app
        self._start = start
        #: the table service this app plays on (an ssh session), or None
        self.remote = remote
        #: seconds a bot's move stays at least "thinking", so people can follow
        self.bot_delay = bot_delay
        #: the sentence printed on exit after a crash (None: no crash)
        self.crash_message: str | None = None
        #: what ctrl+q left behind (the game saved, how to resume), printed on exit
        self.exit_note: str | None = None
        #: a key holds the garbage collector off until its frame is drawn
        #: (an app has its process to itself: an ssh player's too)
        self.gc_pause = GcPause(self.set_timer)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.gc_pause.key()
        await super().on_event(event)

    def _handle_exception(self, error: Exception) -> None:
        """Textual calls this for any unhandled error and then exits. Log the
        traceback to crash.log and keep one sentence (``crash_message``,
        printed by the command line once the terminal is restored) instead of
        Textual's traceback."""
        from tabletop_tui.engine.crash import crash_sentence, write_crash_log

        if self.crash_message is None:
            self.crash_message = crash_sentence(error)
        else:  # a later error while closing: logged, not shown
            write_crash_log(error)
        super()._handle_exception(error)
        renderables = getattr(self, "_exit_renderables", None)
        if isinstance(renderables, list):
            renderables.clear()

    async def action_quit(self) -> None:
        """Quit; a game in play is saved first, and the command line then says
        so and how to resume it (over ssh the server keeps the table). A game
        that could not be resumed (not saved) is quit only when the player
        says so."""
        from .game_screen import GameScreen
        from .leave_screen import LeaveScreen

        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        reason = games[-1].table.leave_loses() if games and self.remote is None else ""
        if reason and not isinstance(self.screen, LeaveScreen):
            self.push_screen(LeaveScreen(reason), lambda leave: self._quit() if leave else None)
            return
        self._quit()

    def _quit(self) -> None:
        if self.remote is None:
            self.exit_note = self._game_note()
        self.exit()

    def _game_note(self) -> str | None:
        from .game_screen import GameScreen

        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        if not games:
            return None
        table = games[-1].table
        note = table.leave_note()
        path = table.save_path
        if note.endswith("resume it from this list."):
            where = f" or `tabletop load {path}`" if path else ""
            return f"The game is saved; resume it with `tabletop` (it is in the list){where}."
        return note or None

    def on_mount(self) -> None:
        if self.remote is not None:
            self._open_lobby()
            return
        self.push_screen(PickerScreen())
        if self._start_setup:
            from .setup import SetupScreen

            self.push_screen(SetupScreen(self._start_setup))
        if self._start_match:
            self.start_match(self._start_match)
        if self._start is not None:
            self._start(self)

    def start_match(self, match: "Match", replace: Screen | None = None) -> None:
        """Seat ``match`` at a new Table and open its game screen for the
        humans at this keyboard (replacing ``replace`` if given)."""
        from tabletop_tui.engine.table import Table

        from .game_screen import GameScreen

        screen = GameScreen(Table(match, bot_delay=self.bot_delay))
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start_demo(self, game_id: str, players: int | None = None, seed: int | None = None,
                   pace: int | None = None) -> None:
        """Bots at every seat, narrated, at a readable pace (see demo_screen)."""
        from tabletop_tui.engine.table import Table

        from .demo_screen import DEFAULT_PACE, DemoScreen
        from tabletop_tui.engine.demo import demo_match

        match = demo_match(game_id, players, seed)
        self.push_screen(DemoScreen(Table(match), DEFAULT_PACE if pace is None else pace))

    def start_tutorial(self, game_id: str) -> None:
        """The game's tutorial: a short scripted game, each step explained."""
        from tabletop_tui.engine.errors import IllegalAction
        from tabletop_tui.engine.tutorial import TutorialTable, load_tutorial

        from .tutorial_screen import TutorialScreen

        try:
            tut = load_tutorial(game_id)
        except IllegalAction as err:
            say = getattr(self.screen, "say", None)
            if callable(say):
                say(err.reason)
            return
        self.push_screen(TutorialScreen(TutorialTable(tut, bot_delay=min(1.0, self.bot_delay * 2))))

    def replay_save_text(self, text: str) -> str:
        """Step through a game sent as the text of its save (a server's
        finished game); the sentence saying why not, or "" once it opened."""
        import os
        import tempfile

        from tabletop_tui.engine.errors import SaveError
        from tabletop_tui.engine.match import Match

        fd, path = tempfile.mkstemp(prefix="tabletop-replay-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            match = Match.load(path, autosave=False)
        except SaveError as err:
            return err.reason
        finally:
            os.unlink(path)
        self.start_replay(match)
        return ""

    def start_replay(self, match: "Match") -> None:
        """Step through ``match`` (a loaded save) move by move."""
        from tabletop_tui.engine.replay import Replay

        from .replay_screen import ReplayScreen

        self.push_screen(ReplayScreen(Replay(match)))

    def start_branch(self, replay: "Replay", step: int, replace: Screen | None = None) -> None:
        """Play on from ``step`` of ``replay`` as a new game with its own save
        (raises IllegalAction when there is nothing to play on from)."""
        if self.remote is not None:  # a player's own game would be saved on the server's disk
            from tabletop_tui.engine.errors import IllegalAction

            raise IllegalAction("On a server a replay is for watching; open a new table to play.")
        self.start_match(replay.branch(step), replace=replace)

    # -- on a server (an ssh session) ----------------------------------------------------
    def _open_lobby(self) -> None:
        from .lobby import LobbyScreen
        from .remote import listen

        listen(self, self.remote)
        self.push_screen(LobbyScreen(self.remote))

    def _remote_error(self, reason: str) -> None:
        say = getattr(self.screen, "say", None)
        if callable(say):
            say(reason)
        else:
            self.notify(reason, markup=False)

    def on_heard(self, message: "Heard") -> None:
        """The table service said something: tell the screen it concerns."""
        from tabletop_tui.net import client as said

        from .game_screen import GameScreen
        from .lobby import LobbyScreen
        from .records_screen import RecordsScreen

        event = message.event
        if isinstance(event, said.LobbyChanged):
            for screen in self.screen_stack:
                if isinstance(screen, LobbyScreen):
                    screen.show_tables(event.data)
        elif isinstance(event, said.Joined):
            self._joined(event.table)
        elif isinstance(event, said.Refused):
            self._remote_error(event.reason)
        elif isinstance(event, said.Moved):
            self.back_to_picker(event.reason)
        elif isinstance(event, said.Gone):
            self.exit(message=event.reason)
        elif isinstance(event, (said.RecordsArrived, said.ReplayArrived)):
            for screen in self.screen_stack:
                if isinstance(screen, RecordsScreen):
                    if isinstance(event, said.RecordsArrived):
                        screen.show_records(event.data)
                    else:
                        screen.show_replay(event.data)
        elif isinstance(event, (said.ChatSaid, said.Answered, said.Explained)):
            for screen in self.screen_stack:
                if isinstance(screen, GameScreen) and screen.table is event.table:
                    if isinstance(event, said.ChatSaid):
                        screen.hear_chat(event.name, event.text)
                    elif isinstance(event, said.Explained):
                        screen.explained()
                    else:
                        screen.answered(event)

    def _joined(self, table: Any) -> None:
        from .game_screen import GameScreen
        from .seats import HotSeat, Spectator

        policy = HotSeat(table.yours, table.game.hidden_information) if table.yours else Spectator()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(GameScreen(table, policy, owns_table=True))

    def back_to_picker(self, note: str = "", match: "Match | None" = None) -> None:
        """Close everything above the picker. The picker then says ``note``,
        or, given the ``match`` that was left, what became of it (saved,
        over, not saved and why; see :func:`picker.leave_note`)."""
        from .picker import leave_note

        if self.remote is not None:  # back to the lobby
            while len(self.screen_stack) > 2:
                self.pop_screen()
            if note:
                self.screen.say(note)  # type: ignore[attr-defined]
            return
        while len(self.screen_stack) > 2 and not isinstance(self.screen, PickerScreen):
            self.pop_screen()
        if isinstance(self.screen, PickerScreen):
            self.screen.refresh_list()
            if match is not None:
                note = leave_note(match)
            self.screen.say(note)  # an empty note clears what the picker said before
