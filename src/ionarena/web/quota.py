"""How many tables one maker may make and keep waiting, and the server's answers when it is full.

A *maker* is who asks for a table: the client's address (as the server sees it: behind a reverse
proxy, the address the proxy forwards, see `ion serve --forwarded-allow-ips`) and, where a table is
made with a seat token (a rematch), that token. Each is held to two quotas (`Limits`):

- tables made, on moving windows (`tables_rate`, default 20 a minute and 200 an hour);
- tables waiting for players at once (`waiting_per_maker`, default 20).

A table keeps a label `maker`: a short keyed hash of its maker's address (the key is drawn afresh
each time the server starts), so `ion tables list` can group one maker's tables without the
store keeping anyone's address.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from ..core import IonError
from ..host.ratelimit import RateLimit
from .limits import Limits


class Refused(IonError):
    """A request the server turns down for its own sake, not for what it says: `status` (429: the
    asker's quota; 503: the server's room) and `retry_after` seconds."""

    status = 503

    def __init__(self, detail: str, retry_after: int = 30):
        super().__init__(detail)
        self.detail = detail
        self.retry_after = retry_after


class OverQuota(Refused):
    """One maker's quota is used up (429)."""

    status = 429


class ServerFull(Refused):
    """The server has no room for another table now (503)."""

    status = 503


@dataclass(frozen=True, slots=True)
class Maker:
    """Who asks for a table: a client address, and a seat token where one is given."""

    address: str | None = None
    token: str | None = None

    def quota_keys(self) -> list[str]:
        """The quota keys of this maker."""
        keys = [] if self.address is None else [f"address {self.address}"]
        if self.token:
            keys.append("seat " + hashlib.sha256(self.token.encode("utf-8", "surrogatepass")).hexdigest())
        return keys


class Quota:
    """The makers' quotas (see the module docstring)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.made = RateLimit(limits.tables_rate)
        self._key = secrets.token_bytes(16)

    def tags(self, maker: Maker) -> tuple[str, ...]:
        """Short keyed hashes of the maker's keys (what a table keeps of its maker)."""
        return tuple(hashlib.blake2b(key.encode("utf-8", "surrogatepass"), key=self._key,
                                     digest_size=8).hexdigest() for key in maker.quota_keys())

    def admit(self, maker: Maker, waiting: dict[str, int], will_wait: bool) -> tuple[str, ...]:
        """Count a new table against `maker`'s quotas and return its tags; `OverQuota` (nothing
        counted) if a quota is used up. `waiting`: tables waiting now, by tag; `will_wait`: the new
        table waits for players (it has an open seat)."""
        keys, tags = maker.quota_keys(), self.tags(maker)
        if will_wait and any(waiting.get(tag, 0) >= self.limits.waiting_per_maker for tag in tags):
            raise OverQuota(f"you have {self.limits.waiting_per_maker} tables waiting for players already: "
                            "start one, or wait until one starts or closes", retry_after=60)
        if any(self.made.remaining(key) < 1 for key in keys):
            raise OverQuota("you have made as many tables as this server allows for now "
                            f"({self.limits.tables_rate.replace(';', ', ')}); try again in a minute",
                            retry_after=60)
        for key in keys:
            self.made.allow(key)
        return tags


__all__ = ["Maker", "OverQuota", "Quota", "Refused", "ServerFull"]
