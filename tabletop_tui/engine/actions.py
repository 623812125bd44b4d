"""Actions: every input is a pydantic model discriminated by ``kind``.

Each game defines its own action classes (subclasses of :class:`Action`, each
with a ``kind: Literal[...]`` field) and an ``Annotated`` union of them; the
engine parses untrusted JSON into that union with :func:`parse_action`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import IllegalAction
from .outside_text import clean_line


class Action(BaseModel):
    """Base of every action. Frozen so actions can be hashed and compared."""

    # defer_build: validators are built on first use, not at import, which
    # keeps the app's cold start short (five games x many models).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: str

    def key(self) -> tuple:
        """A hashable identity, equal for equal actions."""
        return tuple(self.__dict__.values())


def first_error(err: ValidationError) -> str:
    """The first problem of a validation error as ``where: what``, the
    field path cleaned and cut (it may hold keys from outside)."""
    e = err.errors(include_url=False, include_input=False)[0]
    where = clean_line(".".join(str(p) for p in e.get("loc", ())), 30)
    msg = clean_line(e.get("msg", "invalid"), 100)
    return f"{where}: {msg}" if where else msg


def parse_action(adapter: TypeAdapter, data: Any) -> Action:
    """Parse ``data`` (JSON text or a dict) into an action, or raise IllegalAction."""
    try:
        if isinstance(data, (str, bytes)):
            return adapter.validate_json(data)
        return adapter.validate_python(data)
    except ValidationError as err:
        raise IllegalAction(f"That input is not understood ({first_error(err)}).") from None
