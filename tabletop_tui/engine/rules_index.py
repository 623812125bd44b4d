"""The rules in brief: one sentence per rule, read from a game's rules page.

Every rules page (``assets/rules/<game>.md``) has a section ``## In brief``
whose items read ``- **Name**: one sentence.``. Code names a rule by that
Name (``Game.action_rules``, ``Game.rule_of``), and the demo quotes the
sentence when it narrates a move, so the words a newcomer reads in the log
are the rules page's own. No Textual.
"""

from __future__ import annotations

import functools
import re

from tabletop_tui.resources import rules_markdown

HEADING = "## In brief"
_ITEM = re.compile(r"^- \*\*(?P<name>[^*]+)\*\*: (?P<text>.+)$")


def parse_brief(markdown: str) -> dict[str, str]:
    """The ``In brief`` items of a rules page: rule name -> sentence (an item
    may run over several lines; they are joined)."""
    out: dict[str, str] = {}
    inside = False
    name = None
    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("## "):
            inside = line == HEADING
            name = None
            continue
        if not inside:
            continue
        m = _ITEM.match(line)
        if m:
            name = m["name"].strip()
            out[name] = m["text"].strip()
        elif name is not None and line.startswith("  ") and line.strip():
            out[name] += " " + line.strip()
        elif not line.strip():
            name = None
    return out


@functools.lru_cache(maxsize=None)
def brief(game_id: str) -> dict[str, str]:
    """The rules in brief of ``game_id`` (name -> sentence)."""
    return parse_brief(rules_markdown(game_id))


def quote(game_id: str, rule: str | None) -> str:
    """The sentence of ``rule`` on the game's page ("" if none). Markdown
    emphasis is dropped: the log shows plain text."""
    if not rule:
        return ""
    return brief(game_id).get(rule, "").replace("**", "").replace("*", "").replace("`", "")
