"""Rapa Nui: chieftains of Easter Island draft islanders, raise Moai and make offerings."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="rapa_nui", title="Rapa Nui", min_players=2, max_players=4,
    blurb="Draft islanders from a shared market, raise Moai and make offerings for fame.",
    loader="tabletop_tui.games.rapa_nui.rules:RapaNui",
))
