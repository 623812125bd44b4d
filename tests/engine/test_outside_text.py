"""The outside-text boundary: names and quoted input are printable and
limited; hostile names in saves are cleaned at load; refusals that quote
input quote only cleaned, cut text."""

from __future__ import annotations

import json

import pytest

from tabletop_tui.engine import IllegalAction, Match, SaveError, SeatConfig, get, list_saves
from tabletop_tui.engine.outside_text import NAME_LIMIT, clean_line, clean_name, name_problem, quote
from tests.refusals import assert_readable

OSC_TITLE = "\x1b]0;pwned\x07"
HOSTILE = [OSC_TITLE + "Eve", "\x1b[31mRed\x1b[0m", "A\u202eB", "Zero\u200bwidth", "tab\there", "bell\x07",
           "\x9b31mC1"]


def _visible(text: str) -> bool:
    return all(ch.isprintable() for ch in text) and "\x1b" not in text


@pytest.mark.parametrize("raw", HOSTILE)
def test_clean_name_keeps_only_printable_characters(raw):
    name = clean_name(raw)
    assert name and _visible(name)
    assert "pwned" not in name and "31m" not in name


def test_clean_name_trims_collapses_and_limits():
    assert clean_name("  Ana \n  Maria ") == "Ana Maria"
    assert clean_name("x" * 100) == "x" * NAME_LIMIT
    assert clean_name("\x1b]0;t\x07") == ""
    assert clean_name("[/x]") == "[/x]", "markup is printable text: it stays, and is shown as text"
    assert clean_name("Zoë 🎲") == "Zoë 🎲"


def test_clean_line_marks_hidden_characters_and_cuts_with_an_ellipsis():
    assert clean_line("a\x00b") == "a?b"
    assert clean_line("y" * 500, 40) == "y" * 39 + "…"
    assert len(clean_line("y" * 500)) <= 60
    assert quote("a\x1b[2Jb") == "'ab'"


@pytest.mark.parametrize("raw, words", [
    ("", "at least one"), ("\u200b", "at least one"), ("x" * 30, "too long"),
    (OSC_TITLE + "Eve", "cannot be shown"), ("a\tb", "cannot be shown")])
def test_name_problem_says_why_a_typed_name_is_refused(raw, words):
    why = name_problem(raw)
    assert why and words in why
    assert_readable(why)
    assert "\x1b" not in why and "\t" not in why


def test_seat_names_are_cleaned_by_the_model():
    assert SeatConfig(name=OSC_TITLE + "Eve").name == "Eve"
    assert SeatConfig(name="  Ana  ").name == "Ana"
    with pytest.raises(ValueError):
        SeatConfig(name="\x1b]0;only an escape\x07")


def _save_with_names(names: list[str]):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    seat = match.to_act()[0]
    match.apply(match.legal_actions(seat)[0], seat)
    data = json.loads(match.path.read_text())
    for seat, name in zip(data["seats"], names):
        seat["name"] = name
    match.path.write_text(json.dumps(data))
    return match.path


def test_a_save_holding_a_hostile_name_is_cleaned_at_load_and_in_the_picker_index():
    path = _save_with_names([OSC_TITLE + "Eve", "[/x]" + "\u202e" + "Ben"])
    loaded = Match.load(path)
    assert [s.name for s in loaded.seats] == ["Eve", "[/x]Ben"]
    (entry,) = [e for e in list_saves() if e.path == path]
    assert [s.name for s in entry.summary.seats] == ["Eve", "[/x]Ben"]


def test_a_save_whose_name_has_nothing_printable_is_refused_with_a_sentence():
    path = _save_with_names(["\x1b]0;x\x07", "Ben"])
    with pytest.raises(SaveError) as info:
        Match.load(path)
    assert "damaged" in info.value.reason and "\x1b" not in info.value.reason


def test_refusals_quote_input_cleaned_and_cut():
    tiki = get("tiki")
    long_key = "\x1b]0;t\x07" + "k" * 400
    for attempt in (lambda: tiki.parse_action({"kind": "place", "village": 1, long_key: 1}),
                    lambda: tiki.parse_options({long_key: True}),
                    lambda: tiki.parse_options({"first_player": "\x07" + "R" * 500}),
                    lambda: get("\x1b]0;t\x07" + "g" * 400)):
        with pytest.raises(IllegalAction) as info:
            attempt()
        assert_readable(info.value.reason)
        assert "\x1b" not in info.value.reason and "\x07" not in info.value.reason


def test_a_refusal_naming_seats_never_shows_placeholders_in_a_load_error(tmp_path):
    match = Match("rapa_nui", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=3)
    seat = match.to_act()[0]
    data = json.loads(match.save().read_text())
    data["log"] = [{"seat": 1 - seat, "action": match.legal_actions(seat)[0].model_dump(mode="json")}]
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        Match.load(target)
    assert "{s" not in info.value.reason
    assert f"It is {match.seats[seat].name}'s turn" in info.value.reason
