"""Every option of every game can be set both ways, from the setup form and
from ``--option NAME=VALUE``, and its values are listed in ``tabletop play
--help`` and on the rules page; a list option (Nayakas' kingdoms) takes
comma-separated words and bad values are refused in one sentence."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Label, Select, Static

from tabletop_tui import cli
from tabletop_tui.engine import IllegalAction, games, get
from tabletop_tui.engine.options_text import list_item, option_rows, options_markdown, options_text
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.setup import SetupScreen


def _other_values(game) -> dict[str, tuple[str, object]]:
    """For each option a value other than its default: (as typed, as the model holds it)."""
    out = {}
    for name, choices, default, _desc in option_rows(game.options_model):
        ann = game.options_model.model_fields[name].annotation
        if list_item(ann) is not None:
            picked = list(reversed(choices))[:game.max_players]
            out[name] = (",".join(w.capitalize() for w in picked), picked)
        elif choices == ["true", "false"]:
            out[name] = ("true" if default != "true" else "false", default != "true")
        else:
            value = [c for c in choices if c != default][-1]
            out[name] = (value.lower(), value)
    return out


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_each_option_set_from_the_command_line(game_id):
    game = get(game_id)
    values = _other_values(game)
    opts = cli._options(game, [f"{name}={typed}" for name, (typed, _) in values.items()])
    for name, (_, held) in values.items():
        assert getattr(opts, name) == held
    game.new_state(game.max_players, opts, 1)  # the game takes them


@pytest.mark.parametrize("game_id", [g.id for g in games() if g.options_model.model_fields])
async def test_each_option_set_from_the_setup_form(game_id):
    game = get(game_id)
    values = _other_values(game)
    app = TabletopApp(setup=game_id, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        if game.min_players != game.max_players:
            screen.query_one("#players", Select).value = game.max_players
            await pilot.pause()
        for name, (typed, held) in values.items():
            widget = screen.query_one(f"#opt-{name}")
            if isinstance(widget, Checkbox):
                widget.value = held
            elif isinstance(widget, Select):
                widget.value = held
            else:
                assert isinstance(widget, Input)
                widget.value = typed
        await pilot.pause()
        match = screen.build()
        for name, (_, held) in values.items():
            assert getattr(match.options, name) == held


def test_every_option_and_its_values_are_in_the_help_and_on_the_rules_page():
    for g in games():
        text, md = options_text(g.options_model), options_markdown(g.options_model)
        for name, choices, _default, _desc in option_rows(g.options_model):
            assert choices, f"{g.id}: {name} lists no values"
            assert f"{name}={'|'.join(choices)}" in text
            for c in choices:
                assert f"`{c}`" in md
    kingdoms = options_text(get("nayakas").options_model)
    assert "kingdoms=keladi|mysore|thanjavur|madurai,..." in kingdoms and "None" not in kingdoms


@pytest.mark.parametrize("typed, held", [
    ("Keladi,Mysore", ["keladi", "mysore"]),
    ('["Madurai","Mysore"]', ["madurai", "mysore"]),
    (" madurai , THANJAVUR ", ["madurai", "thanjavur"]),
    ("", None),
])
def test_kingdoms_from_the_command_line(typed, held):
    game = get("nayakas")
    opts = cli._options(game, [f"kingdoms={typed}"])
    assert opts.kingdoms == held
    state = game.new_state(2, opts, 1)
    assert [p.kingdom for p in state.seats] == (held or ["keladi", "mysore"])


@pytest.mark.parametrize("typed, words", [
    ("foo", ["kingdoms cannot hold 'foo'", "keladi, mysore, thanjavur or madurai", "separated by commas"]),
    ("keladi,foo", ["cannot hold 'foo'"]),
    ("Keladi,keladi", ["each kingdom can be ruled by one player only"]),
    ("[1,2", ["takes a list of keladi, mysore, thanjavur or madurai"]),
])
def test_bad_kingdoms_are_refused_in_one_sentence(typed, words):
    with pytest.raises(cli.UsageError) as info:
        cli._options(get("nayakas"), [f"kingdoms={typed}"])
    reason = str(info.value)
    assert "\n" not in reason and "Input should" not in reason
    for w in words:
        assert w in reason


def test_a_kingdom_count_other_than_the_players_is_refused():
    game = get("nayakas")
    with pytest.raises(IllegalAction) as info:
        game.new_state(3, game.parse_options({"kingdoms": "keladi,mysore"}), 1)
    assert info.value.reason == "Name one kingdom for each player: 3 players, 2 kingdoms given."


def test_the_command_line_plays_nayakas_with_chosen_kingdoms(monkeypatch):
    started = {}
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.update(kw) or 0)
    assert cli.main(["play", "nayakas", "--option", "kingdoms=Madurai,Thanjavur"]) == 0
    assert [p.kingdom for p in started["match"].state.seats] == ["madurai", "thanjavur"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_kingdoms_typed_in_the_setup_form(size):
    app = TabletopApp(setup="nayakas", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#opt-kingdoms", Input)
        box.focus()
        await pilot.press(*"foo", "ctrl+s")
        await pilot.pause()
        said = str(app.screen.query_one("#setup-message", Static).content)
        assert isinstance(app.screen, SetupScreen)
        assert "kingdoms cannot hold 'foo'" in said and "keladi, mysore, thanjavur or madurai" in said
        box.focus()
        await pilot.press(*["backspace"] * 3, *"Madurai, mysore")
        await pilot.pause()
        labels = [str(app.screen.query_one(f"#seat-label-{i}", Label).content) for i in range(2)]
        assert labels == ["Madurai", "Mysore"]  # the seats are named as the option is typed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        match = app.screen.table.match
        assert [p.kingdom for p in match.state.seats] == ["madurai", "mysore"]
        assert [s.colour for s in app.screen.table.seats] == ["Madurai", "Mysore"]


def test_first_amulet_is_a_colour_and_old_saves_read_their_seat_number(tmp_path):
    import json

    from tabletop_tui.engine import Match, SeatConfig

    game = get("nyakuza")
    assert cli._options(game, ["first_amulet=blue"]).first_amulet == "Blue"
    with pytest.raises(cli.UsageError) as info:
        cli._options(game, ["first_amulet=1"])
    assert "random, Red, Blue, Yellow or Green" in str(info.value)
    seats = [SeatConfig(name=n) for n in ("Ana", "Ben", "Cy")]
    match = Match(game, seats, {"first_amulet": "Yellow"}, 5, path=tmp_path / "new.json")
    assert match.state.amulet == 2
    match.save()
    data = json.loads((tmp_path / "new.json").read_text())
    data["options"]["first_amulet"] = "2"  # as saves wrote it before: a 0-based seat
    (tmp_path / "old.json").write_text(json.dumps(data))
    old = Match.load(tmp_path / "old.json", autosave=False)
    assert old.options.first_amulet == "Yellow" and old.state.amulet == 2
