"""Nisyros: the co-operative volcano game for 2-4 players."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="nisyros", title="Nisyros", min_players=2, max_players=4,
    blurb="Together, ship the islanders to Kos before the volcano buries Nisyros.",
    loader="tabletop_tui.games.nisyros.rules:Nisyros",
))
