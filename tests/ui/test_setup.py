"""The new-game form: Enter never starts a game unseen, options the game
would refuse are not offered, labels are in player words, names are checked
by the shared rule and shown as plain text, ticked and unticked read apart."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from tabletop_tui.engine import games
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen
from tabletop_tui.ui.setup import SetupScreen


def message(app) -> str:
    return str(app.screen.query_one("#setup-message", Static).content)


async def test_enter_in_the_first_name_box_goes_to_the_next_field_and_does_not_start():
    app = TabletopApp(setup="tiki", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.focused.id == "name-0"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "Enter must not start the game"
        assert app.focused.id == "kind-0"
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_checkbox_reads_differently_ticked_and_unticked():
    app = TabletopApp(setup="tiki", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#opt-shaman", Checkbox)
        assert not box.value
        unticked = box.render().plain
        box.value = True
        await pilot.pause()
        ticked = box.render().plain
        assert "✓" in ticked and "✓" not in unticked and "X" not in unticked


def _option_labels(screen) -> list[str]:
    out = []
    for w in screen.query(".setup-label.wide"):
        out.append(str(w.content))
    for box in screen.query(Checkbox):
        out.append(box.label.plain)
    return out


@pytest.mark.parametrize("game_id", [g.id for g in games()])
async def test_setup_labels_are_player_words_and_every_game_starts_with_the_defaults(game_id):
    app = TabletopApp(setup=game_id, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for label in _option_labels(app.screen):
            assert not re.search(r"\b[A-Z]{1,2}\d+\b", label), f"a ruling id in {label!r}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, (GameScreen, HandoffScreen)), message(app) if isinstance(
            app.screen, SetupScreen) else app.screen


async def test_a_variant_the_game_refuses_for_this_many_players_is_not_offered():
    app = TabletopApp(setup="nyakuza", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#opt-secret_tiles", Checkbox)
        assert box.disabled and not box.value and "3 or 4 players" in str(box.tooltip)
        amulet = screen.query_one("#opt-first_amulet", Select)
        offered = [value for _, value in amulet._options if value is not Select.BLANK]
        assert offered == ["random", "Red", "Blue"]
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert not box.disabled
        box.value = True
        offered = [value for _, value in amulet._options if value is not Select.BLANK]
        assert offered == ["random", "Red", "Blue", "Yellow"]
        screen.query_one("#players", Select).value = 2  # back to two: the tick goes
        await pilot.pause()
        assert box.disabled and not box.value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.match.options.secret_tiles is False


@pytest.mark.parametrize("names, words", [
    (["Ana", "ana"], "both called 'ana'"),
    (["Ana", ""], "Seat 2: A name needs at least one letter"),
    (["\x1b]0;pwned\x07Eve", "Ben"], "cannot be shown"),
    (["Ana", "Ben\x00"], "cannot be shown"),
])
async def test_names_are_refused_with_the_shared_rule_and_nothing_starts(names, words):
    app = TabletopApp(setup="tiki", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i, name in enumerate(names):
            app.screen.query_one(f"#name-{i}", Input).value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = message(app)
        assert words in text and "\x1b" not in text and "\x00" not in text


@pytest.mark.parametrize("hostile", ["[/x]", "[b]x[/b]", "[link=http://x]y"])
async def test_markup_in_a_typed_name_is_a_name_and_shown_as_text(hostile):
    app = TabletopApp(setup="rapa_nui", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = hostile
        app.screen.query_one("#kind-1", Select).value = "human"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        shown = "\n".join(str(w.content) for w in app.screen.query(Static))
        assert f"Pass the keyboard to {hostile}" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.match.seats[0].name == hostile
        assert hostile in str(app.screen.query_one("#seats", Static).content)
