"""Teaching, rules side: the coach's suggestions, the demo's pace and step
back, replays, tutorials' scripts and the rules in brief, for every game."""

from __future__ import annotations

import json
import random

import pytest

from tabletop_tui.engine import IllegalAction, Match, SeatConfig, get, registry, thinker
from tabletop_tui.engine.coach import Suggestion, blunder, suggestions
from tabletop_tui.engine.bots import SearchBot
from tabletop_tui.engine.demo import demo_match
from tabletop_tui.engine.replay import Replay
from tabletop_tui.engine.rules_index import brief, parse_brief, quote
from tabletop_tui.engine.table import Table
from tabletop_tui.engine.tutorial import TutorialTable, load_tutorial, tutorial_path

from ..waiting import wait_until
from .test_table import Inbox

GAMES = [g.id for g in registry.catalogue()]
#: games whose rules page In brief, rule names and tutorial are still being
#: written: strict, so the mark must go the moment they land
PENDING: set[str] = set()
CONTENT = [pytest.param(g, marks=pytest.mark.xfail(strict=True, reason="teaching content not written yet"))
           if g in PENDING else g for g in GAMES]


@pytest.fixture(autouse=True)
def _think_inline():
    thinker.set_mode("inline")
    yield
    thinker.set_mode("process")


def played(game_id: str, moves: int, seed: int = 3, players: int | None = None) -> Match:
    game = get(game_id)
    n = players or max(2, game.min_players)
    m = Match(game, [SeatConfig(name=f"P{i}") for i in range(n)], seed=seed, autosave=False)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(rng.choice(m.legal_actions(seat)), seat)
    return m


# -- rules in brief -----------------------------------------------------------------------
def test_parse_brief_reads_items_and_their_continuation_lines():
    page = "# X\n\n## In brief\n\n- **Move**: a thing\n  that moves.\n- **Win**: 4 fruit.\n\n## Other\n- **No**: x\n"
    assert parse_brief(page) == {"Move": "a thing that moves.", "Win": "4 fruit."}


@pytest.mark.parametrize("game_id", CONTENT)
def test_every_action_kind_names_a_rule_of_the_rules_page(game_id):
    game = get(game_id)
    rules = brief(game_id)
    assert rules, f"{game_id}'s rules page has no '## In brief' section"
    kinds = {c.model_fields["kind"].default for c in game.action_classes()}
    assert kinds <= set(game.action_rules), f"no rule named for {sorted(kinds - set(game.action_rules))}"
    for kind, rule in game.action_rules.items():
        assert rule in rules, f"{kind!r} names {rule!r}, which the rules page's In brief lacks"
        assert quote(game_id, rule) and "**" not in quote(game_id, rule)


@pytest.mark.parametrize("game_id", CONTENT)
def test_the_log_names_each_moves_rule_and_replay_keeps_them(game_id):
    m = played(game_id, 12)
    assert m.rules and all(r is None or r in brief(game_id) for r in m.rules)
    assert any(m.rules)
    again = Match(m.game, m.seats, m.options, m.seed, autosave=False)
    again._replay(m.log)
    assert again.rules == m.rules


# -- the coach ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_coach_suggests_up_to_three_legal_moves_best_first(game_id):
    m = played(game_id, 6)
    seat = m.to_act()[0]
    ranked = SearchBot(iterations=60, seconds=1e9).rank(m.game, m.state, seat, random.Random(1))
    triples = [(r.action, r.value, r.visits) for r in ranked]
    found = suggestions(m.game, m.state, seat, triples, m.text, seed=5)
    legal = m.legal_actions(seat)
    assert 1 <= len(found) <= 3 and len(found) == min(3, sum(1 for r in ranked if r.visits))
    assert all(isinstance(s, Suggestion) and s.action in legal for s in found)
    assert [s.value for s in found] == sorted((s.value for s in found), reverse=True)
    assert all(0.0 <= s.value <= 1.0 and s.label and s.estimate for s in found)
    assert all("{s" not in s.label + s.why for s in found)  # names filled in


def test_coach_through_the_table_answers_for_the_seat_at_its_turn_only():
    m = Match(get("rapa_nui"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5, autosave=False)
    table = Table(m)
    table.subscribe([0, 1], Inbox())
    seat = m.to_act()[0]
    got: list = []
    table.coach(seat, lambda serial, found, reason: got.append((serial, found, reason)))
    wait_until(lambda: got)
    serial, found, reason = got[0]
    assert serial == table.serial and found and reason == ""
    assert all(s.action in m.legal_actions(seat) for s in found)
    got.clear()
    table.coach(1 - seat, lambda *a: got.append(a))
    assert got and got[0][1] == [] and "not your turn" in got[0][2]
    table.close()


def test_coach_reads_only_the_seats_own_information():
    """Two positions that differ only in the other seat's hidden hand get
    the same suggestions: the coach cannot tell them apart."""
    a = played("rapa_nui", 9, seed=8)
    seat = a.to_act()[0]
    b = Match(a.game, a.seats, a.options, a.seed, autosave=False)
    b._replay(a.log)
    # swap a card of the other seat's hand with a different card of the deck:
    # the same cards are unseen, so the seat's view cannot tell
    hand, deck = b.state.hands[1 - seat], b.state.deck
    mine = next(k for k, n in hand.items() if n)
    j = next(i for i, k in enumerate(deck) if k != mine)
    hand[mine] -= 1
    hand[deck[j]] = hand.get(deck[j], 0) + 1
    deck[j] = mine
    assert a.state != b.state and a.view(seat) == b.view(seat)
    out = []
    for m in (a, b):
        ranked = SearchBot(iterations=80, seconds=1e9).rank(m.game, m.state, seat, random.Random(4))
        out.append([(r.action, r.visits) for r in ranked])
    assert out[0] == out[1]


def test_a_clear_blunder_is_named_with_the_better_move():
    m = played("tiki", 4, seed=2)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    good, bad = legal[0], legal[1]
    ranked = [(good, 0.8, 40), (bad, 0.3, 10)]
    said = blunder(m.game, m.state, seat, ranked, bad, m.text, seed=1)
    assert said and said.startswith("Coach:") and "80% to win" in said
    assert m.text(m.game.describe_action(m.state, good, seat)) in said
    assert blunder(m.game, m.state, seat, ranked, good, m.text, seed=1) is None
    assert blunder(m.game, m.state, seat, [(good, 0.8, 40), (bad, 0.7, 10)], bad, m.text, 1) is None
    assert blunder(m.game, m.state, seat, [(good, 0.8, 40), (bad, 0.1, 1)], bad, m.text, 1) is None


def test_the_table_flags_a_blunder_to_the_mover_only():
    m = Match(get("tiki"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4,
              autosave=False, coach_flags=True)
    table = Table(m)
    inbox = Inbox()
    table.subscribe([0, 1], inbox)
    seat = m.to_act()[0]
    wait_until(lambda: seat in table._analyses and table._analyses[seat][1].done())
    ranked = table._ranked(table._analyses[seat][1].result())
    # make the worst-judged move the search explored often enough
    worst = min((r for r in ranked if r[2] >= 4), key=lambda r: r[1])
    table._analyses[seat] = (table.serial, _done([(ranked[0][0], 0.95, 50), (worst[0], 0.05, 10)]))
    table.act(worst[0], seat)
    wait_until(lambda: inbox.last[seat].coach)
    assert inbox.last[seat].coach.startswith("Coach:")
    assert inbox.last[1 - seat].coach == ""
    table.close()


def _done(ranked):
    from concurrent.futures import Future

    f: Future = Future()
    f.set_result([(a.model_dump(mode="json"), v, n) for a, v, n in ranked])
    return f


# -- the demo's table ---------------------------------------------------------------------
def test_a_paused_demo_moves_only_when_stepped_and_steps_back():
    m = demo_match("tiki", seed=3, bot="random")
    table = Table(m)
    table.pause(True)
    inbox = Inbox()
    table.subscribe(None, inbox)
    assert table.idle() and m.log == [] and inbox.last[None].paused
    table.step()
    assert table.wait_settled() and len(m.log) == 1
    table.step()
    assert table.wait_settled() and len(m.log) == 2
    table.rewind(1)
    assert len(m.log) == 1 and table.paused
    replayed = Match(m.game, m.seats, m.options, m.seed, autosave=False)
    replayed._replay(m.log)
    assert replayed.state == m.state
    table.pause(False)
    assert table.wait_settled() and m.is_over()
    with pytest.raises(IllegalAction, match="Only a demo"):
        Table(Match(get("tiki"), [SeatConfig(name="A"), SeatConfig(name="B")], autosave=False)).rewind()
    table.close()


def test_demo_seat_counts_are_checked():
    with pytest.raises(IllegalAction, match="for 2 players"):
        demo_match("tiki", players=3)
    m = demo_match("rapa_nui", players=4, seed=1)
    assert m.players == 4 and all(not s.is_human for s in m.seats) and not m.autosave


# -- replays --------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_steps_to_the_end_and_back_to_the_same_state(game_id):
    m = played(game_id, 40, seed=6)
    r = Replay(m)
    assert r.moves == len(m.log)
    assert r.at(r.moves).state == m.state
    start = get(game_id).new_state(m.players, m.options, m.seed)
    assert r.at(0).state == start
    for k in range(r.moves + 1):
        up = r.update(k, None)
        assert up.serial == k and len({line.move for line in up.log} - {None}) == k
    mid = r.moves // 2
    branch = r.branch(mid, autosave=False)
    assert branch.log == m.log[:mid] and branch.state == r.at(mid).state
    assert branch.match_id != m.match_id
    with pytest.raises(IllegalAction):
        r.update(0, 9)


def test_a_replay_shows_everyones_secrets_only_after_the_end():
    m = played("rapa_nui", 20, seed=2)
    with pytest.raises(IllegalAction, match="once the game is over"):
        Replay(m).secrets(3)
    done = played("rapa_nui", 2000, seed=2)
    assert done.is_over()
    said = Replay(done).secrets(10)
    assert len(said) == 2 and all(said)


# -- tutorials ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", CONTENT)
def test_every_game_has_a_tutorial_that_makes_every_kind_of_move(game_id):
    tut = load_tutorial(game_id)
    game = get(game_id)
    m = Match(game, [SeatConfig(name=n) for n in tut.names], tut.options, tut.seed, autosave=False)
    mine: set[str] = set()
    for k, step in enumerate(tut.steps):
        assert not m.is_over(), f"the game ends before step {k + 1}"
        assert step.seat in m.to_act(), f"step {k + 1}: seat {step.seat} is not to act"
        action = game.parse_action(step.action)
        m.apply(action, step.seat)
        if step.seat == tut.you:
            assert step.say, f"step {k + 1} does not say what to do"
            mine.add(action.kind)
    kinds = {c.model_fields["kind"].default for c in game.action_classes()}
    assert kinds - mine <= set(tut.explained), f"the newcomer never makes {sorted(kinds - mine)}"
    assert all(tut.explained.values()) and not set(tut.explained) & mine


def test_a_tutorial_refuses_any_other_move_with_its_step_and_changes_nothing():
    table = TutorialTable(load_tutorial("tiki"), bot_delay=0)
    inbox = Inbox()
    table.subscribe([0], inbox)
    seat, want = table.expected()
    before = table.match.state.model_copy(deep=True)
    other = next(a for a in table.match.legal_actions(seat) if a != want)
    with pytest.raises(IllegalAction, match="this step asks"):
        table.act(other, seat)
    assert table.match.state == before and table.at == 0
    assert inbox.last[0].legal == [want] and inbox.last[0].lesson.startswith("Step 1 of")
    with pytest.raises(IllegalAction, match="one way"):
        table.undo(0)
    table.act(want, seat)
    wait_until(lambda: table.expected() is None or table.expected()[0] == 0)
    assert table.at == 2
    table.close()


def test_a_script_move_the_model_refuses_holds_the_tutorial_rather_than_improvise():
    """A random stand-in would take the lesson off its script: a scripted
    move the model refuses holds the table and says so."""
    table = TutorialTable(load_tutorial("tiki"), bot_delay=0)
    inbox = Inbox()
    table.subscribe([0], inbox)
    seat, want = table.expected()
    table._actions[1] = want  # the script's next move: the newcomer's village, taken by then
    table.act(want, seat)
    wait_until(lambda: "script" in inbox.last[0].alert)
    assert inbox.last[0].alert.startswith("The tutorial's script tried an illegal move: ")
    assert inbox.last[0].alert.endswith(". Press Esc to leave.")  # a tutorial has no undo
    assert len(table.match.log) == 1 and table.at == 1
    table.close()


def test_a_missing_or_damaged_tutorial_is_said_in_a_sentence(tmp_path, monkeypatch):
    import tabletop_tui.engine.tutorial as tutorial

    monkeypatch.setattr(tutorial, "tutorial_path", lambda g: tmp_path / f"{g}.json")
    with pytest.raises(IllegalAction, match="no tutorial yet"):
        load_tutorial("tiki")
    (tmp_path / "tiki.json").write_text(json.dumps({"game": "tiki"}))
    with pytest.raises(IllegalAction, match="damaged"):
        load_tutorial("tiki")
    assert tutorial_path("tiki").name == "tiki.json"
