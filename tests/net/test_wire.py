"""The Update is the wire format: every field a table sets crosses the
table service's socket (the service's encoding, JSON lines, the client's
reading) and arrives as it left, the game's own view and actions included."""

from __future__ import annotations

import json

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.engine.crash import REMOTE_WHERE
from tabletop_tui.engine.game import Result
from tabletop_tui.engine.table import LastMove, LogLine, Update
from tabletop_tui.net import protocol as p
from tabletop_tui.net.client import RemoteTable
from tabletop_tui.net.service import wire_update


def every_field_set() -> Update:
    """A real Rapa Nui position's update, with every field away from its default."""
    m = Match(get("rapa_nui"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5, autosave=False)
    m.apply(m.legal_actions(m.to_act()[0])[0], m.to_act()[0], save=False)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    entry = m.log[-1]
    return Update(
        serial=7, seat=seat, view=m.view(seat), to_act=[seat], status="Ben buys.",
        log=[LogLine("Ana set out.", 0, 0, "Buy a tile"), LogLine("A storm.", None, 1, None)],
        legal=legal, labels=[f"move {i}" for i in range(len(legal))],
        last=LastMove(entry.seat, m.game.parse_action(entry.action), "Ana bought.", True),
        result=Result(winners=[1], scores={0: 3.0, 1: 5.5}, details={1: {"moai": 2}}, summary="Ben won.",
                      condition="Most points."),
        thinking=1, note="Saving is off.", alert="A bot could not move.", alert_detail="Details are in /x.",
        public_status="Ben is buying.", coach="That gave away a tile.", paused=True, lesson="Buy the statue.",
        judged=False)


def through_the_socket(up: Update) -> Update:
    """``up`` as the service sends it and the client reads it back."""
    line = p.encode({"type": "update", "table": "t1", "updates": {str(up.seat): wire_update(up)}})
    msg = json.loads(line)
    remote = RemoteTable(None, {"table": "t1", "game": "rapa_nui", "seats": [
        {"name": "Ana", "colour": "Red"}, {"name": "Ben", "colour": "Blue"}]})  # type: ignore[arg-type]
    remote._receive(msg["updates"])
    return remote.update_for(up.seat)


def test_every_update_field_crosses_the_wire():
    sent = every_field_set()
    defaults = Update(serial=0, seat=None, view=None, to_act=[], status="", log=[])
    unset = [name for name in Update.model_fields if getattr(sent, name) == getattr(defaults, name)]
    assert not unset, f"the test leaves {unset} at their defaults: set them too"
    got = through_the_socket(sent)
    for name in Update.model_fields:
        want = REMOTE_WHERE if name == "alert_detail" else getattr(sent, name)  # no server path crosses
        assert getattr(got, name) == want, f"{name} did not cross the wire"
    assert type(got.view) is type(sent.view) and all(type(a) is type(b) for a, b in zip(got.legal, sent.legal))
    assert type(got.last.action) is type(sent.last.action)


def test_the_log_is_sent_once_per_line_and_joined_again():
    """A later update sends only the new lines; the client keeps the rest."""
    sent = every_field_set()
    remote = RemoteTable(None, {"table": "t1", "game": "rapa_nui", "seats": []})  # type: ignore[arg-type]
    key = str(sent.seat)
    remote._receive(json.loads(p.encode({"updates": {key: wire_update(sent)}}))["updates"])
    more = sent.model_copy(update={"log": sent.log + [LogLine("Ben bought.", 1, 2, "Buy a tile")], "serial": 8})
    wire = wire_update(more, log_from=len(sent.log))
    assert len(wire["log"]) == 1
    remote._receive(json.loads(p.encode({"updates": {key: wire}}))["updates"])
    assert remote.update_for(sent.seat).log == more.log
