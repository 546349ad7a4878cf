"""The accounts API: signing in and out, making an account, profiles, leaderboards.

    POST   /api/session            {"name","password"} -> the cookie for pages, {"token","csrf"} for scripts
    GET    /api/session            who is signed in (cookie or `Authorization: Bearer <token>`)
    DELETE /api/session            sign out: ends the cookie's session or the token used
    POST   /api/accounts           {"name","password"} -> a new account, signed in
    PUT    /api/account/privacy    {"show_games","show_ratings"}: what the profile shows
    GET    /api/players/{name}     a profile: games played and won per game, recent games, ratings
    GET    /api/leaderboard/{game} the game's ratings, best first (accounts who show theirs, and bots)

A browser's changes carry `X-CSRF-Token` (its session's token); a bearer token's need nothing
else. Errors are `{"detail": "<one sentence>"}`: 401 not signed in, 403 no CSRF token, 404 no such
player, 409 name taken, 422 refused, 429 too many tries.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from ..core import UnknownGame, get_spec
from ..people import NotFound
from ..people.profiles import profile
from ..people.sessions import COOKIE, TOKEN, Session
from ..people.views import LeaderRow, ProfileView
from .deps import (
    SESSION_COOKIE,
    Caller,
    Changing,
    PeopleDep,
    Signed,
    address,
    clear_session_cookie,
    set_session_cookie,
)
from .models import AccountMade, Credentials, Me, Privacy, SignedIn

router = APIRouter(prefix="/api", tags=["players"])

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in (or a wrong name or password)."},
    403: {"description": "A browser's change without its CSRF token."},
    404: {"description": "No such player or game."},
    409: {"description": "The name is taken."},
    422: {"description": "Refused, with the reason."},
    429: {"description": "Too many tries: wait."},
}


def _me(session: Session) -> Me:
    account = session.account
    return Me(name=account.name, profile=f"/@/{account.name}", show_games=account.show_games,
              show_ratings=account.show_ratings, csrf=session.csrf)


def _signed_in(people: PeopleDep, request: Request, response: Response, account: Any) -> tuple[Session, str]:
    """A new browser session (replacing whatever session cookie came with the request: a session id
    planted before sign-in is never promoted) and a new token; the cookie is set."""
    people.sessions.close_secret(request.cookies.get(SESSION_COOKIE))
    secret, session = people.sessions.open(account, COOKIE)
    token, _ = people.sessions.open(account, TOKEN)
    set_session_cookie(response, request, secret)
    return session, token


@router.post("/session", response_model=SignedIn, responses=ERRORS,
             summary="Sign in: the session cookie for pages, and a token for scripts (shown once)")
def sign_in(body: Credentials, request: Request, response: Response, people: PeopleDep) -> SignedIn:
    people.limits.signing_in(address(request), body.name)
    account = people.accounts.sign_in(body.name, body.password)
    session, token = _signed_in(people, request, response, account)
    return SignedIn(name=account.name, token=token, csrf=session.csrf or "", profile=f"/@/{account.name}")


@router.get("/session", response_model=Me, responses=ERRORS, summary="Who is signed in")
def whoami(session: Signed) -> Me:
    return _me(session)


@router.delete("/session", status_code=204, responses=ERRORS,
               summary="Sign out: end this browser's session, or the token used")
def sign_out(session: Changing, people: PeopleDep) -> Response:
    people.sessions.close(session)
    answer = Response(status_code=204)
    if session.kind == COOKIE:
        clear_session_cookie(answer)
    return answer


@router.post("/accounts", status_code=201, response_model=AccountMade, responses=ERRORS,
             summary="Make an account (name and password); signed in at once")
def sign_up(body: Credentials, request: Request, response: Response, people: PeopleDep) -> AccountMade:
    people.limits.signing_up(address(request))
    account = people.accounts.create(body.name, body.password)
    session, token = _signed_in(people, request, response, account)
    return AccountMade(name=account.name, token=token, csrf=session.csrf or "", profile=f"/@/{account.name}")


@router.put("/account/privacy", response_model=Me, responses=ERRORS,
            summary="What your profile shows to others")
def privacy(body: Privacy, session: Changing, people: PeopleDep) -> Me:
    account = people.accounts.set_privacy(session.account.id, show_games=body.show_games,
                                          show_ratings=body.show_ratings)
    return _me(Session(account, session.kind, session.csrf, session.secret_hash))


NAME = Path(description="The account's name.", min_length=1, max_length=40)


@router.get("/players/{name}", responses=ERRORS,
            summary="A player's profile: games played and won per game, recent games, ratings "
                    "(what they chose to show)")
def player(name: Annotated[str, NAME], people: PeopleDep, viewer: Caller) -> ProfileView:
    account = people.accounts.find(name)
    if account is None or account.disabled:
        raise NotFound(f"there is no player called {name[:40]}")
    return profile(people.db, people.ratings, account, viewer.account if viewer else None)


@router.get("/leaderboard/{game}", responses=ERRORS,
            summary="A game's leaderboard: OpenSkill ratings (mu - 3 sigma), best first")
def leaderboard(game: Annotated[str, Path(max_length=40)], people: PeopleDep) -> list[LeaderRow]:
    try:
        spec = get_spec(game)
    except UnknownGame:
        raise NotFound(f"there is no game {game[:40]}") from None
    return people.ratings.leaderboard(spec.id)


__all__ = ["router"]
