"""A game's options in words: for `tabletop play --help`, for rules pages
(Markdown), for reading typed values (a command line's, a form's), and for
refusing bad option values in a player's words.

Everything is read from the game's ``Options`` model: field names, allowed
values (``bool`` and ``Literal`` fields, and lists of a ``Literal``),
defaults and descriptions.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from .outside_text import clean_line, quote


def _optional(annotation: Any) -> Any:
    """``X`` for ``X | None`` (and ``Optional[X]``), else ``annotation``."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def list_item(annotation: Any) -> Any | None:
    """The item type of a list option (``list[X]`` or ``list[X] | None``), else None."""
    ann = _optional(annotation)
    if typing.get_origin(ann) is list:
        return (typing.get_args(ann) or (str,))[0]
    return None


def _choices(annotation: Any) -> list[str] | None:
    ann = list_item(annotation) or _optional(annotation)
    if ann is bool:
        return ["true", "false"]
    if typing.get_origin(ann) is typing.Literal:
        return [str(v) for v in typing.get_args(ann)]
    return None


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_value(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_rows(model: type[BaseModel]) -> list[tuple[str, list[str] | None, str, str]]:
    """(name, allowed values or None, default, description) of each option.
    A default of None reads "" (the description says what it is)."""
    rows = []
    for name, field in model.model_fields.items():
        value = None if field.is_required() else field.get_default(call_default_factory=True)
        default = "" if field.is_required() or value is None else _value(value)
        rows.append((name, _choices(field.annotation), default, field.description or ""))
    return rows


def value_notes(model: type[BaseModel], name: str) -> dict[str, str]:
    """What each value of option ``name`` means, when the model says
    (``json_schema_extra={"values": {value: sentence}}``)."""
    extra = model.model_fields[name].json_schema_extra
    notes = extra.get("values") if isinstance(extra, dict) else None
    return dict(notes) if isinstance(notes, dict) else {}


def _many(model: type[BaseModel], name: str) -> bool:
    return list_item(model.model_fields[name].annotation) is not None


def options_text(model: type[BaseModel]) -> str:
    """Plain-text lines, one per option: ``name=a|b (default a): what``; a
    list option ``name=a|b,... (default ...)``. Empty when the game has no options."""
    lines = []
    for name, choices, default, desc in option_rows(model):
        values = "|".join(choices) if choices else "VALUE"
        if _many(model, name):
            values = f"{values},..."
        tail = f" (default {default})" if default else ""
        lines.append(f"{name}={values}{tail}" + (f": {desc}" if desc else ""))
        lines.extend(f"  {v}: {note}" for v, note in value_notes(model, name).items())
    return "\n".join(lines)


def coerce_options(model: type[BaseModel], data: dict) -> dict:
    """Typed option values (a command line's or a form's text) in the model's
    terms, before validation: a word matches a ``Literal`` value whatever its
    case; a list option takes comma-separated words or a JSON list, and blank
    (or "default") leaves it at its default. Other values pass unchanged, for
    the model to accept or refuse."""
    out: dict = {}
    for key, value in data.items():
        field = model.model_fields.get(key) if isinstance(key, str) else None
        if field is None:
            out[key] = value
            continue
        item = list_item(field.annotation)
        if item is not None and isinstance(value, str):
            text = value.strip()
            if not text or text.lower() == "default":
                continue
            value = _json_list(text) if text.startswith("[") else [w.strip() for w in text.split(",")]
        choices = _choices(field.annotation)
        if choices and choices != ["true", "false"]:
            value = [_choice(choices, v) for v in value] if isinstance(value, list) else _choice(choices, value)
        out[key] = value
    return out


def _json_list(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _choice(choices: list[str], value: Any) -> Any:
    """``value`` as the allowed word it spells in any case, else unchanged."""
    if isinstance(value, str):
        for c in choices:
            if c.casefold() == value.strip().casefold():
                return c
    return value


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
        if _many(model, name):
            values = f"a list of {values}, separated by commas"
        shown = f"`{default}`" if default else "see what it does"
        notes = "".join(f" `{v}`: {note}" for v, note in value_notes(model, name).items())
        out.append(f"| `{name}` | {values} | {shown} | {(desc + notes).replace('|', '/')} |")
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
    msg = str(e.get("msg", "invalid")).removeprefix("Value error, ")
    if _many(model, name):
        words = f"{', '.join(choices[:-1])} or {choices[-1]}" if choices and len(choices) > 1 else "words"
        if e.get("type") == "value_error":
            return f"for the option {name}, {clean_line(msg, 80)}."
        if isinstance(given, (str, int, float, bool)) and choices and len(loc) > 1:
            return (f"the option {name} cannot hold {quote(given, 30)}; "
                    f"give a list of {words}, separated by commas.")
        return f"the option {name} takes a list of {words}, separated by commas (e.g. {name}={','.join((choices or ['a', 'b'])[:2])})."
    if choices:
        return (f"the option {name} cannot be {quote(given, 30)}; "
                f"it takes {', '.join(choices[:-1])} or {choices[-1]}." if len(choices) > 1
                else f"the option {name} can only be {choices[0]}.")
    return f"the option {name} cannot be {quote(given, 30)} ({clean_line(msg, 80)})."
