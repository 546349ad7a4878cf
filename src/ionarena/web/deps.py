"""What the endpoints share, through `Depends`: the server's shared objects, a table's seat from
its token, and for the accounts and classes endpoints who is calling (a browser's session cookie
or a script's bearer token), the CSRF check, a class's teacher and a class's student, and the
cookies that carry them.

- The shared objects live in `app.state` (`web.app.create_app` puts them there, one of each per
  app): the hub (`HubDep`), the replays desk (`ReplaysDep`), the social side (`SocialDep`), the
  lobby's stored tables (`LobbyDep`) and the people service (`PeopleDep`). Each is found by an
  `async` function, so that resolving it costs no trip to a worker thread.
- A seat's token goes in `Authorization: Bearer <token>` (`bearer`); `seat_of` finds its seat at
  a table (`Denied`: 401 without a token where one is needed, 403 with one that is not a seat
  there). A handler calls it after finding the table, as it calls `Hub.find`: both count as
  someone being at the table, so they run only for a request whose body was valid.
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
from typing import Annotated, TypeVar, TypeVarTuple

from fastapi import Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from ..people import ClassInfo, NotAllowed, NotFound, NotSignedIn, People, Session, Student
from ..people.classes import no_class
from ..people.codes import read_code
from ..people.sessions import COOKIE, COOKIE_DAYS, TOKEN
from .hub import Hosted, Hub
from .lobby import Stored
from .replays import Replays
from .social import Social

SEAT_COOKIE = "ion_seat_"
"""The page keeps a person's seat token in the cookie `ion_seat_<table id>` (HttpOnly, SameSite=Strict;
Secure when the page came over HTTPS, directly or through a trusted proxy)."""
SESSION_COOKIE = "ion_session"
FORM_COOKIE = "ion_form"
STUDENT_COOKIE = "ion_student_"
CSRF_HEADER = "X-CSRF-Token"

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


TABLE_ID = Path(description="The table's id (from `POST /api/tables` or a link).", min_length=1,
                max_length=64)


# -- the server's shared objects ---------------------------------------------------------------------

async def get_hub(request: Request) -> Hub:
    """The app's hub."""
    hub: Hub = request.app.state.hub
    return hub


async def get_replays(request: Request) -> Replays:
    """The app's replays desk."""
    replays: Replays = request.app.state.replays
    return replays


async def get_social(request: Request) -> Social:
    """The app's chat, presence and rematches."""
    social: Social = request.app.state.social
    return social


async def get_lobby(request: Request) -> Stored:
    """The lobby's finished and adjourned tables, read from the store."""
    lobby: Stored = request.app.state.lobby
    return lobby


async def get_people(request: Request) -> People:
    """The app's people service."""
    people: People = request.app.state.people
    return people


HubDep = Annotated[Hub, Depends(get_hub)]
ReplaysDep = Annotated[Replays, Depends(get_replays)]
SocialDep = Annotated[Social, Depends(get_social)]
LobbyDep = Annotated[Stored, Depends(get_lobby)]
PeopleDep = Annotated[People, Depends(get_people)]


# -- a table's seats ---------------------------------------------------------------------------------

def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


class Denied(Exception):
    """A request without a needed token (401) or with one that is not a seat here (403)."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


async def seat_of(hub: Hub, hosted: Hosted, authorization: str | None, *, required: bool,
                  attend: bool = True) -> int | None:
    """The seat of the request's token at `hosted` (None: a spectator; `Denied` without a token
    where one is `required`, or with one that is not a seat here). With `attend`, whoever it is
    is at the table, and a seat's person resumes it if it was adjourned (`Hub.attend`)."""
    token = bearer(authorization)
    if token is None:
        if required or authorization:
            raise Denied(401, "give your seat token as 'Authorization: Bearer <token>'")
        if attend:
            await hub.attend(hosted, None)
        return None
    seat = await hub.authenticate(hosted, token)
    if seat is None:
        raise Denied(403, "that token is not a seat of this table")
    if attend:
        await hub.attend(hosted, seat)
    return seat


# -- people: sessions, CSRF, forms -------------------------------------------------------------------


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


async def in_thread(fn: Callable[[*Ts], T], *args: *Ts) -> T:
    """`fn(*args)` off the event loop (the people service reads and writes the database)."""
    return await run_in_threadpool(fn, *args)


__all__ = [
    "CSRF_HEADER",
    "FORM_COOKIE",
    "SEAT_COOKIE",
    "SESSION_COOKIE",
    "STUDENT_COOKIE",
    "TABLE_ID",
    "Caller",
    "Changing",
    "Denied",
    "HubDep",
    "LobbyDep",
    "PeopleDep",
    "ReplaysDep",
    "Signed",
    "SocialDep",
    "address",
    "bearer",
    "changing",
    "class_student",
    "clear_session_cookie",
    "csrf_ok",
    "current_session",
    "form_token",
    "form_token_ok",
    "get_hub",
    "get_lobby",
    "get_people",
    "get_replays",
    "get_social",
    "in_thread",
    "keep_form_token",
    "seat_of",
    "secure",
    "set_session_cookie",
    "set_student_cookie",
    "student_token",
    "teacher_class",
]
