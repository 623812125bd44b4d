"""The Table's bot runner: whose move a bot makes, thought of in the worker,
played at the table's pace, and what happens when a bot fails.

A part of :class:`~.table.Table` (a mixin: it works on the table's match,
lock, serial, runner, clock and alerts). A bot thinks on a copy of the state
in the worker process (:mod:`.thinker`); its move is played only if the game
has not moved on meanwhile; a bot that fails or picks an illegal move gets a
random legal stand-in, and only if none can be found does the table hold.
"""

from __future__ import annotations

import random
from typing import Any

from . import thinker
from .actions import Action
from .bots import RandomBot
from .errors import IllegalAction
from .game import Seat
from .updates import SeatInfo


class BotSeats:
    """Runs the bot seats' moves, one at a time, at the table's pace."""

    def _init_bots(self, bot_delay: float) -> None:
        #: seconds a bot's move takes at least (a demo changes it as it runs)
        self.bot_delay = bot_delay
        self._paused = False
        self._steps = 0
        self._thinking: Seat | None = None
        self._bot_rng = random.Random(self.match.seed ^ 0x7AB1E)

    # -- pace (a demo) ---------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return self._paused

    def pause(self, paused: bool = True) -> None:
        """Hold the bots (True) or let them play on (False)."""
        with self._lock:
            self._paused = paused
            self._steps = 0
            self._publish()
            self._kick()

    def step(self) -> None:
        """While paused: let the next bot make one move."""
        with self._lock:
            self._steps += 1
            self._kick()

    # -- the moves ---------------------------------------------------------------------
    def _next_bot(self) -> None:
        m = self.match
        if self._closed or self._thinking is not None or not self._subs or m.is_over():
            return
        if self._paused and self._steps <= 0:
            return
        bots = m.bots_to_act()
        if not bots:
            return
        stepped = self._paused
        if stepped:
            self._steps -= 1
        seat = bots[0]
        cfg = self.seats[seat]
        state = self.game.clone(m.state)
        seed = self._bot_rng.getrandbits(63)
        self._thinking = seat
        serial = self._serial
        self.runner.start(lambda: self._bot_move(serial, seat, cfg, state, seed, stepped), f"bot-{seat}")

    def _bot_move(self, serial: int, seat: Seat, cfg: SeatInfo, state: Any, seed: int,
                  stepped: bool = False) -> None:
        """Think (in the worker), wait out the table's pace, then play. A
        pause holds a move already thought of until play goes on or a step
        lets it through (``stepped``: it was let through already)."""
        started = self.clock.monotonic()
        fallback: tuple[str, str] | None = None
        try:
            if cfg.bot == "random":
                action: Action = RandomBot().choose(self.game, state, seat, random.Random(seed))
            else:
                data = thinker.think(self.game.id, state, seat, cfg.bot or "search", cfg.level, seed).result()
                action = self.game.parse_action(data)
        except Exception as err:
            from .crash import where_sentence, write_crash_log

            detail = where_sentence(write_crash_log(err))
            what = f"{cfg.name} (a bot) could not move: something went wrong ({type(err).__name__})"
            action = self._stand_in(state, seat, seed) if cfg.bot != "random" else None
            if action is None:  # not even a random move: the table holds
                with self._lock:
                    self._thinking = None
                    self._raise_alert(f"{what}.", detail)
                return
            fallback = (f"{what}, so it played a random legal move instead.", detail)
        while not self._closed:  # a demo may change the pace, or pause, meanwhile
            wait = self.bot_delay - (self.clock.monotonic() - started)
            with self._lock:  # judged and played under one lock: a pause never lets one more move through
                if self._paused and not stepped:
                    if self._steps > 0:
                        self._steps -= 1
                        stepped = True
                        continue
                elif wait <= 0:
                    self._bot_plays(serial, seat, action, f"{cfg.name} (a bot)", fallback, seed)
                    return
            self.clock.sleep(0.02 if wait <= 0 else min(wait, 0.05))
        self._bot_plays(serial, seat, action, f"{cfg.name} (a bot)", fallback, seed)

    def _stand_in(self, state: Any, seat: Seat, seed: int) -> Action | None:
        """A random legal move for a bot that failed (None if even that fails)."""
        try:
            return RandomBot().choose(self.game, state, seat, random.Random(seed))
        except Exception as err:
            from .crash import write_crash_log

            write_crash_log(err)
            return None

    def _bot_plays(self, serial: int, seat: Seat, action: Action, who: str,
                   fallback: tuple[str, str] | None = None, seed: int = 0, stand_in: bool = True) -> None:
        """Play the move a bot (or a script) chose at ``serial``, unless the
        game moved on meanwhile; a refused move is said, never raised: a
        random legal move stands in for it (``stand_in``; a script's move
        has none: it holds the table), and only if none can be found does
        the table hold for a player. ``fallback``: the move is already a
        stand-in, and this alert says why."""
        with self._lock:
            self._thinking = None
            if self._closed:
                return
            if serial != self._serial or seat not in self.match.to_act():
                self._saved.notify_all()
                self._kick()  # the game moved on (an undo) while the bot thought
                return
            try:
                self.match.apply(action, seat, save=False)
            except IllegalAction as err:  # a bot bug must not stop the table
                other = self._stand_in(self.match.state, seat, seed) if stand_in and fallback is None else None
                if other is None:
                    self._raise_alert(f"{who} tried an illegal move: {err.reason}")
                    return
                self.match.apply(other, seat, save=False)
                fallback = (f"{who} tried an illegal move ({err.reason}), so it played a random legal move "
                            f"instead.", "")
            self._applied(seat)
            if fallback is not None:
                self._alert, self._alert_detail, self._alert_holds = fallback[0], fallback[1], False
                self._alert_seat = seat
            elif not self.humans and seat == self._alert_seat:  # a demo: said for a whole round
                self._clear_alert()
            self._changed()
