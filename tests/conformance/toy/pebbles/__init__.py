"""Pebbles: take one to three pebbles from the pile; who takes the last wins."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="pebbles", title="Pebbles", min_players=2, max_players=3,
    blurb="Take one to three pebbles a turn; whoever takes the last one wins.",
    loader="tabletop_tui.games.pebbles.rules:Pebbles",
))
