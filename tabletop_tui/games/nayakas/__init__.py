"""Nayakas: four kingdoms place workers and raise temples for Prosperity."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="nayakas", title="Nayakas", min_players=2, max_players=4,
    blurb="Four kingdoms send laborers and diplomats out for resources and raise temples for Prosperity.",
    loader="tabletop_tui.games.nayakas.rules:Nayakas",
))
