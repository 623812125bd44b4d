"""Tiki's board: nine villages on a 3x3 grid with shaman edges between,
painted by one widget through Textual's Line API.

Keys: arrows move the cursor; Enter on an empty village creates a totem, on
your totem picks it up; then arrows lay the path one village at a time
(the way back undoes a step, Backspace too) and Enter puts it down. Esc drops
the selection. In the order phase Enter picks the village to resolve; in the
shaman phase arrows pick an edge, Enter places the shaman, n leaves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Offset, Region
from textual.strip import Strip

from tabletop_tui.engine.text import plural
from tabletop_tui.ui.board_kit import KitBoard, Tappable, cycle

from .actions import Move, Pass, Place, Resolve, Shaman
from .render import Grid, centred, edge_text, framed, grid_for, village_text
from .text import village_name
from .view import TikiView

ARROWS = {"up": -3, "down": 3, "left": -1, "right": 1}
#: drawings kept for reuse (a game shows a few dozen; more are dropped at once)
DRAWINGS_KEPT = 256


def step(v: int, direction: str) -> int | None:
    """The village next to ``v`` in ``direction`` on the grid, or None at the edge."""
    r, c = divmod(v, 3)
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[direction]
    r, c = r + dr, c + dc
    if 0 <= r < 3 and 0 <= c < 3:
        return r * 3 + c
    return None


#: the borders of the drawn grid, in the order the shaman's cursor visits them
EDGES: list[tuple[int, int]] = sorted({(min(v, n), max(v, n)) for v in range(9) for d in ARROWS
                                       if (n := step(v, d)) is not None})


@dataclass(frozen=True)
class VillageCell:
    """What the board drew for one village (for tests and tools): where it
    is on the screen, its box and the part inside the frame and padding,
    its words and its marks ("legal", "cursor", "hint", "last"...)."""

    index: int
    region: Region
    content_region: Region
    content: Text
    classes: frozenset[str]


class TikiBoard(Tappable, KitBoard, can_focus=True):
    """The Tiki board: one widget painting its 3x3 villages and the borders
    between them through Textual's Line API. Each village and border is
    drawn as segments once per key of what it shows (its words, marks, size
    and the styles); a key or a move repaints only the board lines whose
    villages or borders changed, and restyles no widget."""

    cursor_fields = ("cursor",)

    SEAT_STYLES = ["#b45fd6", "#c98a00"]

    COMPONENT_CLASSES = {
        "tiki--text", "tiki--frame", "tiki--frame-legal", "tiki--frame-pending", "tiki--frame-cursor",
        "tiki--frame-selected", "tiki--path", "tiki--selected", "tiki--hint", "tiki--last",
        "tiki--edge", "tiki--edge-shaman", "tiki--edge-legal", "tiki--edge-cursor", "tiki--edge-last",
    }

    DEFAULT_CSS = """
    TikiBoard { height: 100%; }
    TikiBoard > .tiki--text { color: $foreground; }
    TikiBoard > .tiki--frame { color: $foreground 35%; }
    TikiBoard > .tiki--frame-legal { color: $success; }
    TikiBoard > .tiki--frame-pending { color: $warning; }
    TikiBoard > .tiki--frame-cursor { color: $accent; }
    TikiBoard > .tiki--frame-selected { color: $warning; }
    TikiBoard > .tiki--path { background: $success 20%; }
    TikiBoard > .tiki--selected { background: $warning 15%; }
    TikiBoard > .tiki--hint { background: $accent 25%; }
    TikiBoard > .tiki--last { background: $primary 18%; }
    TikiBoard > .tiki--edge { color: $text-muted; }
    TikiBoard > .tiki--edge-last { text-style: bold underline; }
    TikiBoard > .tiki--edge-shaman { color: $error; text-style: bold; background: $error 20%; }
    TikiBoard > .tiki--edge-legal { color: $success; }
    TikiBoard > .tiki--edge-cursor { background: $accent 40%; color: $text; text-style: bold; }
    """

    BINDINGS = [
        Binding("up", "arrow('up')", "Up", show=False),
        Binding("down", "arrow('down')", "Down", show=False),
        Binding("left", "arrow('left')", "Left", show=False),
        Binding("right", "arrow('right')", "Right", show=False),
        Binding("enter,space", "select", "Choose"),
        Binding("backspace", "back", "Step back", show=False),
        Binding("c", "cancel", "Put totem back"),
        Binding("n", "leave_shaman", "Leave shaman", show=False),
        Binding("p", "pass_turn", "Pass"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cursor = 4
        self.selected: int | None = None
        self.path: list[int] = []
        self.edge_cursor = 0
        self._grid: Grid | None = None
        #: each grid cell's drawing: (row, col) -> (the key of what it shows, its rows of segments)
        self._drawn: dict[tuple[int, int], tuple[tuple, list[list[Segment]]]] = {}
        #: each village's words and marks as last drawn (for :meth:`villages`)
        self._shown: dict[int, tuple[Text, frozenset[str]]] = {}
        #: the board's lines, built on demand from the cells' drawings; a
        #: change drops the lines of the grid rows it touched
        self._strips: dict[int, Strip] = {}
        #: every drawing made, by its key (a village's "legal" frame comes and
        #: goes with each turn: the same drawing serves again) and every board
        #: line, by the keys of its cells; both dropped on a theme change
        self._drawings: dict[tuple, list[list[Segment]]] = {}
        self._lines: dict[tuple, Strip] = {}
        #: how many board lines were built (tests and benchmarks look at it)
        self.strips_built = 0
        self._restyled = False
        self._styles: dict[tuple[str, ...], Style] = {}

    # -- helpers ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The whole state as the view shows it (Tiki hides nothing), or None."""
        view: TikiView | None = self.view
        return view.state if view is not None else None

    def _phase(self) -> str:
        return self.state.phase if self.state else "none"

    def _step_problem(self, start: int, path: tuple[int, ...]) -> str | None:
        """Why the totem on ``start`` cannot go on along ``path``, the model's
        sentence (asked through the table, :meth:`Board.explain`; the board
        never judges). The model judges whole moves, so the path is asked
        about padded to the totem's length by standing still on its last
        village, a step the model refuses on its own: when the padded path
        is refused for the same reason as the path one step shorter, the
        last step itself is fine and no legal path goes on from it."""
        st = self.state
        if st is None or self.seat is None:
            return "It is not your turn."
        n = len(st.stacks[start])
        if not self.legal or not st.stacks[start] or st.owner(start) != self.seat or len(path) > n:
            return self.explain(Move.model_construct(kind="move", start=start, path=tuple(path) or (start,)))

        def padded(p: tuple[int, ...]) -> str | None:
            still = p[-1] if p else start
            return self.explain(Move.model_construct(kind="move", start=start, path=p + (still,) * (n - len(p))))

        why = padded(tuple(path))
        if path and why != padded(tuple(path[:-1])):
            return why
        return (f"From there the totem cannot finish its {plural(n, 'step')} without going back or "
                f"crossing the shaman.")

    def _my_moves(self) -> list[Move]:
        return [a for a in self.legal if isinstance(a, Move)]

    def prompt(self) -> str:
        ph = self._phase()
        if ph == "order":
            return "Several villages are influenced: pick one (double frame) with the arrows, Enter settles it first."
        if ph == "shaman":
            return "Arrows pick a border, Enter puts the shaman there, n leaves it where it is."
        if ph == "turn":
            if self.selected is not None:
                return "Arrows lay the path, Enter puts the totem down, c puts it back."
            return "Enter on an empty village raises a totem; on one of yours it lifts it."
        return ""

    def seat_summary(self, seat: int) -> str:
        st = self.state
        if st is None:
            return ""
        return f"{st.fruit[seat]} fruit · {st.supply(seat)} tikis left"

    def show(self, update) -> None:
        new_state = update.view.state if update is not None else None
        if new_state is None or self.state is None or new_state.turn != self.state.turn \
                or new_state.phase != self.state.phase:
            self.selected, self.path = None, []
        super().show(update)

    # -- drawing -------------------------------------------------------------------
    def _mode(self) -> str:
        """The screen's width class ("-narrow", "-wide", "-huge" or "")."""
        try:
            classes = self.screen.classes
        except Exception:  # not on a screen yet
            return ""
        return next((c for c in ("-narrow", "-wide", "-huge") if c in classes), "")

    def notify_style_update(self) -> None:
        """A theme or CSS change: every drawing holds old colours."""
        super().notify_style_update()
        self._styles.clear()
        self._restyled = True
        self.call_after_refresh(self.update_board)

    def on_mount(self) -> None:
        self.call_after_refresh(self.update_board)

    def on_resize(self) -> None:
        self.update_board()

    def _style(self, *names: str) -> Style:
        """The style of a cell painted with the component classes ``names``:
        the last one's colour and text style on the first one's background
        when there are two (a village's frame or words on its mark), both
        laid over the board's background as CSS would."""
        style = self._styles.get(names)
        if style is None:
            bg = self.background_colors[1]
            *back, fore = names
            if back:
                bg = bg + self.get_component_styles(back[0]).background
            styles = self.get_component_styles(fore)
            if styles.has_rule("background"):
                bg = bg + styles.background
            colour = styles.color
            fg = bg.get_contrast_text(colour.a) if getattr(colour, "auto", False) else bg + colour
            style = self._styles[names] = (Style(color=fg.rich_color, bgcolor=bg.rich_color)
                                           + styles.text_style)
        return style

    def update_board(self) -> None:
        """Work out what each village and border shows; draw again only those
        whose key changed and repaint only their lines."""
        self.refresh_footer()  # the footer's "c" and "p" come and go
        if "tiki--text" not in self._component_styles:
            return  # not styled yet: drawn once it is (on_mount)
        size = self.size
        grid = grid_for(self._mode(), size.width, size.height)
        if self._restyled:  # the drawings hold old colours
            self._drawings.clear()
            self._lines.clear()
        if grid != self._grid or self._restyled:
            self._grid, self._drawn, self._strips, self._restyled = grid, {}, {}, False
            self.refresh()
        if len(self._drawings) > DRAWINGS_KEPT:
            self._drawings.clear()
        if len(self._lines) > DRAWINGS_KEPT * 4:
            self._lines.clear()
        changed: set[int] = set()
        for (row, col), key, draw in self._cells(grid):
            known = self._drawn.get((row, col))
            if known is None or known[0] != key:
                drawing = self._drawings.get(key)
                if drawing is None:  # a village's marks come and go with the turn: drawn once each
                    drawing = self._drawings[key] = draw()
                self._drawn[(row, col)] = (key, drawing)
                changed.add(row)
        width = size.width
        for row in changed:
            x, y, w, h = grid.box(row, 0)
            for line in range(y, y + h):
                if self._strips.pop(line, None) is not None:
                    self.refresh(Region(0, line, width, 1))

    def _cells(self, grid: Grid):
        """(grid cell, key, how to draw it) for every village and border."""
        st = self.state
        legal_targets = self._targets() if st is not None else set()
        hint_cells = self._hint_cells() if st is not None else set()
        last_cells = self._last_cells() if st is not None else set()
        styles = [self.seat_style(s) for s in range(len(self.SEAT_STYLES))]
        shown: dict[int, tuple[Text, frozenset[str]]] = {}
        for v in range(9):
            row, col = Grid.village_at(v)
            _x, _y, w, h = grid.box(row, col)
            cw, ch = max(0, w - 2 - sum(grid.pad)), max(0, h - 2)
            marks: set[str] = set()
            if st is None:
                text = Text("")
            else:
                if v in legal_targets:
                    marks.add("legal")
                if st.phase == "order" and v in st.pending:
                    marks.add("pending")
                if v in self.path:
                    marks.add("path")
                if v == self.selected:
                    marks.add("selected")
                if v == self.cursor and st.phase != "shaman":
                    marks.add("cursor")
                if v in hint_cells:
                    marks.add("hint")
                if v in last_cells:
                    marks.add("last")
                text = village_text(st, v, names=self.names, styles=styles, influence=self.view.influence,
                                    last=v in last_cells, path=self.path, hinted=v in hint_cells,
                                    width=cw or 11, height=ch or 3)
            frozen = frozenset(marks)
            shown[v] = (text, frozen)
            key = (text.plain, tuple(text.spans), frozen, w, h, grid.pad)
            yield (row, col), key, (lambda text=text, marks=frozen, w=w, h=h, cw=cw, ch=ch:
                                    self._draw_village(text, marks, w, h, cw, ch, grid.pad))
        self._shown = shown
        legal_edges = {a.edge for a in self.legal if isinstance(a, Shaman) and a.edge is not None}
        last_edge = self._last_edge() if st is not None else None
        for e in EDGES:
            row, col = Grid.edge_at(e)
            _x, _y, w, h = grid.box(row, col)
            names = ["tiki--edge"]
            here = st is not None and st.shaman == e
            if st is not None:
                if last_edge == e:
                    names.append("tiki--edge-last")
                if here:
                    names.append("tiki--edge-shaman")
                if st.phase == "shaman" and e in legal_edges:
                    names.append("tiki--edge-legal")
                if st.phase == "shaman" and self.legal and EDGES[self.edge_cursor] == e:
                    names.append("tiki--edge-cursor")
            text = edge_text(here, row % 2 == 0) if st is not None else ""
            key = (text, tuple(names), w, h)
            yield (row, col), key, (lambda text=text, names=tuple(names), w=w, h=h:
                                    centred(text, w, h, self._edge_style(names)))

    def _edge_style(self, names: tuple[str, ...]) -> Style:
        """A border's style: its marks laid on one another in the order the
        names come, each setting what its CSS rule sets (the plain border's
        colour, the last move's underline, the shaman's colour and ground, a
        legal place's colour, the cursor's)."""
        base = self._style(names[0])
        colour, ground, text = base.color, base.bgcolor, self.get_component_styles(names[0]).text_style
        for name in names[1:]:
            own, mark = self.get_component_styles(name), self._style(name)
            if own.has_rule("background"):
                ground = mark.bgcolor
            if own.has_rule("color"):
                colour = mark.color
            if own.has_rule("text_style"):
                text = own.text_style
        return Style(color=colour, bgcolor=ground) + text

    def _draw_village(self, text: Text, marks: frozenset[str], w: int, h: int, cw: int, ch: int,
                      pad: tuple[int, int]) -> list[list[Segment]]:
        """One village's box: the frame its marks ask for (the cursor's and
        a lifted totem's heavy, a village to settle double, a legal target
        green) around its words, on the background of its strongest mark
        (the last move, then the coach's hint, a lifted totem, the path)."""
        back = next((f"tiki--{m}" for m in ("last", "hint", "selected", "path") if m in marks), None)
        frame, colour = "round", "tiki--frame"
        for mark, kind in (("cursor", "heavy"), ("selected", "heavy"), ("pending", "double"), ("legal", "round")):
            if mark in marks:
                frame, colour = kind, f"tiki--frame-{mark}"
                break
        fill = self._style(*filter(None, (back, "tiki--text")))
        lines: list[list[Segment]] = []
        if cw > 0 and ch > 0:
            console = self.app.console
            options = console.options.update(width=cw, height=ch, no_wrap=False, overflow="fold")
            lines = console.render_lines(text, options, style=fill, pad=True)
        return framed(lines, w, h, frame, self._style(*filter(None, (back, colour))), pad, fill)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strip = self._strips.get(y)
        if strip is None or strip.cell_length != width:
            strip = self._strips[y] = self._build_line(y, width)
        return strip

    def _build_line(self, y: int, width: int) -> Strip:
        grid = self._grid
        if grid is None or not grid.y <= y < grid.y + grid.height:
            return Strip.blank(width, self.rich_style)
        row, top = 0, grid.y
        while y >= top + grid.rows[row]:
            top += grid.rows[row]
            row += 1
        cells = tuple(self._drawn.get((row, col), (None,))[0] for col in range(5))
        key = (cells, y - top, width, grid.x)
        strip = self._lines.get(key)
        if strip is not None:
            return strip
        self.strips_built += 1
        base = self.rich_style  # (dear: it walks every ancestor's styles) only for a line not kept
        segments = [Segment(" " * grid.x, base)]
        for col in range(5):
            drawn = self._drawn.get((row, col))
            w = grid.cols[col]
            if drawn is None or y - top >= len(drawn[1]):  # a corner between four borders
                segments.append(Segment(" " * w, base))
            else:
                segments.extend(drawn[1][y - top])
        strip = self._lines[key] = Strip(segments).crop_extend(0, width, base)
        return strip

    def villages(self) -> list[VillageCell]:
        """Each village as drawn: its place on the screen, words and marks."""
        grid = self._grid
        if grid is None:
            return []
        ox, oy = self.content_region.x, self.content_region.y
        out = []
        for v in range(9):
            x, y, w, h = grid.box(*Grid.village_at(v))
            text, marks = self._shown.get(v, (Text(""), frozenset()))
            out.append(VillageCell(v, Region(ox + x, oy + y, w, h),
                                   Region(ox + x + 1 + grid.pad[0], oy + y + 1, max(0, w - 2 - sum(grid.pad)),
                                          max(0, h - 2)), text, marks))
        return out

    def offset_of(self, what: str) -> Offset:
        """The middle of "village:4" or "edge:3-4" on the board (a click there taps it)."""
        assert self._grid is not None, "the board is not drawn yet"
        kind, _, arg = what.partition(":")
        if kind == "village":
            x, y, w, h = self._grid.box(*Grid.village_at(int(arg)))
        else:
            a, b = (int(n) for n in arg.split("-"))
            x, y, w, h = self._grid.box(*Grid.edge_at((a, b)))
        return Offset(x + w // 2, y + h // 2)

    def tap_at(self, event: Click) -> str | None:
        """The village or border under a click (the kit sends it to :meth:`tap`)."""
        return self._grid.at(event.x, event.y) if self._grid is not None else None

    def _targets(self) -> set[int]:
        """Villages to highlight: what the model says is legal next."""
        ph = self._phase()
        if ph == "order":
            return {a.village for a in self.legal if isinstance(a, Resolve)}
        if ph != "turn":
            return set()
        if self.selected is None:
            out = {a.village for a in self.legal if isinstance(a, Place)}
            out |= {a.start for a in self._my_moves()}
            return out
        k = len(self.path)
        return {m.path[k] for m in self._my_moves()
                if m.start == self.selected and tuple(m.path[:k]) == tuple(self.path) and len(m.path) > k}

    def _last_cells(self) -> set[int]:
        """Villages the previous move changed."""
        a = self.last.action if self.last is not None else None
        if isinstance(a, (Place, Resolve)):
            return {a.village}
        if isinstance(a, Move):
            return {a.start, *a.path}
        return set()

    def _last_edge(self) -> tuple[int, int] | None:
        a = self.last.action if self.last is not None else None
        return a.edge if isinstance(a, Shaman) else None

    def _hint_cells(self) -> set[int]:
        h = self.hint
        if isinstance(h, Place) or isinstance(h, Resolve):
            return {h.village}
        if isinstance(h, Move):
            return {h.start, *h.path}
        return set()

    # -- keys --------------------------------------------------------------------------
    def action_arrow(self, direction: str) -> None:
        st = self.state
        if st is None:
            return
        if st.phase == "shaman":
            delta = -1 if direction in ("left", "up") else 1
            self.edge_cursor = cycle(range(len(EDGES)), self.edge_cursor, delta) or 0
            a, b = EDGES[self.edge_cursor]
            self.post_message(self.Said(f"Shaman between {village_name(a)} and {village_name(b)}: "
                                        f"Enter to place, n to leave it."))
            self.update_board()
            return
        if self.selected is None:
            nxt = step(self.cursor, direction)
            if nxt is not None:
                self.cursor = nxt
                self.update_board()
            return
        at = self.path[-1] if self.path else self.selected
        nxt = step(at, direction)
        if nxt is None:
            self.post_message(self.Said("The edge of the island: no village that way."))
            return
        if len(self.path) >= 1 and nxt == (self.path[-2] if len(self.path) >= 2 else self.selected):
            self.path.pop()  # stepping back undoes the last step
        else:
            candidate = (*self.path, nxt)
            k = len(candidate)
            if not any(m.start == self.selected and m.path[:k] == candidate for m in self._my_moves()):
                # no legal path goes this way: the model says why (too long,
                # the shaman, a village entered twice...)
                why = self._step_problem(self.selected, candidate)
                if why:
                    self.say(why, error=True)
                return
            self.path.append(nxt)
        self.cursor = self.path[-1] if self.path else self.selected
        self._say_path()
        self.update_board()

    def _say_path(self) -> None:
        st = self.state
        if st is None or self.selected is None:
            return
        height = len(st.stacks[self.selected])
        left = height - len(self.path)
        route = " → ".join(village_name(v) for v in [self.selected, *self.path])
        more = plural(left, "more step") if left else "Enter to put it down"
        self.post_message(self.Said(f"Path: {route} ({more}; c puts the totem back)."))

    def action_select(self) -> None:
        st = self.state
        if st is None or self.seat is None:
            return
        if st.phase == "shaman":
            self.choose(Shaman(edge=EDGES[self.edge_cursor]))
            return
        if st.phase == "order":
            self.choose(Resolve(village=self.cursor))
            return
        if self.selected is not None:
            if self.path:
                self.choose(Move(start=self.selected, path=tuple(self.path)))
            else:  # Enter again on the lifted totem puts it back
                self.action_cancel()
            return
        v = self.cursor
        if not st.stacks[v]:
            self.choose(Place(village=v))
            return
        # Picking up a totem no legal move starts from: the model says why.
        if not any(m.start == v for m in self._my_moves()):
            self.say(self._step_problem(v, ()) or "That totem cannot move now.", error=True)
            return
        self.selected = v
        self.path = []
        self._say_path()
        self.update_board()

    def action_back(self) -> None:
        if self.path:
            self.path.pop()
            self.cursor = self.path[-1] if self.path else (self.selected or 0)
            self._say_path()
            self.update_board()

    def action_cancel(self) -> None:
        if self.selected is not None:
            self.cursor = self.selected
            self.selected, self.path = None, []
            self.post_message(self.Said("Totem put back."))
            self.update_board()

    def action_pass_turn(self) -> None:
        """Pass (T6), offered only when the model lists it: no move is possible."""
        passes = [a for a in self.legal if isinstance(a, Pass)]
        if passes:
            self.choose(passes[0])

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pass_turn":
            return any(isinstance(a, Pass) for a in self.legal)
        if action == "cancel":  # shown only while a totem is lifted
            return self.selected is not None
        return True

    def action_leave_shaman(self) -> None:
        if self._phase() == "shaman":
            self.choose(Shaman(edge=None))

    def show_hint(self, action) -> str | None:
        """Light the hint and put the cursor on the village it names (the
        one to press Enter on first), and say so."""
        if self.selected is None:
            if isinstance(action, (Place, Resolve)):
                self.cursor = action.village
                super().show_hint(action)
                return "the cursor is on it: Enter plays it"
            if isinstance(action, Move):
                self.cursor = action.start
                super().show_hint(action)
                return "the cursor is on that totem: Enter lifts it"
        return super().show_hint(action)

    def choose(self, action) -> None:
        # a path laid from a lifted totem: the cursor follows the totem. A
        # totem that is not ours (refused) leaves the cursor where it was.
        if isinstance(action, Move) and self.selected is not None:
            self.cursor = action.path[-1] if action.path else self.cursor
        super().choose(action)

    # -- mouse --------------------------------------------------------------------------
    def tap(self, what: str) -> None:
        """A village: what Enter does there (or a step of the path towards
        it); a border in the shaman phase: the shaman goes there."""
        kind, _, arg = what.partition(":")
        if kind == "village":
            self._tap_village(int(arg))
        elif kind == "edge" and self._phase() == "shaman":
            a, b = (int(x) for x in arg.split("-"))
            self.edge_cursor = EDGES.index((a, b))
            self.choose(Shaman(edge=(a, b)))

    def _tap_village(self, v: int) -> None:
        self.give_focus(self)
        st = self.state
        if st is None:
            return
        if self.selected is not None and st.phase == "turn":
            at = self.path[-1] if self.path else self.selected
            for d in ARROWS:
                if step(at, d) == v:
                    self.action_arrow(d)
                    return
            if v == at and self.path:
                self.action_select()
            return
        self.cursor = v
        self.action_select()


BOARD = TikiBoard
