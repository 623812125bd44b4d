"""Tiki: two gods, nine villages, seven fruit."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="tiki", title="Tiki", min_players=2, max_players=2,
    blurb="Two gods stack tikis on nine villages to win 4 fruit first.",
    loader="tabletop_tui.games.tiki.rules:Tiki",
))
