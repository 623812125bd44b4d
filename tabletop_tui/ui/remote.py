"""What the table service says, as the app's messages (an ssh session).

The service's client (``RemoteService``) hands each event to one listener
from its reader thread; :func:`listen` makes that listener post a
:class:`Heard` message to the app. The app then tells the screen concerned
(the lobby, the records, the game screen of that table) by calling it:
messages go up, calls go down, and no screen sets a callback on the client.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.message import Message


class Heard(Message):
    """One event from the table service (``event``: LobbyChanged, Joined,
    Refused, Moved, Gone, RecordsArrived, ReplayArrived, ChatSaid, Answered,
    Explained)."""

    def __init__(self, event: Any) -> None:
        super().__init__()
        self.event = event


def listen(app: App, service: Any) -> None:
    """Post every event of ``service`` to ``app`` as a :class:`Heard` message
    (post_message is safe from the client's reader thread)."""
    service.listen(lambda event: app.post_message(Heard(event)))
