"""Nisyros: names and phrases for the log, menus and the board."""

from __future__ import annotations

from tabletop_tui.engine.text import plural  # noqa: F401 (the game's modules take it from here)
from tabletop_tui.engine.text import who as name_of  # noqa: F401 (the placeholder of a seat's name)

from .data import CARDS, RINGS, SLOT_NAMES, ZONES, slot_of, zone_of

STEP_NAMES = ["Move workers and boats", "Events", "Action dice", "Gather", "Build dams and boats",
              "Summon workers", "Feed workers", "Lava flows", "Eruptions", "Evacuate"]

FACE_NAMES = {"stone": "stone x2", "wood": "wood x2", "wheat": "wheat x2", "dam": "dam x2",
              "boat": "boat x2", "meeting": "meeting x2", "hermes": "Hermes x2",
              "+1": "+1 eruption", "-1": "-1 eruption"}


def place_name(p: int) -> str:
    """"Pali R2", "Nikia shipyard", "Mandraki village"."""
    return f"{ZONES[zone_of(p)]} {SLOT_NAMES[slot_of(p)]}"


def area_name(zone: int, ring: int) -> str:
    """"Pali R3", "the Pali coast"."""
    return f"the {ZONES[zone]} coast" if ring == 4 else f"{ZONES[zone]} {RINGS[ring].name}"


def card_line(cid: int) -> str:
    c = CARDS[cid]
    return f"Event {cid} ({'+' if c.good else '-'}) {c.title}: {c.text}"


NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"]
