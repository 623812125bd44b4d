"""Nayakas: the end: Prosperity by its parts, the game's end and its
result. The ``Scoring`` part of the Game."""

from __future__ import annotations

from tabletop_tui.engine.game import Event, Result

from .data import C
from .moves import SETUP, _Quiet, log_event
from .spaces import face_up
from .state import NayakasState


class Scoring:
    """Prosperity, the end and the result (mixed into :class:`~.rules.Nayakas`)."""

    # -- the end --------------------------------------------------------------------------------------
    def score_parts(self, st: NayakasState, seat: int, spend: bool = False) -> dict[str, int]:
        """Prosperity by source. With ``spend`` the light-purple tiles take
        their resources (done once, at the end); without, an estimate."""
        p = st.seats[seat]
        temples = sum(b.prosperity for b in C.player_board[p.kingdom].buildings
                      if b.kind == "temple" and all(t is not None for t in p.built[b.id]))
        fu = face_up(st, seat)
        purple = 0
        res = p.res if spend else dict(p.res)
        for r in ("gold", "culture", "stone", "clay"):
            # Ruling: each light-purple tile spends for itself, taking the best step it can pay.
            for _ in range(fu[f"end_{r}"]):
                for need, pts in reversed(SETUP.end_spend):
                    if res[r] >= need:
                        res[r] -= need
                        purple += pts
                        break
        if fu["end_buildings"]:
            done = sum(1 for secs in p.built.values() if all(t is not None for t in secs))
            purple += max([pts for n, pts in SETUP.end_buildings if done >= n], default=0)
        return {"temples": temples, "face_down": len(p.face_down), "purple": purple,
                "tokens": p.prosperity_tokens, "cards": len(p.hand)}

    def _finish(self, st: NayakasState, reason: str, ev: list[Event]) -> None:
        st.phase = "over"
        st.end_reason = reason
        for s in range(st.players):
            parts = self.score_parts(st, s, spend=True)
            parts["total"] = sum(parts.values())
            st.final[s] = parts
        if type(ev) is not _Quiet:  # the search's silent path writes no log
            ev.append(log_event(f"{reason} {self.result(st).summary}", reveals=True))

    def is_over(self, st: NayakasState) -> bool:
        return st.phase == "over"

    def _rank_key(self, st: NayakasState, s: int) -> tuple[int, int, int]:
        return (st.final[s]["total"], self.culture_power(st, s), sum(st.seats[s].res.values()))

    def result(self, st: NayakasState) -> Result:
        if not st.final:
            return Result(winners=[])
        best = max(self._rank_key(st, s) for s in range(st.players))
        winners = [s for s in range(st.players) if self._rank_key(st, s) == best]
        names = self._names(st)
        who = " and ".join(names[w] for w in winners)
        summary = f"{who} {'win' if len(winners) > 1 else 'wins'} with {best[0]} Prosperity."
        ranks = ", ".join(f"{names[s]} {st.final[s]['total']} (Culture {self.culture_power(st, s)})"
                          for s in range(st.players))
        return Result(winners=winners, scores={s: float(st.final[s]["total"]) for s in range(st.players)},
                      details={s: dict(st.final[s]) for s in range(st.players)}, summary=summary,
                      condition="The most Prosperity wins; a tie goes to the most Culture, then the most "
                                f"resources left. Prosperity: {ranks}.")
