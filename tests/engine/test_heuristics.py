"""Each game's heuristic (the search bot's estimate of every seat's chance to
win) rates a clearly better position higher, in the game's own terms."""

from __future__ import annotations

from tabletop_tui.engine import get
from tabletop_tui.games.nyakuza.data import ISLAND

from ..nyakuza import util as ny
from ..rapa_nui.util import cards, position as rapa_position

TIKI, RAPA, NYAKUZA, NISYROS, NAYAKAS = (get(g) for g in ("tiki", "rapa_nui", "nyakuza", "nisyros", "nayakas"))


def test_tiki_fruit_counts_more_as_the_reserve_runs_down():
    ahead = TIKI.new_state(2, None, 1)
    ahead.fruit, ahead.reserve = [1, 0], 6
    late = TIKI.new_state(2, None, 1)
    late.fruit, late.reserve = [3, 2], 2
    even = TIKI.new_state(2, None, 1)
    assert TIKI.heuristic(even, 0) == 0.5
    assert 0.5 < TIKI.heuristic(ahead, 0) < TIKI.heuristic(late, 0)
    assert TIKI.heuristic(late, 1) == 1 - TIKI.heuristic(late, 0)


def test_tiki_a_tall_totem_of_yours_on_the_harbour_is_worth_something():
    mine = TIKI.new_state(2, None, 1)
    harbour = mine.villages.index("harbour")
    mine.stacks[harbour] = [1, 0]
    theirs = TIKI.clone(mine)
    theirs.stacks[harbour] = [0, 1]
    assert TIKI.heuristic(mine, 0) > 0.5 > TIKI.heuristic(theirs, 0)
    cursed = TIKI.new_state(2, None, 1)
    cursed.stacks[cursed.villages.index("cursed")] = [1, 0]
    assert TIKI.heuristic(cursed, 0) < 0.5, "a cursed village is a burden to its owner"


def test_rapa_nui_fame_moai_and_an_engine_count():
    even = rapa_position(2, phase="buy")
    ahead = rapa_position(2, phase="buy", fame=[6, 0],
                          displays=[cards(woodcutter=1, moai=1, priest=2), cards(woodcutter=1)])
    assert abs(RAPA.heuristic(even, 0) - 0.5) < 0.1
    assert RAPA.heuristic(ahead, 0) > RAPA.heuristic(even, 0) + 0.2
    assert sum(RAPA.heuristics(ahead)) == 1.0 or abs(sum(RAPA.heuristics(ahead)) - 1) < 1e-9


def test_rapa_nui_offerings_of_the_common_kind_are_worth_more():
    common = rapa_position(2, phase="buy", stone_up={"fish": 3, "grain": 0, "mulberry": 0, "sweet_potato": 0},
                           offerings=[{"fish": 4, "grain": 1, "mulberry": 1, "sweet_potato": 1},
                                      {"fish": 1, "grain": 4, "mulberry": 1, "sweet_potato": 1}])
    assert RAPA.heuristic(common, 0) > RAPA.heuristic(common, 1)


def test_nyakuza_moai_standing_and_a_recipe_in_hand_count():
    even = ny.position(2)
    ahead = ny.position(2, moai_left=[8, 10])
    late = ny.position(2, moai_left=[8, 10])
    late.stack = late.stack[:3]  # one round of tiles left
    assert abs(NYAKUZA.heuristic(even, 0) - 0.5) < 1e-9
    assert 0.55 < NYAKUZA.heuristic(ahead, 0) < NYAKUZA.heuristic(late, 0)
    assert NYAKUZA.heuristic(late, 0) > 0.8, "two Moai ahead with a round to go is nearly a win"
    quarry = next(s.id for s in ISLAND.spaces if s.kind == "quarry")
    mine = ny.position(2, own={0: [quarry]})
    theirs = ny.position(2, own={1: [quarry]})
    assert NYAKUZA.heuristic(mine, 0) > 0.5 > NYAKUZA.heuristic(theirs, 0)


def test_nyakuza_shells_for_the_moai_still_to_raise_count():
    rich = ny.position(2, shells=[20, 4])
    assert NYAKUZA.heuristic(rich, 0) > 0.5
    broke = ny.position(2, shells=[0, 24])
    assert NYAKUZA.heuristic(broke, 0) < NYAKUZA.heuristic(rich, 1)


def test_nyakuza_tokens_won_and_not_yet_placed_count():
    """A playout cut off between the bids and the placing sees what the bid bought."""
    even = ny.position(2)
    to_place = ny.position(2, placer=0, tokens=3)
    assert NYAKUZA.heuristic(to_place, 0) > NYAKUZA.heuristic(even, 0)
    paid = ny.position(2, placer=0, tokens=3, shells=[21, 24])  # 3 shells for 3 tokens
    assert NYAKUZA.heuristic(paid, 0) > 0.5, "three tokens are worth more than three spare shells"
    quarry = next(s.id for s in ISLAND.spaces if s.kind == "quarry")
    placed = ny.position(2, own={0: [quarry]})
    one_token = ny.position(2, placer=0, tokens=1)
    assert NYAKUZA.heuristic(placed, 0) > NYAKUZA.heuristic(one_token, 0), "a quarry held beats a token in hand"


def test_nisyros_people_on_kos_and_boats_to_carry_more_raise_the_team_outcome():
    start = NISYROS.new_state(2, None, 1)
    saved = NISYROS.clone(start)
    for s in range(2):  # four of each player's citizens have sailed
        village = next(p for p, n in enumerate(saved.people[s]) if n >= 4 and p % 8 == 7)
        saved.people[s][village] -= 4
        saved.kos[s] += 4
    boats = NISYROS.clone(start)
    boats.boats = [3, 3, 0, 0]
    h = NISYROS.heuristic(start, 0)
    assert NISYROS.heuristic(saved, 0) > h and NISYROS.heuristic(boats, 0) > h
    assert NISYROS.heuristic(saved, 1) == NISYROS.heuristic(saved, 0), "one value for the team"


def test_nayakas_a_completed_temple_counts():
    from ..nayakas.util import fresh

    even = fresh(2)
    built = fresh(2)
    temple = next(b for b in built.seats[0].built if b.startswith("temple"))
    built.seats[0].built[temple] = [""] * len(built.seats[0].built[temple])
    half = fresh(2)
    half.seats[0].built[temple][0] = ""
    assert abs(NAYAKAS.heuristic(even, 0) - 0.5) < 1e-9
    assert NAYAKAS.heuristic(built, 0) > NAYAKAS.heuristic(half, 0) > NAYAKAS.heuristic(even, 0)
