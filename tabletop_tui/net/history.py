"""A server's finished games: recorded once in the records (:mod:`.records`),
rated with openskill's Weng-Lin (Plackett-Luce) model, which rates 2-4
player results, and shown in the lobby (each player's recent games, a
leaderboard per game; a co-operative game shows its teams' records instead
of ratings).

Everything here runs on the service's loop.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop_tui.engine import registry
from tabletop_tui.engine.errors import IllegalAction
from tabletop_tui.engine.storage import read_limited

from . import protocol as p
from .records import fold

#: how many recent games and leaderboard rows the lobby shows
RECENT = 10
BOARD = 10


def saved_tables(service: Any) -> list[tuple[str, dict]]:
    """(id, {creator, owners}) of every table to bring back: the records'
    unfinished tables, and tables saved as files before there were records."""
    found: dict[str, dict] = {}
    for meta in sorted(Path(service.folder).glob("*.table")):
        try:
            found[meta.stem] = dict(json.loads(read_limited(meta, 64 * 1024)))
        except Exception:  # a damaged or unreadable file: that table is not brought back
            continue
    if service.records is not None:
        for table_id, creator, owners in service.records.open_tables():
            found[table_id] = {"creator": creator, "owners": owners}
    return list(found.items())


def bot_key(bot: str, level: int) -> str:
    return f"bot:{bot}:{level}"


def ranks(result: Any, players: int) -> list[int]:
    """Each seat's place: winners 1st, the rest by score (ties share a place)."""
    winners = set(result.winners)
    others = sorted({float(result.scores.get(s, 0.0)) for s in range(players) if s not in winners}, reverse=True)
    base = 2 if winners else 1
    return [1 if s in winners else base + others.index(float(result.scores.get(s, 0.0))) for s in range(players)]


def record(service: Any, entry: Any) -> None:
    """Record ``entry``'s finished game (the service calls it once)."""
    record_match(service, entry.id, entry.table.match, list(entry.owners))


def record_match(service: Any, table_id: str, match: Any, owners: list) -> bool:
    """Record a finished match and rate it; False if it was recorded before."""
    records = service.records
    if records is None or not match.is_over():
        return False
    game = match.game
    result = match.result()
    colours = game.seat_names(match.players)
    place = ranks(result, match.players)
    players = []
    for i, seat in enumerate(match.seats):
        owner = owners[i] if i < len(owners) and isinstance(owners[i], str) else None
        players.append({"seat": i, "name": owner or "", "colour": colours[i], "bot": seat.bot, "level": seat.level,
                        "rank": place[i], "score": result.scores.get(i)})
    rated = None if game.cooperative else rate(records, game.id, players)
    save = Path(match.path).name if getattr(match, "path", None) else ""
    return records.record_game(table_id, game.id, players, cooperative=game.cooperative,
                               won=bool(result.winners), summary=result.summary[:200], save=save, rated=rated)


def rate(records: Any, game: str, players: list[dict]) -> list[tuple[str, str, float, float]] | None:
    """New ratings for a game's players (a bot seat rated as that bot), or
    None when it is not rated: no player, or one player held several seats."""
    from openskill.models import PlackettLuce

    keys, names = [], []
    for pl in players:
        if pl["name"]:
            keys.append(fold(pl["name"]))
            names.append(pl["name"])
        else:
            keys.append(bot_key(pl["bot"] or "random", pl["level"]))
            names.append(f"{pl['bot'] or 'random'} bot, level {pl['level']}")
    if len(set(keys)) != len(keys) or not any(pl["name"] for pl in players):
        return None
    model = PlackettLuce()
    teams = []
    for key, name in zip(keys, names):
        old = records.rating(game, key)
        teams.append([model.rating(mu=old[0], sigma=old[1], name=name) if old else model.rating(name=name)])
    new = model.rate(teams, ranks=[pl["rank"] for pl in players])
    return [(key, name, team[0].mu, team[0].sigma) for key, name, team in zip(keys, names, new)]


# -- the lobby's questions ------------------------------------------------------------------------
def answer(service: Any, conn: Any, req: Any) -> None:
    """A "records" or "replay" request from a player in the lobby."""
    records = service.records
    if records is None:
        raise IllegalAction("This server keeps no records.")
    if req.type == "records":
        conn.send(summary(records, conn.user))
        return
    found = records.game(req.game)
    if found is None or fold(conn.user) not in {fold(pl.get("name") or "") for pl in found["players"]}:
        raise IllegalAction("That is not one of your games.")
    path = Path(service.folder) / found["save"]
    try:
        text = read_limited(path, p.MAX_LINE - 4096).decode("utf-8") if found["save"] else ""
    except Exception:
        text = ""
    if not text:
        raise IllegalAction("That game's save is gone, or too long to send.")
    conn.send({"type": "replay", "id": req.game, "save": text})


def summary(records: Any, user: str) -> dict[str, Any]:
    """What the lobby's records window shows ``user``."""
    titles = {g.id: g.title for g in registry.catalogue()}
    recent = []
    for g in records.recent(user, RECENT):
        me = next((pl for pl in g["players"] if fold(pl.get("name") or "") == fold(user)), {})
        if g["cooperative"]:
            outcome = "team won" if g["won"] else "team lost"
        else:
            outcome = ("won" if me.get("rank") == 1 else "lost" if len(g["players"]) == 2
                       else f"place {me.get('rank', '?')}")
        others = [pl.get("name") or f"{pl.get('bot')} bot" for pl in g["players"] if pl is not me]
        recent.append({"id": g["id"], "game": g["game"], "title": titles.get(g["game"], g["game"]),
                       "finished": g["finished"], "outcome": outcome, "with": others})
    boards = []
    for g in registry.catalogue():
        game = registry.get(g.id)
        if game.cooperative:
            rows = [[team, won, lost] for team, won, lost in records.team_records(g.id, BOARD)]
        else:
            rows = [[name, round(shown, 1), played] for name, shown, played in records.leaderboard(g.id, BOARD)]
        boards.append({"game": g.id, "title": g.title, "cooperative": game.cooperative, "rows": rows})
    return {"type": "records", "recent": recent, "boards": boards}
