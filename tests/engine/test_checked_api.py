"""The rules API refuses bad seats and actions built without validation
itself, for every registered game, and leaves the state unchanged."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import IllegalAction, Match, SeatConfig, games, get
from tests.refusals import assert_readable

BAD_SEATS = [None, True, False, 1.0, 0.0, -1, 99, "0"]
GAMES = [g.id for g in games()]


def _state(game_id: str):
    game = get(game_id)
    return game, game.new_state(game.min_players, None, 5)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS)
def test_apply_refuses_a_bad_seat_and_changes_nothing(game_id, seat):
    game, state = _state(game_id)
    action = game.legal_actions(state, game.to_act(state)[0])[0]
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, seat)
    assert state.model_dump_json() == before
    assert_readable(info.value.reason)
    assert "no such seat" in info.value.reason


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS)
def test_legal_actions_and_check_refuse_a_bad_seat(game_id, seat):
    game, state = _state(game_id)
    action = game.legal_actions(state, game.to_act(state)[0])[0]
    with pytest.raises(IllegalAction):
        game.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        game.check(state, action, seat)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [s for s in BAD_SEATS if s is not None])
def test_view_refuses_a_bad_seat_but_none_is_the_public_view(game_id, seat):
    game, state = _state(game_id)
    with pytest.raises(IllegalAction):
        game.view(state, seat)
    assert game.view(state, None) is not None


def test_rapa_nui_view_of_seat_minus_one_is_not_the_last_seats_hand():
    game, state = _state("rapa_nui")
    with pytest.raises(IllegalAction):
        game.view(state, -1)


def test_the_checked_path_still_accepts_every_legal_action():
    for game in games():
        state = game.new_state(game.min_players, None, 8)
        for _ in range(30):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            game.apply(state, game.legal_actions(state, seat)[-1], seat)


def _unvalidated(game_id: str):
    if game_id == "tiki":
        from tabletop_tui.games.tiki.rules import Move, Place
        return [Place.model_construct(kind="place", village=-1), Place.model_construct(kind="place", village=4.0),
                Place.model_construct(kind="place", village=True), Place.model_construct(kind="place", village=9),
                Move.model_construct(kind="move", start=0, path=[1])]
    if game_id == "nyakuza":
        from tabletop_tui.games.nyakuza.rules import Bid, Place
        return [Bid.model_construct(kind="bid", shells=2.5), Bid.model_construct(kind="bid", shells=-1),
                Place.model_construct(kind="place", space=-1)]
    if game_id == "nisyros":
        from tabletop_tui.games.nisyros.actions import MoveWorker, PlaceDie
        return [MoveWorker.model_construct(kind="move_worker", player=-1, src=0, dst=1),
                MoveWorker.model_construct(kind="move_worker", player=0, src=0, dst=99),
                PlaceDie.model_construct(kind="place_die", die=2.5, place=0)]
    if game_id == "nayakas":
        from tabletop_tui.games.nayakas.actions import Place as Put
        return [Put.model_construct(kind="place", space="\x1b]0;x\x07nowhere", worker="laborer"),
                Put.model_construct(kind="place", space="H1", worker="king"),
                Put.model_construct(kind="place", space="H1", worker="laborer", choice=1.5)]
    assert game_id == "rapa_nui", f"add unvalidated actions of {game_id}"
    from tabletop_tui.games.rapa_nui.actions import Draw, PlayCard
    return [Draw.model_construct(kind="draw", row=-1), Draw.model_construct(kind="draw", row=1.5),
            PlayCard.model_construct(kind="play", card="nobody", count=9)]


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_built_without_validation_are_refused(game_id):
    game, state = _state(game_id)
    seat = game.to_act(state)[0]
    for action in _unvalidated(game_id):
        before = state.model_dump_json()
        with pytest.raises(IllegalAction) as info:
            game.apply(state, action, seat)
        assert state.model_dump_json() == before, action
        assert_readable(info.value.reason)


def test_tiki_village_minus_one_is_not_played_on_village_eight():
    game, state = _state("tiki")
    from tabletop_tui.games.tiki.rules import Place
    seat = game.to_act(state)[0]
    with pytest.raises(IllegalAction):
        game.apply(state, Place.model_construct(kind="place", village=-1), seat)
    assert state.stacks[8] == []


def test_an_object_of_another_class_is_refused():
    game, state = _state("tiki")
    from tabletop_tui.games.nyakuza.rules import Pass
    with pytest.raises(IllegalAction) as info:
        game.apply(state, Pass(), game.to_act(state)[0])
    assert_readable(info.value.reason)


@pytest.mark.parametrize("seat", [None, 1.0, True, -1, 2, "1"])
def test_match_apply_refuses_bad_seats_with_a_sentence(seat):
    match = Match("tiki", [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    action = match.legal_actions(match.to_act()[0])[0]
    with pytest.raises(IllegalAction) as info:
        match.apply(action, seat)
    assert_readable(info.value.reason)
    assert match.log == []
    with pytest.raises(IllegalAction):
        match.view(seat) if seat is not None else match.legal_actions(seat)


def test_a_refusal_of_an_unvalidated_action_never_quotes_raw_text():
    from tabletop_tui.games.nyakuza.rules import Bid

    game, state = _state("nyakuza")
    seat = game.to_act(state)[0]
    hostile = Bid.model_construct(kind="bid", shells="\x1b]0;pwned\x07" + "9" * 1000)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, hostile, seat)
    assert_readable(info.value.reason)
    assert "\x1b" not in info.value.reason and "\x07" not in info.value.reason


BAD_VALUES = [-1, 2.5, True, None, 10**9, "\x1b]0;pwned\x07" + "z" * 400, [1, 2], {"a": 1}]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_of_a_legal_action_bent_out_of_range_is_refused(game_id):
    """Each field of a legal action of every game, built without validation
    with a value its model would not take, is refused without a change."""
    from pydantic import ValidationError

    game, state = _state(game_id)
    seat = game.to_act(state)[0]
    tried = 0
    for action in game.legal_actions(state, seat)[:5]:
        cls = type(action)
        for field in cls.model_fields:
            if field == "kind":
                continue
            for bad in BAD_VALUES:
                data = {**action.__dict__, field: bad}
                try:
                    cls.model_validate(data, strict=True)
                    continue  # a value the model takes: not a bad input here
                except ValidationError:
                    pass
                bent = cls.model_construct(**data)
                before = state.model_dump_json()
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, bent, seat)
                assert state.model_dump_json() == before, (field, bad)
                assert_readable(info.value.reason)
                assert "\x1b" not in info.value.reason and len(info.value.reason) < 300
                tried += 1
    assert tried or not any(f != "kind" for a in game.legal_actions(state, seat)[:5] for f in type(a).model_fields)
