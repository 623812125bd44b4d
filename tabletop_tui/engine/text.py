"""Words every game's log, status and refusal texts share: plurals, lists,
and the seat placeholders the Match fills with the players' names."""

from __future__ import annotations

from typing import Sequence


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 shell", "2 shells"; ``many`` for an irregular plural ("2 Moais" is regular)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def and_list(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"; "" for none."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def who(seat: int) -> str:
    """The placeholder ``{s0}``..``{s3}`` that the Match fills with the name of ``seat``."""
    return f"{{s{seat}}}"


#: ``who`` of every seat, for each table size up to 8 (shared lists: never mutate them)
SEAT_NAMES: dict[int, list[str]] = {n: [who(i) for i in range(n)] for n in range(1, 9)}


def seat_names(players: int) -> list[str]:
    """The placeholders of seats 0..players-1."""
    names = SEAT_NAMES.get(players)
    return list(names) if names is not None else [who(i) for i in range(players)]
