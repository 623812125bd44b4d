"""A refused move over ssh says the model's own sentence, as hot-seat does,
and no key waits for the server to say it (issue 21): the table's
``explain`` answers at once, asks the server when it cannot tell, and the
refused key is pressed again once the answer came."""

from __future__ import annotations

import random
import time

from tabletop_tui.engine import registry
from tabletop_tui.games.tiki.board import ARROWS, step
from tabletop_tui.net import protocol as p

from ..ui.drive import calm
from .test_app import tables, text, until  # noqa: F401 (a fixture)


def refused_step(game, state, seat: int):
    """A totem of ``seat``'s and one arrow step off every legal path, the
    shaman in the way: (start, direction, the model's sentence), or None."""
    for start in range(9):
        if not state.stacks[start] or state.owner(start) != seat:
            continue
        if game.explain_step(state, seat, start, ()) is not None:
            continue  # no move starts there: the board would not lift it
        for d in ARROWS:
            nxt = step(start, d)
            if nxt is None:
                continue
            why = game.explain_step(state, seat, start, (nxt,))
            if why is not None and "shaman" in why and "cannot finish" not in why:
                return start, d, why
    return None


def way_to_a_refused_step(game, state):
    """The moves of a random game from ``state`` (seeded) that reach a position
    where :func:`refused_step` finds one for the first seat, or None."""
    for seed in range(20):
        st, rng, moves = game.clone(state), random.Random(seed), []
        while not game.is_over(st):
            seat = game.to_act(st)[0]
            if seat == 0 and st.phase == "turn" and refused_step(game, st, 0):
                return moves
            action = rng.choice(game.legal_actions(st, seat))
            game.apply(st, action, seat)
            moves.append((seat, action))
    return None


def arrows_to(at: int, goal: int) -> list[str]:
    (r0, c0), (r1, c1) = divmod(at, 3), divmod(goal, 3)
    return ["down" if r1 > r0 else "up"] * abs(r1 - r0) + ["right" if c1 > c0 else "left"] * abs(c1 - c0)


async def ana_lifts_a_totem_by_the_shaman(tables, pilot, app, link):
    """Ana's Tiki table (shaman variant) with ben, played at random until a
    step of ana's totem crosses the shaman; her totem lifted by keys.
    Returns (her game screen, the step's direction, the model's sentence)."""
    from tabletop_tui.ui.game_screen import GameScreen

    game = registry.get("tiki")
    await until(pilot, lambda: "Tables on this server" in text(app.screen.query_one("#picker-title")), "the lobby")
    link.create("tiki", {"shaman": True}, [(None, 2), (None, 2)], [0])
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.current is not None,
                "ana at her table")
    screen = app.screen
    entry = next(iter(tables.service.tables.values()))
    ben = tables.connect("ben")
    ben.send(p.Join(table=entry.id, seats=[1]))
    table = entry.table
    moves = way_to_a_refused_step(game, table.match.state)
    assert moves is not None, "no refused step in twenty random games"
    for seat, action in moves:  # a real game, both seats playing at random
        table.act(action, seat)
    start, direction, want = refused_step(game, table.match.state, 0)
    await until(pilot, lambda: screen.current.serial == table.serial and screen.current.my_turn,
                "ana's screen at the position")
    await pilot.press(*arrows_to(screen.board.cursor, start), "enter")
    await until(pilot, lambda: screen.board.selected == start, "ana's totem lifted")
    ben.close()
    return screen, direction, want


def message(screen) -> str:
    return text(screen.query_one("#message"))


async def test_a_refused_tiki_step_over_the_wire_says_what_the_model_says(tables):
    """Ana lifts her totem and steps across the shaman: her message line
    says the model's sentence ("The shaman blocks the way…"), not a guess
    from her legal moves (the board's "cannot finish" or "That is not one of
    your moves now."), and the board's question never waited for the server."""
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, direction, want = await ana_lifts_a_totem_by_the_shaman(tables, pilot, app, link)
        board, start = screen.board, screen.board.selected
        asked = time.monotonic()
        await pilot.press(direction)
        assert time.monotonic() - asked < 5, "the key waited for the server"
        await until(pilot, lambda: message(screen) == want,
                    f"the model's sentence {want!r}; the line says {message(screen)!r}")
        assert board.selected == start and board.path == []  # the refused step changed nothing
        assert not screen.table.explaining()
    link.close()


async def test_a_refused_click_presses_no_key_again_and_the_next_click_says_why(tables):
    """The same step by a click on the village: the key before it (Enter,
    which lifted the totem) is not pressed again when the server answers;
    the next click says the model's sentence."""
    from tabletop_tui.ui.app import TabletopApp

    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, direction, want = await ana_lifts_a_totem_by_the_shaman(tables, pilot, app, link)
        board, start = screen.board, screen.board.selected
        village = {"offset": board.offset_of(f"village:{step(start, direction)}")}
        await pilot.click(board, **village)
        await until(pilot, lambda: not screen.table.explaining() and screen._ask_again is None,
                    "the server's answer, handled by the screen")
        await calm(pilot)  # a key pressed again would be handled by now
        assert board.selected == start, "Enter was pressed again: the totem was put back"
        await pilot.click(board, **village)
        await until(pilot, lambda: message(screen) == want,
                    f"the model's sentence {want!r}; the line says {message(screen)!r}")
        assert board.selected == start and board.path == []
    link.close()
