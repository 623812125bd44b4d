"""The players panel's facts break between phrases, never inside one."""

from tabletop_tui.ui.summary import wrap_parts


def test_a_phrase_is_never_split_across_lines():
    facts = ["wood 1", "fame 2", "hand 3", "5 offerings", "5 face down"]
    text = wrap_parts(facts, 25)
    assert text == "wood 1 · fame 2 · hand 3\n  5 offerings · 5 face down"
    assert all(len(line) <= 27 for line in text.splitlines())
    assert wrap_parts(["Woodcutter 3", "Priest 1", "Moai 1"], 25, sep=" ") == "Woodcutter 3 Priest 1\n  Moai 1"
