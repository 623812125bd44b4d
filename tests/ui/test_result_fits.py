"""The end screen's score table fits 80 columns whatever the names: long
names are cut with "…", never the last column (the total)."""

from __future__ import annotations

import random

from textual.widgets import DataTable

from tabletop_tui.engine import Match, SeatConfig
from tabletop_tui.engine.outside_text import NAME_LIMIT
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.result_screen import ResultScreen, clip

from ..waiting import until

LONG = ["Alexandrina-Maria-" + "x" * NAME_LIMIT, "Ben"]


def finished_rapa_nui(names: list[str]) -> Match:
    match = Match("rapa_nui", [SeatConfig(name=n[:NAME_LIMIT]) for n in names], seed=5, autosave=False)
    rng = random.Random(5)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(rng.choice(match.legal_actions(seat)), seat)
    return match


def test_clip_cuts_with_an_ellipsis():
    assert clip("Alexandrina", 6) == "Alexa…" and clip("Ana", 6) == "Ana"


async def test_long_names_leave_the_total_whole_at_80_columns():
    match = finished_rapa_nui(LONG)
    res = match.result()
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, ResultScreen), "the end screen", pilot=pilot)
        await pilot.pause()
        table = app.screen.query_one("#result-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert table.virtual_size.width <= table.size.width, "the table fits its box"
        for s in range(2):
            row = table.get_row_at(s)
            assert row[labels.index("Total")] == str(res.details[s]["total"])
        cut = str(table.get_row_at(0)[0])
        assert cut.endswith("…") and cut.strip(" ★…") in match.seats[0].name
        assert str(table.get_row_at(1)[0]).strip(" ★") == "Ben", "a short name is shown whole"


async def test_a_wide_terminal_shows_the_long_name_whole():
    match = finished_rapa_nui(["Cassandra", "Ben"])
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, ResultScreen), "the end screen", pilot=pilot)
        await pilot.pause()
        table = app.screen.query_one("#result-table", DataTable)
        assert str(table.get_row_at(0)[0]).strip(" ★") == "Cassandra"
        assert table.virtual_size.width <= table.size.width
