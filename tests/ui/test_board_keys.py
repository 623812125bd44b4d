"""Conformance, UI side: every legal action of every registered game can be
made from its board's keys. Each game has a key driver (the keys a player
would press for an action); from positions reached by seeded random play,
actions of every kind the model lists are typed into the real app and must
be the action the table applies."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine import Match, SeatConfig, registry
from tabletop_tui.ui.app import TabletopApp

from .drive import tiki_keys, to_the_game
from .drive_nayakas import nayakas_keys
from .drive_nisyros import nisyros_keys
from .drive_nyakuza import keys_for as nyakuza_keys
from .drive_rapa_nui import rapa_nui_keys

#: one key driver per game: (board, action) -> keys. A new game adds its line.
DRIVERS = {"tiki": tiki_keys, "rapa_nui": rapa_nui_keys, "nyakuza": nyakuza_keys,
           "nisyros": nisyros_keys, "nayakas": nayakas_keys}
DEPTHS = (0, 1, 2, 6, 20, 45)


pytestmark = pytest.mark.usefixtures("inline_bots")


def test_every_registered_game_has_a_key_driver():
    missing = sorted(g.id for g in registry.catalogue() if g.id not in DRIVERS)
    assert not missing, f"add a key driver for {missing} to DRIVERS"


def positions(game_id: str):
    """(depth, match, seat, action) samples: one action of each kind at each depth."""
    game = registry.get(game_id)
    rng = random.Random(11)
    for depth in DEPTHS:
        m = Match(game, [SeatConfig(name=n) for n in ("Ana", "Ben")][: max(2, game.min_players)],
                  seed=depth + 3, autosave=False)
        for _ in range(depth):
            if m.is_over():
                break
            seat = m.to_act()[0]
            m.apply(rng.choice(m.legal_actions(seat)), seat)
        if m.is_over():
            continue
        seat = m.to_act()[0]
        by_kind: dict[str, list] = {}
        for a in m.legal_actions(seat):
            by_kind.setdefault(a.kind, []).append(a)
        for kind, actions in sorted(by_kind.items()):
            yield depth, m.seed, m.log, seat, rng.choice(actions)


def cases():
    for g in registry.catalogue():
        if g.id in DRIVERS:
            for depth, seed, log, seat, action in positions(g.id):
                yield pytest.param(g.id, seed, [e.model_dump() for e in log], seat, action,
                                   id=f"{g.id}-{depth}-{action.kind}")


@pytest.mark.parametrize("game_id,seed,log,seat,action", list(cases()))
async def test_a_legal_action_is_made_by_keys(game_id, seed, log, seat, action):
    game = registry.get(game_id)
    # the sampled position: its log replayed from its seed
    match = Match(game, [SeatConfig(name=n) for n in ("Ana", "Ben")][: max(2, game.min_players)],
                  seed=seed, autosave=False)
    for entry in log:
        match.apply(entry["action"], entry["seat"])
    app = TabletopApp(match=match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_the_game(pilot)
        assert screen.viewer == seat
        before = len(match.log)
        for key in DRIVERS[game_id](screen.board, action):
            await pilot.press(key)
        await pilot.pause()
        assert len(match.log) == before + 1, f"{action!r} was not made by its keys"
        assert match.log[-1].action == action.model_dump(mode="json") and match.log[-1].seat == seat

