"""Nyakuza: bid shells for the island's spaces and raise Moai on its shore."""

from tabletop_tui.engine.registry import register

from .rules import Nyakuza

GAME = register(Nyakuza())
