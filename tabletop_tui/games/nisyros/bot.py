"""Nisyros: the bot's code — the team's estimate of a position, the copies
the search plans on, and the team bot (below).

The engine finds it as the game's bot role (``Game.roles``); the rules
never import it. The team's graded outcome (S13) is the rules' own
(``round.graded``).
"""

from __future__ import annotations

import random
import time
from typing import Any

from tabletop_tui.engine.bots import MoveScore, SearchBot
from tabletop_tui.engine.errors import IllegalAction

from .data import CARDS, DAM_SPOTS, ISLAND, ZONES, area_name
from .round import BIG_VICTORY, INHABITANTS, SMALL_VICTORY, graded
from .state import NisyrosState

#: random moves after the search's tree before the position is scored
PLAYOUT_DEPTH = 10


def determinize(game: Any, state: NisyrosState, seat: int, rng: random.Random) -> NisyrosState:
    """The deck order is the one secret: re-deal it from its (public)
    contents, keeping star cards on top while some set-aside ones are
    known to be there, and re-seed chance."""
    new = game.clone(state)
    cards = sorted(new.deck)
    top = rng.sample(sorted(set(c for c in cards if CARDS[c].star)), new.top_known)
    for c in top:
        cards.remove(c)
    rng.shuffle(cards)
    new.deck = cards + top
    new.seed = rng.getrandbits(48)
    new.chance = 0
    return new


def heuristic(state: NisyrosState) -> float:
    """The team's graded outcome (:func:`graded`): of a finished game, or
    expected from the people on Kos and those still on the island, who
    count by the boats, wood and wheat there are to ship them and the
    land the lava has left (our estimate). The same for every seat."""
    if state.phase == "over":
        return graded(state.kos)
    land = 1 - sum(state.lava) / 20
    boats = sum(state.boats) + state.wood * 0.7
    island = sum(state.on_island(s) for s in range(state.players)) or 1
    ship = min(1.0, 0.35 + 0.65 * min(1.0, boats / island) * (0.4 + 0.6 * land))
    return graded([state.kos[s] + ship * state.on_island(s) for s in range(state.players)])


# -- the team's rule of thumb ----------------------------------------------------------------------
#: what one person saved is worth against the resources below (the policy's unit)
PERSON = 4.0
#: the chance that a given zone is struck by one eruption (four single faces,
#: two two-zone faces where the team picks: about a quarter each)
STRIKE = 0.27


def cover_risk(state: NisyrosState, z: int, ring: int) -> float:
    """Roughly, the chance that area ``ring`` of zone ``z`` turns to lava by
    the end of this round's eruptions: the lava flows onto the area just
    below it unless the dams there are full, and each eruption buries the
    zone's highest land."""
    lava = state.lava[z]
    if ring < lava:
        return 1.0
    eruptions = ISLAND.levels[state.level].eruptions + 0.3 - (state.round == 1)
    flows = lava > 0 and not (DAM_SPOTS[lava] and state.dams[z][lava] >= DAM_SPOTS[lava])
    steps = ring - lava + 1 - (1 if flows and state.round > 1 else 0)  # eruptions needed to reach it
    if steps <= 0:
        return 0.95
    hit = 1 - (1 - STRIKE) ** eruptions
    return hit if steps == 1 else hit * hit * 0.4 if steps == 2 else 0.0


class TeamPolicy:
    """A rule of thumb for the whole team, one choice at a time, read from the
    open board: gather the wood the boats still need and the wheat the
    workers eat, staff the shipyards while there is wood, dam the area the
    lava flows onto next, call citizens up early, ship citizens first (the
    worst-off player's), keep the workers working until the end is near,
    and turn eruptions towards land already lost. Used by the team bot's
    playouts and to order its moves, and by the benchmarks' bound."""

    def choose(self, state: NisyrosState, seat: int, legal: list[Any]) -> Any:
        """The policy's move among ``legal`` (Done when nothing is worth
        doing): ``ranked(...)[0]``, the first of the best, without sorting."""
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(state, seat, legal)
        return legal[max(range(len(legal)), key=scores.__getitem__)]

    def ranked(self, state: NisyrosState, seat: int, legal: list[Any]) -> list[Any]:
        """``legal`` best first by the policy's scores (stable for ties)."""
        if len(legal) == 1:
            return legal
        scores = self.scores(state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def scores(self, state: NisyrosState, seat: int, legal: list[Any]) -> list[float]:
        """A score for each of ``legal``; Done scores 0, a move worth less than
        doing nothing scores below 0."""
        ph = state.phase
        score = getattr(self, f"_{ph}", None)
        if score is None:
            return [0.0] * len(legal)
        ctx = _Context(state)
        if ph in ("move", "marathon"):
            return self._move_scores(ctx, legal)
        return [0.0 if a.kind == "done" else score(ctx, a) for a in legal]

    def _move_scores(self, c: "_Context", legal: list[Any]) -> list[float]:
        """``_move`` of each of ``legal`` (Done 0), a worker's value on each
        place worked out once and read by index: step 1 lists every free
        worker's move to every workplace in reach. Only a meeting place's
        value depends on whose worker it is (its citizens), so the others
        are shared by every player."""
        n = c.state.players
        shared: list[list[float | None]] = [[None] * 32, [None] * 32]  # [moving][p], p not a meeting place
        own: list[list[float | None]] = [[None] * 64 for _ in range(n)]  # [q][moving * 32 + p], meeting places
        value = c._worker_value
        out: list[float] = []
        for a in legal:
            kind = a.kind
            if kind == "move_worker":
                q, src, dst = a.player, a.src, a.dst
                if dst & 7 == 6:
                    v = own[q][32 + dst]
                    if v is None:
                        v = own[q][32 + dst] = value(q, dst, True)
                else:
                    v = shared[1][dst]
                    if v is None:
                        v = shared[1][dst] = value(q, dst, True)
                if src & 7 == 6:
                    w = own[q][src]
                    if w is None:
                        w = own[q][src] = value(q, src, False)
                else:
                    w = shared[0][src]
                    if w is None:
                        w = shared[0][src] = value(q, src, False)
                out.append(v - w - 0.25)
            else:
                out.append(0.0 if kind == "done" else self._move(c, a))
        return out

    # -- step 1 -----------------------------------------------------------------------------------
    def _move(self, c: "_Context", a: Any) -> float:
        if a.kind == "move_boat":
            s = c.state
            return 0.5 * (c.risk(a.src, 4) - c.risk(a.dst, 4)) * s.boats[a.src] - 0.1
        return c.worker_value(a.player, a.dst, moving=True) - c.worker_value(a.player, a.src) - 0.25

    _marathon = _move

    def _drizzle(self, c: "_Context", a: Any) -> float:
        return -1.0

    # -- step 3 -----------------------------------------------------------------------------------
    def _dice(self, c: "_Context", a: Any) -> float:
        v = c._doubles.get(a.place)  # the same for every die
        if v is None:
            v = c._doubles[a.place] = c.double_value(a.place)
        return v

    def _reroll(self, c: "_Context", a: Any) -> float:
        bad = sum(1 for d in a.dice if c.state.yellow[d] not in ("-1",) and c.die_idle(d))
        return 0.3 * bad - 0.1 * len(a.dice) - 0.05

    # -- step 5 -----------------------------------------------------------------------------------
    def _build(self, c: "_Context", a: Any) -> float:
        s = c.state
        if a.kind == "build_boat":
            return PERSON * (1 - 0.8 * c.risk(a.zone, 4)) if c.boats_wanted > 0 else 0.2
        r, z = a.ring, a.zone
        lava = s.lava[z]
        if r == lava and lava > 0:  # the next flow's target
            missing = DAM_SPOTS[r] - s.dams[z][r]
            return 2.0 + (0.5 if missing == 1 else 0) + (0.8 if z in c.homes else 0)
        if r == lava + 1 and lava > 0 and s.stone > 3:
            return 0.3
        return -0.5

    # -- events and choices ------------------------------------------------------------------------
    def _volunteer(self, c: "_Context", a: Any) -> float:
        return 1.0

    def _evacuate(self, c: "_Context", a: Any) -> float:
        # the inhabitant's part is the same in every boat: worked out once
        place, boat_zone = a.place, a.boat
        z = place >> 3
        key = a.player * 32 + place
        base = c._evacuees.get(key)
        if base is None:
            base = c._evacuees[key] = self._evacuee(c, a.player, place)
        boat = 0.3 * c.risk(boat_zone, 4) - 0.05 * ((boat_zone - z) % 4 != 0)
        return base + boat

    def _evacuee(self, c: "_Context", player: int, place: int) -> float:
        """``_evacuate`` without its boat's term (added last, so the sum is the same)."""
        s = c.state
        z, slot = divmod(place, 8)
        citizen = slot == 7
        behind = (c.target - s.kos[player]) * 0.4  # the worst-off player first
        risk = c.risk(z, min(slot, 4))
        if citizen:
            return 2.0 + behind + risk
        if c.endgame or risk > 0.6 or c.state.workers(player) > c.useful_workers:
            return 1.0 + behind + risk
        return -1.0 + behind * 0.2

    def _sick(self, c: "_Context", a: Any) -> float:
        return -c.worker_value(a.player, a.place)

    _siesta = _sick

    def _direction(self, c: "_Context", a: Any) -> float:
        return -c.strike_cost(a.zone)

    def _stupor(self, c: "_Context", a: Any) -> float:
        s = c.state
        return -sum(row[a.zone * 8 + k] for row in s.people for k in range(7))

    def _crevice(self, c: "_Context", a: Any) -> float:
        s = c.state
        z = a.zone
        return s.lava[z] + 3 * (z in c.homes) + sum(row[z * 8 + k] for row in s.people for k in range(8)) * 0.2

    def _boat_gift(self, c: "_Context", a: Any) -> float:
        s = c.state
        z = a.zone
        return sum(row[z * 8 + 7] for row in s.people) - 3 * cover_risk(s, z, 4)

    def _home(self, c: "_Context", a: Any) -> float:
        return -c.state.lava[a.zone] - 2 * cover_risk(c.state, a.zone, 4)

    def _rescue(self, c: "_Context", a: Any) -> float:
        return -c.state.kos[a.player]

    _flee = _rescue

    def _dam_loss(self, c: "_Context", a: Any) -> float:
        s = c.state
        z, r = a.zone, a.ring
        return -3.0 if r == s.lava[z] and s.lava[z] > 0 else -1.0 if r == s.lava[z] + 1 else 0.0


def reason(state: NisyrosState, action: Any) -> str:
    """The rule of thumb's reason for ``action``, in a newcomer's words (the
    coach's "why" adds it to what the move does): which of the team's needs
    it serves, read from the open board as :class:`TeamPolicy` weighs it;
    "" when the policy has no reason to give."""
    c, a, s = _Context(state), action, state
    kind = a.kind
    if kind in ("move_worker",) and s.phase in ("move", "marathon"):
        z, slot = divmod(a.dst, 8)
        danger = c.risk(z, min(slot, 4))
        said = _place_reason(c, a.player, a.dst)
        zs, ss = divmod(a.src, 8)
        if ss < 7 and c.risk(zs, min(ss, 4)) > 0.6 and danger < 0.3:
            said = "it leaves land the lava will likely cover this round" + (f"; {said}" if said else "")
        elif danger > 0.6:
            said += ("; " if said else "") + "but lava will likely cover it this round: a third of those who flee are lost"
        return said
    if kind == "build_boat":
        if c.boats_wanted > 0:
            return (f"every islander needs a boat to reach Kos: {c.island} are on the island and "
                    f"{sum(s.boats)} boats wait")
        return "there is a boat for everyone already: this one is spare"
    if kind == "build_dam":
        lava = s.lava[a.zone]
        if a.ring == lava and lava > 0:
            return (f"the lava flows onto {area_name(a.zone, a.ring)} next; only a full row of "
                    f"{DAM_SPOTS[a.ring]} dams holds it back")
        return "the lava does not flow there next: a dam in its path would hold it better"
    if kind == "evacuate":
        citizen = a.place % 8 == 7
        if citizen:
            return "ship citizens first: workers still gather and build for the team, citizens only wait"
        if c.endgame:
            return "the end is near: a worker saved now counts, one left behind may be lost"
        return "a worker shipped now gathers and builds no more: usually ship citizens first"
    if kind == "place_die":
        v = c.double_value(a.place)
        return "doubles what the team needs most this round" if v > 1.0 else ""
    if kind == "pick_zone" and s.phase == "direction":
        return "of the two zones, the eruption costs the team less there"
    if kind == "done" and s.phase == "build":
        return "stone and wood kept now build the dams and boats of the rounds to come"
    return ""


def _place_reason(c: "_Context", q: int, p: int) -> str:
    """Why a worker of ``q`` is useful on place ``p`` (the terms of ``_worker_value``)."""
    s = c.state
    z, slot = divmod(p, 8)
    if slot < 4:
        kind = s.kinds[z][slot]
        if c.kind_value(kind) < 1.0:
            return f"the team has {kind} enough for now"
        if kind == "wood":
            lack = (f"none of the {c.island} islanders has a boat yet" if c.boats_wanted >= c.island
                    else f"{c.boats_wanted} of the {c.island} islanders have no boat yet")
            return f"wood for boats: {lack}, and the team has {s.wood} wood"
        if kind == "wheat":
            sail = ", and at this level each islander who sails needs one" if ISLAND.levels[s.level].wheat_to_sail else ""
            return (f"wheat feeds the workers each round (1 a player, 2 with 6 workers or more){sail}; "
                    f"the team has {s.wheat}")
        return "stone for dams, to stop the lava flowing onto the land below it"
    if slot == 5:
        at_yards, wood_coming = c.yards()
        if wood_coming > at_yards and c.boats_wanted > at_yards:
            return f"a boat a worker: {wood_coming} wood to build with, and {c.boats_wanted} islanders lack a boat"
        return "no wood for another boat this round"
    if slot == 4:
        lz = s.lava[z]
        missing = DAM_SPOTS[lz] - s.dams[z][lz] if 0 < lz < 5 else 0
        if missing:
            return (f"the lava flows onto {area_name(z, lz)} next: {missing} dam spots are empty "
                    f"and the team has {s.stone} stone")
        return f"no lava is about to flow in {ZONES[z]}: the dams can wait"
    if slot == 6:
        if s.round <= 4 and not c.endgame:
            return "early on, each citizen called up is one more worker for every round to come"
        return "late in the game a new worker has few rounds left to work"
    return ""


class _Context:
    """What the policy works out once per choice: the team's needs."""

    def __init__(self, state: NisyrosState) -> None:
        self.state = s = state
        n = s.players
        self.cap = ISLAND.stock_cap[n]
        self.island = island = sum(map(sum, s.people))  # everyone still on Nisyros
        boats = sum(s.boats)
        self.boats_wanted = island - boats  # boats the people still here need
        self.wood_wanted = self.boats_wanted - s.wood
        self.homes = {h for h in s.home if h is not None}
        lava = sum(s.lava)
        self.endgame = lava >= 15 or s.round >= 7
        self.target = 9
        per = ISLAND.levels[s.level].wheat_to_sail
        self.wheat_wanted = 2 * n + (island if per else 0) - s.wheat
        self.useful_workers = 6
        self._yards: tuple[int, int] | None = None
        self._risks: dict[int, float] = {}
        self._values: dict[str, float] = {}
        self._workers: dict[tuple[int, int, bool], float] = {}
        self._doubles: dict[int, float] = {}
        self._evacuees: dict[int, float] = {}

    def yards(self) -> tuple[int, int]:
        """(the shipyards' workers, the wood in stock plus what the workers
        already placed gather this round), worked out once per choice."""
        if self._yards is None:
            s = self.state
            woods = [(z * 8 + r, 2 if r < 2 else 1) for z in range(4) for r in range(s.lava[z], 4)
                     if s.kinds[z][r] == "wood"]
            gathered = at_yards = 0
            for row in s.people:
                at_yards += row[5] + row[13] + row[21] + row[29]
                for p, y in woods:
                    if row[p]:
                        gathered += row[p] * y
            self._yards = (at_yards, s.wood + gathered)
        return self._yards

    def risk(self, z: int, ring: int) -> float:
        """``cover_risk(state, z, ring)``, worked out once per choice."""
        key = z * 8 + ring
        r = self._risks.get(key)
        if r is None:
            r = self._risks[key] = cover_risk(self.state, z, ring)
        return r

    def kind_value(self, kind: str) -> float:
        """What one more of ``kind`` is worth to the team now (once per choice)."""
        v = self._values.get(kind)
        if v is None:
            v = self._values[kind] = self._kind_value(kind)
        return v

    def _kind_value(self, kind: str) -> float:
        s = self.state
        if kind == "wood":
            return 1.5 if self.wood_wanted > 0 and s.wood < self.cap - 2 else 0.1
        if kind == "wheat":
            return 1.4 if self.wheat_wanted > 0 and s.wheat < self.cap - 2 else 0.1
        dams_wanted = sum(DAM_SPOTS[lz] - s.dams[z][lz] for z, lz in enumerate(s.lava) if 0 < lz < 5)
        return 1.0 if s.stone < max(2, dams_wanted) else 0.15

    def worker_value(self, q: int, p: int, moving: bool = False) -> float:
        """What a worker of ``q`` does for the team on place ``p`` this round
        (worked out once per choice)."""
        key = (q, p, moving)
        v = self._workers.get(key)
        if v is None:
            v = self._workers[key] = self._worker_value(q, p, moving)
        return v

    def _worker_value(self, q: int, p: int, moving: bool) -> float:
        s = self.state
        z, slot = divmod(p, 8)
        if slot < 4:
            y = 2 if slot < 2 else 1
            return y * self.kind_value(s.kinds[z][slot]) - PERSON / 3 * self.risk(z, slot)
        risk = PERSON / 3 * self.risk(z, 4)
        if slot == 5:  # shipyard: a boat if there is wood for it
            at_yards, wood_coming = self.yards()
            others = at_yards - (0 if moving else 1)
            return (PERSON * 0.8 if wood_coming > others and self.boats_wanted > others else 0.1) - risk
        if slot == 4:  # dam site: the dams the lava's next flow here needs
            lz = s.lava[z]
            here = sum([row[p] for row in s.people]) - (0 if moving else 1)
            missing = DAM_SPOTS[lz] - s.dams[z][lz] if 0 < lz < 5 else 0
            useful = missing > here and s.stone > here
            return (2.2 + 0.6 * (z in self.homes) if useful else 0.0) - risk
        if slot == 6:  # meeting place: call a citizen up
            here = sum([row[p] for row in s.people]) - (0 if moving else 1)
            citizens = s.people[q][p + 1]
            early = s.round <= 4 and not self.endgame
            return (1.8 if citizens > here and here < 2 and early else 0.0) - risk
        return 0.0

    def die_idle(self, d: int) -> bool:
        """Whether die ``d``'s face doubles nothing worth having."""
        face = self.state.yellow[d]
        return face in ("+1",) or face in ("dam", "meeting")

    def double_value(self, p: int) -> float:
        """What doubling workplace ``p`` this round is worth."""
        s = self.state
        z, slot = divmod(p, 8)
        w = sum(row[p] - i[p] for row, i in zip(s.people, s.idle))
        if not w or p in s.stupor:
            return -0.1
        if slot < 4:
            return w * (2 if slot < 2 else 1) * self.kind_value(s.kinds[z][slot])
        if slot == 5:
            at_yards, wood_coming = self.yards()
            extra = min(w, max(0, wood_coming - at_yards), max(0, self.boats_wanted - at_yards))
            return extra * PERSON * 0.8
        if slot == 4:
            lz = s.lava[z]
            missing = DAM_SPOTS[lz] - s.dams[z][lz] if 0 < lz < 5 else 0
            return min(w, max(0, missing - w), max(0, s.stone - w)) * 2.0
        if slot == 6:
            return 1.5 if w == 1 and s.people[0][p + 1] + sum(r[p + 1] for r in s.people[1:]) > 1 else -0.1
        return -0.1

    def strike_cost(self, z: int) -> float:
        """What an eruption towards zone ``z`` costs the team: the people on
        the area it buries (a third of them lost), a coast's village and
        boats, and a first lava there (which then flows every round)."""
        s = self.state
        ring = s.lava[z]
        if ring >= 5:
            return 100.0
        people = sum(row[z * 8 + ring] for row in s.people) if ring < 4 else \
            sum(row[z * 8 + k] for row in s.people for k in range(4, 8))
        cost = people * PERSON / 3
        if ring == 4:
            cost += 2 * (z in s.origin) + s.boats[z] * PERSON * 0.7
        elif ring == 3:
            cost += 0.8 * (z in s.origin)
        if ring == 0:
            cost += 1.5
        return cost


# -- the team bot -----------------------------------------------------------------------------------
def play_out(game: Any, state: NisyrosState, policy: TeamPolicy) -> tuple[float, int]:
    """Play ``state`` (changed in place) to the end by ``policy``; (the graded
    outcome, the moves played: a playout's work, see ``TeamBot.plies``)."""
    plies = 0
    while state.phase != "over":
        (seat,) = game.to_act(state)
        legal = game.legal_actions(state, seat)
        game.play_silent(state, legal[0] if len(legal) == 1 else policy.choose(state, seat, legal), seat)
        plies += 1
    return graded(state.kos), plies


#: per level: how many of the rule of thumb's best moves the search weighs
WIDTH = {1: 3, 2: 4, 3: 6}


class TeamBot(SearchBot):
    """The Nisyros team bot: a chance-sampling search guided by the rule of
    thumb (:class:`TeamPolicy`).

    It weighs the policy's best few moves (``width``). Each iteration samples
    one future — the deck re-dealt from its open contents and every later
    die thrown anew (``determinize``) — and, in that same future, plays each
    move still in the running and then the rest of the game by the policy,
    to the end: the team's boats, dams, wood and wheat are planned rounds
    ahead by the playouts, and moves are compared on the same dice (common
    random numbers), so their difference is measured with little noise. A
    move's value is its mean graded outcome over the sampled futures (an
    expectimax estimate); every few futures the worst third of the moves
    drop out (successive halving), so the budget goes to the close calls.
    The budget is the level's CPU seconds (and iteration cap) as for every
    :class:`SearchBot`; ``iterations`` counts playouts. ``plies`` is a
    budget of work that does not depend on the machine: the search stops
    once its playouts have played that many moves (checked between
    futures, as the clock is); benchmarks stand it for the CPU seconds,
    since a move's cost follows the moves played (a playout from round 1
    plays ten times as many as one from round 6)."""

    name = "nisyros-team"

    def __init__(self, level: int = 3, width: int | None = None, plies: int | None = None, **kw: Any) -> None:
        super().__init__(level=level, **kw)
        self.width = width or WIDTH.get(level, WIDTH[3])
        self.plies = plies
        self.policy = TeamPolicy()
        #: the moves the last ``rank``'s playouts played
        self.last_plies = 0

    def reason(self, state: NisyrosState, action: Any) -> str:
        """The rule of thumb's reason for ``action`` (:func:`reason`), for the coach."""
        return reason(state, action)

    def rank(self, game: Any, state: NisyrosState, seat: int, rng: random.Random) -> list[MoveScore]:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("There is nothing this seat can do now.")
        alive = self.policy.ranked(state, seat, legal)[:self.width]
        total = {a: 0.0 for a in alive}
        seen = {a: 0 for a in alive}
        cpu_end = time.thread_time() + self.seconds
        wall_end = time.perf_counter() + self.seconds * self.wall_factor
        n = futures = plies = 0
        cap = self.plies
        cut = 4
        while n < self.iterations and len(alive) > 1:
            if n and (time.thread_time() > cpu_end or time.perf_counter() > wall_end
                      or (cap is not None and plies >= cap)):
                break
            world = game.determinize(state, seat, rng)
            for a in alive:
                sim = game.clone(world)
                game.play_silent(sim, a, seat)
                value, k = play_out(game, sim, self.policy)
                total[a] += value
                plies += k + 1
                seen[a] += 1
                n += 1
            futures += 1
            if futures == cut and len(alive) > 2:  # the worst third drop out
                alive.sort(key=lambda a: total[a] / seen[a], reverse=True)
                alive = alive[:max(2, len(alive) - len(alive) // 3)]
                cut *= 2
        self.last_iterations, self.last_plies = n, plies
        scored = [MoveScore(a, total[a] / seen[a] if seen[a] else 0.0, seen[a]) for a in total]
        scored.sort(key=lambda m: (m.visits, m.value), reverse=True)
        return scored


def bot_for(game: Any, level: int) -> TeamBot:
    """The team bot for search level ``level`` (``Game.bot_for``)."""
    return TeamBot(level=level)


def heuristics(game: Any, state: NisyrosState) -> list[float]:
    """Every seat's value is the team's (:func:`heuristic`): Nisyros is
    co-operative."""
    return [heuristic(state)] * state.players
