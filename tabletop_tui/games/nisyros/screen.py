from .board import BOARD  # noqa: F401  (temporary: the app still looks for screen.py)
