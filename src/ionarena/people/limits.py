"""How often one address (or one account name) may try what an attacker would try many times.

- signing in: 10 a minute and 60 an hour from one address, 5 a minute and 30 an hour at one
  account name from anywhere (a password is not guessed by spreading over addresses either);
- making accounts: 5 an hour from one address;
- joining classes: 60 a minute from one address (a class behind one school router joins at once);
- wrong class codes: 20 a minute and 200 an hour from one address: a code that is not in use, a
  class that is not the caller's, a student token of another class. At 200 guesses an hour among
  47 million codes, finding one of a thousand open classes takes about ten days per address.

A refused try is not counted (`host.ratelimit`), and the counts live in memory unless a
`redis://` storage is given (several server processes then share them).
"""

from __future__ import annotations

from ..host.ratelimit import RateLimit
from .errors import TooManyTries

SIGN_IN_ADDRESS = "10/minute;60/hour"
SIGN_IN_NAME = "5/minute;30/hour"
SIGN_UP = "5/hour"
JOIN = "60/minute"
CODE_MISSES = "20/minute;200/hour"


class Limits:
    """The people service's rate limits (see the module docstring)."""

    def __init__(self, storage_uri: str = "memory://"):
        self.sign_in_address = RateLimit(SIGN_IN_ADDRESS, storage_uri)
        self.sign_in_name = RateLimit(SIGN_IN_NAME, storage_uri)
        self.sign_up = RateLimit(SIGN_UP, storage_uri)
        self.join = RateLimit(JOIN, storage_uri)
        self.code_misses = RateLimit(CODE_MISSES, storage_uri)

    def signing_in(self, address: str, name: str) -> None:
        """Count a sign-in try, or `TooManyTries`."""
        if not self.sign_in_address.allow("sign-in", address):
            raise TooManyTries("too many sign-in tries from here: wait a minute")
        if not self.sign_in_name.allow("sign-in-name", name.strip().lower()[:100]):
            raise TooManyTries("too many sign-in tries for this name: wait a minute")

    def signing_up(self, address: str) -> None:
        """Count an account made, or `TooManyTries`."""
        if not self.sign_up.allow("sign-up", address):
            raise TooManyTries("too many accounts made from here: try again in an hour")

    def joining(self, address: str) -> None:
        """Count a class joined, or `TooManyTries`."""
        if not self.join.allow("join", address):
            raise TooManyTries("too many students joining from here at once: wait a minute")

    def check_misses(self, address: str) -> None:
        """`TooManyTries` if this address has tried too many wrong codes (counts nothing)."""
        if self.code_misses.remaining("miss", address) <= 0:
            raise TooManyTries("too many wrong class codes from here: wait a minute, then check the code")

    def missed(self, address: str) -> None:
        """Count a wrong code (a class not in use or not the caller's)."""
        self.code_misses.allow("miss", address)

    def reset(self) -> None:
        """Forget every count."""
        for limit in (self.sign_in_address, self.sign_in_name, self.sign_up, self.join, self.code_misses):
            limit.reset()


__all__ = ["Limits"]
