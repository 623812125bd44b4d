from .board import BOARD  # noqa: F401 - the app looks boards up in screen.py until they move to board.py
