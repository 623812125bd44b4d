#!/usr/bin/env python3
"""tabletop-tui benchmarks: figures, not pass/fail.

    python benchmarks/run.py            # full run (5-8 minutes on 2 shared cores)
    python benchmarks/run.py --quick    # shorter budgets (under a minute)
    python benchmarks/run.py --json out.json

Prints, in one run:

1. engine   random playouts of every registered game (``engine.games()``, so a
            new game is picked up without touching this file) at every player
            count: decisions per CPU second (median of 3 rounds, min-max),
            games/s, mean game length;
2. reference the same loop on six of OpenSpiel's pure-Python games
            (``open_spiel.python.games``: tic-tac-toe, Kuhn poker, Liar's poker,
            iterated prisoner's dilemma, block dominoes, team dominoes; ``pip
            install -e '.[bench]'``), measured interleaved with ours in the same
            process, and our rate as a ratio to the geometric mean of theirs in
            the same round;
            memory (tracemalloc) of a mid-game state and of the playout loop;
3. search   search-bot seconds per move at each ``SEARCH_LEVELS`` level (a
            CPU-time budget), p50/p95/max in wall and CPU seconds, on mid-game
            positions reached by seeded random play (strength and the
            per-move figures of whole games: benchmarks/bots.py);
4. start    app cold start to the first frame, TabletopApp against a minimal
            Textual app (one Static), each in fresh ``python -c`` processes;
5. keys     key-to-frame latency on a real game screen driven by Pilot, each
            game in its own process (one line per game in ``KEY_SCENARIOS``),
            and the move key of every game (apply + autosave + redraw, CPU ms);
6. targets  each target beside its figure with a check or a cross.

It always exits 0: the machine is shared and noisy, so these are figures to
read (and compare between runs with ``--json``), not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import faulthandler
import gc
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import traceback
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop_tui.engine import games as registered_games  # noqa: E402
from tabletop_tui.engine.bots import SEARCH_LEVELS, SearchBot  # noqa: E402

#: Keys pressed (cyclically) on a game screen for the key-to-frame figure.
#: Every key must change what is drawn (a key that draws nothing has no
#: frame to wait for and is counted as "no frame"). One line per game.
KEY_SCENARIOS: dict[str, list[str]] = {
    # From the centre village the cursor goes out and back in four directions.
    "tiki": ["right", "left", "down", "up", "left", "right", "up", "down"],
    # Its board opens on the buying step: left and right move over the choices.
    "rapa_nui": ["right", "left"],
    # The bid step: the hex cursor out and back along three axes, then the bid up and down.
    "nyakuza": ["right", "left", "e", "z", "q", "c", "up", "down"],
    # Step 1: the highlight walks down and back up the list of moves.
    "nisyros": ["down", "down", "up", "up"],
    # The worker step: the cursor walks over the action spaces and back.
    "nayakas": ["down", "down", "up", "up"],
}

TARGET_RATIO = 1.0  # our random-playout actions/s >= the reference's
TARGET_KEY_MS = 16.0  # key-to-frame under one 60 Hz frame
TARGET_START_RATIO = 1.3  # cold start <= 1.3x a minimal Textual app
TARGET_L3_P95_S = 1.0  # a level-3 search move <= 1 s at p95 (issue 12)

STARTUP_TIMEOUT = 20.0  # s for the app to show a game screen in the key-to-frame child
MAX_ACTIONS = 20_000  # a playout longer than this is cut and counted "unfinished"
OK, NO = "✓", "✗"


# -- helpers ------------------------------------------------------------------------
def mark(ok: bool | None) -> str:
    return "-" if ok is None else (OK if ok else NO)


def fmt(x: float | None, spec: str = ".1f") -> str:
    return "-" if x is None else format(x, spec)


def table(headers: list[str], rows: list[list[Any]], indent: str = "  ", left: tuple[int, ...] = (0,),
          right: tuple[int, ...] = ()) -> str:
    """Plain fixed-width table: numbers and the ``right`` columns right-aligned;
    other text and the ``left`` columns left-aligned."""
    cells = [[str(c) for c in r] for r in rows]
    left_cols = set(left)
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]

    def line(vals: list[str], head: bool = False) -> str:
        out = []
        for i, v in enumerate(vals):
            left = head or i in left_cols or (i not in right and not _numeric(v))
            out.append(v.ljust(widths[i]) if left else v.rjust(widths[i]))
        return indent + "  ".join(out).rstrip()

    lines = [line(headers, head=True), indent + "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in cells]
    return "\n".join(lines)


def _numeric(v: str) -> bool:
    v = v.strip().rstrip("x%sKMiB ").replace(",", "").replace("≤", "").replace("<", "")
    try:
        float(v)
        return True
    except ValueError:
        return v == "-"


def percentile(xs: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def say(text: str = "") -> None:
    print(text, flush=True)


def section(title: str) -> None:
    say()
    say(title)


def error_text(err: BaseException) -> str:
    return f"{type(err).__name__}: {err}".splitlines()[0][:160]


# -- 1 + 2: random playouts ----------------------------------------------------------
def ours_slice(game, players: int, rng: random.Random, seconds: float) -> dict:
    """Random playouts of ``game`` for about ``seconds``: the loop of
    ``simulate.play_out`` without the bot object (legal_actions, rng.choice,
    game.apply, which validates), starting a new game each time one ends."""
    legal_actions, apply, to_act, is_over = game.legal_actions, game.apply, game.to_act, game.is_over
    choice = rng.choice
    actions = n_games = unfinished = 0
    cpu = time.process_time()
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        state = game.new_state(players, None, rng.getrandbits(48))
        n = 0
        while n < MAX_ACTIONS and not is_over(state):
            seat = to_act(state)[0]
            apply(state, choice(legal_actions(state, seat)), seat)
            n += 1
        actions += n
        n_games += 1
        unfinished += not is_over(state)
        if time.perf_counter() >= deadline:
            break
    return {"actions": actions, "games": n_games, "unfinished": unfinished,
            "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu}


def _reference_step(state, rng: random.Random) -> None:
    """Play one random step of an OpenSpiel state: a chance node's outcome by
    its probabilities, a player's action uniformly among the legal ones, and
    at a simultaneous node one such action for every player."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def reference_slice(game, rng: random.Random, seconds: float) -> dict:
    """The same loop on an OpenSpiel Python game: legal_actions, rng.choice
    (a chance node's outcome by its probabilities), apply_action until terminal."""
    actions = n_games = 0
    cpu = time.process_time()
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            _reference_step(state, rng)
            n += 1
        actions += n
        n_games += 1
        if time.perf_counter() >= deadline:
            break
    return {"actions": actions, "games": n_games, "unfinished": 0,
            "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu}


#: OpenSpiel's pure-Python games (not the C++ ones) the playouts are measured
#: against: a board game, two card games with chance, one with hidden tiles
#: and longer games (for two, and for two teams of two), and a repeated game with
#: a chance node every round
REFERENCE_GAMES = ("tic_tac_toe", "kuhn_poker", "liars_poker", "iterated_prisoners_dilemma", "block_dominoes",
                   "team_dominoes")


def load_references() -> tuple[list[tuple[str, Any]], str]:
    """The reference games (name, game) and OpenSpiel's version."""
    import pyspiel  # noqa: PLC0415
    import open_spiel.python.games  # noqa: F401,PLC0415  (registers the python_* games)

    try:
        from importlib.metadata import version

        ver = version("open_spiel")
    except Exception:  # pragma: no cover - metadata missing
        ver = "?"
    return [(name, pyspiel.load_game(f"python_{name}")) for name in REFERENCE_GAMES], ver


def ref_label(name: str) -> str:
    """``ref:kuhn_poker`` -> "OpenSpiel kuhn_poker (py)"."""
    return f"OpenSpiel {name.removeprefix('ref:')} (py)"


def rate(s: dict, what: str = "actions") -> float:
    """Per second of this process's CPU time: the loops are single-threaded and
    CPU-bound, so on an idle machine this equals wall time, and on a shared one
    it does not count the time other processes held the CPU."""
    return s[what] / max(s["cpu"], 1e-9)


def geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def summarise(slices: list[dict]) -> dict:
    rates = [rate(s) for s in slices]
    grates = [rate(s, "games") for s in slices]
    actions = sum(s["actions"] for s in slices)
    n_games = sum(s["games"] for s in slices)
    return {
        "actions_per_s": statistics.median(rates),
        "actions_per_s_min": min(rates), "actions_per_s_max": max(rates),
        "games_per_s": statistics.median(grates),
        "mean_actions": actions / n_games if n_games else None,
        "games": n_games,
        "actions": actions,
        "unfinished": sum(s["unfinished"] for s in slices),
        "seconds": sum(s["seconds"] for s in slices),
        "cpu_seconds": sum(s["cpu"] for s in slices),
        "slices": [round(r, 1) for r in rates],
    }


def run_playouts(games: list, references: list, seconds: float, rounds: int, seed: int) -> dict:
    """Interleave the configurations in ``rounds`` rounds (so load from other
    processes hits all of them alike) and keep the median slice of each, with
    the lowest and highest. The ratio to the references is, round by round,
    our slice's rate over the geometric mean of the reference games' rates
    in the same round: its median, min and max over the rounds."""
    configs: list[tuple[str, Any, int | None]] = []
    for name, ref in references:
        configs.append((f"ref:{name}", ref, None))
    for g in games:
        for p in range(g.min_players, g.max_players + 1):
            configs.append((g.id, g, p))
    slices: dict[tuple, list[dict]] = {(name, p): [] for name, _, p in configs}
    errors: dict[tuple, str] = {}
    # warm up each once (imports, pydantic caches) outside the timing
    for name, g, p in configs:
        try:
            if p is None:
                reference_slice(g, random.Random(seed), 0.0)
            else:
                ours_slice(g, p, random.Random(seed), 0.0)
        except Exception as err:  # a game under construction must not stop the run
            errors[(name, p)] = error_text(err)
    per = seconds / rounds
    for r in range(rounds):
        for name, g, p in configs:
            if (name, p) in errors:
                continue
            rng = random.Random(seed * 7919 + r)
            try:
                if p is None:
                    slices[(name, p)].append(reference_slice(g, rng, per))
                else:
                    slices[(name, p)].append(ours_slice(g, p, rng, per))
            except IndexError as err:  # rng.choice([]): a seat to act with no legal action
                errors[(name, p)] = f"a seat to act had no legal action ({err})"
            except Exception as err:
                errors[(name, p)] = error_text(err)
    out = {}
    ref_keys = [(name, None) for name, _, p in configs if p is None and (name, None) not in errors]
    # the geometric mean of the reference rates of each round (every reference ran in every round)
    ref_rounds = [geomean([rate(slices[k][r]) for k in ref_keys]) for r in range(rounds)] \
        if ref_keys and all(len(slices[k]) == rounds for k in ref_keys) else []
    for name, _, p in configs:
        key = (name, p)
        if key in errors:
            out[key] = {"error": errors[key]}
        elif slices[key]:
            out[key] = summarise(slices[key])
            if p is not None and ref_rounds and len(slices[key]) == rounds:
                ratios = [rate(a) / b for a, b in zip(slices[key], ref_rounds)]
                out[key].update(ratio=statistics.median(ratios), ratio_min=min(ratios), ratio_max=max(ratios))
    if ref_rounds:
        out[("ref:geomean", None)] = {"geomean": True, "actions_per_s": statistics.median(ref_rounds),
                                      "actions_per_s_min": min(ref_rounds), "actions_per_s_max": max(ref_rounds)}
    return out


# -- memory --------------------------------------------------------------------------
def random_state(game, players: int, rng: random.Random, steps: int):
    """A state after up to ``steps`` random actions (stops early at the end)."""
    state = game.new_state(players, None, rng.getrandbits(48))
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    return state


def traced_bytes(build: Callable[[], Any]) -> tuple[int, Any]:
    """Bytes still allocated (tracemalloc) by ``build()`` while its result is held."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    obj = build()
    gc.collect()
    return tracemalloc.get_traced_memory()[0] - before, obj


def memory_ours(game, players: int, mean_len: float | None, seed: int, n_games: int) -> dict:
    mid = max(1, int((mean_len or 40) / 2))
    tracemalloc.start()
    try:
        # state: a deep copy of a mid-game state holds exactly that state's objects
        base = random_state(game, players, random.Random(seed), mid)
        state_b, held = traced_bytes(lambda: copy.deepcopy(base))
        json_b = len(held.model_dump_json()) if hasattr(held, "model_dump_json") else None
        del held
        # loop: peak over whole playouts (new_state .. end), above what was there before
        rng = random.Random(seed + 1)
        peaks = []
        for _ in range(n_games):
            gc.collect()
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            ours_slice(game, players, rng, 0.0)
            peaks.append(tracemalloc.get_traced_memory()[1] - before)
    finally:
        tracemalloc.stop()
    return {"state_bytes": state_b, "state_json_bytes": json_b, "playout_peak_bytes": max(peaks),
            "mid_game_actions": mid}


def memory_reference(ref, seed: int, n_games: int) -> dict:
    tracemalloc.start()
    try:
        def build():
            rng = random.Random(seed)
            st = ref.new_initial_state()
            for _ in range(4):
                if st.is_terminal():
                    break
                _reference_step(st, rng)
            return st

        state_b, held = traced_bytes(build)
        del held
        rng = random.Random(seed + 1)
        peaks = []
        for _ in range(n_games):
            gc.collect()
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            reference_slice(ref, rng, 0.0)
            peaks.append(tracemalloc.get_traced_memory()[1] - before)
    finally:
        tracemalloc.stop()
    return {"state_bytes": state_b, "state_json_bytes": None, "playout_peak_bytes": max(peaks),
            "mid_game_actions": 4}


# -- 3: search bot ----------------------------------------------------------------------
def mid_game_positions(game, players: int, mean_len: float | None, n: int, seed: int) -> list:
    """``n`` seeded random mid-game positions (30-60% into a mean game) where
    the seat to act has at least two legal actions (a forced move costs no search)."""
    mean_len = mean_len or 40
    out = []
    attempt = 0
    while len(out) < n and attempt < 50 * n:
        k = len(out)
        frac = 0.3 + 0.3 * (k / max(1, n - 1)) if n > 1 else 0.45
        rng = random.Random(seed * 1_000 + attempt)
        attempt += 1
        state = random_state(game, players, rng, max(1, int(mean_len * frac)))
        for _ in range(50):  # walk on past forced moves
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) >= 2:
                out.append((state, seat))
                break
            game.apply(state, legal[0], seat)
    return out


def run_search(games: list, lengths: dict, positions: int, budget: float, seed: int,
               levels: list[int] | None = None) -> dict:
    """Levels outermost, so when the time budget runs out the costliest levels
    are the ones skipped, not whole games (``levels``: those to run, default all)."""
    results: dict[tuple[str, int], dict] = {}
    spots = {}
    for g in games:
        try:
            spots[g.id] = mid_game_positions(g, g.min_players, lengths.get(g.id), positions, seed)
        except Exception as err:
            spots[g.id] = err
    started = time.perf_counter()
    for level in levels or sorted(SEARCH_LEVELS):
        for g in games:
            key = (g.id, level)
            sp = spots[g.id]
            if isinstance(sp, Exception):
                results[key] = {"error": error_text(sp)}
                continue
            if not sp:
                results[key] = {"error": "no mid-game position with a choice found"}
                continue
            if time.perf_counter() - started > budget:
                results[key] = {"skipped": f"search budget of {budget:.0f} s spent"}
                continue
            secs, cpus, its = [], [], []
            try:
                for i, (state, seat) in enumerate(sp):
                    bot = SearchBot(level=level)
                    bot.wall_factor = math.inf  # the level's CPU budget alone, whatever the load
                    st = g.clone(state)
                    c0, t0 = time.thread_time(), time.perf_counter()
                    bot.choose(g, st, seat, random.Random(seed + i))
                    secs.append(time.perf_counter() - t0)
                    cpus.append(time.thread_time() - c0)
                    its.append(bot.last_iterations)
            except Exception as err:
                results[key] = {"error": error_text(err)}
                continue
            lv = SEARCH_LEVELS[level]
            results[key] = {
                "positions": len(secs), "median_s": statistics.median(secs), "max_s": max(secs),
                "p95_s": percentile(secs, 95), "median_cpu_s": statistics.median(cpus),
                "p95_cpu_s": percentile(cpus, 95),
                "mean_iterations": statistics.mean(its), "iterations": lv.iterations, "budget_s": lv.seconds,
                "capped": sum(1 for n in its if n >= lv.iterations),
                "iterations_per_cpu_s": sum(its) / sum(cpus) if sum(cpus) else None,
            }
    return results


# -- 4: cold start -----------------------------------------------------------------------
#: Run in a fresh interpreter (``python -c CHILD tabletop|minimal``). Times are
#: wall-clock seconds since BENCH_T0, which the parent sets just before it
#: starts the process, so interpreter start-up is included. "First frame" is
#: the first frame the compositor produces for a screen holding at least one
#: widget (TabletopApp's default screen is empty until the picker is pushed);
#: headless mode skips turning that frame into terminal bytes, so the probe
#: does it, and then exits.
CHILD = r"""
import json, os, resource, sys, time
T0 = float(os.environ["BENCH_T0"])
kind = sys.argv[1]
if kind == "tabletop":
    from tabletop_tui.ui.app import TabletopApp as Base
else:
    from textual.app import App
    from textual.widgets import Static
    class Base(App):
        def compose(self):
            yield Static("hello")
t_import = time.time() - T0
out = {"import_s": t_import}
class Probe(Base):
    def _display(self, screen, renderable):
        drawn = renderable is not None and not self._batch_count
        super()._display(screen, renderable)
        if not drawn or "first_frame_s" in out or not screen.children:
            return
        if self.is_headless and hasattr(renderable, "render_segments"):
            renderable.render_segments(self.console)
        out["first_frame_s"] = time.time() - T0
        out["first_frame_cpu_s"] = time.process_time()
        out["screen"] = type(screen).__name__
        self.exit()
Probe().run(headless=True, size=(80, 24))
out["exit_s"] = time.time() - T0
try:  # VmHWM: this process's peak RSS (ru_maxrss would include the parent's, from before exec)
    with open("/proc/self/status") as fh:
        out["maxrss_kib"] = next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:"))
except Exception:
    out["maxrss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("BENCH " + json.dumps(out))
"""


def cold_start_once(kind: str, env: dict) -> dict:
    env = dict(env)
    env["BENCH_T0"] = repr(time.time())
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, kind], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - t0
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            data = json.loads(line[6:])
            data["wall_s"] = wall
            if "first_frame_s" not in data:
                data["error"] = "no frame was drawn"
            return data
    tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
    return {"error": f"exit {proc.returncode}: {tail[0][:160]}", "wall_s": wall}


def run_cold_start(runs: int, env: dict) -> dict:
    samples: dict[str, list[dict]] = {"tabletop": [], "minimal": []}
    for kind in samples:  # warm the OS file cache and .pyc files once, untimed
        cold_start_once(kind, env)
    for _ in range(runs):  # interleaved, so noise hits both alike
        for kind in samples:
            samples[kind].append(cold_start_once(kind, env))
    out = {}
    for kind, runs_ in samples.items():
        good = [r for r in runs_ if "error" not in r]
        if not good:
            out[kind] = {"error": runs_[0].get("error", "failed") if runs_ else "no runs"}
            continue
        out[kind] = {
            "runs": len(good),
            "first_frame_s": statistics.median(r["first_frame_s"] for r in good),
            "first_frame_cpu_s": statistics.median(r["first_frame_cpu_s"] for r in good),
            "import_s": statistics.median(r["import_s"] for r in good),
            "wall_s": statistics.median(r["wall_s"] for r in good),
            "maxrss_mib": statistics.median(r["maxrss_kib"] for r in good) / 1024,
            "screen": good[0].get("screen"),
            "all_first_frame_s": [round(r["first_frame_s"], 3) for r in good],
        }
    return out


# -- 5: key to frame ----------------------------------------------------------------------
async def key_to_frame(game_id: str, keys: list[str], presses: int = 200, seed: int = 1,
                       size: tuple[int, int] = (80, 24), scenario: str = "cursor") -> dict:
    """Median and p95 time from a key press to the frame that shows it, on the
    real app (TabletopApp with a Match of human seats), driven by Pilot.

    Method: the app is a subclass whose ``_display`` (the one place a screen's
    compositor update goes out to the terminal) stamps each frame with
    ``perf_counter`` after turning it into terminal bytes (headless skips that
    step; we do it so a frame costs what it would on a terminal). For each key:
    wait until the app is idle, wait a random 0-17 ms (so presses fall at any
    phase of Textual's 60 Hz frame clock, as a person's would), stamp t0, send
    the key with ``pilot.press`` (the driver's input path: key event -> focused
    board's binding -> handler -> dirty widgets -> idle -> screen update timer
    -> layout -> render), and take the first frame stamped after t0. We never
    call ``pilot.pause()`` between the key and its frame, as that forces a
    refresh and would skip the frame clock. We also stamp the start of the
    screen's update tick, which splits the time into key->tick (handling,
    styles, waiting for the frame clock) and tick->frame (layout + render),
    and this process's CPU time from key to frame: the work itself, which
    other processes on a busy machine do not inflate as they do wall time.
    A key that draws nothing within 0.5 s is counted under "no frame".
    """
    import textual
    import textual.screen as tscreen
    from textual import constants

    from tabletop_tui.engine import Match, SeatConfig, get
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.game_screen import GameScreen
    from tabletop_tui.ui.handoff import HandoffScreen

    frames: list[tuple[float, float | None, float]] = []  # (wall, tick start, CPU time)
    last_tick: list[float | None] = [None]
    new_frame = asyncio.Event()

    class Probe(TabletopApp):
        BINDINGS = [("f12", "bench_move", "")]
        bench_action = None

        def action_bench_move(self) -> None:
            """The move key: what a board's Enter does with the move under its
            cursor (Board.Chosen -> GameScreen.play): apply, autosave, redraw."""
            if self.bench_action is not None and isinstance(self.screen, GameScreen):
                self.screen.play(self.bench_action)

        def _display(self, screen, renderable) -> None:
            drawn = renderable is not None and not self._batch_count
            super()._display(screen, renderable)
            if not drawn:
                return
            if self.is_headless and hasattr(renderable, "render_segments"):
                renderable.render_segments(self.console)
            frames.append((time.perf_counter(), last_tick[0], time.process_time()))
            if KEY_PROBE is not None:
                KEY_PROBE.frame()
            new_frame.set()

    original_tick = tscreen.Screen._on_timer_update

    def timed_tick(self) -> None:
        last_tick[0] = time.perf_counter()
        return original_tick(self)

    game = get(game_id)
    if scenario == "move":  # a move key saves the game, as at a real table
        os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-bench-")
    rng = random.Random(seed)
    total, render, wait, cpu, save = [], [], [], [], []
    missed = 0
    screen_name = "?"
    tscreen.Screen._on_timer_update = timed_tick  # before the screens create their timers
    try:
        for table_no in range(MOVE_GAMES if scenario == "move" else 1):  # a finished game: a new one
            if len(total) >= presses:
                break
            seats = [SeatConfig(name=chr(ord("A") + i)) for i in range(game.min_players)]
            if scenario == "bot":  # the second seat is a level-3 search bot
                seats[1] = SeatConfig(name="Bot", bot="search", level=3)
            match = Match(game, seats, seed=seed + table_no, autosave=scenario == "move")
            app = Probe(match=match, bot_delay=0)
            missed = await _one_table(app, pilot_run=(size, keys, presses, scenario, rng),
                                      out=(total, render, wait, cpu, save, frames, new_frame), missed=missed)
            screen_name = app.screen_name_seen
    finally:
        faulthandler.cancel_dump_traceback_later()
        tscreen.Screen._on_timer_update = original_tick
    if not total:
        raise RuntimeError(f"no key drew a frame ({missed} keys tried)")
    ms = lambda xs: [x * 1000 for x in xs]  # noqa: E731
    total, render, wait, cpu, save = ms(total), ms(render), ms(wait), ms(cpu), ms(save)
    return {
        "then_cpu_median_ms": statistics.median(save) if save else None,
        "then_cpu_p95_ms": percentile(save, 95) if save else None,
        "game": game_id, "keys": keys, "presses": presses, "frames": len(total), "no_frame": missed,
        "size": list(size), "screen": screen_name, "max_fps": constants.MAX_FPS,
        "textual": getattr(textual, "__version__", "?"),
        "median_ms": statistics.median(total), "p95_ms": percentile(total, 95), "max_ms": max(total),
        "tick_to_frame_median_ms": statistics.median(render) if render else None,
        "tick_to_frame_p95_ms": percentile(render, 95) if render else None,
        "key_to_tick_median_ms": statistics.median(wait) if wait else None,
        "cpu_median_ms": statistics.median(cpu), "cpu_p95_ms": percentile(cpu, 95),
    }


#: a move-key run plays on through this many games at most (a new one when one ends)
MOVE_GAMES = 20

#: what watches each key of a key-to-frame run (benchmarks/keys_profile.py):
#: ``start(key)`` just before the key is pressed, ``frame()`` after each frame
KEY_PROBE: Any = None


async def _one_table(app, pilot_run: tuple, out: tuple, missed: int) -> int:
    """Press the keys of one key-to-frame run on ``app`` until ``presses``
    figures are in ``out`` or (a move-key run) its game ends; returns the
    count of keys that drew no frame."""
    from textual import constants

    from tabletop_tui.ui.game_screen import GameScreen
    from tabletop_tui.ui.handoff import HandoffScreen

    size, keys, presses, scenario, rng = pilot_run
    total, render, wait, cpu, save, frames, new_frame = out
    app.screen_name_seen = "?"
    # A board that crashes while mounting can leave run_test waiting for ever:
    # a watchdog thread ends this (child) process if the game screen is not up in time.
    faulthandler.dump_traceback_later(STARTUP_TIMEOUT, exit=True, file=sys.stderr)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(8):  # hidden-information games open on the hand-off screen
            if not isinstance(app.screen, HandoffScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            raise RuntimeError(f"expected the game screen, found {type(app.screen).__name__}")
        faulthandler.cancel_dump_traceback_later()
        if scenario != "move":
            for key in keys:  # warm-up pass: first-use caches, styles
                await pilot.press(key)
        screen = app.screen
        for i in range(2 * presses):
            if len(total) >= presses:
                break
            key = keys[i % len(keys)] if keys else "f12"
            if scenario == "move":
                if not await _ready_to_move(pilot, app, screen):
                    break  # the game is over
                app.bench_action = rng.choice(screen.current.legal)
                key = "f12"
            elif scenario == "bot" and not await _bot_thinking(pilot, screen, rng):
                break  # the game is over
            await pilot.pause()
            await asyncio.sleep(rng.uniform(0.0, 1 / constants.MAX_FPS))
            new_frame.clear()
            n0 = len(frames)
            if KEY_PROBE is not None:
                KEY_PROBE.start(key)
            c0 = time.process_time()
            t0 = time.perf_counter()
            await pilot.press(key)
            if len(frames) == n0:
                try:
                    await asyncio.wait_for(new_frame.wait(), 0.5)
                except asyncio.TimeoutError:
                    missed += 1
                    continue
            t_frame, t_tick, c_frame = frames[n0]
            if scenario == "move":
                # the autosave starts table.SAVE_DELAY after the change, when
                # the frame is out: have it now, and count the CPU time from
                # the frame until it is written apart (the rest of the move's
                # drawing, as its log lines, falls there too)
                await asyncio.to_thread(screen.table.flush)
                save.append(time.process_time() - c_frame)
            total.append(t_frame - t0)
            cpu.append(c_frame - c0)
            if t_tick is not None and t_tick >= t0:
                render.append(t_frame - t_tick)
                wait.append(t_tick - t0)
        app.screen_name_seen = type(screen).__name__
    faulthandler.cancel_dump_traceback_later()
    return missed


async def _ready_to_move(pilot, app, screen) -> bool:
    """(Untimed) pass the review and the hand-off screen until a seat at the
    keys is to move with the table idle and its latest update on screen;
    False once the game is over."""
    from tabletop_tui.ui.handoff import HandoffScreen

    for _ in range(4000):
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            continue
        if app.screen is not screen:  # the result screen
            return False
        up = screen.current
        if up is not None and up.over:
            return False
        if screen._review_for is not None:
            await pilot.press("enter")
            continue
        if (up is not None and screen.table.idle() and up.serial == screen.table.serial and up.my_turn
                and up.legal):
            return True
        await pilot.pause(0.005)
    return False


async def _bot_thinking(pilot, screen, rng: random.Random) -> bool:
    """Make sure (untimed) the level-3 bot is thinking: if it is the human's
    turn, play a random legal move through the table. False once the game ends."""
    for _ in range(4000):
        up = screen.current
        if up is not None and up.over:
            return False
        if not screen.table.idle():
            return True
        if up is not None and up.my_turn and up.serial == screen.table.serial:
            screen.table.act(rng.choice(up.legal), up.seat)
        await pilot.pause(0.005)
    return False


#: The table figures: a move key in every game (apply, autosave, redraw:
#: a seeded random legal move, played as a board's Enter plays the move
#: under its cursor), and a cursor key on Tiki while a level-3 bot thinks.
TABLE_SCENARIOS: dict[str, tuple[str, str, list[str]]] = {
    **{f"{gid} move key (apply+save+redraw)": (gid, "move", []) for gid in KEY_SCENARIOS},
    "cursor key, L3 bot thinking": ("tiki", "bot", KEY_SCENARIOS["tiki"]),
}


def key_to_frame_isolated(game_id: str, presses: int, seed: int, env: dict, scenario: str = "cursor") -> dict:
    """Run :func:`key_to_frame` in a fresh process (``--key-child``), so a game
    screen that crashes or hangs (boards are often mid-work) costs a line in
    the table, not the run; and Textual's Screen is only patched in there."""
    timeout = STARTUP_TIMEOUT + 30 + presses * 0.7
    cmd = [sys.executable, str(Path(__file__).resolve()), "--key-child", game_id,
           "--presses", str(presses), "--seed", str(seed), "--scenario", scenario]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"game": game_id, "error": f"no result within {timeout:.0f} s"}
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    err = proc.stderr or ""
    if "Timeout (" in err:
        why = f"the game screen did not come up within {STARTUP_TIMEOUT:g} s"
        exc = [ln for ln in err.splitlines() if ln and not ln.startswith((" ", "Traceback", "Thread", "Timeout"))]
        return {"game": game_id, "error": why + (f" ({exc[-1].strip()[:120]})" if exc else "")}
    tail = [ln for ln in err.strip().splitlines() if ln.strip()][-1:] or [f"exit {proc.returncode}"]
    return {"game": game_id, "error": tail[0].strip()[:160]}


def key_child(game_id: str, presses: int, seed: int, scenario: str = "cursor") -> int:
    keys = next((k for g, sc, k in TABLE_SCENARIOS.values() if (g, sc) == (game_id, scenario)),
                KEY_SCENARIOS.get(game_id, []))
    try:
        r = asyncio.run(key_to_frame(game_id, keys, presses=presses, seed=seed, scenario=scenario))
    except Exception as err:
        r = {"game": game_id, "error": error_text(err)}
    print("BENCH " + json.dumps(r), flush=True)
    return 0


# -- the run -------------------------------------------------------------------------------
def environment() -> dict:
    import pydantic
    import textual

    def ver(name: str) -> str | None:
        try:
            from importlib.metadata import version

            return version(name)
        except Exception:
            return None

    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
    except Exception:
        commit = None
    return {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"), "commit": commit,
        "python": platform.python_version(), "implementation": platform.python_implementation(),
        "textual": getattr(textual, "__version__", ver("textual")), "pydantic": pydantic.VERSION,
        "open_spiel": ver("open_spiel"), "cpus": os.cpu_count(), "platform": platform.platform(),
        "loadavg_start": list(os.getloadavg()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="tabletop-tui benchmarks (figures, not pass/fail).")
    ap.add_argument("--quick", action="store_true", help="short budgets (under a minute)")
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    ap.add_argument("--seconds", type=float, help="playout seconds per game/player count (default 3, quick 0.3)")
    ap.add_argument("--only", metavar="SECTIONS",
                    help="comma-separated subset of: engine,search,start,keys")
    ap.add_argument("--games", metavar="IDS", help="comma-separated game ids (default: every registered game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presses", type=int, help="key presses per game for key-to-frame (default 200; move keys: 100, quick 15)")
    ap.add_argument("--key-child", metavar="GAME", help=argparse.SUPPRESS)  # internal: one key-to-frame run
    ap.add_argument("--scenario", default="cursor", help=argparse.SUPPRESS)  # with --key-child
    args = ap.parse_args(argv)
    if args.key_child:
        return key_child(args.key_child, args.presses or 200, args.seed, args.scenario)

    quick = args.quick
    seconds = args.seconds or (0.3 if quick else 3.0)
    rounds = 3
    positions = 1 if quick else 10
    search_budget = 10.0 if quick else 90.0
    start_runs = 1 if quick else 5
    presses = args.presses or (20 if quick else 200)
    move_presses = args.presses or (15 if quick else 100)
    mem_games = 2 if quick else 5
    sections = {"engine", "search", "start", "keys"}
    # --quick: the playouts, level-3 search and the move keys (no memory, cold start or cursor keys)
    default = sections - {"start"} if quick else sections
    only = {x.strip() for x in (args.only or ",".join(sorted(default))).split(",")}
    if only - sections:
        ap.error(f"unknown section(s) {', '.join(sorted(only - sections))}; choose from {', '.join(sorted(sections))}")
    seed = args.seed
    report: dict[str, Any] = {"mode": "quick" if quick else "full"}
    verdicts: list[tuple[str, str, str, bool | None]] = []  # what, figure, target, ok
    t_run = time.perf_counter()

    env = environment()
    report["environment"] = env
    say(f"tabletop-tui benchmarks ({report['mode']} run) — figures, not pass/fail")
    say(f"  {env['when']}  commit {env['commit']}  Python {env['python']}  Textual {env['textual']}  "
        f"pydantic {env['pydantic']}  {env['cpus']} CPUs  load {env['loadavg_start'][0]:.2f}")
    if env["loadavg_start"][0] > (env["cpus"] or 1) * 0.5:
        say("  note: the machine is busy (load average above half the cores): expect noise")

    all_games = registered_games()
    if args.games:
        wanted = {g.strip() for g in args.games.split(",")}
        all_games = [g for g in all_games if g.id in wanted]
    say(f"  games: {', '.join(g.id for g in all_games) or 'none'}")

    lengths: dict[str, float] = {}

    # 1 + 2 -----------------------------------------------------------------------------------
    if "engine" in only:
        section(f"1-2. Random playouts (legal_actions + rng.choice + apply), {seconds:g} s per row "
                f"in {rounds} interleaved rounds; decisions per CPU second")
        references: list = []
        try:
            references, ref_ver = load_references()
            say(f"  references: OpenSpiel {ref_ver} pure-Python games ({', '.join(REFERENCE_GAMES)}), "
                "same loop, same process")
        except ImportError:
            say("  reference: open_spiel is not installed (pip install -e '.[bench]'); ratio skipped")
        except Exception as err:
            say(f"  reference: OpenSpiel failed to load ({error_text(err)}); ratio skipped")
        res = run_playouts(all_games, references, seconds, rounds, seed)
        rows = []
        engine_json = []
        for (name, p), r in res.items():
            is_ref = name.startswith("ref:")
            label = ref_label(name) if is_ref else name
            if "error" in r:
                rows.append([label, p or "2", "error", r["error"], "", "", "", "", ""])
                engine_json.append({"game": name, "players": p, "error": r["error"]})
                continue
            spread = f"{r['actions_per_s_min'] / 1000:,.1f}-{r['actions_per_s_max'] / 1000:,.1f}k"
            if r.get("geomean"):
                rows.append(["OpenSpiel py geomean", "", f"{r['actions_per_s']:,.0f}", spread, "", "", "", "",
                             "1.00x"])
                engine_json.append({"game": "ref:geomean", **r})
                continue
            ratio = r.get("ratio")
            if not is_ref:
                lengths.setdefault(name, r["mean_actions"])
                verdicts.append((f"{name} {p}p random-playout decisions/s vs OpenSpiel py geomean",
                                 f"{ratio:.2f}x" if ratio is not None else "-",
                                 f"≥ {TARGET_RATIO:g}x", None if ratio is None else ratio >= TARGET_RATIO))
            vs = "ref" if is_ref else "-"
            if not is_ref and ratio:
                vs = f"{ratio:.2f}x ({r['ratio_min']:.2f}-{r['ratio_max']:.2f})"
            rows.append([label, p or 2, f"{r['actions_per_s']:,.0f}", spread, f"{r['games_per_s']:,.1f}",
                         fmt(r["mean_actions"]), r["games"], r["unfinished"], vs])
            engine_json.append({"game": name, "players": p, **r, "ratio_to_reference": ratio})
        say(table(["game", "players", "decisions/s", "min-max", "games/s", "decisions/game", "games",
                   "unfinished", "vs geomean (min-max)"], rows))
        say("  decisions/s: per CPU second, median of the rounds (min-max beside it); the ratio is to the\n"
            "  geometric mean of the OpenSpiel games' rates in the same round")
        report["playouts"] = engine_json

        # memory
        mem_rows = []
        mem_json = []
        for ref_name, ref_game in [] if quick else references:
            if "error" in res.get((f"ref:{ref_name}", None), {"error": 1}):
                continue
            label = ref_label(ref_name)
            try:
                m = memory_reference(ref_game, seed, mem_games)
                mem_rows.append([label, ref_game.num_players(), m["mid_game_actions"],
                                 fmt(m["state_bytes"] / 1024), "-", fmt(m["playout_peak_bytes"] / 1024)])
                mem_json.append({"game": f"ref:{ref_name}", **m})
            except Exception as err:
                mem_rows.append([label, 2, "error", error_text(err), "", ""])
        for g in [] if quick else all_games:
            for p in range(g.min_players, g.max_players + 1):
                if "error" in res.get((g.id, p), {"error": 1}):
                    continue
                try:
                    m = memory_ours(g, p, res[(g.id, p)]["mean_actions"], seed, mem_games)
                except Exception as err:
                    mem_rows.append([g.id, p, "error", error_text(err), "", ""])
                    continue
                mem_rows.append([g.id, p, m["mid_game_actions"], fmt(m["state_bytes"] / 1024),
                                 fmt((m["state_json_bytes"] or 0) / 1024) if m["state_json_bytes"] else "-",
                                 fmt(m["playout_peak_bytes"] / 1024)])
                mem_json.append({"game": g.id, "players": p, **m})
        if mem_rows:
            say()
            say("  memory (tracemalloc, Python allocations): a mid-game state (deep copy), its JSON "
                f"snapshot, and the peak above baseline of one whole playout (max of {mem_games})")
            say(table(["game", "players", "at action", "state KiB", "JSON KiB", "playout peak KiB"], mem_rows))
        report["memory"] = mem_json

    # 3 -----------------------------------------------------------------------------------------
    if "search" in only:
        levels = ", ".join(f"L{k}: {lv.seconds:g} CPU s or {lv.iterations} iterations"
                           for k, lv in sorted(SEARCH_LEVELS.items()))
        section(f"3. Search bot, seconds per move on {positions} seeded mid-game position"
                f"{'s' if positions != 1 else ''} per game ({levels}); budget {search_budget:.0f} s")
        for g in all_games:
            if g.id not in lengths:
                try:
                    lengths[g.id] = summarise([ours_slice(g, g.min_players, random.Random(seed), 0.3)])["mean_actions"]
                except Exception:
                    pass
        try:
            sres = run_search(all_games, lengths, positions, search_budget, seed,
                              [max(SEARCH_LEVELS)] if quick else None)
        except Exception as err:
            sres = {}
            say(f"  error: {error_text(err)}")
        rows = []
        search_json = []
        for g in all_games:
            for level in sorted(SEARCH_LEVELS):
                r = sres.get((g.id, level))
                if r is None:
                    continue
                if "error" in r or "skipped" in r:
                    rows.append([g.id, f"L{level}", "-", "-", "-", "-", "-", "-", "-",
                                 r.get("error") or r.get("skipped")])
                    if level == max(SEARCH_LEVELS):
                        verdicts.append((f"{g.id} L{level} search move p95 (CPU s)", "-",
                                         f"≤ {TARGET_L3_P95_S:g} s", None))
                else:
                    rows.append([g.id, f"L{level}", f"{r['median_s']:.3f}", f"{r['p95_s']:.3f}", f"{r['max_s']:.3f}",
                                 f"{r['median_cpu_s']:.3f}", f"{r['p95_cpu_s']:.3f}", f"{r['mean_iterations']:.0f}",
                                 fmt(r["iterations_per_cpu_s"], ",.0f"),
                                 f"iteration cap hit {r['capped']}/{r['positions']}"
                                 if r["capped"] else ""])
                    if level == max(SEARCH_LEVELS):
                        verdicts.append((f"{g.id} L{level} search move p95 (CPU s)", f"{r['p95_cpu_s']:.3f} s",
                                         f"≤ {TARGET_L3_P95_S:g} s", r["p95_cpu_s"] <= TARGET_L3_P95_S))
                search_json.append({"game": g.id, "level": level, "players": g.min_players, **r})
        say(table(["game", "level", "p50 s/move", "p95 s", "max s", "CPU p50", "CPU p95", "mean iterations",
                   "iter/CPU s", "note"], rows))
        say("  s: wall seconds (the load shows here); CPU: the thinking thread's CPU seconds, what a level's\n"
            "  budget counts (the benchmark lifts the wall-clock cap). A key while a level-3 bot thinks: section 5")
        report["search"] = search_json

    # 4 -----------------------------------------------------------------------------------------
    data_dir = tempfile.mkdtemp(prefix="tabletop-bench-")  # no saves of the user's in the picker
    child_env = dict(os.environ)
    child_env["TABLETOP_DATA_DIR"] = data_dir
    child_env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    child_env.pop("TEXTUAL", None)  # no devtools
    if "start" in only:
        section(f"4. Cold start to first frame (fresh `python -c` process, headless 80x24, "
                f"median of {start_runs}, interleaved)")
        try:
            cs = run_cold_start(start_runs, child_env)
            rows = []
            for kind, label in (("tabletop", "TabletopApp"), ("minimal", "minimal App + Static")):
                r = cs[kind]
                if "error" in r:
                    rows.append([label, "error", r["error"], "", "", "", ""])
                else:
                    label = f"{label} ({r['screen']})"
                    rows.append([label, f"{r['first_frame_s']:.3f}", f"{r['first_frame_cpu_s']:.3f}",
                                 f"{r['import_s']:.3f}",
                                 f"{r['wall_s']:.3f}", f"{r['maxrss_mib']:.1f}",
                                 " ".join(f"{x:.2f}" for x in r["all_first_frame_s"])])
            say(table(["app", "first frame s", "CPU s", "imports s", "process wall s", "max RSS MiB",
                       "first frame s, each run"], rows))
            ok = None
            ratio = None
            if "error" not in cs["tabletop"] and "error" not in cs["minimal"]:
                ratio = cs["tabletop"]["first_frame_s"] / cs["minimal"]["first_frame_s"]
                cpu_ratio = cs["tabletop"]["first_frame_cpu_s"] / cs["minimal"]["first_frame_cpu_s"]
                ok = ratio <= TARGET_START_RATIO
                cs["cpu_ratio"] = cpu_ratio
                say(f"  ratio TabletopApp / minimal: {ratio:.2f}x wall ({cpu_ratio:.2f}x in CPU time); "
                    f"times count from just before the process is started")
            cs["ratio"] = ratio
            verdicts.append(("cold start vs minimal Textual app", fmt(ratio, ".2f") + "x",
                             f"≤ {TARGET_START_RATIO:g}x", ok))
            report["cold_start"] = cs
        except Exception as err:
            say(f"  error: {error_text(err)}")
            verdicts.append(("cold start vs minimal Textual app", "error", f"≤ {TARGET_START_RATIO:g}x", None))

    # 5 -----------------------------------------------------------------------------------------
    if "keys" in only:
        section(f"5. Key to frame on the game screen (run_test + Pilot, human seats only, 80x24; "
                + ("" if quick else f"{presses} cursor keys per game, ") + f"{move_presses} move keys per game)")
        rows = []
        errors: list[str] = []
        keys_json = []
        ids = {g.id for g in all_games}
        for gid in [] if quick else KEY_SCENARIOS:
            if gid not in ids:
                continue
            r = key_to_frame_isolated(gid, presses, seed, child_env)
            if "error" in r:
                rows.append([gid, "error", "-", "-", "-", "-", "-", "-", "-", "-", "-"])
                errors.append(f"  {gid}: {r['error']}")
                keys_json.append(r)
                verdicts.append((f"{gid} key-to-frame", "error", f"< {TARGET_KEY_MS:g} ms", None))
                continue
            rows.append([gid, f"{r['median_ms']:.1f}", f"{r['p95_ms']:.1f}", f"{r['max_ms']:.1f}",
                         f"{r['cpu_median_ms']:.1f}", f"{r['cpu_p95_ms']:.1f}",
                         fmt(r["key_to_tick_median_ms"]), fmt(r["tick_to_frame_median_ms"]),
                         fmt(r.get("then_cpu_p95_ms")), r["frames"], r["no_frame"]])
            keys_json.append(r)
            verdicts.append((f"{gid} key-to-frame median", f"{r['median_ms']:.2f} ms",
                             f"< {TARGET_KEY_MS:g} ms", r["median_ms"] < TARGET_KEY_MS))
            verdicts.append((f"{gid} key-to-frame p95", f"{r['p95_ms']:.2f} ms",
                             f"< {TARGET_KEY_MS:g} ms", r["p95_ms"] < TARGET_KEY_MS))
        for label, (gid, scenario, _keys) in TABLE_SCENARIOS.items():
            if gid not in ids or quick and scenario != "move":
                continue
            r = key_to_frame_isolated(gid, move_presses if scenario == "move" else presses, seed, child_env,
                                      scenario)
            r["scenario"] = label
            keys_json.append(r)
            if "error" in r:
                rows.append([label, "error", "-", "-", "-", "-", "-", "-", "-", "-", "-"])
                errors.append(f"  {label}: {r['error']}")
                verdicts.append((label, "error", f"< {TARGET_KEY_MS:g} ms p95", None))
                continue
            rows.append([label, f"{r['median_ms']:.1f}", f"{r['p95_ms']:.1f}", f"{r['max_ms']:.1f}",
                         f"{r['cpu_median_ms']:.1f}", f"{r['cpu_p95_ms']:.1f}",
                         fmt(r["key_to_tick_median_ms"]), fmt(r["tick_to_frame_median_ms"]),
                         fmt(r.get("then_cpu_p95_ms")), r["frames"], r["no_frame"]])
            verdicts.append((f"{label} p95", f"{r['p95_ms']:.2f} ms", f"< {TARGET_KEY_MS:g} ms",
                             r["p95_ms"] < TARGET_KEY_MS))
            # the work itself, which a busy machine does not inflate as it does wall time
            verdicts.append((f"{label} p95 in CPU time", f"{r['cpu_p95_ms']:.2f} ms", f"< {TARGET_KEY_MS:g} ms",
                             r["cpu_p95_ms"] < TARGET_KEY_MS))
        if rows:
            say(table(["game", "median ms", "p95 ms", "max ms", "CPU med", "CPU p95", "key→tick",
                       "tick→frame", "then CPU p95", "frames", "no frame"], rows))
            say("  wall time from key to frame; CPU: this process's CPU ms in between (unaffected by other\n"
                "  processes); key→tick: handling, restyle, waiting for the 60 Hz frame clock; tick→frame:\n"
                "  layout + render (medians, ms). A move key is a seeded random legal move played as a board's\n"
                "  Enter plays one; its autosave starts once the frame is out (table.SAVE_DELAY): then CPU is\n"
                "  the CPU ms from the frame until the save is written (the move's log lines, the hand-off or\n"
                "  footer, the save itself: about 1 ms), apart")
        for line in errors:
            say(line)
        missing = sorted(ids - set(KEY_SCENARIOS))
        if missing:
            say(f"  no key scenario yet for: {', '.join(missing)} (one line in KEY_SCENARIOS)")
        report["key_to_frame"] = keys_json

    # 6 -----------------------------------------------------------------------------------------
    section("6. Targets (✓ met, ✗ not met, - not measured)")
    if verdicts:
        say(table(["", "figure", "target", "what"],
                  [[mark(ok), fig, target, what] for what, fig, target, ok in verdicts], left=(0, 2, 3),
                  right=(1,)))
    else:
        say("  none in the sections run")
    elapsed = time.perf_counter() - t_run
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    env["loadavg_end"] = list(os.getloadavg())
    say(f"\n  run took {elapsed:.0f} s; this process's max RSS {rss:.0f} MiB; "
        f"load {env['loadavg_start'][0]:.2f} -> {env['loadavg_end'][0]:.2f}")
    report["targets"] = [{"what": w, "figure": f, "target": t, "ok": ok} for w, f, t, ok in verdicts]
    report["seconds"] = elapsed
    report["maxrss_mib"] = rss
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
        say(f"  figures written to {args.json}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception:  # figures, not pass/fail: report and still exit 0
        traceback.print_exc()
        sys.exit(0)
