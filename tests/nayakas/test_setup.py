"""Set-up as the rulebook lays it out."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.games.nayakas.data import C

from .util import GAME, check_invariants, fresh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    st = fresh(players)
    check_invariants(st)
    assert st.kingdoms == ["keladi", "mysore", "thanjavur", "madurai"][:players]
    for p in st.seats:
        assert p.res == {"stone": 2, "clay": 2, "culture": 2, "gold": 2}
        assert p.art == {"architect": 0, "mason": 0, "sculptor": 0}
        assert (p.laborers, p.diplomats) == (2, 1)
        assert p.tokens == 5 and len(p.hand) == 1
    # each ruler's temple is faded on a temple slot; players + 1 grey temples in the market
    assert sorted(st.faded) == sorted(f"{k}_t1" for k in st.kingdoms)
    assert all(C.temple[st.temples[s]].ruler == s[:-3] for s in st.faded)
    assert len(st.temple_market) == players + 1
    assert all(C.temple[t].ruler is None for t in st.temple_market)
    # three face-up tiles of each type
    assert len(st.section_market) == len(st.facility_market) == len(st.border_market) == 3
    # an Event in Trading Post I, merchants in II and III; 2 more Events wait face down
    assert st.posts[0] in C.event and st.posts[1] in C.merchant and st.posts[2] in C.merchant
    assert len(st.event_deck) == 2 and len(st.event_box) == 3
    assert len(st.dev_deck) == 12 - players
    assert st.tracker == 0 and st.conch == 0 and st.turn == 0 and st.phase == "worker"


def test_same_seed_same_game_and_other_seed_other_game():
    assert fresh(3, seed=1) == fresh(3, seed=1)
    assert fresh(3, seed=1) != fresh(3, seed=2)


def test_kingdoms_can_be_chosen():
    st = fresh(2, ["madurai", "thanjavur"])
    assert st.kingdoms == ["madurai", "thanjavur"]
    assert sorted(st.faded) == ["madurai_t1", "thanjavur_t1"]


def test_bad_options_are_refused():
    with pytest.raises(IllegalAction):
        GAME.parse_options({"kingdoms": ["keladi", "keladi"]})
    with pytest.raises(IllegalAction):
        GAME.new_state(2, GAME.parse_options({"kingdoms": ["keladi"]}), 1)
    with pytest.raises(IllegalAction):
        GAME.new_state(5, None, 1)
