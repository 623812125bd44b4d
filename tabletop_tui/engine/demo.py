"""A demo game: bots at every seat, for people to watch and learn from."""

from __future__ import annotations

from . import registry
from .errors import IllegalAction
from .match import Match, SeatConfig

#: the names of a demo's seats (bots, each named like a player, so a
#: newcomer who takes one over keeps a name that reads as a person)
DEMO_NAMES = ["Ana", "Ben", "Cara", "Dan"]
#: the search level a demo's bots play at
DEMO_LEVEL = 2


def demo_match(game_id: str, players: int | None = None, seed: int | None = None,
               bot: str = "search", level: int = DEMO_LEVEL) -> Match:
    """A match of ``game_id`` with a bot at every seat (by default the search
    bot at the demo's level), not saved
    (until someone takes a seat over). ``players`` defaults to the fewest
    the game allows, but at least two; IllegalAction for a count the game
    does not allow."""
    game = registry.get(game_id)
    n = players if players is not None else max(2, game.min_players)
    if not game.min_players <= n <= game.max_players:
        count = str(game.min_players) if game.min_players == game.max_players else \
            f"{game.min_players}-{game.max_players}"
        raise IllegalAction(f"{game.title} is for {count} players, not {n}.")
    seats = [SeatConfig(name=DEMO_NAMES[i], bot=bot, level=level) for i in range(n)]
    return Match(game, seats, seed=seed, autosave=False)
