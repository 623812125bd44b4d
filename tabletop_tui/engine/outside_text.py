"""The one boundary for text from outside: player names, save fields, action
data, command-line arguments, and (soon) ssh user names and chat.

Such text is made printable here (no control characters, no terminal escape
sequences, no bidi or other invisible format characters) and limited in
length. From then on it is data: the UI shows it with ``rich.text.Text``,
never as markup. No Textual import.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

#: the longest player name, in characters
NAME_LIMIT = 24
#: the default limit of a quoted line (refusals, error messages)
LINE_LIMIT = 60

# Terminal escape sequences, removed whole so that no visible rest of them
# ("]0;title") is left: CSI (ESC [ ... final), OSC/DCS/APC/PM/SOS strings (to
# BEL or ESC \), any other two-character ESC sequence, and the 8-bit forms.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]"
    r"|[\x90\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
)
# Unicode categories that never belong on screen: controls, format
# characters (bidi overrides, zero-width joiners), surrogates, unassigned.
_HIDDEN = {"Cc", "Cf", "Cs", "Cn"}
_SPACES = {"Zl", "Zp", "Zs"}


def _printable(text: str, hidden: str) -> str:
    """``text`` without escape sequences; a hidden character becomes
    ``hidden`` (whitespace controls become a space); runs of spaces are one."""
    text = _ESCAPES.sub("", text)
    out = []
    for ch in text:
        if ch.isprintable() and ch != "\u3164":
            out.append(ch)
            continue
        cat = unicodedata.category(ch)
        if cat in _SPACES or ch in "\t\n\r\v\f":
            out.append(" ")
        elif cat not in _HIDDEN and cat not in _SPACES:
            out.append(ch)
        else:
            out.append(hidden)
    return re.sub(r" {2,}", " ", "".join(out))


def cut(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


def clean_name(text: str, limit: int = NAME_LIMIT) -> str:
    """A player name made safe: printable characters only (hidden ones are
    dropped), spaces collapsed, trimmed, at most ``limit`` characters. May be
    empty when nothing printable was given."""
    return _printable(str(text), "").strip()[:limit].strip()


def clean_line(text: object, limit: int = LINE_LIMIT) -> str:
    """Outside text for one line of a message (a refusal quoting input, a
    chat line): hidden characters shown as ``?``, cut at ``limit`` with an
    ellipsis."""
    return cut(_printable(str(text), "?").strip(), limit)


def quote(text: object, limit: int = LINE_LIMIT) -> str:
    """Outside text quoted inside a sentence: ``'clean text'``."""
    return f"'{clean_line(text, limit)}'"


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a player name as typed, or None if it can.
    For inputs that are refused rather than cleaned (the command line)."""
    cleaned = clean_name(text, limit=10 * NAME_LIMIT)
    if not cleaned:
        return "A name needs at least one letter, digit or sign."
    if cleaned != text.strip():
        return f"The name {quote(cleaned, NAME_LIMIT)} holds characters that cannot be shown; use printable ones."
    if len(cleaned) > NAME_LIMIT:
        return f"The name {quote(cleaned, NAME_LIMIT)} is too long: at most {NAME_LIMIT} characters."
    return None


def _clean_name_value(value: object) -> object:
    return clean_name(value) if isinstance(value, str) else value


#: A player name in a pydantic model: cleaned (see :func:`clean_name`) and
#: then required to hold 1 to NAME_LIMIT characters.
PlayerName = Annotated[str, BeforeValidator(_clean_name_value), Field(min_length=1, max_length=NAME_LIMIT)]

#: A short label from outside (a game id in a save, a date): one clean line.
OutsideLine = Annotated[str, AfterValidator(lambda v: clean_line(v, 80))]


def names_problem(names: list[str]) -> str | None:
    """Why these typed seat names cannot be used together (one is not a
    valid name, or two are the same but for case), or None. The command
    line, the setup screen and the ssh lobby share this rule."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        why = name_problem(name)
        if why:
            return f"Seat {i + 1}: {why}"
        key = name.strip().casefold()
        if key in seen:
            return f"Seats {seen[key] + 1} and {i + 1} are both called {quote(name.strip(), NAME_LIMIT)}; give each a different name."
        seen[key] = i
    return None
