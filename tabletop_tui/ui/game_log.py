"""The game log: the moves as the viewer may read them, the rule each
followed (a demo, a tutorial), the table's chat among them, and the
viewer's sentences too long for the message line's one row, in full.

:class:`GameLog` is a ``RichLog`` that reaches into Textual's private API
(``_scroll_update``, and ``refresh`` called with ``layout=False`` while it
writes): RichLog sets its reactive ``virtual_size`` at every line, which asks
for a layout pass of the whole screen, and on a move key that pass cost more
than the move. Textual has no public way to say "my size is my parent's to
set", so the widget is kept here, alone, where a Textual upgrade that breaks
it breaks one module (tests/ui and benchmarks/run.py's move keys show it).
"""

from __future__ import annotations

from typing import Callable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import RichLog

from tabletop_tui.engine.game import Seat
from tabletop_tui.engine.rules_index import quote
from tabletop_tui.engine.updates import LogLine


class GameLog(RichLog):
    """The game log. Its size is the screen's to set and its scrollbar gutter
    is stable, so a new line changes only its own scroll region: it asks for
    no layout pass of the whole screen (RichLog does, at every line, and on
    a move key that pass cost more than the move)."""

    _own_size_only = False
    #: the width its lines were wrapped at (0: none yet)
    _wrapped_width = 0
    #: its Rich style, worked out once (see :attr:`rich_style`)
    _style_kept: Style | None = None

    class Rewrap(Message):
        """The log's width changed (the layout moved, not only the
        terminal): its lines want writing again at the new width."""

    @property
    def rich_style(self) -> Style:
        """Textual's style of the widget, kept until its styles change:
        RichLog asks for it at every line it draws, and working it out
        walks every ancestor's styles (a move's frame drew each log line
        again, at a fifth of a millisecond each)."""
        style = self._style_kept
        if style is None:
            style = self._style_kept = super().rich_style
        return style

    def notify_style_update(self) -> None:
        """Its styles (or an ancestor's: Textual applies them to every
        descendant) changed: the kept style goes."""
        self._style_kept = None
        super().notify_style_update()

    def on_resize(self, event: events.Resize) -> None:  # RichLog's own handler runs too
        width = event.size.width
        if self._wrapped_width and width != self._wrapped_width and self.lines:
            self.post_message(self.Rewrap())
        self._wrapped_width = width

    #: a write is under way: a repaint of the whole log it asks for waits (see :meth:`write`)
    _writing = False
    _repaint_asked = False

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if self._writing and not regions and not recompose:
            self._repaint_asked = self._repaint_asked or repaint
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout and not self._own_size_only,
                               recompose=recompose)

    def write(self, *args, **kwargs):  # type: ignore[override]
        """RichLog's write, repainting only the new lines while every line
        fits on the log unscrolled (RichLog repaints the whole log at every
        line: a move's frame redrew all of it); the whole log once it
        scrolls, or when its widest line grew."""
        lines, widest, offset = len(self.lines), self._widest_line_width, self.scroll_offset
        self._own_size_only, self._writing, self._repaint_asked = True, True, False
        try:
            result = super().write(*args, **kwargs)
        finally:
            self._own_size_only = self._writing = False
        self._scroll_update(self.virtual_size)
        if self._repaint_asked:
            added = len(self.lines) - lines
            if (0 < added and lines and widest == self._widest_line_width and offset == self.scroll_offset
                    and offset.y == 0 and len(self.lines) <= self.scrollable_content_region.height):
                self.refresh_lines(lines, added)
            else:
                self.refresh()
        return result

    def clear(self):  # type: ignore[override]
        self._own_size_only = True
        try:
            result = super().clear()
        finally:
            self._own_size_only = False
        self._scroll_update(self.virtual_size)
        return result

    # -- what it shows -----------------------------------------------------------------
    def setup(self, game_id: str, seat_style: Callable[[Seat], str], narrate: bool) -> None:
        """Whose game it shows, each seat's style, and whether each move's rule is quoted."""
        self.game_id, self.seat_style, self.narrate = game_id, seat_style, narrate
        #: log lines written so far, and whose log they were (-1: nobody's yet)
        self.count, self.viewer = 0, -1
        #: rules quoted in full since the log was last cleared
        self.quoted: set[str] = set()
        #: table chat (over ssh): (how many log lines came before it, the line)
        self.chat: list[tuple[int, Text]] = []
        #: sentences too long for the message line, each with the seat it was
        #: said to, kept as chat is (where it came among the log's lines; -1:
        #: said before that seat's log was shown); the others' go when the
        #: viewer changes, all at a hand-off
        self.notes: list[tuple[int, Text, Seat | None]] = []

    def forget(self) -> None:
        """Write everything again at the next :meth:`show` (new names, a hand-off)."""
        self.count, self.viewer = 0, -1

    def blank(self) -> None:
        """Nothing of anyone's log on screen (behind a hand-off)."""
        self.clear()
        self.forget()
        self.notes = []

    def rewrap(self, lines: list[LogLine] | None, seat: Seat | None) -> None:
        """Write the log again at the width it has now."""
        self.clear()
        self.count = 0
        self.quoted.clear()
        if lines is not None:
            self.show(lines, seat)

    def show(self, lines: list[LogLine], seat: Seat | None) -> None:
        """``seat``'s log (None: the public one): only the new lines, unless
        the viewer changed or an undo shortened it."""
        if self.viewer != seat or len(lines) < self.count:
            self.clear()
            if self.viewer != seat:
                self.notes = [(len(lines) if at < 0 else at, line, s) for at, line, s in self.notes if s == seat]
            self.count = 0
            self.quoted.clear()
            self.viewer = seat
        fresh = self.count == 0
        if self.chat and self.chat[0][0] < 0:
            self.chat = [(len(lines) if at < 0 else at, line) for at, line in self.chat]
        said_here = self.chat + [(at, line) for at, line, _seat in self.notes]
        chat = iter(sorted(said_here, key=lambda said: said[0]) if fresh else ())
        said = next(chat, None)
        for i, line in enumerate(lines[self.count:], start=self.count):
            while said is not None and said[0] <= i:  # chat in its place among the moves
                self.write(said[1])
                said = next(chat, None)
            self.write(self.line_text(line))
            if self.narrate and line.rule:
                self.write(self.rule_text(line.rule))
        while said is not None:
            self.write(said[1])
            said = next(chat, None)
        self.count = len(lines)

    def add_chat(self, name: str, text: str, *, before: bool = False, shown: bool = True) -> None:
        """A line of chat: said ``before`` the screen came (after the log
        as it is found), or now (written at once when ``shown``)."""
        line = chat_text(name, text)
        self.chat.append((-1 if before else self.count, line))
        del self.chat[:-200]  # the service keeps the last lines too
        if shown and not before:
            self.write(line)

    def add_note(self, text: str, seat: Seat | None) -> None:
        """A sentence of the message line too long for its row, said to
        ``seat``, written in full (once: a prompt that comes back is not
        written again); written now if that seat's log is shown, else when
        it is."""
        line = Text(f"» {text}", style="italic")
        if any(s == seat and said.plain == line.plain for _, said, s in self.notes):
            return
        shown = seat == self.viewer
        self.notes.append((self.count if shown else -1, line, seat))
        del self.notes[:-50]
        if shown:
            self.write(line)

    def rule_text(self, rule: str) -> Text:
        """The rule behind a move, under it: the rules page's sentence the
        first time, its name after that (the log stays readable)."""
        said = quote(self.game_id, rule)
        if said and rule not in self.quoted:
            self.quoted.add(rule)
            return Text(f"  ↳ {rule}: {said}", style="italic")
        return Text(f"  ↳ {rule}", style="italic dim")

    def line_text(self, line: LogLine) -> Text:
        t = Text(line.text)
        if line.seat is not None:
            t.stylize(self.seat_style(line.seat), 0, len(t))
        return t


def chat_text(name: str, text: str) -> Text:
    """A chat line: the name in bold, the words plain (outside text, cleaned by the service)."""
    line = Text(f"{name}: ", style="bold")
    line.append(text)
    return line
