"""Nyakuza through the real app: bids behind the hand-off, placements with
the cursor and Enter, Moai choices, refusals, the map at 80x24."""

from __future__ import annotations

import random

from textual.widgets import Static

from tabletop_tui.engine import Match, SeatConfig, get
from tabletop_tui.games.nyakuza.board import HexMap
from tabletop_tui.games.nyakuza.render import HEIGHT, WIDTH, hex_region
from tabletop_tui.games.nyakuza.data import ISLAND
from tabletop_tui.games.nyakuza.rules import Bid, Erect, Place
from tabletop_tui.games.nyakuza.board import NyakuzaBoard
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.handoff import HandoffScreen
from tabletop_tui.ui.result_screen import ResultScreen

from ..waiting import until
from .drive import finish_review, press
from .drive_nyakuza import keys_for, path_keys, pick, screen_text


def game_screen(app) -> GameScreen:
    (screen,) = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    return screen


def message(screen: GameScreen) -> str:
    return str(screen.query_one("#message", Static).content)


def next_viewer(screen: GameScreen) -> int | None:
    """The seat the game screen shows next (as GameScreen.advance picks it)."""
    humans = screen.table.match.humans_to_act()
    if not humans:
        return None
    return screen.viewer if screen.viewer in humans else humans[0]


async def test_two_humans_hot_seat_whole_game_by_keys():
    """Ana and Ben share one keyboard for a whole game: every bid is typed
    behind a hand-off, every token is placed by walking the cursor and
    pressing Enter, every Moai choice is picked from the list."""
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=5,
                  options={"first_amulet": "Blue"})
    rng = random.Random(7)
    app = TabletopApp(match=match, bot_delay=0)
    handoffs = erects = places = bids = 0
    async with app.run_test(size=(120, 40)) as pilot:  # the players panel says each bid (cut short at 80x24)
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, NyakuzaBoard)
        pending: dict[int, int] = {}  # bids typed this round and not yet revealed
        revealed: dict[int, int] = {}  # the bids of the round just revealed
        bids_by = [0, 0]
        reveals = 0
        for _ in range(3000):
            if match.is_over():
                break
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                # nothing of the last player's view is drawn behind the hand-off
                assert board.view is None
                text = screen_text(app)
                assert "You bid" not in text and "Your bid" not in text
                await press(pilot, "enter")
                assert app.screen is screen
                continue
            seat = screen.viewer
            assert seat in match.to_act()
            view = board.view
            if revealed:  # after the reveal the log and the players panel show every bid
                said = "Bids revealed: " + ", ".join(f"{match.seats[s].name} {revealed[s]}" for s in sorted(revealed))

                def logged() -> bool:
                    lines = screen.query_one("#log").lines
                    return said in " ".join(" ".join(str(line.text) for line in lines).split())

                await until(logged, f"the log to say {said!r}")  # written once the screen is back from the hand-off
                for s, amount in revealed.items():
                    assert f"bid {amount} →" in board.seat_summary(s)
                revealed = {}
            if view.phase == "bid":
                # a bid of the round before is named as such while the new bids are made
                for s, sv in enumerate(view.seats):
                    if sv.last_bid is not None and not sv.has_bid:
                        assert f"last round's bid {sv.last_bid} →" in board.seat_summary(s)
                # the other bidder's amount is nowhere on screen before the reveal
                for other, amount in pending.items():
                    assert other != seat
                    assert view.seats[other].bid is None and view.seats[other].has_bid
                    text = screen_text(app)
                    # "You bid" lines on screen are only the viewer's own, of earlier rounds
                    assert text.count("You bid") <= bids_by[seat]
                    # no reveal of this round's bids yet, and the bid box is the viewer's own, empty
                    assert text.count("Bids revealed") <= reveals
                    assert board.bid == 0 and f"Your bid\n  {amount}" not in text
                    assert "has bid" in board.seat_summary(other)
            action = pick(match.legal_actions(seat), rng, board)
            keys = keys_for(board, action)
            before = len(match.log)
            await press(pilot, *keys)
            assert len(match.log) == before + 1, f"keys {keys} for {action} were not accepted: {message(screen)}"
            assert match.log[-1].action == action.model_dump(mode="json")
            if isinstance(action, Bid):
                bids += 1
                bids_by[seat] += 1
                pending[seat] = action.shells
                if len(pending) == match.players:  # the last bid: all are revealed together
                    revealed = dict(pending)
                    pending.clear()
                    reveals += 1
            elif isinstance(action, Place):
                places += 1
            elif isinstance(action, Erect):
                erects += 1
            # the pass-the-keyboard screen comes whenever the seat at the keys changes
            nxt = next_viewer(screen)
            if nxt is not None and nxt != seat:
                await finish_review(pilot, screen)
                assert isinstance(app.screen, HandoffScreen), "no hand-off between two players"
        await pilot.pause()
        assert match.is_over()
        assert isinstance(app.screen, ResultScreen)
    assert handoffs > 10 and bids > 20 and places > 10 and erects >= 1


async def test_illegal_placements_by_key_show_the_reason_and_change_nothing():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=2,
                  options={"first_amulet": "Blue"})
    match.apply(Bid(shells=9), 0)  # Ana wins the bid: 3 tokens to place
    match.apply(Bid(shells=1), 1)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        screen = game_screen(app)
        board = screen.board
        assert match.state.phase == "place" and match.to_act() == [0] and screen.viewer == 0
        closed = next(s.id for s in board.view.spaces if s.kind != "palm" and not s.revealed)
        lonely_palm = next(s.id for s in board.view.spaces if s.kind == "palm" and not s.orongo
                           and all(board.view.spaces[n].occupant != 0 for n in ISLAND.adjacent[s.id]))
        for space, words in ((closed, "not open"), (lonely_palm, "next to one of your own tokens"),
                             (ISLAND.orongo, "Orongo is kept for the Ceremonial Moai")):
            before = match.state.model_dump()
            n = len(match.log)
            await pilot.press(*path_keys(board.cursor, space))
            assert board.cursor == space
            await pilot.press("enter")
            await pilot.pause()
            assert words in message(screen), message(screen)
            assert "error" in screen.query_one("#message", Static).classes
            assert match.state.model_dump() == before and len(match.log) == n
        # a legal one is accepted
        target = next(s.id for s in board.view.spaces if s.placeable)
        await pilot.press(*path_keys(board.cursor, target), "enter")
        await pilot.pause()
        assert match.state.occupant[target] == 0
        # the mouse: a click moves the cursor, a second click on it places
        hexmap = board.query_one(HexMap)
        target = next(s.id for s in board.view.spaces if s.placeable and s.id != board.cursor)
        r = hex_region(target)
        at = (r.x + 2 - int(hexmap.scroll_offset.x), r.y + 1 - int(hexmap.scroll_offset.y))
        await pilot.click(HexMap, offset=at)
        await pilot.pause()
        assert board.cursor == target and match.state.occupant[target] is None
        await pilot.click(HexMap, offset=at)
        await pilot.pause()
        assert match.state.occupant[target] == 0
        # a hint moves the cursor onto the hinted space, so Enter takes it
        hint = next(s.id for s in board.view.spaces if s.placeable and s.id != board.cursor)
        board.show_hint(Place(space=hint))
        await pilot.pause()
        assert board.cursor == hint and "hint" in hexmap.scene.cells[hint].marks


async def test_bid_box_refuses_too_much_and_starts_empty_for_the_next_player():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=4)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        first = screen.viewer
        await pilot.press("3", "0", "enter")  # 30 of 24 shells
        await pilot.pause()
        assert "You have only 24 shells; you cannot bid 30" in message(screen)
        assert match.state.bids[first] is None
        await pilot.press("backspace", "enter")  # 3
        await pilot.pause()
        assert match.state.bids[first] == 3
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer != first and board.bid == 0
        assert "Your bid" in screen_text(app) and "You bid" not in screen_text(app)
        await pilot.press("up", "up", "down", "plus", "enter")  # 2
        await pilot.pause()
        assert match.state.last_bids is not None and match.state.last_bids[1 - first] == 2


async def test_map_at_80x24_scrolls_and_the_cursor_reaches_every_hex():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="random")], seed=3)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        hexmap = board.query_one(HexMap)
        assert hexmap.size.width < WIDTH or hexmap.size.height < HEIGHT  # it does not fit: it scrolls
        seen = set()

        def visible(space: int) -> bool:
            r = hex_region(space)
            x, y = hexmap.scroll_offset
            w, h = hexmap.scrollable_content_region.size
            return x <= r.x and r.right <= x + w and y <= r.y and r.bottom <= y + h

        # A snake through the rows with the arrow keys: right along even
        # rows, left along odd ones, down between them.
        top = min(ISLAND.spaces, key=lambda s: (s.row, s.col)).id
        await pilot.press(*path_keys(board.cursor, top))
        for r in range(ISLAND.rows):
            along = "right" if r % 2 == 0 else "left"
            for _ in range(ISLAND.columns):
                seen.add(board.cursor)
                await pilot.pause()
                assert visible(board.cursor), f"cursor on {board.cursor} is scrolled out of view"
                before = board.cursor
                await pilot.press(along)
                if board.cursor == before:
                    break
            await pilot.press("down")
        missing = set(range(len(ISLAND.spaces))) - seen
        # a row end may leave a hex that the down key skipped; walk there too
        for space in sorted(missing):
            await pilot.press(*path_keys(board.cursor, space))
            await pilot.pause()
            assert board.cursor == space and visible(space)
            seen.add(space)
        assert len(seen) == len(ISLAND.spaces)
        # still playable: the bid box and the prompt are on screen
        text = screen_text(app)
        assert "Your bid" in text and "Enter" in text


async def test_map_draws_every_line_with_the_line_api():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="random")], seed=6)
    # turn every tile up, so every number must appear on the map
    for s in range(len(ISLAND.spaces)):
        if ISLAND.spaces[s].is_resource:
            match.state.revealed[s] = True
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        board.show(screen.table.update_for(0))
        hexmap = board.query_one(HexMap)
        assert hexmap.virtual_size.width == WIDTH and hexmap.virtual_size.height == HEIGHT
        assert hexmap.size.width >= WIDTH and hexmap.size.height >= HEIGHT  # the whole island fits at 120x40
        lines = [hexmap.render_line(y).text for y in range(hexmap.size.height)]
        assert all(len(line) == hexmap.size.width for line in lines)
        text = "\n".join(lines)
        for s in ISLAND.spaces:  # every space by its one name (the log's): 12f, P12 coastal, p12 inland
            if s.is_resource:
                assert text.count(f"{s.name:>3}") == 1, s.number
            elif not s.orongo:
                assert text.count(f"{s.name:<3}") == 1, s
        assert text.count("ORO") == 1 and "Reef: 0 shells" in text
        # the strips are cached: drawing again builds nothing, a cursor move only its hexes' lines
        built = hexmap.strips_built
        for y in range(hexmap.size.height):
            hexmap.render_line(y)
        assert hexmap.strips_built == built
        board.focus()
        await pilot.press("right")
        await pilot.pause()
        assert 0 < hexmap.strips_built - built <= 8


def _erect_choice_app() -> tuple[TabletopApp, Match]:
    """Ana to place, holding two food tiles and a coastal palm: a token on
    the coastal palm P10 next to them leaves her the choice of P10 or P14
    for the Moai."""
    from tests.nyakuza.util import palm, position, tile

    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    match.state = position(2, placer=0, own={0: [tile(11), tile(21), palm("P14")]})
    return TabletopApp(match=match, bot_delay=0), match


async def test_erect_choice_list_lights_the_map_and_enter_erects():
    from textual.widgets import OptionList

    from tests.nyakuza.util import palm, tile

    app, match = _erect_choice_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        hexmap = board.query_one(HexMap)
        await pilot.press(*path_keys(board.cursor, palm("P10")), "enter")
        await pilot.pause()
        assert match.state.phase == "erect" and board.view.phase == "erect"
        options = board.query_one("#ny-erect", OptionList)
        assert options.display and options.option_count == 2 and options.has_focus
        labels = [str(options.get_option_at_index(i).prompt) for i in range(2)]
        assert labels == ["P10: 11f+21f", "P14: 11f+21f"]
        lit = {s for s, c in hexmap.scene.cells.items() if "choice" in c.marks}
        assert lit == {palm("P10"), tile(11), tile(21)} and board.cursor == palm("P10")
        assert "erect" in board.prompt().lower() or "Moai" in board.prompt()
        hinted = Erect(palm=palm("P14"), tiles=(tile(11), tile(21)))  # a hint picks the way, and says so...
        screen.post_message(GameScreen.Hinted(screen.current.serial, screen.viewer, hinted, "erect on P14"))
        await pilot.pause()
        assert options.highlighted == 1
        assert message(screen).startswith("Hint, now selected: Moai on coastal palm P14"), message(screen)
        await pilot.press("up")
        await pilot.pause()
        assert options.highlighted == 0
        await pilot.press("down")  # ...and so do the arrows
        await pilot.pause()
        lit = {s for s, c in hexmap.scene.cells.items() if "choice" in c.marks}
        assert lit == {palm("P14"), tile(11), tile(21)} and board.cursor == palm("P14")
        assert "Moai on coastal palm P14" in message(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.moai[palm("P14")] and not match.state.moai[palm("P10")]
        assert match.state.phase == "place" and not options.display
        assert f"A{'▲'}" not in "\n".join(hexmap.map_lines())  # tokens show their colour's letter
        assert "R▲" in "\n".join(hexmap.map_lines())


async def test_unopened_spaces_print_their_kind_and_palms_their_log_names():
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Bot", bot="random")], seed=6)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        hexmap = screen.board.query_one(HexMap)
        text = "\n".join(hexmap.render_line(y).text for y in range(hexmap.size.height))
        assert "?" not in text
        closed = [s for s in ISLAND.spaces if s.is_resource and not match.state.revealed[s.id]]
        assert closed
        for s in ISLAND.spaces:
            if s.is_resource:
                assert text.count(f"{s.name:>3}") == 1, s.number
        assert text.count("·") >= len(closed)
        palm = next(s for s in ISLAND.spaces if s.is_palm and s.coastal and not s.orongo)
        assert f"{palm.label:<3}" in text  # the log's "P12" is P12 on the map


async def test_a_new_scene_builds_again_only_the_lines_it_changed():
    """The map keeps the strips of the lines a new scene leaves alone (a
    move changes a few hexes, not the sea), and what it draws is what a map
    drawn from nothing shows."""
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben")], seed=1, autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.board
        board.show(screen.table.update_for(0))
        hexmap = board.query_one(HexMap)
        height = hexmap.scale.height
        for y in range(height):
            hexmap.render_line(y)
        built = hexmap.strips_built
        space = next(s.id for s in ISLAND.spaces if s.is_resource and s.id != hexmap.cursor)
        board.hint = Place(space=space)  # a new scene: one hex lit, away from the cursor
        board.update_board()
        lines = [hexmap.render_line(y).text for y in range(height)]
        assert 0 < hexmap.strips_built - built < height // 2
        hexmap.notify_style_update()  # every cache dropped: drawn from nothing
        assert [hexmap.render_line(y).text for y in range(height)] == lines


async def test_choosing_where_a_moai_goes_shows_enter_in_the_footer_at_80x24():
    from tests.nyakuza.util import palm

    from .drive import footer_keys

    app, match = _erect_choice_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        board = game_screen(app).board
        await pilot.press(*path_keys(board.cursor, palm("P10")), "enter")
        await pilot.pause()
        assert match.state.phase == "erect"
        assert footer_keys(app.screen).get("enter") == "Raise Moai"
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.phase == "place"


async def test_at_80x24_the_panel_under_the_map_keeps_its_height_from_bidding_to_placing():
    """Narrow, the bid is a part of the info (no box shown and hidden) and
    the info keeps three rows: the map keeps its size from the bid to the
    placing (a panel of another height lays the screen out and draws the
    whole map again)."""
    match = Match(get("nyakuza"), [SeatConfig(name="Ana"), SeatConfig(name="Ben", bot="random")], seed=11,
                  autosave=False)
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.board
        await until(lambda: match.humans_to_act() == [0] and board.view is not None and board.view.phase == "bid",
                    "Ana to bid", pilot=pilot)
        await pilot.pause()
        info = board.query_one("#ny-info", Static)
        assert "Your bid" in str(info.content) and not board.query_one("#ny-bid").display
        sizes = (tuple(board.map.size), info.size.height)
        assert sizes[1] == 3
        await press(pilot, "1", "enter")  # Ben (a bot) has bid: this bid ends the bidding
        await until(lambda: match.state.phase == "place" and board.view.phase == "place", "the placing", pilot=pilot)
        await pilot.pause()
        assert "Your bid" not in str(info.content)
        assert (tuple(board.map.size), info.size.height) == sizes
