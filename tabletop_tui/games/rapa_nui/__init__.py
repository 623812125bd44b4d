"""Rapa Nui: chieftains of Easter Island draft islanders, raise Moai and make offerings."""

from tabletop_tui.engine.registry import register

from .rules import RapaNui

GAME = register(RapaNui())
