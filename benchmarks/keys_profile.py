#!/usr/bin/env python3
"""Where a move key's CPU goes: the move-key run of ``benchmarks/run.py``
(a seeded random legal move played as a board's Enter plays one: apply,
autosave, redraw; 80x24) with a profiler and counters on every key.

    python benchmarks/keys_profile.py --games nisyros --presses 60

For each game it prints the CPU ms per key (median, p95), then for all keys
and for the slowest 10% apart:

- layouts: full layout passes of the screen (``Screen._refresh_layout``
  with a reflow), and which widgets asked for one (``refresh(layout=True)``
  and where in our code the call came from);
- repaints: the widgets whose content was rendered again
  (``Widget._render_content``) and the widgets whose styles were computed
  again (``update_node_styles``), per key;
- with ``--cprofile``, the functions with the most cumulative CPU.

Figures for reading, not a test: the counters cost CPU of their own, so the
times here are higher than ``run.py``'s.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (benchmarks/run.py: the move-key run itself)


def _label(widget) -> str:
    wid = getattr(widget, "id", None)
    return type(widget).__name__ + (f"#{wid}" if wid else "")


def _our_caller() -> str:
    """The innermost frame of tabletop_tui's own code on the stack."""
    f = sys._getframe(2)
    while f is not None:
        name = f.f_code.co_filename
        if "tabletop_tui" in name:
            return f"{Path(name).name}:{f.f_lineno} {f.f_code.co_name}"
        f = f.f_back
    return "(textual)"


def _screen_shown() -> str:
    """The class name of the screen the running app shows (the frame's)."""
    from textual._context import active_app

    try:
        return type(active_app.get().screen).__name__
    except Exception:  # no app, or no screen
        return "?"


class KeyProbe:
    """Profiles each key from its press to its first frame, and counts the
    layouts, renders and restyles in between."""

    def __init__(self, profile: bool) -> None:
        self.keys: list[dict] = []
        self._on: dict | None = None
        self.profile = profile

    def start(self, key: str) -> None:
        prof = cProfile.Profile() if self.profile else None
        self._on = {"key": key, "prof": prof, "layouts": 0, "layout_asks": Counter(), "renders": Counter(),
                    "restyles": Counter(), "c0": time.process_time()}
        if prof is not None:
            prof.enable()

    def frame(self) -> None:
        on, self._on = self._on, None
        if on is None:
            return
        if on["prof"] is not None:
            on["prof"].disable()
        on["cpu_ms"] = (time.process_time() - on.pop("c0")) * 1000
        on["screen"] = _screen_shown()
        self.keys.append(on)

    # -- the counters (patched into Textual while this probe runs) --------------------------
    def patch(self) -> None:
        from textual.dom import DOMNode
        from textual.screen import Screen
        from textual.widget import Widget

        probe = self
        refresh, render_content = Widget.refresh, Widget._render_content
        refresh_layout, update_styles = Screen._refresh_layout, DOMNode.update_node_styles

        def counted_refresh(self, *regions, repaint=True, layout=False, recompose=False):
            if probe._on is not None and layout and not self._layout_required:
                probe._on["layout_asks"][f"{_label(self)} <- {_our_caller()}"] += 1
            return refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

        def counted_render(self):
            if probe._on is not None:
                probe._on["renders"][_label(self)] += 1
            return render_content(self)

        def counted_layout(self, size=None, scroll=False):
            if probe._on is not None and not (scroll and not self._layout_widgets):
                probe._on["layouts"] += 1
            return refresh_layout(self, size, scroll)

        def counted_styles(self, animate=True):
            if probe._on is not None:
                probe._on["restyles"][_label(self)] += 1
            return update_styles(self, animate)

        Widget.refresh, Widget._render_content = counted_refresh, counted_render
        Screen._refresh_layout, DOMNode.update_node_styles = counted_layout, counted_styles


def report(game: str, keys: list[dict], top: int) -> None:
    cpu = [k["cpu_ms"] for k in keys]
    print(f"\n== {game}: {len(keys)} move keys, CPU ms median {statistics.median(cpu):.1f}, "
          f"p95 {run.percentile(cpu, 95):.1f}, max {max(cpu):.1f} (with the probe's own cost)")
    with_layout = [k["cpu_ms"] for k in keys if k["layouts"]]
    without = [k["cpu_ms"] for k in keys if not k["layouts"]]
    for title, xs in (("with a full layout", with_layout), ("without", without)):
        if xs:
            print(f"   {len(xs):3d} keys {title}: CPU ms median {statistics.median(xs):.1f}, max {max(xs):.1f}")
    for screen in sorted({k["screen"] for k in keys}):
        xs = [k["cpu_ms"] for k in keys if k["screen"] == screen]
        laid = sum(1 for k in keys if k["screen"] == screen and k["layouts"])
        print(f"   {len(xs):3d} keys whose frame shows {screen}: CPU ms median {statistics.median(xs):.1f}, "
              f"max {max(xs):.1f}; {laid} with a full layout")
    slow = sorted(keys, key=lambda k: k["cpu_ms"])[-max(1, len(keys) // 10):]
    groups = [("all keys", keys), (f"the slowest {len(slow)}", slow)]
    screens = sorted({k["screen"] for k in keys})
    if len(screens) > 1:
        groups += [(f"the keys whose frame shows {s}", [k for k in keys if k["screen"] == s]) for s in screens]
    for title, group in groups:
        n = len(group)
        layouts = sum(k["layouts"] for k in group)
        print(f"\n-- {title}: {sum(k['cpu_ms'] for k in group) / n:.1f} CPU ms a key, "
              f"{layouts / n:.2f} full layouts a key ({sum(1 for k in group if k['layouts'])} of {n} keys had one)")
        for name in ("layout_asks", "renders", "restyles"):
            total: Counter = Counter()
            for k in group:
                total.update(k[name])
            print(f"   {name} a key: {sum(total.values()) / n:.1f}")
            for what, c in total.most_common(8):
                print(f"      {c / n:5.2f}  {what}")
        if not all(k["prof"] for k in group):
            continue
        stats = None
        for k in group:
            if stats is None:
                stats = pstats.Stats(k["prof"], stream=io.StringIO())
            else:
                stats.add(k["prof"])
        out = io.StringIO()
        stats.stream = out
        stats.sort_stats("cumulative").print_stats(top)
        print("   cProfile, cumulative (all of the group's keys together):")
        lines = out.getvalue().splitlines()
        start = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
        for ln in lines[start:]:
            if ln.strip():
                print("   " + ln.replace(str(Path(run.ROOT)), "").replace(sys.prefix, "")[:150])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(run.KEY_SCENARIOS), help="comma-separated game ids")
    ap.add_argument("--presses", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cprofile", action="store_true", help="also profile each key (slows it down about 3x)")
    ap.add_argument("--top", type=int, default=30, help="cProfile lines per group")
    args = ap.parse_args()
    probe = KeyProbe(args.cprofile)
    probe.patch()
    run.KEY_PROBE = probe
    for game in args.games.split(","):
        probe.keys = []
        asyncio.run(run.key_to_frame(game, [], presses=args.presses, seed=args.seed, scenario="move"))
        report(game, probe.keys, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
