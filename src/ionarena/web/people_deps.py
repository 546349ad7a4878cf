"""What the accounts and classes endpoints share, through `Depends`: the hub and the people
service, who is calling (a browser's session cookie or a script's bearer token), the CSRF check,
a class's teacher and a class's student, and the cookies that carry them.

- A browser signs in with the cookie `ion_session` (HttpOnly, SameSite=Lax, Secure over HTTPS).
  Every change it asks for must carry its session's CSRF token: the header `X-CSRF-Token` (pages'
  scripts read it from `<meta name="csrf-token">`) or the form field `csrf`. A script's bearer
  token (`Authorization: Bearer …`, from `POST /api/session`) needs none.
- Forms shown before signing in (sign in, make an account, join a class) are protected by a
  double-submit cookie, `ion_form` (HttpOnly, SameSite=Strict), whose value the form repeats.
- A student's token is the cookie `ion_student_<CODE>` (HttpOnly, SameSite=Lax), or a bearer
  token for scripts. A class's endpoints answer 404 alike for a code not in use and a class that
  is not the caller's, and count each such miss against the address's limit on wrong codes.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request, Response
from starlette.concurrency import run_in_threadpool

from ..people import ClassInfo, NotAllowed, NotFound, NotSignedIn, People, Session, Student
from ..people.classes import no_class
from ..people.codes import read_code
from ..people.sessions import COOKIE, COOKIE_DAYS, TOKEN
from .api import bearer
from .hub import Hub

SESSION_COOKIE = "ion_session"
FORM_COOKIE = "ion_form"
STUDENT_COOKIE = "ion_student_"
CSRF_HEADER = "X-CSRF-Token"

T = TypeVar("T")


def get_hub(request: Request) -> Hub:
    """The app's hub."""
    hub: Hub = request.app.state.hub
    return hub


def get_people(request: Request) -> People:
    """The app's people service."""
    people: People = request.app.state.people
    return people


HubDep = Annotated[Hub, Depends(get_hub)]
PeopleDep = Annotated[People, Depends(get_people)]


def address(request: Request) -> str:
    """The caller's address (what rate limits count by)."""
    return request.client.host if request.client else "unknown"


def secure(request: Request) -> bool:
    """True over HTTPS (cookies are then Secure)."""
    return request.url.scheme == "https"


def current_session(request: Request, people: PeopleDep) -> Session | None:
    """The signed-in caller: a bearer token (a wrong one is `NotSignedIn`), else the session cookie
    (a stale one is ignored), else None (a guest)."""
    token = bearer(request.headers.get("authorization"))
    if token is not None:
        session = people.sessions.find(token, TOKEN)
        if session is None:
            raise NotSignedIn("that token signs nobody in (it expired or was revoked): sign in again "
                              "with POST /api/session")
        return session
    secret = request.cookies.get(SESSION_COOKIE)
    return people.sessions.find(secret, COOKIE) if secret else None


Caller = Annotated[Session | None, Depends(current_session)]


def signed_in(session: Caller) -> Session:
    """The signed-in caller, or `NotSignedIn`."""
    if session is None:
        raise NotSignedIn("sign in first (POST /api/session, or the page /signin)")
    return session


Signed = Annotated[Session, Depends(signed_in)]


def csrf_ok(session: Session, given: object) -> bool:
    """True if a change may go ahead: a bearer token's, or a browser's carrying its CSRF token."""
    return session.kind == TOKEN or session.csrf_matches(given)


def changing(request: Request, session: Signed) -> Session:
    """The signed-in caller of a change (the CSRF header checked for a browser), or `NotAllowed`."""
    if not csrf_ok(session, request.headers.get(CSRF_HEADER)):
        raise NotAllowed(f"this change needs the page's CSRF token ({CSRF_HEADER}): reload the page")
    return session


Changing = Annotated[Session, Depends(changing)]


def set_session_cookie(response: Response, request: Request, secret: str) -> None:
    """Give the browser its new session (and a fresh form cookie: nothing from before sign-in
    carries over)."""
    response.set_cookie(SESSION_COOKIE, secret, max_age=COOKIE_DAYS * 24 * 3600, path="/", httponly=True,
                        samesite="lax", secure=secure(request))
    response.delete_cookie(FORM_COOKIE, path="/")


def clear_session_cookie(response: Response) -> None:
    """The browser is signed out."""
    response.delete_cookie(SESSION_COOKIE, path="/")


def form_token(request: Request) -> tuple[str, bool]:
    """The double-submit token of a form shown before signing in, and whether it is new (then
    `keep_form_token` sets it as the browser's cookie)."""
    token = request.cookies.get(FORM_COOKIE)
    if token and 20 <= len(token) <= 100:
        return token, False
    return secrets.token_urlsafe(24), True


def keep_form_token(response: Response, request: Request, token: str) -> None:
    """Set the form cookie (HttpOnly, SameSite=Strict)."""
    response.set_cookie(FORM_COOKIE, token, path="/", httponly=True, samesite="strict",
                        secure=secure(request))


def form_token_ok(request: Request, given: object) -> bool:
    """True if a form sent before signing in repeats its cookie's token."""
    token = request.cookies.get(FORM_COOKIE)
    return (isinstance(token, str) and isinstance(given, str) and bool(token)
            and hmac.compare_digest(token.encode(), given.encode()))


# -- classes ------------------------------------------------------------------------------------------

def _checked_code(request: Request, people: People, code: str) -> None:
    people.limits.check_misses(address(request))
    if read_code(code) is None:
        people.limits.missed(address(request))
        raise no_class(code)


def teacher_class(request: Request, code: str, session: Session, people: People) -> ClassInfo:
    """The class with this code if the caller teaches it; else `NotFound` (a miss, counted)."""
    _checked_code(request, people, code)
    try:
        return people.classes.taught(code, session.account)
    except NotFound:
        people.limits.missed(address(request))
        raise


def student_token(request: Request, code: str) -> str | None:
    """The student token a request carries for the class `code` (bearer, else the class's cookie)."""
    normal = read_code(code) or ""
    return bearer(request.headers.get("authorization")) or request.cookies.get(STUDENT_COOKIE + normal)


def class_student(request: Request, code: str, people: People) -> tuple[ClassInfo, Student]:
    """The class and the calling student (their token is for this class); `NotFound` or
    `NotAllowed` otherwise (a miss, counted)."""
    _checked_code(request, people, code)
    info = people.classes.find(code)
    if info is None:
        people.limits.missed(address(request))
        raise no_class(code)
    try:
        return info, people.classes.student(info, student_token(request, code))
    except NotAllowed:
        people.limits.missed(address(request))
        raise


def set_student_cookie(response: Response, request: Request, code: str, token: str) -> None:
    """Keep the student's token in the browser for this class."""
    response.set_cookie(STUDENT_COOKIE + code, token, max_age=2 * 24 * 3600, path="/", httponly=True,
                        samesite="lax", secure=secure(request))


async def in_thread(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` off the event loop (the people service reads and writes the database)."""
    return await run_in_threadpool(fn, *args)


__all__ = [
    "CSRF_HEADER",
    "FORM_COOKIE",
    "SESSION_COOKIE",
    "STUDENT_COOKIE",
    "Caller",
    "Changing",
    "HubDep",
    "PeopleDep",
    "Signed",
    "address",
    "changing",
    "class_student",
    "clear_session_cookie",
    "csrf_ok",
    "current_session",
    "form_token",
    "form_token_ok",
    "get_hub",
    "get_people",
    "in_thread",
    "keep_form_token",
    "secure",
    "set_session_cookie",
    "set_student_cookie",
    "student_token",
    "teacher_class",
]
