"""Pebbles: the static data (it stands on nothing of the game)."""

from __future__ import annotations

#: the most pebbles a turn takes
MOST = 3
#: the seats' colours, in seat order
COLOURS = ["Red", "Blue", "Green"]
#: the smallest and largest pile the options allow
SMALLEST, LARGEST = 5, 30
