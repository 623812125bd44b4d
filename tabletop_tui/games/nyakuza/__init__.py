"""Nyakuza: bid shells for the island's spaces and raise Moai on its shore."""

from tabletop_tui.engine.registry import GameInfo, announce

INFO = announce(GameInfo(
    id="nyakuza", title="Nyakuza", min_players=2, max_players=4,
    blurb="Bid shells for spaces on the island and raise your Moai on its shore; the first Ceremonial Moai wins.",
    loader="tabletop_tui.games.nyakuza.rules:Nyakuza",
))
