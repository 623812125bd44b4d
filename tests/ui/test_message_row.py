"""The game screen's message line is one row, always: a long sentence ends
in an ellipsis there, without a layout pass of the screen, and the log has
it in full (once); what was said to one player goes at a hand-off."""

from __future__ import annotations

from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

from ..waiting import until
from .drive_nyakuza import screen_text

LONG = ("That card cannot be played now: the market is full, so a card must first leave it, "
        "and then the offering of the turn has to be paid in wood.")


def log_text(screen: GameScreen) -> str:
    return "".join(strip.text for strip in screen.log_pane.lines)


async def test_a_long_sentence_keeps_one_row_ends_in_an_ellipsis_and_is_whole_in_the_log():
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, GameScreen) and app.screen.current is not None,
                    "the game screen", pilot=pilot)
        screen = app.screen
        msg = screen.query_one("#message", Static)
        await until(lambda: msg.size.height == 1, "the message line laid out", pilot=pilot)
        layouts: list[object] = []
        real = msg.update
        msg.update = lambda content="", *, layout=True: (layouts.append(layout), real(content, layout=layout))
        screen.say(LONG, error=True)
        await pilot.pause()
        assert layouts == [False] and msg.size.height == 1
        row = screen_text(app).splitlines()[msg.region.y].strip()
        assert row.startswith("That card cannot") and row.endswith("…"), row
        await until(lambda: LONG[-40:] in log_text(screen).replace("\n", ""), "the sentence in the log", pilot=pilot)
        screen.say("Short.")
        screen.say(LONG, error=True)  # said again: not written again
        await pilot.pause()
        assert log_text(screen).count("That card cannot") == 1
        assert layouts == [False, False, False]
        # a short sentence is not written to the log
        assert "Short." not in log_text(screen)


async def test_a_sentence_said_to_the_next_viewer_waits_for_their_log_and_a_hand_off_takes_it_away():
    match = Match("rapa_nui", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), "the game screen", pilot=pilot)
        (screen,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        await pilot.press("enter")  # past the hand-off: a player's view
        await until(lambda: app.screen is screen and screen.viewer is not None and screen.current is not None,
                    "the first player's view", pilot=pilot)
        log = screen.log_pane
        up = screen.current
        other = 1 - screen.viewer
        log.add_note(LONG, other)  # said to the next viewer before their log is shown: not yet written
        assert "That card cannot" not in log_text(screen)
        log.show(up.log, other)
        await until(lambda: "That card cannot" in log_text(screen), "the sentence in their log", pilot=pilot)
        log.show(up.log, screen.viewer)  # another viewer's log: without it
        assert "That card cannot" not in log_text(screen)
        log.add_note(LONG, screen.viewer)
        assert log.notes
        log.blank()
        assert not log.notes and "That card cannot" not in log_text(screen)
