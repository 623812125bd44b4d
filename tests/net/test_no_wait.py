"""A request over the wire never holds up the app: with a server that never
answers a move, the keys that follow are handled at once (the answer, or
the lack of one, comes later as a message)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import thinker
from tabletop_tui.net.service import Service

from .test_app import ServiceThread, open_table, until


@pytest.fixture
def silent_tables(monkeypatch):
    """A table service that takes every move and never answers one."""
    thinker.set_mode("inline")
    heard: list = []
    answer = Service._answer

    def never(self, conn, req):
        if req.type in ("act", "explain", "undo"):
            heard.append(req)  # it arrived; no reply will ever leave
            return
        answer(self, conn, req)

    monkeypatch.setattr(Service, "_answer", never)
    st = ServiceThread()
    st.heard = heard
    yield st
    st.stop()
    thinker.set_mode("process")


async def test_a_key_is_handled_while_the_server_owes_an_answer(silent_tables):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.rules_screen import RulesScreen

    link = silent_tables.connect("ana")
    app = TabletopApp(remote=link)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(pilot, app)
        await until(pilot, lambda: screen.current.my_turn, "ana's turn")
        screen.play(screen.current.legal[0])  # what a board's Enter does
        await pilot.press("question_mark")  # the rules, while the move waits for its answer
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules page")
        # the answer is still owed (not even the wait for it has run out): the app never waited for it
        assert silent_tables.heard, "the move was sent"
        assert link._waiting, "the app waited for the server's answer"
        # the board asking why a move is refused does not ask the server either
        assert screen.board.explain(screen.current.legal[0]) is None
        assert screen.board.explain(object()) == "That is not one of your moves now."
        assert [r.type for r in silent_tables.heard] == ["act"]
    link.close()
