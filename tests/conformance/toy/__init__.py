"""A toy sixth game, Pebbles, made by following docs/adding-a-game.md and
registered only by tests/conformance/test_new_game.py (its folder joins
``tabletop_tui.games`` for the test's duration): proof that the template's
contract is enough to add a game and that nothing else has to change."""
