"""Sessions: a signed-in browser's cookie, and the bearer tokens scripts sign in with.

Both are 256-bit random secrets given out once; only their SHA-256 is kept, so a copy of the
database signs nobody in. A browser's session (`cookie`) carries a CSRF token, which every form
and every state-changing call of that browser must send back (pages hold it; a cross-site page
cannot read it). A script's token (`token`, `Authorization: Bearer …`) needs none: a browser never
sends it by itself. Signing in always makes a new session (a session id planted before sign-in
is never promoted: no session fixation); signing out, a new password, or disabling the account
ends them. A browser's session lasts `COOKIE_DAYS`, a token `TOKEN_DAYS`.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from sqlalchemy import delete, insert, select

from ..host.seats import hash_token
from . import schema
from .accounts import Account
from .db import PeopleDB, aware, now

Kind = Literal["cookie", "token"]
COOKIE: Literal["cookie"] = "cookie"
TOKEN: Literal["token"] = "token"
COOKIE_DAYS = 30
TOKEN_DAYS = 365
MAX_SECRET = 200

_S = schema.sessions


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser or script: whose, which kind, and (browsers) its CSRF token."""

    account: Account
    kind: Kind
    csrf: str | None
    secret_hash: str

    def csrf_matches(self, given: object) -> bool:
        """True if `given` is this browser session's CSRF token (compared in constant time)."""
        return (self.csrf is not None and isinstance(given, str)
                and hmac.compare_digest(given.encode(), self.csrf.encode()))


class Sessions:
    """The sessions and tokens of every account (see the module docstring)."""

    def __init__(self, db: PeopleDB):
        self.db = db

    def open(self, account: Account, kind: Kind) -> tuple[str, Session]:
        """A new session or token for `account`: its secret (shown once) and the session."""
        secret = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24) if kind == COOKIE else None
        made = now()
        days = COOKIE_DAYS if kind == COOKIE else TOKEN_DAYS
        with self.db.write() as conn:
            conn.execute(insert(_S).values(secret_hash=hash_token(secret), account_id=account.id, kind=kind,
                                           csrf=csrf, created_at=made,
                                           expires_at=made + timedelta(days=days)))
        return secret, Session(account, kind, csrf, hash_token(secret))

    def find(self, secret: object, kind: Kind) -> Session | None:
        """The live session of `kind` whose secret this is (None: unknown, expired, or the
        account is disabled)."""
        if not isinstance(secret, str) or not 20 <= len(secret) <= MAX_SECRET:
            return None
        accounts = schema.accounts
        with self.db.read() as conn:
            row = conn.execute(select(_S.c.kind, _S.c.csrf, _S.c.expires_at, _S.c.secret_hash, accounts)
                               .join(accounts, accounts.c.id == _S.c.account_id)
                               .where(_S.c.secret_hash == hash_token(secret), _S.c.kind == kind)).first()
        if row is None or aware(row.expires_at) <= now() or row.disabled_at is not None:
            return None
        return Session(Account.from_row(row), kind, row.csrf, row.secret_hash)

    def close(self, session: Session) -> None:
        """End one session or token."""
        with self.db.write() as conn:
            conn.execute(delete(_S).where(_S.c.secret_hash == session.secret_hash))

    def close_secret(self, secret: object) -> None:
        """End the session whose secret this is, if there is one (a browser signing in again)."""
        if isinstance(secret, str) and len(secret) <= MAX_SECRET:
            with self.db.write() as conn:
                conn.execute(delete(_S).where(_S.c.secret_hash == hash_token(secret)))

    def close_all(self, account: Account) -> None:
        """End every session and token of `account`."""
        with self.db.write() as conn:
            conn.execute(delete(_S).where(_S.c.account_id == account.id))

    def forget_expired(self) -> int:
        """Delete the expired sessions and tokens; returns how many."""
        with self.db.write() as conn:
            return int(conn.execute(delete(_S).where(_S.c.expires_at <= now())).rowcount or 0)


__all__ = ["COOKIE", "TOKEN", "Kind", "Session", "Sessions"]
