"""What a server remembers, in SQLite: names and who holds them (a key's
fingerprint or a passphrase's scrypt hash), bans, its tables, finished games
and ratings.

The database is ``tabletop.db`` in the server's data folder, in WAL mode, and
every change is committed at once (autocommit), so a server killed with
kill -9 loses no claimed name and no finished game. ``tabletop names`` opens
the same file while the server runs. Only ``tabletop serve`` takes the data
folder's lock (:func:`lock_folder`): a second server on the folder refuses.

Problems become :class:`RecordsError` with one sentence; a database that
cannot be read is never written to (it is checked read-only first).
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import tempfile
import threading
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from tabletop_tui.engine.outside_text import NAME_LIMIT, clean_line

DB_NAME = "tabletop.db"
LOCK_NAME = "serve.lock"
#: scrypt's cost: 16 MiB and about 50 ms a hash
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024, "dklen": 32}

SCHEMA = """
CREATE TABLE IF NOT EXISTS names (
    key TEXT PRIMARY KEY,          -- the name folded (NFKC, casefold): Ana and ana are one name
    name TEXT NOT NULL,            -- as it was first claimed
    fingerprint TEXT,              -- the key that holds it (SHA256:...), or
    salt BLOB, hash BLOB,          -- a password player's passphrase (scrypt)
    claimed REAL NOT NULL,
    seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS bans (
    kind TEXT NOT NULL,            -- 'name' (folded) or 'key' (a fingerprint)
    value TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (kind, value)
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    creator TEXT NOT NULL,
    owners TEXT NOT NULL,          -- JSON: the name holding each seat, or null
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,           -- the table's id
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    players TEXT NOT NULL,         -- JSON: [{seat, name, colour, bot, rank, score}]
    cooperative INTEGER NOT NULL,
    won INTEGER NOT NULL,          -- co-operative: the team won
    summary TEXT NOT NULL,
    save TEXT NOT NULL             -- the save file's name in the tables folder
);
CREATE TABLE IF NOT EXISTS plays (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,            -- folded
    PRIMARY KEY (game_id, name)
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    key TEXT NOT NULL,             -- folded name, or 'bot:KIND:LEVEL'
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    played INTEGER NOT NULL,
    PRIMARY KEY (game, key)
);
"""


class RecordsError(Exception):
    """The server's records cannot be used; ``reason`` is one sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def fold(name: str) -> str:
    """The form two names are compared in (``Ana``, ``ana`` and ``ａｎａ`` are one)."""
    return unicodedata.normalize("NFKC", name).casefold()


def fingerprint_ok(text: str) -> bool:
    return text.startswith(("SHA256:", "MD5:"))


@dataclass
class Holder:
    """Who holds a name: a key (``fingerprint``) or a passphrase."""

    name: str
    fingerprint: str | None
    has_passphrase: bool
    claimed: float
    seen: float


def _where(folder: Path) -> str:
    return clean_line(str(folder), 80)


def _folder_problem(folder: Path) -> str | None:
    """Why nothing can be written in ``folder`` (a real write: permission
    bits say nothing for root or a read-only mount), or None."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=folder)
        os.close(fd)
        os.unlink(tmp)
    except OSError as err:
        why = {errno.EROFS: "it is read-only", errno.EACCES: "it may not be written to",
               errno.EPERM: "it may not be written to", errno.ENOSPC: "the disk is full",
               errno.ENOENT: "it does not exist", errno.ENOTDIR: "it is not a folder"}.get(
            err.errno or 0, clean_line((err.strerror or "").lower(), 40))
        return f"The data folder {_where(folder)} cannot be used: {why}."
    return None


class FolderLock:
    """The data folder's lock, held while ``tabletop serve`` runs (released
    by the kernel when the process ends, even by kill -9)."""

    def __init__(self, folder: Path) -> None:
        path = folder / LOCK_NAME
        try:
            self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            raise RecordsError(_folder_problem(folder) or
                               f"The lock file in {_where(folder)} cannot be made.") from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise RecordsError(f"Another tabletop server is using the data folder {_where(folder)}; "
                               "stop it first, or serve from another folder.") from None

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def lock_folder(folder: Path) -> FolderLock:
    """Take ``folder``'s lock; RecordsError when it cannot be used or
    another server holds it."""
    problem = _folder_problem(folder)
    if problem:
        raise RecordsError(problem)
    return FolderLock(folder)


class Records:
    """The server's database. Safe to use from several threads (one lock)."""

    def __init__(self, folder: Path, *, timeout: float = 5.0) -> None:
        self.folder = Path(folder)
        self.path = self.folder / DB_NAME
        self._lock = threading.RLock()
        where = _where(self.path)
        if self.path.exists():
            self._check(timeout)
        else:
            problem = _folder_problem(self.folder)
            if problem:
                raise RecordsError(problem)
        try:
            self.db = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None,
                                      check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except sqlite3.OperationalError as err:
            raise RecordsError(self._why(err, where)) from None
        except sqlite3.DatabaseError:
            raise RecordsError(f"The server's database {where} is damaged; it was left as it is "
                               "(move it aside to start afresh).") from None

    def _check(self, timeout: float) -> None:
        """Read the existing database without writing to it: a damaged or
        locked one is refused before anything touches it."""
        where = _where(self.path)
        try:
            probe = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=timeout)
        except sqlite3.Error as err:
            raise RecordsError(self._why(err, where)) from None
        try:
            ok = probe.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise sqlite3.DatabaseError("damaged")
        except sqlite3.OperationalError as err:
            raise RecordsError(self._why(err, where)) from None
        except sqlite3.DatabaseError:
            raise RecordsError(f"The server's database {where} is damaged; it was left as it is "
                               "(move it aside to start afresh).") from None
        finally:
            probe.close()

    def _why(self, err: sqlite3.Error, where: str) -> str:
        text = str(err).lower()
        if "locked" in text or "busy" in text:
            return f"The server's database {where} is locked by another program; close it and start again."
        if "readonly" in text or "read-only" in text:
            return f"The server's database {where} cannot be written: its folder or file is read-only."
        return _folder_problem(self.folder) or f"The server's database {where} cannot be opened ({clean_line(text, 60)})."

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def _run(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            return self.db.execute(sql, args)

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self.db.execute(sql, args).fetchall()

    # -- names --------------------------------------------------------------------------------
    def holder(self, name: str) -> Holder | None:
        row = self._rows("SELECT name, fingerprint, hash, claimed, seen FROM names WHERE key=?", (fold(name),))
        if not row:
            return None
        n, fp, h, claimed, seen = row[0]
        return Holder(n, fp, h is not None, claimed, seen)

    def claim_key(self, name: str, fingerprint: str) -> str | None:
        """``name`` for ``fingerprint``: claimed now if free. Returns the name
        as first claimed, or None when another key or a passphrase holds it."""
        now = time.time()
        with self._lock:
            self.db.execute("INSERT OR IGNORE INTO names (key, name, fingerprint, claimed, seen) VALUES (?,?,?,?,?)",
                            (fold(name), name, fingerprint, now, now))
            row = self.db.execute("SELECT name, fingerprint FROM names WHERE key=?", (fold(name),)).fetchone()
            if row is None or row[1] != fingerprint:
                return None
            self.db.execute("UPDATE names SET seen=? WHERE key=?", (now, fold(name)))
            return row[0]

    def claim_passphrase(self, name: str, passphrase: str) -> str | None:
        """Claim a free ``name`` with a passphrase (hashed with scrypt);
        None when the name is taken meanwhile."""
        salt = secrets.token_bytes(16)
        digest = hashlib.scrypt(passphrase.encode(), salt=salt, **SCRYPT)
        now = time.time()
        with self._lock:
            cur = self.db.execute("INSERT OR IGNORE INTO names (key, name, salt, hash, claimed, seen) "
                                  "VALUES (?,?,?,?,?,?)", (fold(name), name, salt, digest, now, now))
            return name if cur.rowcount == 1 else None

    def check_passphrase(self, name: str, passphrase: str) -> str | None:
        """The name as claimed when ``passphrase`` is its passphrase, else None."""
        row = self._rows("SELECT name, salt, hash FROM names WHERE key=? AND hash IS NOT NULL", (fold(name),))
        if not row:
            return None
        n, salt, want = row[0]
        got = hashlib.scrypt(passphrase.encode(), salt=salt, **SCRYPT)
        if not hmac.compare_digest(got, want):
            return None
        self._run("UPDATE names SET seen=? WHERE key=?", (time.time(), fold(name)))
        return n

    def free(self, name: str) -> bool:
        """Let ``name`` go (its next user claims it); False if nobody held it."""
        return self._run("DELETE FROM names WHERE key=?", (fold(name),)).rowcount > 0

    def names(self) -> list[Holder]:
        return [Holder(n, fp, h is not None, c, s) for n, fp, h, c, s in
                self._rows("SELECT name, fingerprint, hash, claimed, seen FROM names ORDER BY key")]

    def suggest(self, name: str) -> str:
        """A free name like ``name`` (ana2, ana3, ...), for a refusal."""
        for n in range(2, 1000):
            candidate = f"{name[:NAME_LIMIT - len(str(n))]}{n}"
            if self.holder(candidate) is None and not self.banned_name(candidate):
                return candidate
        return f"{name[:NAME_LIMIT - 6]}{secrets.randbelow(10 ** 6):06d}"

    # -- bans ------------------------------------------------------------------------------------
    def ban(self, value: str) -> str:
        """Ban a key (a fingerprint, SHA256:...) or a name; says which."""
        kind = "key" if fingerprint_ok(value) else "name"
        self._run("INSERT OR IGNORE INTO bans (kind, value, at) VALUES (?,?,?)",
                  (kind, value if kind == "key" else fold(value), time.time()))
        return kind

    def unban(self, value: str) -> bool:
        kind = "key" if fingerprint_ok(value) else "name"
        return self._run("DELETE FROM bans WHERE kind=? AND value=?",
                         (kind, value if kind == "key" else fold(value))).rowcount > 0

    def banned_key(self, fingerprint: str) -> bool:
        return bool(self._rows("SELECT 1 FROM bans WHERE kind='key' AND value=?", (fingerprint,)))

    def banned_name(self, name: str) -> bool:
        return bool(self._rows("SELECT 1 FROM bans WHERE kind='name' AND value=?", (fold(name),)))

    def bans(self) -> list[tuple[str, str]]:
        return [(k, v) for k, v in self._rows("SELECT kind, value FROM bans ORDER BY kind, value")]

    # -- tables ----------------------------------------------------------------------------------
    def save_table(self, table_id: str, game: str, creator: str, owners: list[str | None]) -> None:
        self._run("INSERT INTO tables (id, game, creator, owners, created) VALUES (?,?,?,?,?) "
                  "ON CONFLICT(id) DO UPDATE SET creator=excluded.creator, owners=excluded.owners",
                  (table_id, game, creator, json.dumps(owners), time.time()))

    def open_tables(self) -> Iterator[tuple[str, str, list]]:
        """(id, creator, owners) of every table not yet finished."""
        for tid, creator, owners in self._rows("SELECT id, creator, owners FROM tables WHERE finished=0 "
                                               "ORDER BY created"):
            try:
                yield tid, creator, list(json.loads(owners))
            except (ValueError, TypeError):
                continue

    # -- finished games ----------------------------------------------------------------------------
    def record_game(self, table_id: str, game: str, players: list[dict], *, cooperative: bool, won: bool,
                    summary: str, save: str, rated: list[tuple[str, str, float, float]] | None = None) -> bool:
        """Record a finished game (once: False if it already was) and, in the
        same transaction, the new ratings ``(key, name, mu, sigma)``."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                cur = self.db.execute(
                    "INSERT OR IGNORE INTO games (id, game, finished, players, cooperative, won, summary, save) "
                    "VALUES (?,?,?,?,?,?,?,?)", (table_id, game, time.time(), json.dumps(players),
                                                 int(cooperative), int(won), summary, save))
                if cur.rowcount == 0:
                    self.db.execute("ROLLBACK")
                    return False
                for p in players:
                    if p.get("name") and not p.get("bot_only"):
                        self.db.execute("INSERT OR IGNORE INTO plays (game_id, name) VALUES (?,?)",
                                        (table_id, fold(p["name"])))
                for key, name, mu, sigma in rated or []:
                    self.db.execute(
                        "INSERT INTO ratings (game, key, name, mu, sigma, played) VALUES (?,?,?,?,?,1) "
                        "ON CONFLICT(game, key) DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, "
                        "name=excluded.name, played=played+1", (game, key, name, mu, sigma))
                self.db.execute("UPDATE tables SET finished=1 WHERE id=?", (table_id,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return True

    def rating(self, game: str, key: str) -> tuple[float, float] | None:
        row = self._rows("SELECT mu, sigma FROM ratings WHERE game=? AND key=?", (game, key))
        return (row[0][0], row[0][1]) if row else None

    def leaderboard(self, game: str, limit: int = 10) -> list[tuple[str, float, int]]:
        """(name, shown rating, games) best first; the shown rating is the
        conservative mu - 3 sigma."""
        return [(n, mu - 3 * sigma, played) for n, mu, sigma, played in self._rows(
            "SELECT name, mu, sigma, played FROM ratings WHERE game=? ORDER BY mu - 3 * sigma DESC LIMIT ?",
            (game, limit))]

    def team_records(self, game: str, limit: int = 10) -> list[tuple[str, int, int]]:
        """A co-operative game's teams: (players, won, lost), most games first."""
        teams: dict[str, list[int]] = {}
        for players, won in self._rows("SELECT players, won FROM games WHERE game=? AND cooperative=1", (game,)):
            names = sorted({p.get("name") or "" for p in json.loads(players)} - {""})
            w = teams.setdefault(", ".join(names), [0, 0])
            w[0 if won else 1] += 1
        return sorted(((t, w, l) for t, (w, l) in teams.items()), key=lambda r: (-(r[1] + r[2]), r[0]))[:limit]

    def recent(self, name: str, limit: int = 10) -> list[dict[str, Any]]:
        """``name``'s last finished games, newest first."""
        out = []
        for gid, game, finished, players, coop, won, summary, save in self._rows(
                "SELECT g.id, g.game, g.finished, g.players, g.cooperative, g.won, g.summary, g.save "
                "FROM games g JOIN plays p ON p.game_id = g.id WHERE p.name=? ORDER BY g.finished DESC LIMIT ?",
                (fold(name), limit)):
            out.append({"id": gid, "game": game, "finished": finished, "players": json.loads(players),
                        "cooperative": bool(coop), "won": bool(won), "summary": summary, "save": save})
        return out

    def game(self, game_id: str) -> dict[str, Any] | None:
        row = self._rows("SELECT game, players, save FROM games WHERE id=?", (game_id,))
        if not row:
            return None
        return {"game": row[0][0], "players": json.loads(row[0][1]), "save": row[0][2]}
