"""Saves written by the rules at e0d3e0c (before the engine speed-ups of
issue 19) still load: their moves replay under today's rules to the very
position they recorded (``Match.load`` checks the replay against the saved
snapshot), and the game goes on from there."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop_tui.engine import Match

SAVES = Path(__file__).parent / "saves"


@pytest.mark.parametrize("name", ["finished-3p-heracles", "mid-4p-zeus", "mid-2p-achilles"])
def test_a_save_from_before_the_speed_ups_replays_to_its_snapshot(name):
    path = SAVES / f"{name}.json"
    saved = json.loads(path.read_text())
    match = Match.load(path, autosave=False)
    assert json.loads(match.state.model_dump_json()) == saved["snapshot"]
    assert len(match.log) == len(saved["log"])
    rng = random.Random(1)  # and it plays on to the end
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(rng.choice(match.legal_actions(seat)), seat)
    assert match.state.outcome
