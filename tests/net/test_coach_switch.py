"""Each player's own switch for the coach's word on their moves (j): at a
table that flags blunders the coach judges every human's moves by default;
a player who turns it off is no longer judged (no look at their moves, no
word), and the other players keep theirs."""

from __future__ import annotations

from tabletop_tui.engine import coach
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.net import protocol as p

from .. import waiting
from ..engine.test_coach_scheduling import looks, slip_and_best, tiki  # noqa: F401  (looks: the fixture)
from ..engine.test_table import Inbox
from ..ui.drive import press
from .test_app import table_listed, tables, text, until  # noqa: F401  (tables: the fixture)


def test_a_player_who_turns_the_coach_s_word_off_is_not_judged_and_the_other_still_is(looks):
    m, table = tiki(lean=True)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    assert table.judged(0) is True and table.judged(1) is True and table.judged(None) is None
    table.judge_moves(0, False)
    assert inbox.last[0].judged is False and inbox.last[1].judged is True
    assert m.to_act() == [0]
    slip, best = slip_and_best(m, 0)
    looks.answers[coach.SCREEN_ITERATIONS] = [(best, 0.9, 150), (slip, 0.6, 20)]
    looks.answers[coach.CHECK_ITERATIONS] = [(best, 0.95, 600), (slip, 0.1, 40)]
    table.act(slip, 0)
    assert looks.asked == [] and inbox.last[0].coach == "", "Ana's move was judged"
    slip, best = slip_and_best(m, 1)
    looks.answers[coach.SCREEN_ITERATIONS] = [(best, 0.9, 150), (slip, 0.6, 20)]
    looks.answers[coach.CHECK_ITERATIONS] = [(best, 0.95, 600), (slip, 0.1, 40)]
    table.act(slip, 1)
    assert looks.asked == [coach.SCREEN_ITERATIONS, coach.CHECK_ITERATIONS]
    assert inbox.last[1].coach.startswith("Coach: that move looks like a slip")
    table.judge_moves(0, True)  # back on: judged again
    assert inbox.last[0].judged is True
    slip, best = slip_and_best(m, 0)
    looks.answers[coach.SCREEN_ITERATIONS] = [(best, 0.9, 150), (slip, 0.6, 20)]
    looks.answers[coach.CHECK_ITERATIONS] = [(best, 0.95, 600), (slip, 0.1, 40)]
    table.act(slip, 0)
    assert inbox.last[0].coach.startswith("Coach: that move looks like a slip")


def test_no_switch_where_the_coach_judges_nobody(looks):
    _m, table = tiki(coach_flags=False)
    table.subscribe([0, 1], Inbox())
    assert table.judged(0) is None
    try:
        table.judge_moves(0, False)
    except IllegalAction as err:
        assert "does not judge" in err.reason
    else:
        raise AssertionError("a switch where the coach judges nobody")


async def test_j_over_ssh_switches_the_coach_s_word_for_the_presser_only(tables):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen

    ben = tables.connect("ben")
    ben.send(p.Create(game="tiki", seats=[p.SeatPlan(), p.SeatPlan()], take=[1], coach_flags=True))
    waiting.wait_until(lambda: ben.table is not None, "ben's table")
    link = tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: table_listed(app), "ben's table in the lobby")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.current is not None
                    and app.screen.current.judged is not None, "ana at the table, judged")
        screen = app.screen
        table = next(iter(tables.service.tables.values())).table
        message = lambda: text(screen.query_one("#message"))  # noqa: E731
        assert screen.current.judged is True and "j" in screen.active_bindings
        assert screen.check_action("judge", ())  # offered in the footer
        await press(pilot, "j")
        await until(pilot, lambda: screen.current.judged is False, "ana's update: not judged")
        assert table.judged(0) is False and table.judged(1) is True  # ben keeps his
        assert "The coach no longer judges your moves" in message()
        waiting.wait_until(lambda: ben.table._latest.get(1) is not None, "ben's update")
        assert ben.table._latest[1].judged is True
        await press(pilot, "j")
        await until(pilot, lambda: screen.current.judged is True, "ana's update: judged again")
        assert table.judged(0) is True and "judges your moves again" in message()
        # at 80 columns the footer has no room for it, and j still works
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: tuple(screen.size) == (80, 24), "the screen at 80x24")
        await until(pilot, lambda: not screen.check_action("judge", ()), "j out of the footer")
        footer = lambda: [str(k.description) for k in screen.query("FooterKey")]  # noqa: E731
        await until(pilot, lambda: "Judge" not in footer() and "Menu" in footer(), "the footer without j")
        await press(pilot, "j")
        await until(pilot, lambda: screen.current.judged is False, "ana's update: not judged, at 80 columns")
        await until(pilot, lambda: "Judge" in footer(), "j in the footer once it is off")
    link.close()
    ben.close()
