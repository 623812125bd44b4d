"""Tiki's board: nine village widgets on a 3x3 grid with shaman edges between.

Keys: arrows move the cursor; Enter on an empty village creates a totem, on
your totem picks it up; then arrows lay the path one village at a time
(the way back undoes a step, Backspace too) and Enter puts it down. Esc drops
the selection. In the order phase Enter picks the village to resolve; in the
shaman phase arrows pick an edge, Enter places the shaman, n leaves it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.widgets import Static

from tabletop_tui.engine.text import plural
from tabletop_tui.ui.board_kit import KitBoard, TapCell, cycle

from .actions import Move, Pass, Place, Resolve, Shaman
from .render import edge_text, village_text
from .text import village_name
from .view import TikiView

ARROWS = {"up": -3, "down": 3, "left": -1, "right": 1}


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


class VillageCell(TapCell):
    """One village: kind and value, the stack (bottom to top), its owner."""

    def __init__(self, index: int) -> None:
        super().__init__(f"village:{index}", id=f"village-{index}", classes="village")
        self.index = index


class EdgeCell(TapCell):
    """The gap between two neighbouring villages, where the shaman may stand."""

    def __init__(self, edge: tuple[int, int], horizontal: bool) -> None:
        super().__init__(f"edge:{edge[0]}-{edge[1]}", id=f"edge-{edge[0]}-{edge[1]}",
                         classes="edge " + ("h" if horizontal else "v"))
        self.edge = edge
        self.horizontal = horizontal


class TikiBoard(KitBoard, can_focus=True):
    """The Tiki board."""

    cursor_fields = ("cursor",)

    SEAT_STYLES = ["#b45fd6", "#c98a00"]

    SCOPED_CSS = False  # the narrow rules start at the screen's "-narrow" class
    DEFAULT_CSS = """
    TikiBoard { height: 100%; align: center middle; }
    TikiBoard Grid {
        grid-size: 5 5;
        grid-columns: 16 3 16 3 16;
        grid-rows: 5 1 5 1 5;
        width: 54; height: 17;
    }
    TikiBoard .village { border: round $foreground 35%; padding: 0 1; height: 100%; }
    TikiBoard .village.legal { border: round $success; }
    TikiBoard .village.pending { border: double $warning; }
    TikiBoard .village.path { background: $success 20%; }
    TikiBoard .village.cursor { border: heavy $accent; }
    TikiBoard .village.selected { border: heavy $warning; background: $warning 15%; }
    TikiBoard .village.hint { background: $accent 25%; }
    TikiBoard .village.last { background: $primary 18%; }
    TikiBoard .edge.last { text-style: bold underline; }
    TikiBoard .edge { content-align: center middle; color: $text-muted; width: 100%; height: 100%; }
    TikiBoard .edge.shaman { color: $error; text-style: bold; background: $error 20%; }
    TikiBoard .edge.legal { color: $success; }
    TikiBoard .edge.cursor { background: $accent 40%; color: $text; text-style: bold; }
    TikiBoard:focus .village.cursor { border: heavy $accent; }
    /* Tiki at 80 columns: narrower villages so board and players both fit */
    .-narrow TikiBoard Grid {
        grid-columns: 14 2 14 2 14;
        width: 46;
    }
    /* ...and 11 columns inside each, so "Harbour +2◆" stays on its line and
       the owner's line stays in view */
    .-narrow TikiBoard .village { padding: 0 0 0 1; }
    /* From 100 columns the villages grow with the board (24x9 at 120x40),
       and more on a big terminal (160 columns and more: 35x12 at 200x60) */
    .-wide TikiBoard Grid {
        grid-columns: 1fr 3 1fr 3 1fr;
        grid-rows: 1fr 1 1fr 1 1fr;
        width: 100%; min-width: 54; max-width: 78;
        height: 100%; min-height: 17; max-height: 29;
    }
    .-huge TikiBoard Grid {
        grid-columns: 1fr 3 1fr 3 1fr;
        grid-rows: 1fr 1 1fr 1 1fr;
        width: 100%; max-width: 111;
        height: 100%; max-height: 38;
    }
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
        self._cells: tuple[list[VillageCell], list[EdgeCell]] | None = None

    def compose(self) -> ComposeResult:
        with Grid():
            for r in range(5):
                for c in range(5):
                    if r % 2 == 0 and c % 2 == 0:
                        yield VillageCell((r // 2) * 3 + c // 2)
                    elif r % 2 == 0:  # between two villages of a row
                        a = (r // 2) * 3 + c // 2
                        yield EdgeCell((a, a + 1), horizontal=True)
                    elif c % 2 == 0:  # between two villages of a column
                        a = (r // 2) * 3 + c // 2
                        yield EdgeCell((a, a + 3), horizontal=False)
                    else:
                        yield Static("", classes="corner")

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
    @staticmethod
    def _set(cell: Static, content, classes: str) -> None:
        """Update a cell only where it changed; a cell's size never depends on
        its content, so no layout pass is needed (keeps key-to-frame short)."""
        if getattr(cell, "_drawn", None) != content:  # Text compares its words and styles
            cell._drawn = content  # type: ignore[attr-defined]
            cell.update(content, layout=False)
        if cell.classes != frozenset(classes.split()):
            cell.set_classes(classes)

    def on_resize(self) -> None:
        # the villages' words are fitted to the cells' width: once the new
        # size is laid out, fit them again
        self.call_after_refresh(self.update_board)

    def update_board(self) -> None:
        self.refresh_footer()  # the footer's "c" and "p" come and go
        st = self.state
        if self._cells is None:  # composed once: looked up once
            self._cells = list(self.query(VillageCell)), list(self.query(EdgeCell))
        cells, edges = self._cells
        if st is None:
            for cell in cells:
                self._set(cell, "", "village")
            for e in edges:
                self._set(e, "", "edge " + ("h" if e.horizontal else "v"))
            return
        legal_targets = self._targets()
        hint_cells = self._hint_cells()
        last_cells = self._last_cells()
        styles = [self.seat_style(s) for s in range(len(self.SEAT_STYLES))]
        for cell in cells:
            v = cell.index
            cls = ["village"]
            if v in legal_targets:
                cls.append("legal")
            if st.phase == "order" and v in st.pending:
                cls.append("pending")
            if v in self.path:
                cls.append("path")
            if v == self.selected:
                cls.append("selected")
            if v == self.cursor and st.phase != "shaman":
                cls.append("cursor")
            if v in hint_cells:
                cls.append("hint")
            if v in last_cells:
                cls.append("last")
            self._set(cell, village_text(st, v, names=self.names, styles=styles, influence=self.view.influence,
                                         last=v in last_cells, path=self.path, hinted=v in hint_cells,
                                         width=cell.content_region.width or 11,
                                         height=cell.content_region.height or 3),
                      " ".join(cls))
        legal_edges = {a.edge for a in self.legal if isinstance(a, Shaman) and a.edge is not None}
        for e in edges:
            cls = ["edge", "h" if e.horizontal else "v"]
            text = edge_text(st.shaman == e.edge, e.horizontal)
            if st.shaman == e.edge:
                cls.append("shaman")
            if self._last_edge() == e.edge:
                cls.append("last")
            if st.phase == "shaman" and e.edge in legal_edges:
                cls.append("legal")
            if st.phase == "shaman" and self.legal and EDGES[self.edge_cursor] == e.edge:
                cls.append("cursor")
            self._set(e, text, " ".join(cls))

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
