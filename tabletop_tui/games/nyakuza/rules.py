"""Nyakuza: the rules model (pure Python, no Textual).

Rulebook: shared/rules/nyakuza.txt; rulings N1-N10 in DECISIONS.md. The map
is data (``data.py``), groups and recipes live in ``moai.py``, the bids'
arithmetic in ``bidding.py``, what each seat may see in ``view.py`` (which
the engine finds: the rules import no view and no text).

A round: tiles are turned up (phase "bid" begins), every seat enters a secret
bid (all seats act at once), the bids are revealed together, then tokens are
placed one at a time ("place"), a placement that raises a Moai with several
possible recipes or palms waits for the placer's choice ("erect"), and in the
secret-tile variant the players who placed nothing may lay their secret tile
afterwards ("secret"). The game ends with the Ceremonial Moai or after the
round that starts with no tile left ("over").

Seats sit clockwise in seat order (the player left of seat s is s + 1).
Texts name seats with the placeholders ``{s0}``..``{s3}``. The state,
options and numbers are in ``state``, the actions in ``actions``, the status
line, action phrases and teaching words in ``text``; this module keeps
legality and play, and re-exports the old names.
"""

from __future__ import annotations

import random

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.game import Event, Game, Result, Seat
from tabletop_tui.engine.rng import chance_rng
from tabletop_tui.engine.text import and_list, plural, who
from tabletop_tui.games.nyakuza import INFO

from . import moai
from .actions import BIDS as _BIDS
from .actions import PASS as _PASS
from .actions import PLACES as _PLACES
from .actions import SECRET as _SECRET
from .actions import Bid, Erect, NyakuzaAction, Pass, Place, PlaySecret
from .actions import erect_action as _erect_action
from .bidding import CLOCKWISE, BidOutcome, resolve_bids
from .data import ISLAND, RESOURCES, space_text, tile_text
from .log import bid_events, placed_event
from .state import (_LIST_FIELDS, COLOURS, FIRST_REVEAL, LATER_REVEAL, MOAI, SHELLS, TOKENS, TOTAL_SHELLS,
                    NyakuzaOptions, NyakuzaState, Phase)

#: what a seat must do first in a phase, said when it gives another input
_FIRST = {"bid": "First enter your bid: tokens are placed after the bids are revealed.",
          "erect": "First choose where your Moai goes and which tiles pay for it."}

__all__ = [
    "COLOURS", "FIRST_REVEAL", "LATER_REVEAL", "MOAI", "SHELLS", "TOKENS", "TOTAL_SHELLS", "Bid", "Erect",
    "Nyakuza", "NyakuzaAction", "NyakuzaOptions", "NyakuzaState", "Pass", "Phase", "Place", "PlaySecret",
    "space_text", "tile_text",
]


def _check_amount(state: NyakuzaState, seat: int, action: Bid) -> None:
    """N4: a bid is 0 up to the bidder's shells."""
    have = state.shells[seat]
    if action.shells < 0:
        raise IllegalAction("A bid cannot be negative.")
    if action.shells > have:
        raise IllegalAction(f"You have only {plural(have, 'shell')}; you cannot bid {action.shells}."
                            if have else "You have no shells, so you can only bid 0.")


class Nyakuza(Game[NyakuzaState]):
    """Nyakuza for 2-4 players."""

    info = INFO
    options_model = NyakuzaOptions
    state_model = NyakuzaState
    action_type = NyakuzaAction
    hidden_information = True
    result_columns = {"moai_left": "Moai left", "moai_erected": "Moai up", "ceremonial_moai": "Ceremonial",
                      "tokens_on_board": "Tokens"}
    hidden_fields = ("stack", "seed", "chance", "bids", "secret", "choices")
    #: the rules page's "In brief" rule behind each kind of move (see ``text.rule_of``)
    action_rules = {"bid": "Bidding", "place": "Placing tokens", "erect": "Choosing the way",
                    "secret": "The secret tile", "pass": "Keeping the tile"}

    def seat_names(self, players: int) -> list[str]:
        return COLOURS[:players]

    # -- set-up ----------------------------------------------------------------------
    def saved_options(self, data: dict) -> dict:
        """Saves from before colours named the first amulet holder stored a
        0-based seat number ("0".."3"): read it as that seat's colour."""
        old = data.get("first_amulet")
        if isinstance(old, str) and old in ("0", "1", "2", "3"):
            data = {**data, "first_amulet": COLOURS[int(old)]}
        return data

    def new_state(self, players: int, options: NyakuzaOptions | None, seed: int) -> NyakuzaState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Nyakuza is for 2-4 players, not {players}.")
        opts = options or NyakuzaOptions()
        if opts.secret_tiles and players < 3:
            raise IllegalAction("The secret tile variant is for 3 or 4 players; play it without the variant "
                                "with 2 players.")
        amulet = None if opts.first_amulet == "random" else COLOURS.index(opts.first_amulet)
        if amulet is not None and amulet >= players:
            raise IllegalAction(f"There is no {opts.first_amulet} player (seat {amulet + 1}) to hold the amulet "
                                f"in a {players}-player game.")
        state = NyakuzaState(
            players=players, seed=seed, secret_variant=opts.secret_tiles,
            shells=[SHELLS[players]] * players, moai_left=[MOAI[players]] * players,
            supply=[TOKENS] * players, bids=[None] * players, placed=[False] * players,
            secret=[None] * players)
        rng = chance_rng(state)
        stack = list(range(1, RESOURCES + 1))
        rng.shuffle(stack)
        state.amulet = rng.randrange(players) if amulet is None else amulet
        if opts.secret_tiles:  # N9: a quarry drawn goes back and the stack is reshuffled
            for s in range(players):
                while True:
                    tile = stack.pop(0)
                    if ISLAND.space_of(tile).kind != "quarry":
                        state.secret[s] = tile
                        break
                    stack.append(tile)
                    rng.shuffle(stack)
        state.stack = stack
        self._start_round(state, [])
        return state

    # -- who acts ---------------------------------------------------------------------
    def to_act(self, state: NyakuzaState) -> list[Seat]:
        ph = state.phase
        if ph == "bid":
            bids = state.bids
            return [s for s in range(state.players) if bids[s] is None]
        if ph == "place":
            return [state.queue[0][0]] if state.queue else []
        if ph == "erect":
            return [state.chooser] if state.chooser is not None else []
        if ph == "secret":
            return state.offers[:1]
        return []

    def _acts(self, state: NyakuzaState, seat: Seat) -> bool:
        """``seat in self.to_act(state)``, without building the list (asked
        by legal_actions and check for every input)."""
        ph = state.phase
        if ph == "place":
            queue = state.queue
            return bool(queue) and queue[0][0] == seat
        if not 0 <= seat < state.players:
            return False
        if ph == "bid":
            return state.bids[seat] is None
        if ph == "erect":
            return state.chooser == seat
        if ph == "secret":
            return bool(state.offers) and state.offers[0] == seat
        return False

    def legal_actions(self, state: NyakuzaState, seat: Seat) -> list[Action]:
        ph = state.phase
        if ph == "place" and not state.secret_variant:  # the most common question first
            queue = state.queue
            if queue and queue[0][0] == seat:
                return [_PLACES[s] for s in moai.legal_spaces(state, seat)]
            return []
        if not self._acts(state, seat):
            return []
        if ph == "bid":
            return list(_BIDS[: state.shells[seat] + 1])
        if ph == "erect":
            return [_erect_action(p, t) for p, t in state.choices]
        secret: list[Action] = [_SECRET] if self.secret_problem(state, seat) is None else []
        if ph == "secret":
            return secret + [_PASS]
        acts: list[Action] = [_PLACES[s] for s in moai.legal_spaces(state, seat)]
        if acts:
            return acts + secret
        return secret + [_PASS] if secret else []

    # -- validation ---------------------------------------------------------------------
    def check(self, state: NyakuzaState, action: Action, seat: Seat) -> None:
        ph = state.phase
        if ph == "place" and action.__class__ is Place:  # the most common input, when it is the seat's turn
            queue = state.queue
            if queue and queue[0][0] == seat:
                why = moai.placement_problem(state, seat, action.space)  # N5-N7
                if why:
                    raise IllegalAction(why)
                return
        if ph == "over":
            raise IllegalAction("The game is over.")
        if not 0 <= seat < state.players:
            raise IllegalAction("There is no such seat at this table.")
        if not self._acts(state, seat):
            if ph == "bid":
                raise IllegalAction("You have already bid this round; wait for the others.")
            raise IllegalAction("It is not your turn.")
        if isinstance(action, Place):  # the most common input first
            if ph != "place":
                raise IllegalAction(_FIRST.get(ph, "You have no token to place now; you may lay your secret tile "
                                                   "or pass."))
            why = moai.placement_problem(state, seat, action.space)  # N5-N7
            if why:
                raise IllegalAction(why)
            return
        if isinstance(action, Bid):
            if ph != "bid":
                raise IllegalAction("Bids are made at the start of a round, not now.")
            _check_amount(state, seat, action)
            return
        if ph == "bid" or (ph == "erect" and not isinstance(action, Erect)):
            raise IllegalAction(_FIRST[ph])
        if isinstance(action, Erect):
            if ph != "erect":
                raise IllegalAction("There is no Moai waiting to be erected.")
            if (action.palm, tuple(action.tiles)) not in state.choices:
                raise IllegalAction("Your group cannot erect a Moai that way; choose one of the offered ways.")
            return
        if isinstance(action, PlaySecret):
            why = self.secret_problem(state, seat)
            if why:
                raise IllegalAction(why)
            return
        if isinstance(action, Pass):
            if ph == "place":
                if moai.can_place(state, seat):
                    raise IllegalAction("You must place your token: there is still a space you may use.")
                if self.secret_problem(state, seat) is not None:
                    raise IllegalAction("There is nothing to pass now.")
            return
        raise IllegalAction("That move is not part of Nyakuza.")

    def secret_problem(self, state: NyakuzaState, seat: int) -> str | None:
        """Why ``seat`` may not lay their secret tile now (N9), or None."""
        if not state.secret_variant:
            return "This game is played without secret tiles."
        tile = state.secret[seat]
        if tile is None:
            return "You have already laid your secret tile."
        if state.phase not in ("place", "secret"):
            return "You may lay your secret tile only when it is your turn to place tokens."
        if state.supply[seat] < 1:
            return "You have no token left in your supply to put on your secret tile."
        why = moai.placement_problem(state, seat, ISLAND.by_number[tile], secret=True)
        return f"You cannot lay your secret tile now: {why[0].lower()}{why[1:]}" if why else None

    # -- play ---------------------------------------------------------------------------
    def _play(self, state: NyakuzaState, action: Action, seat: Seat, quiet: bool = False) -> list[Event]:
        """Play a checked action; ``quiet`` (search) builds no events."""
        events: list[Event] | None = None if quiet else []
        if isinstance(action, Bid):
            state.bids[seat] = action.shells
            if events is not None:
                events += bid_events(seat, action.shells)
            if None not in state.bids:
                self._reveal_bids(state, events)
                self._advance(state, events)
        elif isinstance(action, Place):
            s, n = state.queue[0]
            state.queue[0] = (s, n - 1)
            state.occupant[action.space] = seat
            moai.note_placed(state, seat, action.space)
            state.placed[seat] = True
            if events is not None:
                events.append(placed_event(seat, action.space))
            if state.resume != "place":
                state.resume = "place"
            self._erection_loop(state, events, seat, action.space)  # N6/N7: erect what the group must
        elif isinstance(action, PlaySecret):
            tile = state.secret[seat]
            assert tile is not None
            space = ISLAND.by_number[tile]
            state.secret[seat] = None
            state.revealed[space] = True
            moai.note_revealed(state, space)
            state.supply[seat] -= 1
            state.occupant[space] = seat
            moai.note_placed(state, seat, space)
            state.placed[seat] = True
            if events is not None:
                events.append(Event(seat=seat, reveals=True, text=f"{who(seat)} lays their secret tile "
                                                                  f"{tile_text(tile)} and puts an extra token on it."))
            if state.phase == "secret":
                state.offers.pop(0)
                state.resume = "secret"
            else:
                state.resume = "place"
            self._erection_loop(state, events, seat, space)
        elif isinstance(action, Erect):
            self._erect(state, seat, (action.palm, tuple(action.tiles)), events)
            state.choices = []
            if state.phase != "over":
                self._erection_loop(state, events)
        elif isinstance(action, Pass):
            if state.phase == "secret":
                state.offers.pop(0)
                if events is not None:
                    events.append(Event(seat=seat, text=f"{who(seat)} keeps their secret tile for later."))
            else:
                s, n = state.queue.pop(0)
                state.supply[s] += n
                if events is not None:
                    events.append(Event(seat=seat, text=f"{who(seat)} cannot place {plural(n, 'token')} and "
                                                        f"returns {'it' if n == 1 else 'them'} to the supply."))
            self._advance(state, events)
        return events or []

    def play_silent(self, state: NyakuzaState, action: Action, seat: Seat) -> None:
        self._play(state, action, seat, quiet=True)

    # rounds -------------------------------------------------------------------------
    def _start_round(self, state: NyakuzaState, events: list[Event] | None) -> None:
        """N3: turn up the round's tiles, or begin the last round."""
        state.round += 1
        state.placed = [False] * state.players
        state.bids = [None] * state.players
        state.phase = "bid"
        if not state.stack:
            state.new_tiles = []
            state.last_round = True
            if events is not None:
                events.append(Event(text=f"Round {state.round} begins. No tiles are left to turn up: "
                                         f"this is the last round."))
            return
        k = (FIRST_REVEAL if state.round == 1 else LATER_REVEAL)[state.players]
        stack, revealed, by_number = state.stack, state.revealed, ISLAND.by_number
        tiles = stack[:k]
        del stack[:k]
        spaces = [by_number[t] for t in tiles]
        for space in spaces:
            revealed[space] = True
        moai.note_revealed(state, *spaces)
        state.new_tiles = tiles
        if events is not None:
            note = " That was the last of the stack: the next round is the last." if not state.stack else ""
            shown = and_list([tile_text(t) for t in sorted(tiles)])
            events.append(Event(reveals=True, text=f"Round {state.round}: tiles {shown} are turned up.{note}"))

    def _reveal_bids(self, state: NyakuzaState, events: list[Event] | None) -> None:
        """N4: reveal the bids together and settle them."""
        n = state.players
        bids = [b or 0 for b in state.bids]
        out = resolve_bids(bids, state.amulet, state.reef)
        supply, tokens, shells = state.supply, out.tokens, state.shells
        got = [0] * n
        for s in range(n):
            if tokens[s]:
                got[s] = g = tokens[s] if tokens[s] <= supply[s] else supply[s]
                supply[s] -= g
        top = out.top
        if top is not None:
            shells[top] -= out.paid
            state.reef += out.paid
        zero = out.zero
        if zero:
            for s in zero:
                shells[s] += out.share
        if events is not None:
            self._bid_events(state, out, got, events)
        if zero and out.reef_after != state.reef:
            state.reef = out.reef_after
        if state.amulet != out.amulet:
            state.amulet = out.amulet
        state.last_bids = bids
        state.last_tokens = got
        state.bids = [None] * n
        state.queue = [(s, got[s]) for s, _ in out.order if got[s]]
        state.phase = "place"

    def _bid_events(self, state: NyakuzaState, out: BidOutcome, got: list[int], events: list[Event]) -> None:
        """The log of revealed bids (``_reveal_bids`` has settled them, but for the reef's sharing)."""
        bids, top, second = out.bids, out.top, out.second
        events.append(Event(reveals=True, text="Bids revealed: " + ", ".join(
            [f"{{s{s}}} {b}" for s, b in enumerate(bids)]) + "."))  # who(s) is "{s0}".."{s3}"
        if top is not None:
            parts = [f"{who(top)} wins the bid, pays {plural(out.paid, 'shell')} to the reef, "
                     f"takes the amulet and {plural(got[top], 'token')}"]
            if second is not None:
                parts.append(f"{who(second)} is second with {plural(got[second], 'token')}")
            ones = [s for s, k in out.order if s != top and s != second]  # in placing order
            if ones:
                parts.append(f"{and_list([who(s) for s in ones])} {'takes' if len(ones) == 1 else 'take'} "
                             f"1 token{'' if len(ones) == 1 else ' each'}")
            events.append(Event(seat=top, text="; ".join(parts) + "."))
            tokens = out.tokens
            for s in range(state.players):
                if got[s] < tokens[s]:
                    events.append(Event(seat=s, text=f"{who(s)} has only {plural(got[s], 'token')} left in the "
                                                     f"supply."))
        else:
            events.append(Event(text="Everybody bid nothing: nobody places tokens this round."))
        zero = out.zero
        if zero:
            before = state.reef  # the payment is in, the sharing not yet
            names = and_list([who(s) for s in zero])
            if len(zero) == 1:
                text = f"{names} bid nothing and takes the reef's {plural(before, 'shell')}."
            else:
                text = (f"{names} bid nothing and share the reef's {plural(before, 'shell')}: "
                        f"{plural(out.share, 'shell')} each")
                text += f", {out.reef_after} left on the reef." if out.reef_after else "."
            events.append(Event(text=text))

    def _advance(self, state: NyakuzaState, events: list[Event] | None) -> None:
        """Move on until some seat must give input, or the game ends."""
        if state.phase == "place":
            while state.queue:
                s, n = state.queue[0]
                if n > 0 and (moai.can_place(state, s) or self.secret_problem(state, s) is None):
                    return
                state.queue.pop(0)
                if n > 0:  # N5: a token with no legal space goes back to the supply
                    state.supply[s] += n
                    if events is not None:
                        events.append(Event(seat=s, text=f"{who(s)} has no space to place "
                                                         f"{'a token' if n == 1 else f'{n} tokens'} on; "
                                                         f"{'it goes' if n == 1 else 'they go'} back to the supply."))
            state.phase = "secret"
            # N9: who placed nothing may still lay the secret tile, clockwise from the amulet
            state.offers = ([s for s in CLOCKWISE[state.players][state.amulet]
                             if not state.placed[s] and state.secret[s] is not None]
                            if state.secret_variant else [])
        if state.phase == "secret":
            while state.offers:
                if self.secret_problem(state, state.offers[0]) is None:
                    return
                state.offers.pop(0)
            self._end_round(state, events)  # a new round waits for bids, or the game is over

    def _end_round(self, state: NyakuzaState, events: list[Event] | None) -> None:
        if state.last_round:
            self._final_scoring(state, events)
        else:
            self._start_round(state, events)

    # placing and Moai -------------------------------------------------------------------
    def _erection_loop(self, state: NyakuzaState, events: list[Event] | None, seat: int | None = None,
                       anchor: int | None = None) -> None:
        """Erect while the group qualifies (N6): alone when only one way is
        open, else wait in phase "erect" for the owner's choice.

        ``seat`` and ``anchor`` (the token whose group it is) are the
        chooser's; without them, those the state holds. The state records
        them only while it waits for the choice (fields already holding the
        value they would get are not assigned again: pydantic assignments
        are slow)."""
        if seat is None:
            seat, anchor = state.chooser, state.anchor
        assert seat is not None and anchor is not None
        while True:
            if anchor != moai.ORONGO and state.moai_left[seat] == 0:
                break
            if anchor != moai.ORONGO and not moai.group_qualifies(state, seat, anchor):
                break
            options = moai.erection_choices(state, seat, anchor)
            if not options:  # N6: a further erection that cannot be paid is not made
                if events is not None:
                    events.append(Event(seat=seat, text=f"{who(seat)}'s group could raise another Moai, but "
                                                        f"{who(seat)} cannot pay for it: it is not erected."))
                break
            if len(options) > 1:
                state.chooser = seat
                state.anchor = anchor
                state.phase = "erect"
                state.choices = options
                return
            self._erect(state, seat, options[0], events)
            if state.phase == "over":
                return
        if state.chooser is not None:
            state.chooser = None
        if state.anchor is not None:
            state.anchor = None
        if state.choices:
            state.choices = []
        if state.phase != state.resume:
            state.phase = state.resume
        self._advance(state, events)

    def _erect(self, state: NyakuzaState, seat: int, choice: tuple[int, tuple[int, ...]],
               events: list[Event] | None) -> None:
        palm, tiles = choice
        state.shells[seat] -= len(tiles)
        for t in tiles:
            state.spent[t] = True
            moai.note_spent(state, t)
        state.moai[palm] = True
        moai.note_moai(state, palm)
        if palm == moai.ORONGO:  # N7
            state.ceremonial = seat
            if events is not None:
                spent = " + ".join(space_text(t) for t in tiles)
                events.append(Event(seat=seat, text=f"{who(seat)} erects the Ceremonial Moai at Orongo, spending "
                                                    f"{spent}!"))
            self._finish(state, [seat], f"{who(seat)} erected the Ceremonial Moai at Orongo.", events)
            return
        state.moai_left[seat] -= 1
        left = state.moai_left[seat]
        if events is not None:
            on = space_text(tiles[0]) if len(tiles) == 1 else "each of " + and_list([space_text(t) for t in tiles])
            events.append(Event(seat=seat, text=f"{who(seat)} erects a Moai on {space_text(palm)}, putting a shell "
                                                f"on {on} ({left} Moai left)."))

    # end ------------------------------------------------------------------------------
    def _final_scoring(self, state: NyakuzaState, events: list[Event] | None) -> None:
        """N8: fewest Moai left; tie: most shells; still tied: a shared win."""
        fewest = min(state.moai_left)
        tied = [s for s in range(state.players) if state.moai_left[s] == fewest]
        richest = max(state.shells[s] for s in tied)
        winners = [s for s in tied if state.shells[s] == richest]
        names = and_list([who(s) for s in winners])
        if len(tied) == 1:
            reason = f"The last round is over: {names} has the fewest Moai left ({fewest})."
        elif len(winners) == 1:
            reason = (f"The last round is over: {names} has the fewest Moai left ({fewest}) "
                      f"and the most shells among those tied ({richest}).")
        else:
            reason = (f"The last round is over: {names} tie with {fewest} Moai left and "
                      f"{plural(richest, 'shell')} each, and share the win.")
        self._finish(state, winners, reason, events)

    def _finish(self, state: NyakuzaState, winners: list[int], reason: str, events: list[Event] | None) -> None:
        state.phase = "over"
        state.winners = winners
        state.end_reason = reason
        for s, n in state.queue:  # tokens taken but not placed go back to the supply
            state.supply[s] += n
        state.queue = []
        state.offers = []
        state.chooser = state.anchor = None
        state.choices = []
        state.bids = [None] * state.players
        if events is not None:
            shells = ", ".join(f"{who(s)} {state.shells[s]}" for s in range(state.players))
            events.append(Event(reveals=True, text=f"{reason} {and_list([who(s) for s in winners])} "
                                                   f"{'wins' if len(winners) == 1 else 'win'}! Shells: {shells}."))

    def is_over(self, state: NyakuzaState) -> bool:
        return state.phase == "over"

    def result(self, state: NyakuzaState) -> Result:
        details = {s: {"moai_left": state.moai_left[s], "moai_erected": state.moai_erected(s),
                       "ceremonial_moai": state.ceremonial == s, "shells": state.shells[s],
                       "tokens_on_board": state.on_board(s)} for s in range(state.players)}
        scores = {s: float(state.moai_erected(s) + (1 if state.ceremonial == s else 0))
                  for s in range(state.players)}
        left = ", ".join(f"{{s{s}}} {state.moai_left[s]}" for s in range(state.players))
        return Result(winners=list(state.winners), scores=scores, details=details, summary=state.end_reason,
                      condition="The first to raise the Ceremonial Moai wins at once; otherwise, after the "
                                "last round, the fewest Moai left (a tie: the most shells). "
                                f"Moai left: {left}.")

    # -- information -----------------------------------------------------------------------
    def clone(self, state: NyakuzaState) -> NyakuzaState:
        new = state.model_copy(update={f: list(getattr(state, f)) for f in _LIST_FIELDS})
        moai.copy_index(state, new)  # the clone's own copy of the board index, in step with its lists
        return new
