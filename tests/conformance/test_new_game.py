"""A sixth game added by following docs/adding-a-game.md, and nothing else.

The toy game Pebbles (tests/conformance/toy/pebbles/) is a game folder as
the page describes it: roles, rules page, tutorial, board and key driver.
It is registered only here, for the test's duration: its folder joins the
``tabletop_tui.games`` package and its info is announced, its rules page and
tutorial are found in an assets folder of its own, and all of it is undone
after. Then the checks every game of the suite passes run over it: the
template's roles, the conformance suite (legality, refusals, silent play,
saves, clones, determinize, views), the teaching content (rules in brief,
coach, replay, tutorial) and play by its board's keys in the real app.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest

import tabletop_tui.games as games
from tabletop_tui import resources
from tabletop_tui.engine import Match, SeatConfig, registry, thinker
from tabletop_tui.engine.rules_index import brief

from ..engine import test_rules_pages as rules_pages
from ..engine import test_teaching as teaching
from . import roles
from . import test_games as conformance
from . import test_layout as layout

TOY = Path(__file__).resolve().parent / "toy"


@pytest.fixture
def pebbles(monkeypatch, tmp_path):
    """Pebbles, registered for one test, and unregistered after."""
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(TOY)])
    info = importlib.import_module("tabletop_tui.games.pebbles").INFO
    registry.announce(info)
    assets = tmp_path / "assets"
    shutil.copytree(TOY / "pebbles" / "assets", assets)
    monkeypatch.setattr(resources, "assets_dir", lambda: assets)
    brief.cache_clear()
    thinker.set_mode("inline")
    try:
        yield registry.get("pebbles")
    finally:
        thinker.set_mode("process")
        registry.unregister("pebbles")
        for name in [m for m in sys.modules if m.startswith("tabletop_tui.games.pebbles")]:
            del sys.modules[name]
        brief.cache_clear()


def test_the_games_package_is_as_it_was():
    """Adding Pebbles touched no file of the package: it is not listed, and
    only the test's fixture registers it."""
    assert "pebbles" not in games.GAME_PACKAGES
    assert "pebbles" not in [g.id for g in registry.catalogue()]
    assert not (Path(games.__file__).parent / "pebbles").exists()


def test_the_new_game_keeps_the_template_s_roles(pebbles):
    assert "pebbles" in [g.id for g in registry.catalogue()]
    roles.check_roles(pebbles)
    roles.check_rules_import_no_bots(pebbles)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_new_game_passes_the_conformance_suite(pebbles, seed, tmp_path):
    for players in conformance.seat_counts(pebbles):
        conformance.test_check_agrees_with_legal_actions(pebbles, players, seed)
        conformance.test_silent_play_changes_the_state_as_apply_does(pebbles, players, seed)
        conformance.test_save_load_and_replay_give_an_equal_state(pebbles, players, seed, tmp_path)
        conformance.test_clones_are_independent(pebbles, players, seed)
        conformance.test_determinize_keeps_the_view_and_reads_only_it(pebbles, players, seed)
        conformance.test_views_hide_what_their_seat_may_not_see(pebbles, players, seed)


def test_the_new_game_teaches(pebbles):
    """Its rules page (title, keys, rulings, the rules in brief each action
    kind names), the coach, replays and its tutorial."""
    rules_pages.test_rules_page_has_title_keys_and_table_rulings("pebbles")
    teaching.test_every_action_kind_names_a_rule_of_the_rules_page("pebbles")
    teaching.test_the_log_names_each_moves_rule_and_replay_keeps_them("pebbles")
    teaching.test_coach_suggests_up_to_three_legal_moves_best_first("pebbles")
    teaching.test_a_replay_steps_to_the_end_and_back_to_the_same_state("pebbles")
    teaching.test_every_game_has_a_tutorial_that_makes_every_kind_of_move("pebbles")


async def test_the_new_game_is_played_by_its_board_keys(pebbles):
    """Its board (found by the app from the folder's board.py, with its own
    CSS) makes every move of a whole game from the keys its driver names."""
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen
    from tabletop_tui.ui.handoff import HandoffScreen

    from ..ui.drive import settled
    from ..waiting import until
    from .toy.pebbles.drive import pebbles_keys

    layout.test_every_board_carries_its_own_css(pebbles)
    match = Match(pebbles, [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    kinds = set()
    async with app.run_test(size=(100, 30)) as pilot:
        for step in range(20):
            if match.is_over():
                break
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            await until(lambda: app.screen is screen and settled(screen), "the board to be ready", pilot=pilot)
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            action = legal[-1] if step == 1 and legal[-1].kind == "skip" else legal[0]
            before = len(match.log)
            for key in pebbles_keys(screen.board, action):
                await pilot.press(key)
            await until(lambda: len(match.log) == before + 1, f"{action!r} to be made by its keys", pilot=pilot)
            assert match.log[-1].action == action.model_dump(mode="json") and match.log[-1].seat == seat
            kinds.add(action.kind)
    assert match.is_over() and kinds == {"take", "skip"}
