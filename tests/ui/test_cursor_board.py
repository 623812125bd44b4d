"""The board kit's cursor board: a board that writes its targets, what
Enter does on one and its render code gets the arrows, Enter, clicks and a
cursor kept on a target from the kit."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult

from tabletop_tui.ui.board import Board
from tabletop_tui.ui.board_kit import CursorBoard, TapPanel, cursor_keys


class Spots(CursorBoard, can_focus=True):
    """A toy board: three spots in a row; Enter (or a click) on one chooses it."""

    BINDINGS = cursor_keys("Take")
    spots: list[str] = ["spot:a", "spot:b", "spot:c"]

    def compose(self) -> ComposeResult:
        yield TapPanel(id="row")

    def targets(self) -> list[str]:
        return self.spots

    def select(self, target: str) -> None:
        self.choose(target)  # (a toy: the target stands for its action)

    def update_board(self) -> None:
        self.keep_cursor()
        row = Text()
        for key in self.spots:
            mark = ">" if key == self.cursor else " "
            row.append(f"{mark}{key[-1]} ", style=Style(meta={"tap": key}))
        self.query_one(TapPanel).show(row)


class Table(App):
    def __init__(self, board: Spots) -> None:
        super().__init__()
        self.board, self.chosen = board, []

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        self.board.update_board()
        self.board.focus()

    def on_board_chosen(self, message: Board.Chosen) -> None:
        self.chosen.append(message.action)


async def test_the_arrows_step_round_the_targets_and_enter_selects():
    app = Table(Spots())
    async with app.run_test(size=(30, 5)) as pilot:
        board = app.board
        assert board.cursor == "spot:a"  # kept on the first target
        await pilot.press("right", "down")
        assert board.cursor == "spot:c"
        await pilot.press("right")  # round the end
        assert board.cursor == "spot:a"
        await pilot.press("left", "enter")
        await pilot.pause()
        assert app.chosen == ["spot:c"]
        assert ">c" in str(board.query_one(TapPanel).render())


async def test_a_click_selects_and_a_pointing_board_selects_on_the_second_click():
    app = Table(Spots())
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.click(TapPanel, offset=(3, 0))  # "b"
        await pilot.pause()
        assert app.board.cursor == "spot:b" and app.chosen == ["spot:b"]
        app.board.CLICK = "point"
        await pilot.click(TapPanel, offset=(6, 0))  # "c": the cursor goes there only
        await pilot.pause()
        assert app.board.cursor == "spot:c" and app.chosen == ["spot:b"]
        await pilot.click(TapPanel, offset=(6, 0))  # again: selected
        await pilot.pause()
        assert app.chosen == ["spot:b", "spot:c"]


async def test_the_cursor_stays_on_a_target_that_remains_and_moves_off_one_that_went():
    app = Table(Spots())
    async with app.run_test(size=(30, 5)) as pilot:
        board = app.board
        await pilot.press("right")
        board.spots = ["spot:x", "spot:b"]
        board.update_board()
        assert board.cursor == "spot:b"
        board.spots = ["spot:x", "spot:y"]
        board.update_board()
        assert board.cursor == "spot:x"
        board.spots = []
        board.update_board()
        await pilot.press("right", "enter")  # nothing to point at: nothing happens
        assert board.cursor is None and app.chosen == []
