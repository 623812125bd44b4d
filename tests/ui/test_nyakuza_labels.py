"""Nyakuza calls each space by one name everywhere (map, log, coach,
tutorial, rules page), and at 80x24 its scrolling map follows the other
players' moves, summed up on the line under it."""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.nyakuza.data import ISLAND, KIND_LETTER, TOKEN_LETTERS
from tabletop_tui.games.nyakuza.recap import Recap, recap_text
from tabletop_tui.games.nyakuza.board import HexMap
from tabletop_tui.games.nyakuza.rules import Bid, Place
from tabletop_tui.games.nyakuza.text import where
from tabletop_tui.games.nyakuza.text import space_text
from tabletop_tui.resources import assets_dir, rules_markdown
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

#: a space's name in running text: 12f, P12, p12
NAME = re.compile(r"(?<![\w~])(\d{1,2}[a-z]|[Pp]\d{1,2})(?![\w~])")
NAMES = {s.name for s in ISLAND.spaces}


def test_no_letter_of_a_name_is_a_token_letter():
    tokens = {t.lower() for t in TOKEN_LETTERS}
    for s in ISLAND.spaces:  # the letter that says a space's kind (Orongo is the word ORO)
        if s.orongo:
            continue
        letters = {ch.lower() for ch in s.name if ch.isalpha()}
        assert not letters & tokens, s.name
    assert not {k.lower() for k in KIND_LETTER.values()} & tokens
    assert len(NAMES) == len(ISLAND.spaces)


def test_the_log_and_the_coach_use_the_map_names():
    for s in ISLAND.spaces:
        if s.orongo:
            assert space_text(s.id) == where(s.id) == "Orongo" and s.name == "ORO"
            continue
        assert s.name in space_text(s.id) and s.name in where(s.id)
        if s.is_palm:
            assert s.name == ("P" if s.coastal else "p") + s.name[1:]
            assert space_text(s.id) == f"{'coastal' if s.coastal else 'inland'} palm {s.name}"


def test_the_tutorial_and_the_rules_page_use_the_map_names():
    doc = json.loads((assets_dir() / "tutorials" / "nyakuza.json").read_text(encoding="utf-8"))
    said = " ".join([doc["intro"], doc["end"]] + [st["say"] + " " + st["why"] for st in doc["steps"]])
    page = rules_markdown("nyakuza")
    for text in (said, page):
        assert "~Y~" not in text and "12?" not in text
        for name in NAME.findall(text):
            assert name in NAMES or name in ("12f", "P12", "p12"), name  # the page's examples
    assert "P48" in said and "49d" in said
    # the page's symbols table says what the map draws, face-down tiles included
    symbols = page[page.index("## Keys and symbols"):page.index("## Goal")]
    for shown in ("`12f`", "`12f` dim, `·` below", "`P12`", "`p12`", "`ORO`", "`$`", "`+`", "`*`", "`S`", "▲",
                  "**d** god", "**m** birdman"):
        assert shown in symbols, shown


def test_recap_counts_the_others_moves_since_your_turn():
    match = Match(get("nyakuza"), [SeatConfig(name=n) for n in ("Ana", "Ben", "Cy")], seed=3,
                  options={"first_amulet": "Red"})
    game, state = match.game, match.game.clone(match.state)
    recap = Recap()
    recap.update(0, game.view(state, 0), None)
    for seat, shells in ((0, 1), (1, 3), (2, 2)):
        match.apply(Bid(shells=shells), seat)
    assert recap.update(0, game.view(match.state, 0), 2) == []  # bids: nothing on the map
    placed = []
    while match.to_act() != [0]:  # Ben (3 tokens), then Cy (2), then Ana
        (seat,) = match.to_act()
        action = next(a for a in game.legal_actions(match.state, seat) if isinstance(a, Place))
        match.apply(action, seat)
        placed.append((seat, action.space))
        fresh = recap.update(0, game.view(match.state, 0), seat)
        assert [(m.seat, m.space) for m in fresh] == [(seat, action.space)]
    assert [(m.seat, m.space) for m in recap.moves(0)] == placed
    missed = Recap()  # a seat shown none of those updates still gets them all
    missed.update(0, game.view(state, 0), None)
    got = missed.update(0, game.view(match.state, 0), placed[-1][0])
    assert sorted((m.seat, m.space) for m in got) == sorted(placed)
    text = recap_text(recap.moves(0), ["Ana", "Ben", "Cy"], spectator=False)
    assert text.startswith("Since your turn: Ben ") and "; Cy " in text
    assert all(ISLAND.spaces[space].name in text for _, space in placed)
    action = next(a for a in game.legal_actions(match.state, 0) if isinstance(a, Place))
    match.apply(action, 0)
    recap.update(0, game.view(match.state, 0), 0)
    assert recap.moves(0) == []  # your own move starts the list afresh


def visible(hexmap: HexMap, space: int) -> bool:
    region = hexmap.scale.hex_region(space)
    x, y = hexmap.scroll_offset
    window = hexmap.scrollable_content_region.size
    return (x <= region.x and region.right <= x + window.width
            and y <= region.y and region.bottom <= y + window.height)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_map_follows_the_bots_and_says_what_they_did(size):
    """Ana bids 1 of 3 seats; the two bots place before her. When her turn
    comes, the map shows the last token placed, the line under it names
    every token the bots put down, and the map names them as the log does."""
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random"),
                                   SeatConfig(name="Cy", bot="random")], seed=11, options={"first_amulet": "Red"})
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(400):
            await pilot.pause()
            if match.humans_to_act() == [0] and screen.board.view is not None:
                break
        await pilot.press("1", "enter")  # a small bid: the bots, bidding more, place first
        board = screen.board
        for _ in range(400):
            await pilot.pause()
            if match.state.phase == "place" and match.to_act() == [0] and board.view.phase == "place":
                break
        else:
            raise AssertionError("Ana never came to place")
        await pilot.pause()
        others = [(e.seat, e.action["space"]) for e in match.log if e.action["kind"] == "place"]
        assert others and all(seat != 0 for seat, _ in others)
        hexmap = board.map
        assert visible(hexmap, others[-1][1]), "the map shows the last move"
        info = str(board.query_one("#ny-info", Static).content)
        assert "Since your turn: " in info
        for _, space in others:
            assert ISLAND.spaces[space].name in info
        lines = hexmap.map_lines()
        for _, space in others:  # the names of the log are the names of the map
            s = ISLAND.spaces[space]
            assert any(f"{s.name:>3}" in line or f"{s.name:<3}" in line for line in lines), s.name
        log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert space_text(others[-1][1]).split(" (")[0] in log.replace("\n", " ")
        assert not re.search(r"[│┃][Yy]\d", "\n".join(lines)), "no palm is labelled Y"
