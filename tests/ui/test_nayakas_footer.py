"""Nayakas' footer over ssh ("/ Chat" shown) at 80 columns in a build turn
too, where + and - step the Gold: every key shows whole ("+ - Gold")."""

from __future__ import annotations

import random

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.seats import HotSeat

from ..waiting import until
from .cut_text import cut_footer
from .drive import footer_keys
from .test_ssh_footer import ChatTable


def build_turn(seed: int) -> Match:
    """A 2-player Nayakas match played at random to a build turn where some
    Section can be paid with Gold in more than one way and a development
    card can be played (the fullest footer: "c Cards" shows too)."""
    game = get("nayakas")
    match = Match(game, [SeatConfig(name="P0"), SeatConfig(name="P1")], seed=seed, autosave=False)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        view = match.view(seat)
        pays = {(a.gold_stone, a.gold_clay) for a in legal if a.kind == "build"}
        cards = any(a.kind == "card" for a in legal)
        if view.phase == "build" and not view.pending and len(pays) > 1 and cards:
            return match
        match.apply(rng.choice(legal), seat, save=False)
    raise AssertionError("no build turn with a Gold choice")


async def test_the_build_turn_footer_fits_80_columns_over_ssh():
    match = build_turn(seed=3)
    seat = match.to_act()[0]
    table = ChatTable(match)
    app = TabletopApp(bot_delay=0, start=lambda a: a.push_screen(GameScreen(table, HotSeat([seat], False))))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, GameScreen) and app.screen.board.view is not None)
        board = app.screen.board
        for _ in range(40):  # to a Section the Gold can pay in more than one way
            if board.check_action("gold", ()):
                break
            await pilot.press("down")
        assert board.check_action("gold", ())
        await pilot.pause()
        keys = footer_keys(app.screen)
        assert all(k in keys for k in ("slash", "plus", "minus", "c", "p")), keys
        assert not cut_footer(app.screen), list(keys.items())
    table.close()
