"""Who an ssh player is: a name bound to what they proved at the door.

Two ways in, and what each proves:

* **a key** (listed in the authorised keys, or any key on an ``--open``
  server): the first key that uses a name claims it; from then on that name
  is that key's alone;
* **the table password** (keyboard-interactive): it lets a player in but
  makes them nobody. A password player may take only a name that no key
  holds; on first use they choose a passphrase for it (stored as an scrypt
  hash), and later that name needs that passphrase.

A player who may not have the name they asked for still gets in at the ssh
level, and their session says why in one sentence and closes, so the real
OpenSSH client shows it (a refused authentication shows only "Permission
denied").
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass
from typing import Any, Callable

from tabletop_tui.engine.outside_text import clean_name

from .records import Records

#: the shortest passphrase a password player may choose
MIN_PASSPHRASE = 6


@dataclass
class Admission:
    """What the door decided: the player's name, or the sentence refusing them."""

    name: str = ""
    refusal: str = ""
    #: how they proved it: "key" (then ``fingerprint``) or "passphrase"
    proof: str = ""
    fingerprint: str = ""


class Doorman:
    """One ssh connection's way in. The server's ``_Gate`` hands it the
    authentication callbacks; :attr:`admission` is set once authentication
    succeeded."""

    def __init__(self, records: Records, keys: Callable[[], Any], password: str | None, open_door: bool) -> None:
        self.records = records
        self.keys = keys
        self.password = password or ""
        self.open_door = open_door
        self.peer = ""
        self.where: tuple[str, int] = ("host", 22)
        self.admission: Admission | None = None
        self._key: str = ""  # the fingerprint of the last key accepted (the signed one comes last)
        self._asked = ""  # what the keyboard-interactive challenge asked: "", "passphrase", "new"

    def connected(self, conn: Any) -> None:
        peer = conn.get_extra_info("peername") or ("", 0)
        self.peer = str(peer[0])
        sock = conn.get_extra_info("sockname") or ("host", 22)
        self.where = (str(sock[0]), int(sock[1]))

    def how(self, name: str) -> str:
        """The command that connects as ``name``, for a refusal."""
        host, port = self.where
        return f"ssh {name}@{host}" if port == 22 else f"ssh -p {port} {name}@{host}"

    # -- keys -------------------------------------------------------------------------------
    def key_supported(self) -> bool:
        return self.open_door or self.keys() is not None

    def key_allowed(self, key: Any) -> bool:
        """An authorised key (any key on an open server) that is not banned."""
        fingerprint = key.get_fingerprint()
        if self.records.banned_key(fingerprint):
            return False
        if not self.open_door:
            keys = self.keys()
            if keys is None or keys.validate(key, self.peer, self.peer) is None:
                return False
        self._key = fingerprint
        return True

    # -- the table password and a passphrase ------------------------------------------------------
    def kbdint_supported(self) -> bool:
        return bool(self.password)

    def challenge(self, username: str) -> tuple:
        name = clean_name(username)
        holder = self.records.holder(name) if name else None
        prompts = [("Table password: ", False)]
        instructions = ""
        self._asked = ""
        if name and not self.records.banned_name(name):
            if holder is None:
                self._asked = "new"
                instructions = (f"The name {name} is free: choose a passphrase for it "
                                f"(at least {MIN_PASSPHRASE} characters); you will need it to be {name} here again.")
                prompts += [(f"New passphrase for {name}: ", False), ("The same passphrase again: ", False)]
            elif holder.has_passphrase:
                self._asked = "passphrase"
                prompts.append((f"Passphrase for {name}: ", False))
        return "tabletop", instructions, "en-US", prompts

    async def respond(self, username: str, responses: list[str]) -> Any:
        """True (in), False (refused), or a new challenge (choose again)."""
        loop = asyncio.get_running_loop()
        name = clean_name(username)
        if self._asked == "again":
            pass  # the table password was right; only the new passphrase is asked again
        elif not responses or not hmac.compare_digest(responses[0].encode(), self.password.encode()):
            return False
        else:
            responses = list(responses[1:])
        if self._asked in ("new", "again"):
            if len(responses) != 2:
                return False
            if responses[0] != responses[1] or len(responses[0]) < MIN_PASSPHRASE:
                self._asked = "again"
                why = ("The two passphrases differ." if responses[0] != responses[1] else
                       f"A passphrase has at least {MIN_PASSPHRASE} characters.")
                return ("tabletop", f"{why} Choose a passphrase for {name} again.", "en-US",
                        [(f"New passphrase for {name}: ", False), ("The same passphrase again: ", False)])
            got = await loop.run_in_executor(None, self.records.claim_passphrase, name, responses[0])
            self.admission = (Admission(got, proof="passphrase") if got else
                              self._refuse_taken(name))
            return True
        if self._asked == "passphrase":
            if len(responses) != 1:
                return False
            got = await loop.run_in_executor(None, self.records.check_passphrase, name, responses[0])
            if got is None:
                return False
            self.admission = Admission(got, proof="passphrase")
            return True
        # a name the table password cannot give: in, to be told why
        self.admission = self._refuse_taken(name) if name else self._refuse_empty()
        return True

    # -- after authentication ----------------------------------------------------------------------
    def completed(self, username: str) -> Admission:
        """Authentication succeeded: by a key unless the password door already decided."""
        if self.admission is None:
            self.admission = self._by_key(clean_name(username), self._key)
        return self.admission

    def _by_key(self, name: str, fingerprint: str) -> Admission:
        if not name:
            return self._refuse_empty()
        if self.records.banned_name(name):
            return self._refuse_banned(name)
        got = self.records.claim_key(name, fingerprint)
        if got is None:
            holder = self.records.holder(name)
            whose = "another key" if holder is not None and holder.fingerprint else "another player"
            return Admission(refusal=f"The name {name} belongs to {whose}; connect as another name, "
                                     f"e.g. {self.how(self.records.suggest(name))}")
        return Admission(got, proof="key", fingerprint=fingerprint)

    def _refuse_taken(self, name: str) -> Admission:
        if self.records.banned_name(name):
            return self._refuse_banned(name)
        holder = self.records.holder(name)
        whose = "a key" if holder is not None and holder.fingerprint else "another player"
        return Admission(refusal=f"The name {name} belongs to {whose}, and the table password does not "
                                 f"make you its holder; connect as another name, "
                                 f"e.g. {self.how(self.records.suggest(name))}")

    def _refuse_banned(self, name: str) -> Admission:
        return Admission(refusal=f"The name {name} may not be used on this server; connect as another name, "
                                 f"e.g. {self.how(self.records.suggest(name))}")

    def _refuse_empty(self) -> Admission:
        return Admission(refusal="Your ssh user name has no letters this server can show; connect as a name, "
                                 f"e.g. {self.how('ana')}")
