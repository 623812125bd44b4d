"""Nyakuza: the game's words: the status line, the action phrases, the
log's opening, and the teaching words (which rule of the rules page a move
follows, for the demo's narration, and the coach's one line on what a move
does for its seat). No Textual.

Seats are named by the placeholders ``{s0}``..``{s3}`` that the Match fills
with the players' names (see ``engine.text``). The log's sentences of play
are written where the rules play (``rules._play``), which builds none of
them on the search bot's silent path; the spaces in words, which both use,
are data (``data.space_text``).

The teaching words read only what the table may know when they speak.
``why`` plays the move on the seat's own ``determinize`` copy and reads back
only the seat's tokens, Moai, spent tiles and shells and the public board,
never a re-sampled tile, shell count or bid of another seat. ``rule_of`` is
asked as the move is played and names what the move shows at once (a Moai
it forces, the bids it reveals), never a bid still secret.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import and_list, plural, who

from . import moai
from .actions import Bid, Erect, Pass, Place, PlaySecret
from .data import ISLAND, space_text, tile_text  # noqa: F401 (the boards take the spaces' words from here)
from .state import NyakuzaState

if TYPE_CHECKING:
    from .rules import Nyakuza

def describe_action(game: "Nyakuza", state: NyakuzaState, action: Action, seat: int) -> str:
    """A legal action in a few words, for the choices and hints."""
    if isinstance(action, Bid):
        return f"bid {plural(action.shells, 'shell')}" if action.shells else "bid nothing (share the reef)"
    if isinstance(action, Place):
        return f"token on {space_text(action.space)}"
    if isinstance(action, Erect):
        return f"Moai on {space_text(action.palm)}, spending " + " + ".join(space_text(t) for t in action.tiles)
    if isinstance(action, PlaySecret):
        tile = state.secret[seat] if 0 <= seat < state.players else None
        return (f"lay your secret tile {tile_text(tile)} with an extra token" if tile
                else "lay your secret tile with an extra token")
    if isinstance(action, Pass):
        return "keep the secret tile for later" if state.phase == "secret" else "give up the remaining tokens"
    return action.kind


def status(game: "Nyakuza", state: NyakuzaState, seat: int | None) -> str:
    """The status line: the round and who must do what."""
    to_act = game.to_act(state)
    ph = state.phase
    if ph == "over":
        return state.end_reason
    last = " (last round)" if state.last_round else ""
    head = f"Round {state.round}{last}"
    if ph == "bid":
        waiting = and_list([who(s) for s in to_act])
        return f"{head}: secret bids; waiting for {waiting}."
    if ph == "place":
        s, n = state.queue[0]
        return f"{head}: {who(s)} places {'a token' if n == 1 else f'{n} tokens, one at a time'}."
    if ph == "erect":
        return f"{head}: {who(state.chooser or 0)} chooses where the Moai goes and which tiles pay for it."
    return f"{head}: {who(state.offers[0])} may lay their secret tile with an extra token."


# -- the log's first lines and a seat's secrets ----------------------------------------------
def opening(game: "Nyakuza", state: NyakuzaState) -> list[Event]:
    """The first round's tiles, who holds the amulet, and each secret
    tile to its own seat only."""
    shown = and_list([tile_text(t) for t in sorted(state.new_tiles)])
    out = [Event(text=f"Round 1: tiles {shown} are turned up. {{s{state.amulet}}} holds the amulet.")]
    for s in range(state.players):
        if state.secret and state.secret[s] is not None:
            out.append(Event(seat=s, private=True, text=f"Your secret tile is {tile_text(state.secret[s])}."))
    return out

def secrets_text(game: "Nyakuza", state: NyakuzaState, seat: int) -> str:
    """The seat's shells, a bid not yet revealed and its secret tile."""
    out = [plural(state.shells[seat], "shell")]
    if state.bids and state.bids[seat] is not None:
        out.append(f"bid {plural(state.bids[seat], 'shell')}")
    if state.secret and state.secret[seat] is not None:
        out.append(f"secret tile {tile_text(state.secret[seat])}")
    return ", ".join(out)


# -- teaching: the rule a move follows and the coach's why ----------------------------------
#: the other half of each two-tile recipe, and the recipe's name
PARTNER = {"temple": "god", "god": "temple", "birdman": "nest", "nest": "birdman", "food": "food"}
PAIR_NAME = {"temple": "temple + god", "god": "temple + god", "birdman": "birdman + nest",
             "nest": "birdman + nest", "food": "two food"}


def where(space: int) -> str:
    """A space in the coach's few words: "P45", "Orongo", "54n (nest)"."""
    s = ISLAND.spaces[space]
    if s.orongo:
        return "Orongo"
    return s.label if s.is_palm else s.describe()


def recipe_name(tiles: tuple[int, ...] | list[int]) -> str:
    """"the quarry", "temple + god", "birdman + nest" or "two food"."""
    kinds = [ISLAND.spaces[t].kind for t in tiles]
    return "the quarry" if kinds == ["quarry"] else PAIR_NAME[kinds[0]]


# -- the rule a move follows ---------------------------------------------------------
def rule_of(game: "Nyakuza", state: NyakuzaState, action: Any, seat: int) -> str | None:
    """The rules page's rule ``action`` follows, for the demo's narration,
    named only where it adds something (a sentence after every token would
    drown the log): a round's first bid quotes "A round", the bid that
    reveals the bids what settled them ("Ties", "Bidding nothing" when zero
    bids share the reef, else "Bidding"), the bids between say nothing (they
    are secret); a token that forces a Moai "Raising a Moai", Orongo "The
    Ceremonial Moai", a move that starts the last round or ends the game
    "The end", a placer's first token "Placing tokens" and its further
    plain tokens nothing; else the kind's rule."""
    kind = action.kind
    if kind == "bid":
        return _bid_rule(state, action.shells, seat)
    after = game.clone(state)
    game.play_silent(after, action, seat)
    if after.ceremonial == seat:
        return "The Ceremonial Moai"
    if kind == "place" and (after.moai_left[seat] < state.moai_left[seat]
                            or (after.phase == "erect" and after.chooser == seat)):
        return "Raising a Moai"
    if after.phase == "over" or (after.last_round and not state.last_round):
        return "The end"
    if kind == "place" and state.placed[seat]:
        return None
    return game.action_rules.get(kind)


def _bid_rule(state: NyakuzaState, shells: int, seat: int) -> str | None:
    bids = list(state.bids)
    if all(b is None for b in bids):
        return "A round"
    bids[seat] = shells
    if None in bids:  # the others' bids are still secret: say nothing about them, nor this one
        return None
    ranked = sorted((b for b in bids if b), reverse=True)
    if len(ranked) >= 2 and (ranked[0] == ranked[1] or (len(ranked) >= 3 and ranked[1] == ranked[2])):
        return "Ties"
    if 0 in bids:
        return "Bidding nothing"
    return "Bidding"


# -- the coach's why -------------------------------------------------------------------
def why(game: "Nyakuza", state: NyakuzaState, action: Any, seat: int, rng: random.Random) -> str:
    """One line on what ``action`` does for ``seat``, from the seat's own
    information (see the module's docstring)."""
    kind = action.kind
    if kind == "bid":
        from .bid_policy import outlook  # what the bot's bid policy expects of this bid

        return _why_bid(state, action.shells, seat, outlook(game, state, seat, action.shells, rng))
    if kind == "pass" and state.phase != "secret":
        return "no space fits your tokens: they go back to your supply"
    after = game.determinize(state, seat, rng)
    try:
        game.play_silent(after, action, seat)
    except Exception:  # legal for the seat's view but not in this sample: say nothing
        return ""
    if kind == "place":
        return _why_token(state, after, seat, action.space)
    if kind == "secret":
        space = ISLAND.by_number[state.secret[seat]]
        return _why_token(state, after, seat, space) or "one token more on the island this round"
    if kind == "erect":
        return _why_erect(state, after, seat, action.palm, tuple(action.tiles))
    if kind == "pass":
        return _why_keep(game, state, seat, rng)
    return ""


def _why_bid(state: NyakuzaState, shells: int, seat: int, seen: Any = None) -> str:
    """A bid's line; with the bid policy's ``seen`` (``bid_policy.Outlook``),
    how likely it is to be the top bid and the tokens that would raise a Moai."""
    moai_note = ""
    if seen is not None and seen.tokens_to_moai:
        k = seen.tokens_to_moai
        raised = "a Moai" if seen.moai == 1 else f"{seen.moai} Moai"
        moai_note = f"; {plural(k, 'token')} {'raises' if k == 1 else 'raise'} {raised}"
    if shells == 0:
        reef = f"the reef ({state.reef} now)" if state.reef else "the reef"
        said = f"no token; you take {reef} plus the top bid's payment, shared with any other 0"
        return said + moai_note if len(said + moai_note) <= 100 else said
    have = state.shells[seat]
    n = state.players
    if state.amulet == seat:
        tie = "; you lose ties (amulet)"
    elif state.amulet == (seat - 1) % n:
        tie = "; you win ties"
    else:
        tie = ""
    left = "no shells" if shells == have else plural(have - shells, "shell")
    if seen is None:
        return f"top bid: 3 tokens + amulet, {left} left; lower: 2 or 1 token, shells kept{tie}"
    said = f"{100 * seen.top:.0f}% to be top (3 tokens + amulet); {left} left{tie}"
    return said + moai_note if len(said + moai_note) <= 100 else said


def _raised(before: NyakuzaState, after: NyakuzaState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """The Moai the seat raised between the two states: (palm, tiles spent),
    each palm with the tiles it spent when that is clear (one Moai)."""
    palms = [p for p in range(len(after.moai)) if after.moai[p] and not before.moai[p]
             and after.occupant[p] == seat and p != moai.ORONGO]
    tiles = tuple(t for t in range(len(after.spent)) if after.spent[t] and not before.spent[t])
    return [(p, tiles if len(palms) == 1 else ()) for p in palms]


def _why_token(before: NyakuzaState, after: NyakuzaState, seat: int, space: int) -> str:
    """What a token on ``space`` did: a Moai, a choice to make, a block, or
    what its group now holds and lacks."""
    if after.ceremonial == seat:
        return "raises the Ceremonial Moai at Orongo: you win"
    if after.phase == "erect" and after.chooser == seat:
        if after.anchor == moai.ORONGO:
            return "reaches Orongo: you choose the tiles for the Ceremonial Moai and win"
        recipes = list(dict.fromkeys(t for _, t in after.choices))
        name = recipe_name(recipes[0]) if len(recipes) == 1 else "a recipe"
        return f"completes {name}: you then choose one of {len(after.choices)} ways to raise the Moai"
    raised = _raised(before, after, seat)
    if raised:
        left = after.moai_left[seat]
        if len(raised) > 1:
            return f"raises {len(raised)} Moai, on " + " and ".join(where(p) for p, _ in raised) + f" ({left} left)"
        palm, tiles = raised[0]
        done = ("reaches the shore with" if space == palm else
                "adds" if ISLAND.spaces[space].kind == "quarry" else "completes")
        return f"{done} {recipe_name(tiles)}: raises a Moai on {where(palm)} ({left} left)"
    said = [s for s in (_blocks(before, seat, space), _holds(before, after, seat, space)) if s]
    return "; ".join(said[:2])


def _blocks(before: NyakuzaState, seat: int, space: int) -> str:
    """"blocks {s2}'s temple + god" when the tile would have completed a
    recipe for a group of another seat next to it that holds or touches a
    free coastal palm (one token from a Moai)."""
    kind = ISLAND.spaces[space].kind
    if kind == "palm":
        return ""
    blocked = []
    for other in range(before.players):
        if other == seat:
            continue
        for n in moai.ADJ[space]:
            if before.occupant[n] != other:
                continue
            group = moai.group_of(before, other, n)
            if moai.recipes_in(before, group):
                continue
            if kind != "quarry" and not any(ISLAND.spaces[g].kind == PARTNER[kind] and not before.spent[g]
                                            for g in group):
                continue
            near = {x for g in (*group, space) for x in (g, *moai.ADJ[g])}
            if any(moai.MOAI_SITE[x] and not before.moai[x] and before.occupant[x] in (None, other) for x in near):
                blocked.append(other)
                break
    if not blocked:
        return ""
    if kind == "quarry":
        return "keeps the quarry from " + and_list([who(o) for o in blocked])
    return f"blocks {and_list([who(o) + chr(39) + 's' for o in blocked])} {PAIR_NAME[kind]}"


def _holds(before: NyakuzaState, after: NyakuzaState, seat: int, space: int) -> str:
    """What the token's group now holds and what it still lacks."""
    group = moai.group_of(after, seat, space)
    joined = {before_group for n in moai.ADJ[space] if before.occupant[n] == seat
              for before_group in [min(moai.group_of(before, seat, n))]}
    link = f"links {len(joined)} of your groups" if len(joined) > 1 else ""
    recipes = moai.recipes_in(after, group)
    palms = sorted(moai.free_palms(after, group), key=lambda p: p != space)  # the token's own palm first
    if recipes:  # no free coastal palm in the group (else a Moai would stand)
        ready = recipe_name(recipes[0])
        ready = "the quarry is a whole recipe" if ready == "the quarry" else f"{ready} ready"
        shore = sorted({n for g in group for n in moai.ADJ[g]
                        if moai.MOAI_SITE[n] and after.occupant[n] is None})
        need = (f"a token on {where(shore[0])} raises a Moai" if shore else "it still needs a coastal palm")
        cost = len(recipes[0])
        if after.shells[seat] < cost:
            need = f"you need {plural(cost, 'shell')} to pay for it"
        note = f"{ready}: {need}"
    else:
        halves = [ISLAND.spaces[g].kind for g in group
                  if ISLAND.spaces[g].kind in PARTNER and not after.spent[g]]
        wanted = list(dict.fromkeys(PARTNER[k] for k in halves))
        mine = ISLAND.spaces[space].kind
        if palms and wanted:
            note = f"{' or '.join(f'a {k}' for k in wanted[:2])} would raise a Moai on {where(palms[0])}"
        elif palms:
            note = f"a coastal palm ({where(palms[0])}) waiting for a recipe"
        elif mine in PARTNER:
            note = "a first food: two make a recipe" if mine == "food" else f"half of {PAIR_NAME[mine]}"
            shore = sorted(n for n in moai.ADJ[space] if moai.MOAI_SITE[n] and after.occupant[n] is None)
            if shore:
                note += f", beside the coastal palm {where(shore[0])}"
        elif ISLAND.spaces[space].is_palm:
            note = "opens the palms around it to your tokens"
        else:
            note = ""
    return "; ".join(s for s in (link, note) if s)


def _why_erect(before: NyakuzaState, after: NyakuzaState, seat: int, palm: int, tiles: tuple[int, ...]) -> str:
    name = recipe_name(tiles)
    if palm == moai.ORONGO:
        return f"spends {name} on the Ceremonial Moai: you win"
    said = [f"{name} for {plural(len(tiles), 'shell')}"]
    if after.moai_left[seat] < before.moai_left[seat] - 1 or (after.phase == "erect" and after.chooser == seat):
        said.append("and the group raises another Moai")
    else:
        group = moai.group_of(after, seat, palm)
        palms = moai.free_palms(after, group)
        recipes = moai.recipes_in(after, group)
        if palms:
            said.append(f"{where(palms[0])} stays free for your next recipe")
        elif recipes:
            said.append(f"{recipe_name(recipes[0])} stays for your next coastal palm")
    return "; ".join(said)


def _why_keep(game: "Nyakuza", state: NyakuzaState, seat: int, rng: random.Random) -> str:
    """Keeping the secret tile: whether laying it now would raise a Moai."""
    tile = state.secret[seat]
    if tile is None:
        return ""
    space = ISLAND.by_number[tile]
    kept = f"keeps {where(space)} secret"
    if game.secret_problem(state, seat) is None:
        laid = game.determinize(state, seat, rng)
        game.play_silent(laid, PlaySecret(), seat)
        if laid.moai_left[seat] < state.moai_left[seat] or (laid.phase == "erect" and laid.chooser == seat):
            return f"{kept}, though laying it now would raise a Moai"
        group = moai.group_of(laid, seat, space)
        if len(group) == 1:
            return f"{kept}: laid now it would stand alone"
    return f"{kept} for a round when it completes a recipe"
