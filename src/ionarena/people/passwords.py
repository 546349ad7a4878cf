"""Passwords, hashed with argon2id (`argon2-cffi`, its default RFC 9106 parameters).

Only the hash is kept. Checking a password takes as long whether or not the account exists (a
missing account is checked against a fixed hash), so timing does not tell which names are taken.
A hash made with older parameters is replaced on the next sign-in (`needs_rehash`).
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Passwords:
    """Hashes and checks passwords (see the module docstring)."""

    def __init__(self, hasher: PasswordHasher | None = None):
        """With argon2-cffi's default parameters unless `hasher` is given."""
        self.hasher = hasher or PasswordHasher()
        self._decoy: str | None = None

    def hash(self, password: str) -> str:
        """The argon2id hash of `password` (a fresh salt each time)."""
        return self.hasher.hash(password)

    def check(self, stored: str | None, password: str) -> bool:
        """True if `password` matches the `stored` hash; None (no such account) checks against a
        decoy, taking the same time, and is False."""
        if stored is None and self._decoy is None:
            self._decoy = self.hasher.hash("not a password anyone has")  # made once, when first needed
        try:
            self.hasher.verify(stored or self._decoy or "", password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return stored is not None

    def needs_rehash(self, stored: str) -> bool:
        """True if `stored` was made with other parameters than today's."""
        try:
            return self.hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True


__all__ = ["Passwords"]
