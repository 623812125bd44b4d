"""Errors the engine raises; each carries a sentence a player understands."""


class IllegalAction(Exception):
    """An input the rules refuse. ``reason`` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveError(Exception):
    """A save file that cannot be loaded (corrupt, foreign, or inconsistent)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
