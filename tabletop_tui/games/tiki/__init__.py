"""Tiki: two gods, nine villages, seven fruit."""

from tabletop_tui.engine.registry import register

from .rules import Tiki

GAME = register(Tiki())
