"""Wording a seat's facts for the players panel: phrases kept whole."""

from __future__ import annotations


def wrap_parts(parts: list[str], width: int, sep: str = " · ") -> str:
    """Join ``parts`` with ``sep``, breaking lines (indented 2) between parts
    before ``width``, so no phrase ("1 face down") is split across lines."""
    lines: list[str] = []
    line = ""
    for part in parts:
        joined = f"{line}{sep}{part}" if line else part
        if line and len(joined) > width:
            lines.append(line)
            line = part
        else:
            line = joined
    if line:
        lines.append(line)
    return "\n  ".join(lines)
