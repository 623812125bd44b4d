"""Rapa Nui: the rules model (pure Python, no Textual).

Rulebook: shared/rules/rapa_nui.de.txt; rulings R1-R9 in DECISIONS.md.
Card data in ``data``, scoring arithmetic in ``scoring``, actions in
``actions``, the state in ``state``. The Game is made of its jobs:
``legal`` (who acts, what is legal, the refusals), ``play`` (what a move
does) and ``turn`` (scorings, offering rounds, the turn order and the end);
the engine finds the per-seat view in ``view`` and the words in ``text``.

A turn is three phases of the active player: "buy" (R4.1), "play" (R4.2),
"draw" (R4.3, one ``Draw`` per card). Scorings (R6) and offering rounds (R5)
put the choices other players must make into ``state.pending``, a queue whose
head's seat is the one to act; steps with no real choice resolve by
themselves.

Our own rulings (listed under "Table rulings" in assets/rules/rapa_nui.md):

- Seat order is clockwise; the left neighbour of seat s is s+1; seat 0 starts.
- Moai rewards are asked one owner at a time, from the active player
  clockwise; hunter-gatherer offerings are handed out in the same order, each
  player's base card first, the sole leader's extra card last.
- A refill needs 4 cards: with fewer left in the deck the row stays empty and
  those cards stay in the deck (the deck has run out, R7).
- If at the end of a turn no player can afford any card in hand, no card can
  ever be drawn again: the game ends then, as if the deck had run out.
- A choice with a single possible answer is made automatically.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng, shuffle
from tabletop_tui.engine.text import SEAT_NAMES, and_list, plural, seat_names
from tabletop_tui.games.rapa_nui import INFO

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard,
                      RapaNuiAction, SkipBuy, SubstituteKind, SupplyOffer)
from .data import (CARDS, COLOURS, GATHERERS, MOAI_COST, OFFERING_NAME, OFFERINGS, OFFERINGS_PER_KIND,
                   RAPA_NUI_DECK, ROW_LENGTH, ROWS, START_GATHERERS, START_WOOD, all_cards, empty_cards,
                   empty_offerings)
from .legal import Legality
from .play import Play
from .scoring import final_breakdown, offering_values, ranking_winners, sole_leader, wood_points
from .state import Pending, RapaNuiOptions, RapaNuiState
from .turn import Turns

__all__ = [
    "BuyOffering", "ChooseMoaiReward", "Draw", "Offer", "OfferFaceDown", "Pending", "PlayCard", "RapaNui",
    "RapaNuiAction", "RapaNuiOptions", "RapaNuiState", "SkipBuy", "SubstituteKind",
    "SupplyOffer",
]



class RapaNui(Legality, Play, Turns, Game[RapaNuiState]):
    """Rapa Nui for 2-4 chieftains."""

    info = INFO
    options_model = RapaNuiOptions
    state_model = RapaNuiState
    action_type = RapaNuiAction
    hidden_information = True
    result_columns = {"moai_points": "Moai pts", "wood_points": "Wood pts", "offering_cards": "Offerings",
                      "offering_points": "Offer. pts"}
    hidden_fields = ("deck", "hands", "stone_down", "seed", "chance")
    #: the rules page's "In brief" rule behind each kind of move (see ``text.rule_of``)
    action_rules = {
        "buy": "Buying offerings", "skip_buy": "Buying offerings", "play": "Playing a card", "draw": "Drawing",
        "moai_reward": "Moai rewards", "substitute": "Empty supply", "offer": "Offering round",
        "offer_face_down": "Your own offerings", "supply_offer": "Your own offerings",
    }

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    # -- set-up -------------------------------------------------------------------
    def new_state(self, players: int, options: RapaNuiOptions | None, seed: int) -> RapaNuiState:
        if not (self.min_players <= players <= self.max_players):
            raise IllegalAction("Rapa Nui is for 2 to 4 players.")
        state = RapaNuiState(players=players, seed=seed)
        rng = chance_rng(state)
        deck: list[str] = [k for k in CARDS for _ in range(RAPA_NUI_DECK[k])]
        shuffle(rng, deck)
        # R3: 4 rows of 4, dealt from the top of the shuffled deck
        state.market = [[deck.pop() for _ in range(ROW_LENGTH)] for _ in range(ROWS)]  # type: ignore[misc]
        state.deck = deck  # type: ignore[assignment]
        for seat in range(players):
            hand = empty_cards()
            for g in START_GATHERERS[seat]:  # R1: three start hunter-gatherers in hand
                hand[g] += 1
            display = empty_cards()
            display["woodcutter"] = 1  # R1: the start woodcutter face up
            state.hands.append(hand)  # type: ignore[arg-type]
            state.displays.append(display)  # type: ignore[arg-type]
            state.offerings.append({k: 1 for k in OFFERINGS})  # type: ignore[misc]  # R2
            state.wood.append(START_WOOD[seat])  # R2: 2, 3, 4, 5
            state.fame.append(0)
        state.supply = {k: OFFERINGS_PER_KIND - players for k in OFFERINGS}  # type: ignore[misc]
        state.stone_up = empty_offerings()  # type: ignore[assignment]
        self._begin_turn(state, [])
        return state

    # -- helpers --------------------------------------------------------------------
    def placeholders(self, state: RapaNuiState) -> list[str]:
        """Seat placeholders ``{s0}``.. that the Match fills with player names
        (so the log reads "Ana drew a Priest")."""
        names = SEAT_NAMES.get(state.players)
        return names if names is not None else seat_names(state.players)

    def _order_from(self, state: RapaNuiState, first: int) -> list[int]:
        """Seats clockwise starting with ``first``."""
        return [(first + i) % state.players for i in range(state.players)]

    # -- end -----------------------------------------------------------------------------------
    def is_over(self, state: RapaNuiState) -> bool:
        return state.phase == "over"

    def result(self, state: RapaNuiState) -> Result:
        """R8: final scores; winners by points, then Moais, else shared."""
        names = self.placeholders(state)
        vals = offering_values(self._stone_counts(state))
        details = {s: final_breakdown(state.fame[s], state.displays[s]["moai"], state.wood[s],
                                      dict(state.offerings[s]), vals)  # type: ignore[index]
                   for s in range(state.players)}
        totals = [details[s]["total"] for s in range(state.players)]
        moais = [details[s]["moai"] for s in range(state.players)]
        winners = ranking_winners(totals, moais)
        best = totals[winners[0]]
        if len(winners) == 1:
            w = winners[0]
            tied = [s for s in range(state.players) if totals[s] == best and s != w]
            how = f" (more Moais than {and_list([names[s] for s in tied])})" if tied else ""
            summary = f"{names[w]} wins with {best} points{how}."
        else:
            summary = (f"{and_list([names[s] for s in winners])} share the win with {best} points "
                       f"and {plural(moais[winners[0]], 'Moai')} each.")
        stone = self._stone_counts(state)
        worth = ", ".join(f"{OFFERING_NAME[k]} {vals[k]} ({stone[k]}{' on the stone' if i == 0 else ''})"
                          for i, k in enumerate(OFFERINGS))
        return Result(winners=winners, scores={s: float(totals[s]) for s in range(state.players)},
                      details={s: dict(d) for s, d in details.items()}, summary=summary,
                      condition="Most points wins (fame, 4 per Moai, 1 per 5 wood, and each offering card "
                                "in hand by the stone); a tie goes to the most Moai. An offering card in "
                                f"hand is worth, by the cards on the stone (face-down ones turned up): {worth}.")

    # -- information ------------------------------------------------------------------------------
    def clone(self, state: RapaNuiState) -> RapaNuiState:
        # one model_copy with every mutable field copied (an update is set
        # as given, without validation or one __setattr__ per field)
        return state.model_copy(update={
            "deck": list(state.deck),
            "market": [list(r) for r in state.market],
            "hands": [dict(h) for h in state.hands],
            "displays": [dict(d) for d in state.displays],
            "wood": list(state.wood),
            "fame": list(state.fame),
            "offerings": [dict(o) for o in state.offerings],
            "supply": dict(state.supply),
            "stone_up": dict(state.stone_up),
            "stone_down": list(state.stone_down),  # tuples
            "pending": list(state.pending),  # Pending is frozen
        })
