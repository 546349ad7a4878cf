"""The people service's refusals: each one sentence, with the HTTP status a web surface answers."""

from __future__ import annotations

from ..core import IonError


class PeopleError(IonError):
    """Something the people service refuses (422 on the web unless a subclass says otherwise)."""

    status = 422


class NotSignedIn(PeopleError):
    """The call needs an account, and none was given (or its session or token has expired)."""

    status = 401


class NotAllowed(PeopleError):
    """The caller is signed in (or a student) but this is not theirs: another teacher's class,
    another class's student token."""

    status = 403


class NotFound(PeopleError):
    """No such player or class (a class code that is not in use looks the same as one that is not
    the caller's business)."""

    status = 404


class TooManyTries(PeopleError):
    """A rate limit: sign-in attempts, class codes tried, accounts made from one address."""

    status = 429


class Conflict(PeopleError):
    """A name already taken (an account, a student of the class)."""

    status = 409


__all__ = ["Conflict", "NotAllowed", "NotFound", "NotSignedIn", "PeopleError", "TooManyTries"]
