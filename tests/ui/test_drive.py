"""tests/ui/drive.py's own check: ``press`` returns once every key it sent
is handled, whatever the handler awaits, and no key is lost or reordered."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from .drive import press


class Form(Screen):
    def compose(self) -> ComposeResult:
        yield Static("the form", id="form")


class Keys(App):
    """Records its keys; ``slow`` awaits before it counts; ``f`` opens a screen."""

    BINDINGS = [Binding("s", "slow", "Slow"), Binding("f", "form", "Form")]

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []
        self.slow_done = 0

    def on_key(self, event) -> None:
        self.seen.append(event.key)

    async def action_slow(self) -> None:
        for _ in range(3):  # an async handler: the app's queue is empty while it waits
            await asyncio.sleep(0.02)
        self.slow_done += 1

    def action_form(self) -> None:
        self.push_screen(Form())


async def test_press_waits_for_every_key_to_be_handled_in_order():
    app = Keys()
    async with app.run_test() as pilot:
        await press(pilot, "s")
        assert app.slow_done == 1  # the handler's awaits are over
        keys = list("abcdefghij") + ["s", "up", "enter", "s"]
        await press(pilot, *keys)
        assert app.slow_done == 3
        assert app.seen == ["s", *keys]  # none lost, none out of order
        await press(pilot, "f")
        assert isinstance(app.screen, Form) and str(app.screen.query_one("#form", Static).content) == "the form"
