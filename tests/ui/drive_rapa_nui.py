"""Turn a Rapa Nui action into the key presses a player would make on the board.

Two ways to say most things, both exercised by the tests: the direct keys
(f g m p, s, w, 1-4) and the cursor (arrows, then Enter).
"""

from __future__ import annotations

from tabletop_tui.games.rapa_nui.actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown,
                                                 PlayCard, SkipBuy, SubstituteKind, SupplyOffer)
from tabletop_tui.games.rapa_nui.render import KIND_KEY


def _steps(frm: int, to: int, n: int, forward: str) -> list[str]:
    return [forward] * ((to - frm) % n)


def rapa_nui_keys(board, action, *, cursor: bool = False) -> list[str]:
    """The keys that make ``action`` on ``board`` (a RapaNuiBoard) from where
    its cursors are now. ``cursor=True`` prefers arrows and Enter."""
    if isinstance(action, PlayCard):
        kinds = board.hand_kinds()
        keys = _steps(kinds.index(board.hand_cursor), kinds.index(action.card), len(kinds), "right")
        count = 1 if keys else board.count
        if action.count != count:
            if cursor:
                keys += ["up"] * (action.count - count) if action.count > count else ["down"] * (count - action.count)
            else:
                keys.append(str(action.count))
        return keys + ["enter"]
    if isinstance(action, Draw):
        if cursor:
            return _steps(board.row_cursor, action.row, 4, "down") + ["enter"]
        return [str(action.row + 1)]
    if cursor:  # buy step and choices: the options line
        options = [a for _, _, a in board.options()]
        return _steps(board.option_cursor, options.index(action), len(options), "right") + ["enter"]
    if isinstance(action, SkipBuy):
        return ["s"]
    if isinstance(action, ChooseMoaiReward):
        return ["w" if action.reward == "wood" else "f"]
    if isinstance(action, (BuyOffering, SubstituteKind, Offer, OfferFaceDown, SupplyOffer)):
        return [KIND_KEY[action.offering]]
    raise AssertionError(f"no keys for {action!r}")
