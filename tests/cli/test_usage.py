"""A refused command line prints the usage of its own subcommand, not the
top-level one, then the one sentence that says why."""

from __future__ import annotations

import pytest

from tabletop_tui import cli


@pytest.mark.parametrize("argv, usage, why", [
    (["play", "tiki", "--players", "5"], "usage: tabletop play ", "Tiki is for 2 players, not 5"),
    (["demo", "tiki", "--players", "3"], "usage: tabletop demo ", "Tiki is for 2 players, not 3"),
    (["play", "nayakas", "--option", "kingdoms=foo"], "usage: tabletop play ", "kingdoms cannot hold 'foo'"),
    (["simulate", "tiki", "--bots", "clever"], "usage: tabletop simulate ", "clever"),
    (["load", "/nonexistent/save.json"], "usage: tabletop load ", "cannot load"),
])
def test_a_refused_subcommand_prints_its_own_usage(argv, usage, why, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(usage), err
    assert "COMMAND" not in err
    assert why in err.splitlines()[-1]
