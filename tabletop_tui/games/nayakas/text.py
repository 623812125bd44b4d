"""Nayakas: the game's words: names of spaces and tiles, log lines, action
phrases, the status line, the log's opening and the teaching words (the
rule a move follows, the coach's ``why``). Seats are named with ``{s0}``..
placeholders the Match fills in. It asks the rules only through their
public methods (``entry``, ``outside``, ``affordable``, ``section_cost``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop_tui.engine.actions import Action
from tabletop_tui.engine.game import Event
from tabletop_tui.engine.text import and_list, plural

from .actions import Build, ChooseBorderland, ChooseFacility, ChooseTemple, ChooseTile, Pass, Place, PlayCard
from .data import C
from .spaces import (ALL_SPACES, EMPIRE, POST_IDS, POSTS, TEMPLE_SLOTS, current_event, effect_of, is_event, kind_of,
                     kingdoms_of)
from .state import NayakasState

if TYPE_CHECKING:
    from .rules import Nayakas

ROMAN = ("I", "II", "III")


def goods_phrase(goods: dict[str, int]) -> str:
    return and_list([f"{v} {k.capitalize()}" if k not in ("conch",) else "the Conch" for k, v in goods.items()])


def kingdom_name(kid: str) -> str:
    return C.kingdom(kid).name


def tile_name(tile: str | None) -> str:
    if tile is None:
        return "empty"
    if tile in C.event:
        return C.event[tile].name
    if tile in C.merchant:
        return C.merchant[tile].name
    return tile


def space_name(st: NayakasState, sid: str) -> str:
    """A short readable name: "Keladi Quarry", "Trading Post II (Merchant)"."""
    name = _FIXED_NAMES.get(sid)
    if name is not None:
        return name
    kind = kind_of(sid)
    if kind == "kingdom":
        return f"{kingdom_name(sid.partition('_')[0])} {space_label(st, sid)}"
    if kind == "temple":
        k = TEMPLE_SLOTS[sid]
        tile = st.temples.get(sid)
        if tile is None:
            return f"{kingdom_name(k)}'s blank temple slot"
        name = C.temple[tile].name
        if kingdom_name(k) not in name:
            name += f" of {kingdom_name(k)}"
        return name + (" (faded)" if sid in st.faded else "")
    if kind == "post":
        i = POST_IDS.index(sid)
        return f"Trading Post {ROMAN[i]} ({tile_name(st.posts[i])})"
    if kind == "empire":
        i, j = EMPIRE[sid]
        return f"{C.board.empire[i].name}, {'1st' if j == 0 else '2nd'} space"
    return sid


def space_label(st: NayakasState, sid: str) -> str:
    """The name of a space within its kingdom: "Quarry"; a temple slot's
    tile ("Golden Temple", "Keladi Ruler Temple (faded)") or "blank"; else
    the full name."""
    kind = kind_of(sid)
    if kind == "kingdom":
        return sid.partition("_")[2].capitalize()
    if kind == "temple":
        tile = st.temples.get(sid)
        if tile is None:
            return "blank"
        return C.temple[tile].name + (" (faded)" if sid in st.faded else "")
    return space_name(st, sid)


#: the names of the kingdom and Empire spaces, which no state changes (``space_name``)
_FIXED_NAMES: dict[str, str] = {}
_FIXED_NAMES.update({sid: space_name(None, sid) for sid in ALL_SPACES  # type: ignore[arg-type]
                     if kind_of(sid) in ("kingdom", "empire")})


def space_action_text(st: NayakasState, sid: str) -> str:
    """What the space does now, in words."""
    if kind_of(sid) == "post" and is_event(st.posts[POST_IDS.index(sid)]):
        ev = C.event[st.posts[POST_IDS.index(sid)]]  # type: ignore[index]
        return f"Event: {ev.text}"
    eff = effect_of(st, sid)
    if eff is None:
        return "no action"
    tile = st.border_tiles.get(sid)
    extra = f" Borderland tile: +{goods_phrase(C.borderland_tile[tile].gain)}." if tile else ""
    return eff.text + extra


SHORT = {"stone": "St", "clay": "Cl", "culture": "Cu", "gold": "Go", "architect": "Ar", "mason": "Ma",
         "sculptor": "Sc", "conch": "Conch", "prosperity": "P"}
SPECIAL_SHORT = {"repeat": "repeat a space", "double": "2Go, 2nd worker 4Go", "discount": "builds -1St/Cl",
                 "artisan_gold": "+1Go per artisan", "retrieve": "take a Dip back",
                 "diplomat_gold": "+2Go per Dip on a rival Lab", "empire_free": "Empire costs no Cu",
                 "artisan_watch": "+1Go per rival on artisans", "laborers_diplomats": "Labs act as Dips",
                 "event_token": "+1 Event token", "empire_other": "the other artisan"}


#: round powers (``PlayerState.flags``) in words
POWERS = {"discount": "Plans: each Section costs 1 Stone or 1 Clay less",
          "empire_free": "Road: Empire spaces cost no Culture",
          "envoy": "Royal Envoy: Diplomats leave the kingdom for free",
          "lab_dip": "Hall: your Laborers are Diplomats",
          "watch": "Lookout: 1 Gold per rival on an Artisan space",
          "extra": "Swift Messenger: another turn after your next placement",
          "master_mason": "Master Mason: each Section costs 1 Stone and 1 Clay less"}


def short_goods(goods: dict[str, int]) -> str:
    return " ".join(f"+{n if n > 1 else ''}{SHORT[k]}" for k, n in goods.items())


def short_effect(st: NayakasState, sid: str) -> str:
    """The action of a space in a few characters ("+2St +Sc", "Cu→2Go each")."""
    if kind_of(sid) == "post" and is_event(st.posts[POST_IDS.index(sid)]):
        return "Event: " + C.event[st.posts[POST_IDS.index(sid)]].name  # type: ignore[index]
    eff = effect_of(st, sid)
    if eff is None:
        return "-"
    bits = []
    if eff.pay:
        bits.append("pay " + " ".join(f"{n}{SHORT[k]}" for k, n in eff.pay.items()) + ":")
    if eff.gain:
        bits.append(short_goods(eff.gain))
    if eff.options:
        bits.append("+(" + "|".join(short_goods(o).replace("+", "") for o in eff.options) + ")")
    if eff.others:
        bits.append("others " + short_goods(eff.others))
    if eff.convert:
        cv = eff.convert
        bits.append(f"{SHORT[cv.source]}→{cv.rate}{SHORT[cv.target]} each")
    if eff.exchange:
        ex = eff.exchange
        bits.append("".join(f"{n}{SHORT[k]}" for k, n in ex.pay.items()) + "→1P, repeatable")
    if eff.special:
        bits.append(SPECIAL_SHORT.get(eff.special, eff.special))
    tile = st.border_tiles.get(sid)
    if tile:
        bits.append(f"[tile {short_goods(C.borderland_tile[tile].gain)}]")
    return " ".join(bits)


def holdings(st: NayakasState, seat: int) -> dict[str, int]:
    """What a seat holds that a placement can change (to tell what it did)."""
    p = st.seats[seat]
    return {**p.res, **p.art, "conch": int(st.conch == seat), "prosperity": p.prosperity_tokens}


def _goods_words(d: dict[str, int]) -> str:
    """"3 Culture and 1 Prosperity Token"."""
    return and_list([plural(n, "Prosperity Token") if k == "prosperity" else f"{n} {k.capitalize()}"
                     for k, n in d.items()])


def change_phrase(before: dict[str, int], after: dict[str, int]) -> str:
    """"pays 3 Culture, gains 6 Gold", "gains 2 Stone and 1 Sculptor, takes
    the Conch"; "" when nothing changed."""
    paid: dict[str, int] = {}
    got: dict[str, int] = {}
    for k, b in before.items():
        a = after[k]
        if a != b and k != "conch":
            if a < b:
                paid[k] = b - a
            else:
                got[k] = a - b
    bits = []
    if paid:
        bits.append("pays " + _goods_words(paid))
    if got:
        bits.append("gains " + _goods_words(got))
    if after["conch"] > before["conch"]:
        bits.append("takes the Conch")
    return ", ".join(bits)


def placed(st: NayakasState, seat: int, a: Place, cost: int, before: dict[str, int] | None = None) -> str:
    """The log line of a placement; with ``before`` (the seat's holdings after
    paying for the trip), what the placement gave and cost."""
    paid = " for 1 Culture" if cost else ""
    how = "" if a.benefit else " without taking its action"
    change = change_phrase(before, holdings(st, seat)) if before is not None else ""
    return f"{{s{seat}}} places a {a.worker.capitalize()} on {space_name(st, a.space)}{paid}{how}" + \
        (f": {change}" if change else "") + gold_phrase(a) + "."


def building_name(st: NayakasState, seat: int, building: str, section: int | None = None) -> str:
    b = C.buildings[st.seats[seat].kingdom, building]
    if section is None:
        return b.name
    return f"the {b.sections[section].name} of the {b.name}"


def built(st: NayakasState, seat: int, building: str, section: int, start: dict[str, int],
          paid: dict[str, int]) -> str:
    """The log line of a build: what was paid (from the holdings at the
    ``start`` to those once ``paid``) and what the build gave back."""
    change = ", ".join(x for x in (change_phrase(start, paid), change_phrase(paid, holdings(st, seat))) if x)
    return f"{{s{seat}}} builds {building_name(st, seat, building, section)}" + \
        (f": {change}" if change else "") + "."


def section_tile_name(tile: str) -> str:
    return C.section_kind[C.section_tile[tile].kind].name


def tile_taken(st: NayakasState, seat: int, tile: str, face_up: bool) -> str:
    how = "face up" if face_up else "face down for 1 Prosperity"
    return f"{{s{seat}}} takes {section_tile_name(tile)} {how}."


def gold_phrase(a: Build | Place) -> str:
    """How much of a build's (or a Place's) Stone and Clay Gold pays (ruling
    K7), as "; Gold pays 1 Stone"."""
    if not (a.gold_stone or a.gold_clay):
        return ""
    parts = [f"{n} {r}" for n, r in ((a.gold_stone, "Stone"), (a.gold_clay, "Clay")) if n]
    return f"; Gold pays {' and '.join(parts)}" if parts else ""


def cost_phrase(cost: dict[str, int]) -> str:
    return ", ".join(f"{v} {k.capitalize()}" for k, v in cost.items() if v) or "nothing"


def _benefit(st: NayakasState, a: Place, sid: str, seat: int) -> str:
    if kind_of(sid) == "post" and is_event(st.posts[POST_IDS.index(sid)]):
        ev = C.event[current_event(st) or ""]
        if ev.count == "gold":
            return f"pay {a.amount} Gold for {plural(a.amount, 'token')}"
        if ev.count == "stone_clay":
            pay = {"stone": a.amount - a.gold_stone, "clay": a.amount2 - a.gold_clay,
                   "gold": a.gold_stone + a.gold_clay}
            return (f"pay {cost_phrase(pay)} for {plural(a.amount + a.amount2, 'token')}"
                    f"{gold_phrase(a)}")
        return f"put {plural(a.amount, 'token')} down"
    eff = effect_of(st, sid)
    if eff is None:
        return ""
    bits = []
    if eff.options and a.choice >= 0:
        bits.append("take " + goods_phrase(eff.options[a.choice]))
    if eff.special == "empire_other" and a.choice >= 0:
        bits.append("take " + ("Mason", "Sculptor")[a.choice])
    if eff.convert is not None:
        bits.append(f"spend {a.amount} {eff.convert.source.capitalize()}")
    if eff.exchange is not None:
        ex = eff.exchange
        pay = {k: v * a.amount for k, v in ex.pay.items()}
        if ex.gold_wild:  # ruling K7: Gold pays the part of the Stone and Clay the move names
            pay = {"stone": pay.get("stone", 0) - a.gold_stone, "clay": pay.get("clay", 0) - a.gold_clay,
                   "gold": pay.get("gold", 0) + a.gold_stone + a.gold_clay}
        bits.append(f"pay {cost_phrase(pay)} for {plural(a.amount, 'Prosperity Token')}{gold_phrase(a)}")
    return ", ".join(bits)


def describe_action(game: "Nayakas", state: NayakasState, action: Action, seat: int) -> str:
    """A short phrase for a menu or a hint."""
    st, a = state, action
    if isinstance(a, Pass):
        return "Pass (stop placing workers)" if st.phase == "worker" else "Pass (stop building)"
    if isinstance(a, Place):
        where = space_name(st, a.space)
        if game.entry(st, seat, a.space, a.worker)[0]:
            where += " for 1 Culture"
        if not a.benefit:
            out = f"{a.worker.capitalize()} to {where}, no action"
        else:
            detail = ""
            if a.target and effect_of(st, a.space) is not None and effect_of(st, a.space).special == "retrieve":
                detail = f"take back the Diplomat on {space_name(st, a.target)}"
            elif a.target:
                visit, _, back = a.target.partition(">")
                inner = _benefit(st, a, visit.split("#")[0], seat)
                if back:
                    inner = f"take back the Diplomat on {space_name(st, back)}"
                detail = f"repeat {space_name(st, visit.split('#')[0])}" + (f": {inner}" if inner else "")
            else:
                detail = _benefit(st, a, a.space, seat)
            out = f"{a.worker.capitalize()} to {where}" + (f": {detail}" if detail else "")
        if a.extra:
            out += f" (+2 {a.extra.capitalize()} tribute)"
        return out
    if isinstance(a, PlayCard):
        card = C.card[a.card]
        if a.choice:
            return f"Play {card.name}: gain a {a.choice.capitalize()}"
        return f"Play {card.name}: {card.text}"
    if isinstance(a, Build):
        cost = game.section_cost(st, seat, a.building, a.section, saving=a.saving)
        saved = f", 1 {a.saving.capitalize()} saved by Plans" if a.saving else ""
        return f"Build {building_name(st, seat, a.building, a.section)} ({cost_phrase(cost)}{saved}{gold_phrase(a)})"
    if isinstance(a, ChooseTile):
        tile = st.section_market[a.index]
        if a.face_up:
            return f"{section_tile_name(tile)} face up: {C.section_kind[C.section_tile[tile].kind].text}"
        return f"{section_tile_name(tile)} face down (+1 Prosperity)"
    if isinstance(a, ChooseTemple):
        if a.ruler:
            return "Turn your ruler temple bright"
        return f"Take the {C.temple[st.temple_market[a.index]].name}"
    if isinstance(a, ChooseFacility):
        return C.facility_kind[C.facility_tile[st.facility_market[a.index]].kind].name
    if isinstance(a, ChooseBorderland):
        gain = C.borderland_tile[st.border_market[a.index]].gain
        return f"+{goods_phrase(gain)} tile on {space_name(st, a.space)}"
    return a.kind


def status(game: "Nayakas", state: NayakasState, seat: int | None) -> str:
    st = state
    if st.phase == "over":
        return st.end_reason + " " + game.result(st).summary
    who = st.pending[0].seat if st.pending else st.turn
    if st.pending:
        what = {"section_tile": "choose a section tile", "temple": "choose a temple tile",
                "facility": "choose a facility tile", "borderland": "place a borderland tile"}[st.pending[0].choice]
    elif st.phase == "worker":
        what = "place a worker, play a card, or pass"
    else:
        what = "build a Section, play a card, or pass"
    return f"Round {st.round}, {st.phase} phase: {{s{who}}} to {what}."


__all__ = ["POSTS", "describe_action", "placed", "space_name", "status"]


# -- teaching: the rule a move follows, the coach's why, the opening -----------------------


SETUP_END = C.board.setup.tracker_end
#: the longest line the coach gives (its panel is narrow at 80 columns)
WHY_WIDTH = 90

#: what a card without goods does, in the coach's few words
CARD_WHY = {"royal_envoy": "your Diplomats leave the kingdom free this round",
            "swift_messenger": "another turn at once after your next placement",
            "master_mason": "each Section costs 1 Stone and 1 Clay less this build phase"}


def _new_workers(st: NayakasState, seat: int) -> set[str]:
    return {f for f in st.seats[seat].flags if f.startswith("new:")}


def rule_of(game: "Nayakas", state: NayakasState, action: Action, seat: int) -> str | None:
    """The rules page's rule ``a`` follows, for the demo's narration: a
    placement names where it goes (an Event, the Empire, a rival's Laborer,
    a trip out of the kingdom; a round's first placement "A round"; a
    seat's further plain placements in a round nothing); a move that ends
    the game "The end"; a choice that pairs worker tabs "New workers"; a
    move that ends a round in which an Event pays out "Events"; else the
    kind's rule."""
    st, a = state, action
    kind = a.kind
    after = game.clone(st)
    game.play_silent(after, a, seat)
    if after.phase == "over":
        return "The end"
    if _new_workers(after, seat) - _new_workers(st, seat):
        return "New workers"
    if after.events_expired > st.events_expired:
        return "Events"  # the move ends the round and an Event pays out
    if isinstance(a, Place):
        sid = a.space
        if kind_of(sid) == "post" and is_event(st.posts[POST_IDS.index(sid)]):
            return "Events"
        if kind_of(sid) == "empire":
            return "The Empire"
        if any(w.seat != seat for w in st.occupants[sid]):
            return "Joining a Laborer"
        if game.outside(st, seat, sid):
            return "Leaving your kingdom"
        if all(p.placed == 0 for p in st.seats) and not any(st.passed):
            return "A round"
        if st.seats[seat].placed:
            return None  # a seat's further plain placements: the log names the rule once a round
    if kind == "pass" and st.phase == "build":
        return "Building a Section"
    return game.action_rules.get(kind)


def _goods_change(before: dict[str, int], after: dict[str, int]) -> str:
    """"+2 Stone +1 Sculptor, -1 Culture" in a few characters; "" if none."""
    names = {"prosperity": "Prosperity"}
    got = [f"+{after[k] - before[k]} {names.get(k, k.capitalize())}" for k in before
           if k != "conch" and after[k] > before[k]]
    paid = [f"-{before[k] - after[k]} {names.get(k, k.capitalize())}" for k in before
            if k != "conch" and after[k] < before[k]]
    out = " ".join(got + paid)
    if after["conch"] > before["conch"]:
        out += (", " if out else "") + "takes the Conch"
    return out


def _first_build(game: "Nayakas", st: NayakasState, seat: int) -> str:
    """The name of a Section ``seat`` could build with what it holds now
    (ignoring whose turn it is), or ""."""
    p = st.seats[seat]
    for b, secs in p.built.items():
        for i, t in enumerate(secs):
            if t is None and not game.affordable(st, seat, game.section_cost(st, seat, b, i)):
                return C.buildings[p.kingdom, b].sections[i].name + " of the " + C.buildings[p.kingdom, b].name
    return ""


def why(game: "Nayakas", state: NayakasState, action: Action, seat: int, rng: random.Random) -> str:
    """One line on what ``a`` does for ``seat``, for the coach. It plays the
    move on the seat's own ``determinize`` copy and reads back only the
    seat's own supply, board and the public table, never a re-dealt card or
    tile (a market's refill, a card drawn at cleanup)."""
    st, a = state, action
    after = game.determinize(st, seat, rng)
    try:
        game.play_silent(after, a, seat)
    except Exception:  # legal for the seat's view but not in this sample: say nothing
        return ""
    p, q = st.seats[seat], after.seats[seat]
    bits: list[str] = []
    if isinstance(a, Place):
        bits.append(_goods_change(holdings(st, seat), holdings(after, seat))
                    or ("holds the space, without its action" if not a.benefit else ""))
        sid = a.space
        if q.tokens < p.tokens:
            rank = game.event_ranking(after)
            place = ", leading the Event" if rank[0] == seat else ", second on the Event" if seat in rank[:2] else ""
            bits.append(f"{plural(p.tokens - q.tokens, 'Event Token')} down{place}")
        rivals = [w.seat for w in st.occupants[sid] if w.seat != seat]
        if rivals:
            bits.append(f"shares the space with {{s{rivals[0]}}}'s Laborer")
        if "lab_dip" in q.flags and "lab_dip" not in p.flags:
            bits.append("your Laborers act as Diplomats")
        for flag, said in (("discount", "Sections cost 1 less"), ("empire_free", "the Empire costs no Culture"),
                           ("watch", "rivals on Artisan spaces pay you")):
            if flag in q.flags and flag not in p.flags:
                bits.append(said)
        if st.phase == "worker" and not _first_build(game, st, seat):
            can = _first_build(game, after, seat)
            if can:
                bits.append(f"sets up the {can}")
    elif isinstance(a, Pass):
        left = p.avail_laborers + p.avail_diplomats
        if st.phase == "worker":
            bits.append(f"keeps {plural(left, 'worker')} back and waits for the build phase" if left
                        else "ends your worker phase")
        else:
            spare = sum(p.art.values())
            bits.append("stops building this round" + (f"; {plural(spare, 'Artisan')} left unused" if spare else ""))
    elif isinstance(a, PlayCard):
        card = C.card[a.card]
        said = _goods_change(holdings(st, seat), holdings(after, seat)) or CARD_WHY.get(a.card, card.text.rstrip("."))
        if q.tokens < p.tokens:
            said = "+1 Event Token on the Event"
        bits.append(said + (" (instead of 1 Prosperity at the end)" if len(said) < 60 else ""))
    elif isinstance(a, Build):
        b = C.buildings[p.kingdom, a.building]
        done = sum(1 for t in q.built[a.building] if t is not None)
        reward = {"temple": f"+{b.prosperity} Prosperity and a new Homeland", "tank": "a facility tile",
                  "fort": "a facility and a borderland tile"}[b.kind]
        if done == len(b.sections):
            bits.append(f"completes the {b.name}: {reward}")
        else:
            bits.append(f"{done} of {len(b.sections)} Sections of the {b.name}; finished, it brings {reward}")
        end = SETUP_END[st.players]
        if after.tracker >= end > st.tracker:
            bits.append("the Building Tracker's last step: the game ends this round")
    elif isinstance(a, ChooseTile):
        tile = st.section_market[a.index]
        kind = C.section_kind[C.section_tile[tile].kind]
        bits.append("+1 Prosperity now" if not a.face_up else kind.text.rstrip("."))
    elif isinstance(a, ChooseTemple):
        tid = st.temples.get(f"{p.kingdom}_t1") if a.ruler else st.temple_market[a.index]
        bits.append("a new Homeland: " + C.temple[tid].effect.text.rstrip(".").lower()[:60])
    elif isinstance(a, ChooseFacility):
        bits.append(C.facility_kind[C.facility_tile[st.facility_market[a.index]].kind].text.rstrip("."))
    elif isinstance(a, ChooseBorderland):
        gain = goods_phrase(C.borderland_tile[st.border_market[a.index]].gain)
        mine = p.kingdom in kingdoms_of(a.space)
        bits.append(f"+{gain} on {space_name(st, a.space)} for whoever takes it"
                    + (" (yours)" if mine else ""))
    if _new_workers(after, seat) - _new_workers(st, seat):
        bits.insert(1, "a new worker next round")
    out = ""
    for bit in (b for b in bits if b):  # most telling first; a later part that does not fit is left out
        if not out:
            out = bit if len(bit) <= WHY_WIDTH else bit[:WHY_WIDTH - 1].rstrip() + "…"
        elif len(out) + 2 + len(bit) <= WHY_WIDTH:
            out += "; " + bit
    return out


def opening(game: "Nayakas", state: NayakasState) -> list[Event]:
    """The set-up as everyone sees it: the Trading Posts, the markets, who
    holds the Conch; each seat's development card to that seat only."""
    st = state
    posts = "; ".join(f"{ROMAN[i]} {tile_name(t)}" for i, t in enumerate(st.posts))
    out = [Event(text=f"Round 1. Trading Posts: {posts}.")]
    out.append(Event(text="Bonus Market: section tiles " + and_list([section_tile_name(t) for t in st.section_market])
                     + "; facilities " + and_list([C.facility_kind[C.facility_tile[t].kind].name
                                                   for t in st.facility_market])
                     + "; borderland tiles " + and_list(["+" + goods_phrase(C.borderland_tile[t].gain)
                                                         for t in st.border_market]) + "."))
    out.append(Event(text="Temple market: " + and_list([C.temple[t].name for t in st.temple_market])
                     + f". {{s{st.conch}}} holds the Conch."))
    for s, p in enumerate(st.seats):
        out.append(Event(text=f"Your development card: {and_list([C.card[c].name for c in p.hand])}.",
                         seat=s, private=True))
    return out


def secrets_text(game: "Nayakas", state: NayakasState, seat: int) -> str:
    """The seat's development cards in hand."""
    st = state
    cards = [C.card[c].name for c in st.seats[seat].hand]
    return f"cards: {and_list(cards)}" if cards else "cards: none"
