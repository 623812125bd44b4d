"""The engine: game interface, actions, Match, bots, registry. Knows no game
and imports no Textual."""

from .actions import Action, parse_action
from .bots import Bot, RandomBot, SearchBot, make_bot
from .errors import IllegalAction, SaveError
from .game import BaseState, Event, Game, Options, Result, Seat
from .match import LogEntry, Match, SaveFile, SeatConfig, list_saves
from .registry import games, get, register
from .rng import chance_rng, new_seed

__all__ = [
    "Action", "BaseState", "Bot", "Event", "Game", "IllegalAction", "LogEntry", "Match",
    "Options", "RandomBot", "Result", "SaveError", "SaveFile", "SearchBot", "Seat",
    "SeatConfig", "chance_rng", "games", "get", "list_saves", "make_bot", "new_seed",
    "parse_action", "register",
]
