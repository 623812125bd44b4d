"""The catalogue lists games without loading their rules; get() loads them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tabletop_tui.engine.registry import catalogue, get

ROOT = Path(__file__).resolve().parents[2]


def test_each_game_matches_the_info_its_package_announced():
    for info in catalogue():
        game = get(info.id)
        assert (game.id, game.title, game.blurb, game.min_players, game.max_players) == (
            info.id, info.title, info.blurb, info.min_players, info.max_players)


def test_listing_the_games_loads_no_rules_model_and_no_pydantic():
    code = ("import sys; from tabletop_tui.engine.registry import catalogue; "
            "ids = [g.id for g in catalogue()]; "
            "print(ids and not any(m.endswith('.rules') for m in sys.modules), 'pydantic' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.split() == ["True", "False"], out.stderr
