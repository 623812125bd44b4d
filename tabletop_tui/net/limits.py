"""What one `tabletop serve` allows: every limit of the server in one place
(the table service's rates and sessions, and the logins :mod:`.auth_limits` counts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Limits:
    """What one server allows (the tables' rates, the sessions, the logins)."""

    max_connections: int = 64
    idle_minutes: float = 30.0
    actions_per_second: float = 5.0
    hints_per_minute: float = 6.0
    chat_per_minute: float = 20.0
    max_tables: int = 64
    #: ssh sessions one connection may open, and one user (name) may hold at once
    sessions_per_connection: int = 2
    sessions_per_user: int = 3
    #: bytes of keys a session's app may leave unread before the session ends
    keys_queued: int = 64 * 1024
    #: seconds a client may read nothing while its screen waits, before the session ends
    stall_seconds: float = 60.0
    #: refused tries one connection may make before it is ended (OpenSSH's MaxAuthTries)
    login_tries: int = 6
    #: seconds a connection may take to log in (OpenSSH's LoginGraceTime)
    login_grace_seconds: float = 60.0
    #: the wait before a try after the first recent failure from its address; it doubles with each more
    login_first_delay: float = 0.25
    login_max_delay: float = 10.0
    #: failures older than this no longer count against an address
    login_memory_seconds: float = 600.0
    #: at most this many addresses are remembered (the oldest forgotten first)
    login_addresses: int = 10000
