"""Each game's result screen says what winning takes and the numbers that
decided it; Rapa Nui's final offering values can be checked on the board
from the stone's face-up and face-down counts."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.games.rapa_nui.render import offerings_text
from tabletop_tui.games.rapa_nui.scoring import offering_values
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.result_screen import ResultScreen

#: words of each game's winning condition, with a pattern for the deciding numbers
CONDITIONS = {
    "tiki": ("The first to 4 fruit wins", r"Fruit: \d+ to \d+\."),
    "rapa_nui": ("Most points wins", r"fish \d \(\d+ on the stone\)"),
    "nyakuza": ("fewest Moai left", r"Moai left: Ana \d+, Ben \d+\."),
    "nisyros": ("A small victory needs every player to save 7 or more on Kos, a big one 9 or more",
                r"The fewest saved decides: \d+ \(Ben|Ana"),
    "nayakas": ("The most Prosperity wins", r"Prosperity: Ana \d+ \(Culture \d+\)"),
}


def finished(game_id: str, seed: int = 3) -> Match:
    match = Match(game_id, [SeatConfig(name="Ana", bot="random"), SeatConfig(name="Ben", bot="random")],
                  seed=seed, autosave=False)
    match.play_bots()
    assert match.is_over()
    return match


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game_id", list(CONDITIONS))
async def test_the_result_screen_says_what_winning_takes(game_id, size):
    words, numbers = CONDITIONS[game_id]
    app = TabletopApp(match=finished(game_id), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        said = str(app.screen.query_one("#result-condition", Static).content)
        assert words in said and re.search(numbers, said), said
        assert "{s" not in said
        assert app.screen.query_one("#result-condition").region.height >= 1


def test_nisyros_says_the_7_and_9_in_its_last_line():
    match = finished("nisyros")
    assert re.search(r"Saved on Kos: Ana \d+, Ben \d+\. (Defeat: a victory needs 7 saved by every player\."
                     r"|A small victory: every player saved 7 or more \(a big one needs 9\)\."
                     r"|A big victory: every player saved 9 or more!)", match.text(match.result().summary))


@pytest.mark.parametrize("narrow", [True, False])
def test_rapa_nui_final_values_add_up_from_the_stone(narrow):
    for seed in range(1, 40):
        match = finished("rapa_nui", seed)
        if match.state.stone_down:
            break
    view = match.view(0)
    assert view.stone.face_down_revealed
    lines = offerings_text(view, narrow=narrow).plain.splitlines()
    head = lines[0].split()
    assert head[:3] == (["up", "down", "value"] if narrow else ["face", "up", "face"])
    stone = {}
    for k, line in zip(["fish", "grain", "mulberry", "sweet_potato"], lines[1:5]):
        nums = [int(n) for n in re.findall(r"\d+", line)]
        up, down, value = nums[:3]
        stone[k] = (up + down, value)
    assert {k: v for k, (_, v) in stone.items()} == offering_values({k: n for k, (n, _) in stone.items()})
    assert "face down ones turned up" in lines[-1]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_nisyros_setup_says_what_each_level_changes_and_how_hard_it_is(size):
    from textual.widgets import Select

    from tabletop_tui.ui.setup import SetupScreen

    app = TabletopApp(setup="nisyros", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        note = screen.query_one("#opt-level-note", Static)
        label = " ".join(str(w.content) for w in screen.query("Label"))
        assert "every player saves 7 of 10 on Kos; 9 is a big victory" in label.replace("\n", " ")
        said = str(note.content)
        assert said.startswith("Achilles: each islander needs a boat") and "2 eruptions" in said and "Hard" in said
        screen.query_one("#opt-level", Select).focus()
        await pilot.press("enter", "down", "down", "enter")  # open the list, pick Zeus
        await pilot.pause()
        assert screen.query_one("#opt-level", Select).value == "zeus"
        said = str(note.content)
        assert "3 eruptions" in said and "Very hard" in said and note.region.height >= 1


def test_the_levels_are_explained_in_the_help_and_on_the_rules_page():
    from tabletop_tui.engine import get
    from tabletop_tui.engine.options_text import options_markdown, options_text

    model = get("nisyros").options_model
    for text in (options_text(model), options_markdown(model)):
        for level in ("Achilles: each islander needs a boat", "Heracles: a boat and a wheat",
                      "Zeus: a boat and a wheat per islander; 3 eruptions"):
            assert level in text
