"""Words for players: the rules page, statuses, action names, the log."""

from __future__ import annotations

import random

from tabletop_tui.games.nyakuza.bidding import resolve_bids
from tabletop_tui.games.nyakuza.data import ISLAND
from tabletop_tui.resources import rules_markdown

from .util import (
    ANNE, DAN, GAME, Bid, Erect, Pass, Place, PlaySecret, new, palm, play, position, tile,
)


def test_rules_page_covers_everything_and_ends_with_the_rulings():
    page = rules_markdown("nyakuza")
    for heading in ("# Nyakuza", "## The island", "## Bidding", "## Placing tokens", "## Raising Moai",
                    "## Orongo and the Ceremonial Moai", "## The end", "## Variant: secret tiles",
                    "## Table rulings"):
        assert heading in page, heading
    rulings = page[page.index("## Table rulings"):]
    for n in range(1, 11):
        assert f"**N{n}**" in rulings
    assert "Our own decisions" in rulings


def test_rules_page_bidding_example():
    """Ana (0) holds the amulet, 3 shells on the reef; bids Ana 0, Ben 4, Cy 4, Dee 1."""
    out = resolve_bids([0, 4, 4, 1], amulet=0, reef=3)
    assert (out.top, out.second, out.paid, out.amulet) == (1, 2, 4, 1)
    assert out.tokens == [0, 3, 2, 1]
    assert out.zero == [0] and out.share == 7 and out.reef_after == 0
    assert out.order == [(1, 3), (2, 2), (3, 1)]


def test_status_lines():
    state = new(4, amulet=0)
    assert GAME.status(state, None) == "Round 1: secret bids; waiting for {s0}, {s1}, {s2} and {s3}."
    play(state, Bid(shells=1), 1)
    assert "waiting for {s0}, {s2} and {s3}" in GAME.status(state, 0)
    state = position(4, placer=DAN, tokens=2)
    assert GAME.status(state, DAN) == "Round 1: {s3} places 2 tokens, one at a time."
    state = position(4, placer=DAN, own={DAN: [tile(11), tile(21), palm("P14")]})
    play(state, Place(space=palm("P10")), DAN)
    assert "{s3} chooses where the Moai goes" in GAME.status(state, ANNE)


def test_describe_actions():
    state = position(4, placer=DAN, secret=True)
    d = lambda a: GAME.describe_action(state, a, DAN)  # noqa: E731
    assert d(Bid(shells=3)) == "bid 3 shells"
    assert d(Bid(shells=1)) == "bid 1 shell"
    assert d(Bid(shells=0)) == "bid nothing (share the reef)"
    assert d(Place(space=tile(21))) == "token on 21f (food)"
    assert d(Place(space=palm("P23"))) == "token on inland palm p23"
    assert d(Place(space=palm("P10"))) == "token on coastal palm P10"
    assert d(Erect(palm=palm("P10"), tiles=(tile(11), tile(21)))) == \
        "Moai on coastal palm P10, spending 11f (food) + 21f (food)"
    held = state.secret[DAN]
    held_kind = GAME.view(state, DAN).secret_tile_kind
    assert d(PlaySecret()) == f"lay your secret tile {ISLAND.space_of(held).name} ({held_kind}) with an extra token"
    assert d(Pass()) == "give up the remaining tokens"


def test_every_event_is_plain_words():
    state = new(3, secret=True, seed=8)
    rng = random.Random(3)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        for e in GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat):
            assert e.text[0].isupper() or e.text.startswith("{s"), e.text
            assert e.text.endswith((".", "!")), e.text
            assert "None" not in e.text and "[" not in e.text, e.text
            if e.private:
                assert e.seat is not None
