"""Log lines name players by name: the model writes seat placeholders that the
Match fills in ("Ana drew a Priest", not "Green drew a Priest")."""

from tabletop_tui.engine import Match, SeatConfig, get


def test_the_log_names_players_by_name():
    match = Match(get("rapa_nui"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5, autosave=False)
    while len(match.log) < 6:
        seat = match.to_act()[0]
        match.apply(match.legal_actions(seat)[0], seat)
    lines = [match.text(e.text) for e in match.events_for(None)]
    assert any("Ana" in line for line in lines)
    assert not any("{s" in line or "Green" in line for line in lines)
    assert "Ana" in match.status(0) or "Ben" in match.status(0)
