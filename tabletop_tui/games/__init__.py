"""The games. Importing this package registers every built game; adding a game
is one line here plus its own folder."""

import importlib

GAME_PACKAGES = [
    "tiki",
    "rapa_nui",
    "nyakuza",
    "nisyros",
    "nayakas",
]

for _name in GAME_PACKAGES:
    importlib.import_module(f"{__name__}.{_name}")
