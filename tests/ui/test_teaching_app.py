"""Teaching through the real app: the coach's panel, a whole demo, every
tutorial by keys, and the replay viewer (steps, seats, a branch)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from tabletop_tui.engine import Match, SeatConfig, get, registry, thinker
from tabletop_tui.engine.demo import demo_match
from tabletop_tui.engine.table import Table
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.coach_panel import CoachPanel
from tabletop_tui.ui.demo_screen import DemoScreen, TakeOverScreen
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.picker import PickerScreen
from tabletop_tui.ui.replay_screen import ReplayScreen
from tabletop_tui.ui.result_screen import ResultScreen
from tabletop_tui.ui.tutorial_screen import TutorialScreen

from .. import waiting
from ..engine.test_teaching import CONTENT
from .cut_text import settled_cuts
from .drive import calm, press
from .test_board_keys import DRIVERS


@pytest.fixture(autouse=True)
def _inline():
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


async def until(pilot, cond) -> None:
    """Wait until ``cond()`` (see tests/waiting.py)."""
    await waiting.until(cond, "the app to get there", pilot=pilot)


async def test_the_coach_offers_three_ranked_legal_moves_and_enter_takes_one():
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4, autosave=False)
    app = TabletopApp(match=m, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        panel = screen.query_one(CoachPanel)
        await until(pilot, lambda: panel.display)
        found = panel.suggestions
        seat = m.to_act()[0]
        assert 1 <= len(found) <= 3 and all(s.action in m.legal_actions(seat) for s in found)
        assert [s.value for s in found] == sorted((s.value for s in found), reverse=True)
        assert screen.board.hint == found[0].action and screen.board.hints == [s.action for s in found]
        await pilot.press("down")
        await pilot.pause()
        assert screen.board.hint == found[1].action
        await pilot.press("enter")
        await pilot.pause()
        assert m.log[-1].action == found[1].action.model_dump(mode="json")
        assert not panel.display and screen.board.hint is None


async def test_a_whole_demo_runs_to_the_end_with_its_keys():
    clock = waiting.NappingClock()
    table = Table(demo_match("tiki", seed=5, bot="random"), clock=clock)
    app = TabletopApp(bot_delay=0, start=lambda a: a.push_screen(DemoScreen(table)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        demo = app.screen
        assert isinstance(demo, DemoScreen) and table.bot_delay > 0
        await pilot.press("space")  # pause (a slow start may have let the first move through)
        assert table.paused
        held = len(table.match.log)
        # the next bot's move is on its way (thought of, waiting out the pace): made
        # due at once, only the pause holds it; two more naps show it looked again
        assert table.update_for(None).thinking is not None
        table.bot_delay = 0
        naps = clock.naps
        await until(pilot, lambda: clock.naps >= naps + 2 or len(table.match.log) > held)
        assert len(table.match.log) == held  # paused: nothing more is played
        await pilot.press("n")
        await until(pilot, lambda: len(table.match.log) == held + 1 and table.idle())
        await pilot.press("n")
        await until(pilot, lambda: len(table.match.log) == held + 2 and table.idle())
        await pilot.press("b")
        await until(pilot, lambda: len(table.match.log) == held + 1)
        await pilot.press("plus")
        assert table.bot_delay < 1.5
        table.bot_delay = 0  # the test's own pace
        await pilot.press("space")
        await waiting.until(lambda: table.match.is_over(), "the demo to end", seconds=120, pilot=pilot)
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        log = demo.query_one("#log").lines
        narrated = [str(line.text) for line in log if "↳" in line.text]
        assert narrated and any("totem" in line for line in narrated)


async def test_taking_over_a_demo_seat_turns_it_into_a_game():
    table = Table(demo_match("rapa_nui", seed=3, bot="random"))
    app = TabletopApp(bot_delay=0, start=lambda a: a.push_screen(DemoScreen(table)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table.bot_delay = 0.05
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
        await pilot.press("down", "enter")  # the second seat
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and not isinstance(app.screen, DemoScreen))
        assert table.seats[1].is_human and not table.seats[0].is_human and table.saving
        await until(pilot, lambda: 1 in table.match.to_act())
        assert app.screen.viewer == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game_id", CONTENT)
async def test_each_tutorial_plays_through_by_keys_and_no_word_is_cut(game_id, size):
    """Every step by its keys (a wrong move refused with the step's words
    once), and no word cut at 80x24 nor at 120x40 anywhere on the way: the
    introduction, each step's lesson, message, status and footer, the end."""
    from tabletop_tui.engine.tutorial import load_tutorial

    tut = load_tutorial(game_id)
    app = TabletopApp(bot_delay=0, start=lambda a: a.start_tutorial(game_id))
    cut: list[str] = []

    async def look(where: str) -> None:
        cut.extend(f"{where}: {c}" for c in await settled_cuts(pilot))

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        table = screen.table
        table.bot_delay = 0
        await look("the introduction")
        wrong_tried = False
        for _ in range(len(tut.steps) * 4):
            await until(pilot, lambda: table.done or (table.expected()[0] == tut.you and table.idle()
                                                      and screen.current.serial == table.serial))
            if table.done:
                break
            await look(f"step {table.at}")
            seat, want = table.expected()
            assert screen.board.legal == [want]  # only this step's spaces are lit
            assert text(screen, "#lesson").startswith("Step ")
            if not wrong_tried:
                other = next((a for a in table.match.legal_actions(seat) if a != want), None)
                if other is not None:
                    before, at = table.match.state.model_copy(deep=True), table.at
                    screen.play(other)
                    await calm(pilot)
                    assert "this step asks" in text(screen, "#message")
                    assert table.match.state == before and table.at == at
                    wrong_tried = True
            before = len(table.match.log)
            await press(pilot, *DRIVERS[game_id](screen.board, want))
            assert len(table.match.log) > before, f"the keys for {want!r} did not make it"
            assert table.match.log[before].action == want.model_dump(mode="json")
        assert table.done
        assert tut.end.split(".")[0] in text(screen, "#lesson")
        await look("the end")
    assert not cut, "\n".join(cut)


async def test_the_replay_steps_through_a_saved_game_and_branches_from_a_move(tmp_path):
    import random

    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=7, path=tmp_path / "g.json")
    rng = random.Random(2)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(rng.choice(m.legal_actions(seat)), seat)
    loaded = Match.load(tmp_path / "g.json", autosave=False)
    app = TabletopApp(bot_delay=0, start=lambda a: a.start_replay(loaded))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.step == len(m.log)
        assert screen.board.view == m.view(None) or screen.viewer == "everyone"
        log = screen.query_one("#replay-log", OptionList)
        await pilot.press("home")
        assert screen.step == 0
        for _ in range(len(m.log)):
            await pilot.press("right")
        assert screen.step == len(m.log)
        assert screen.replay.at(screen.step).state == m.state
        for _ in range(len(m.log)):
            await pilot.press("left")
        assert screen.step == 0 and screen.replay.at(0).state == get("tiki").new_state(2, m.options, m.seed)
        await pilot.press("v")  # seen by: the table, Ana, Ben, everyone
        assert "seen by" in text(screen, "#status")
        log.highlighted = 5
        await pilot.press("enter")
        assert screen.step == 5
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        branch = app.screen.table.match
        assert branch.log == m.log[:5] and branch.match_id != m.match_id


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_replay_opens_with_its_log_on_the_last_move(tmp_path, size):
    """The log's lines wrap once the layout is known: the list is scrolled to
    the current move then, not by the line heights guessed before it."""
    import random

    m = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, path=tmp_path / "g.json")
    rng = random.Random(1)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(rng.choice(m.legal_actions(seat)), seat)
    app = TabletopApp(bot_delay=0, start=lambda a: a.start_replay(Match.load(tmp_path / "g.json", autosave=False)))
    async with app.run_test(size=size) as pilot:
        log = app.screen.query_one("#replay-log", OptionList)

        def in_view() -> bool:
            shown = "".join(log.render_line(y).text for y in range(log.size.height))
            return log.highlighted == len(m.log) and f"{len(m.log)}. " in shown

        await until(pilot, in_view)
        assert log.highlighted == len(m.log) and log.max_scroll_y > 0
        shown = "".join(log.render_line(y).text for y in range(log.size.height))
        assert f"{len(m.log)}. " in shown, shown  # the last move's entry is in view


async def test_the_picker_opens_demos_tutorials_and_replays():
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("t")  # the first game's tutorial
        await until(pilot, lambda: isinstance(app.screen, TutorialScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DemoScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("v")
        assert "saved game" in str(app.screen.query_one("#picker-message", Static).content)


async def test_setup_can_turn_the_coachs_slips_off():
    from textual.widgets import Checkbox

    from tabletop_tui.ui.setup import SetupScreen

    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        box = app.screen.query_one("#coach-flags", Checkbox)
        assert box.value
        box.focus()
        await pilot.press("space")
        assert not box.value
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert not app.screen.table.coach_flags and not app.screen.table.match.coach_flags


async def test_a_board_key_turned_off_at_this_step_gets_the_steps_words():
    """Nayakas' board turns p off when passing is not legal (a tutorial's
    step allows one move only): the key still says what the step asks."""
    from tabletop_tui.engine.tutorial import load_tutorial

    tut = load_tutorial("nayakas")
    app = TabletopApp(bot_delay=0, start=lambda a: a.start_tutorial("nayakas"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.table
        await until(pilot, lambda: table.expected()[0] == tut.you and table.idle()
                    and screen.current.serial == table.serial)
        assert table.expected()[1].kind != "pass"
        screen.board.focus()
        before, at = table.match.state.model_copy(deep=True), table.at
        await pilot.press("p")
        await pilot.pause()
        assert text(screen, "#message").startswith("Not at this step.")
        assert tut.steps[at].say in text(screen, "#message")
        assert table.match.state == before and table.at == at
