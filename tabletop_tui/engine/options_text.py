"""A game's options in words: for `tabletop play --help`, for rules pages
(Markdown), and for refusing bad option values in a player's words.

Everything is read from the game's ``Options`` model: field names, allowed
values (``bool`` and ``Literal`` fields), defaults and descriptions.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from .outside_text import clean_line, quote


def _choices(annotation: Any) -> list[str] | None:
    if annotation is bool:
        return ["true", "false"]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return None


def _value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_rows(model: type[BaseModel]) -> list[tuple[str, list[str] | None, str, str]]:
    """(name, allowed values or None, default, description) of each option."""
    rows = []
    for name, field in model.model_fields.items():
        default = "" if field.is_required() else _value(field.get_default(call_default_factory=True))
        rows.append((name, _choices(field.annotation), default, field.description or ""))
    return rows


def options_text(model: type[BaseModel]) -> str:
    """Plain-text lines, one per option: ``name=a|b (default a): what``.
    Empty when the game has no options."""
    lines = []
    for name, choices, default, desc in option_rows(model):
        values = "|".join(choices) if choices else "VALUE"
        tail = f" (default {default})" if default else ""
        lines.append(f"{name}={values}{tail}" + (f": {desc}" if desc else ""))
    return "\n".join(lines)


def options_markdown(model: type[BaseModel], title: str = "Options") -> str:
    """A game's options as a Markdown section for its rules page: a table of
    option, values, default and what it does; says so when there are none.
    (Rules pages list them with this; `tabletop play --help` uses
    :func:`options_text`.)"""
    rows = option_rows(model)
    head = f"## {title}\n\n"
    if not rows:
        return head + "This game has no options.\n"
    out = [head + "Set with `tabletop play GAME --option NAME=VALUE` or on the setup screen.\n",
           "| option | values | default | what it does |", "|---|---|---|---|"]
    for name, choices, default, desc in rows:
        values = ", ".join(f"`{c}`" for c in choices) if choices else "any"
        out.append(f"| `{name}` | {values} | `{default}` | {desc.replace('|', '/')} |")
    return "\n".join(out) + "\n"


def with_options(page: str, model: type[BaseModel]) -> str:
    """A rules page (Markdown) with the game's options section at its end:
    what `tabletop rules GAME` prints and the in-app rules page shows."""
    return page.rstrip("\n") + "\n\n" + options_markdown(model)


def options_problem(model: type[BaseModel], err: ValidationError) -> str:
    """One sentence for a refused options dict, naming the option and the
    values it takes (or the options there are), quoting only cleaned text."""
    return "Those options are not valid: " + _problem(model, err)


def _problem(model: type[BaseModel], err: ValidationError) -> str:
    rows = {name: (choices, default) for name, choices, default, _ in option_rows(model)}
    known = ", ".join(rows) if rows else "none"
    e = err.errors(include_url=False)[0]
    loc = e.get("loc", ())
    name = str(loc[0]) if loc else ""
    if e.get("type") == "extra_forbidden" or name not in rows:
        if not rows:
            return "this game has no options."
        return f"there is no option {quote(name, 30)}; the options are: {known}."
    choices, _default = rows[name]
    given = e.get("input")
    if choices:
        return (f"the option {name} cannot be {quote(given, 30)}; "
                f"it takes {', '.join(choices[:-1])} or {choices[-1]}." if len(choices) > 1
                else f"the option {name} can only be {choices[0]}.")
    return f"the option {name} cannot be {quote(given, 30)} ({clean_line(e.get('msg', 'invalid'), 80)})."
