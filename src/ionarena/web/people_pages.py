"""The people's pages: signing in and up, the account, profiles, leaderboards, joining a class,
a student's page, a teacher's dashboard and the after-class report.

The forms are plain HTML forms that work without a script, each carrying its CSRF token: a
signed-in browser's session token, or, before signing in, the double-submit `ion_form` cookie's
(`web.deps`). A refused form is shown again with the reason (and what was typed, never the
password). The dashboard and the student's page are scripts over the classes API
(`static/js/people.js`), the report a page of its own with its CSV beside it.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote as url_quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..core import UnknownGame, all_specs, get_spec
from ..people import Account, NotFound, PeopleError, Session
from ..people.codes import read_code, spoken
from ..people.profiles import profile
from ..people.report import class_report
from ..people.retention import delete_after
from ..people.sessions import COOKIE
from .deps import (
    SESSION_COOKIE,
    Caller,
    PeopleDep,
    address,
    class_student,
    clear_session_cookie,
    form_token,
    form_token_ok,
    in_thread,
    keep_form_token,
    set_session_cookie,
    set_student_cookie,
    teacher_class,
)
from .pages import page

router = APIRouter(include_in_schema=False)

EXPIRED = "This form was open too long (or came from another site): please try again."


def _local(path: object, default: str = "/account") -> str:
    """A path on this server to go to after signing in (never another site)."""
    if not isinstance(path, str) or len(path) >= 300 or not path.startswith("/"):
        return default
    return default if path.startswith(("//", "/\\")) else path


def people_page(request: Request, template: str, session: Session | None = None, status: int = 200,
                **context: Any) -> HTMLResponse:
    """A page of `templates/people/` with the signed-in account's name in the top bar."""
    return page(request, f"people/{template}", status,
                account_name=session.account.name if session is not None else None,
                csrf=session.csrf if session is not None else None, **context)


def anonymous_form(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page with a form for someone not signed in, carrying the double-submit token."""
    token, new = form_token(request)
    response = page(request, f"people/{template}", status, account_name=None, csrf=token, **context)
    if new:
        keep_form_token(response, request, token)
    return response


def _browser(session: Session | None) -> Session | None:
    """The signed-in browser (a page ignores a bearer token's session)."""
    return session if session is not None and session.kind == COOKIE else None


def _missing(request: Request, session: Session | None, title: str, detail: str,
             status: int = 404) -> HTMLResponse:
    return people_page(request, "message.html", session, status, title=title, detail=detail)


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {k: v if isinstance(v, str) else "" for k, v in form.items()}


# -- signing in and out ---------------------------------------------------------------------------------

def _new_browser_session(people: Any, request: Request, account: Account) -> str:
    people.sessions.close_secret(request.cookies.get(SESSION_COOKIE))  # a planted session is never kept
    secret, _ = people.sessions.open(account, COOKIE)
    return str(secret)


def _signed_in_response(request: Request, secret: str, go: str) -> Response:
    response = RedirectResponse(go, status_code=303)
    set_session_cookie(response, request, secret)
    return response


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, session: Caller,
                go: Annotated[str, Query(alias="next", max_length=300)] = "/account") -> Response:
    if _browser(session):
        return RedirectResponse(_local(go), status_code=303)
    return anonymous_form(request, "signin.html", title="Sign in", next=_local(go))


@router.post("/signin", response_class=HTMLResponse)
async def signin(request: Request, people: PeopleDep) -> Response:
    form = await _form(request)
    go, name = _local(form.get("next")), form.get("name", "")[:100]
    if not form_token_ok(request, form.get("csrf")):
        return anonymous_form(request, "signin.html", 403, title="Sign in", next=go, name=name, error=EXPIRED)
    try:
        await in_thread(people.limits.signing_in, address(request), name)
        account = await in_thread(people.accounts.sign_in, name, form.get("password", ""))
    except PeopleError as err:
        return anonymous_form(request, "signin.html", err.status, title="Sign in", next=go, name=name,
                              error=str(err))
    secret = await in_thread(_new_browser_session, people, request, account)
    return _signed_in_response(request, secret, go)


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, session: Caller) -> Response:
    if _browser(session):
        return RedirectResponse("/account", status_code=303)
    return anonymous_form(request, "signup.html", title="Make an account")


@router.post("/signup", response_class=HTMLResponse)
async def signup(request: Request, people: PeopleDep) -> Response:
    form = await _form(request)
    name = form.get("name", "")[:100]
    if not form_token_ok(request, form.get("csrf")):
        return anonymous_form(request, "signup.html", 403, title="Make an account", name=name, error=EXPIRED)
    if form.get("password", "") != form.get("again", ""):
        return anonymous_form(request, "signup.html", 422, title="Make an account", name=name,
                              error="The two passwords differ: type the same one twice.")
    try:
        await in_thread(people.limits.signing_up, address(request))
        account = await in_thread(people.accounts.create, name, form.get("password", ""))
    except PeopleError as err:
        return anonymous_form(request, "signup.html", err.status, title="Make an account", name=name,
                              error=str(err))
    secret = await in_thread(_new_browser_session, people, request, account)
    return _signed_in_response(request, secret, "/account")


@router.post("/signout")
async def signout(request: Request, session: Caller, people: PeopleDep) -> Response:
    form = await _form(request)
    browser = _browser(session)
    if browser is not None and not browser.csrf_matches(form.get("csrf")):
        return _missing(request, browser, "Not signed out", EXPIRED, 403)
    if browser is not None:
        await in_thread(people.sessions.close, browser)
    response = RedirectResponse("/", status_code=303)
    clear_session_cookie(response)
    return response


# -- the account --------------------------------------------------------------------------------------

@router.get("/account", response_class=HTMLResponse)
def account_page(request: Request, session: Caller, people: PeopleDep) -> Response:
    browser = _browser(session)
    if browser is None:
        return RedirectResponse("/signin?next=/account", status_code=303)
    days = people.class_retention_days
    classes = [{"code": c.code, "spoken": spoken(c.code), "name": c.name,
                "delete_after": delete_after(c.created_at, days).strftime("%d %B %Y")}
               for c in people.classes.of_teacher(browser.account)]
    return people_page(request, "account.html", browser, title="Your account", account=browser.account,
                       classes=classes, retention_days=f"{days:g}", games=all_specs())


def _changing(request: Request, session: Session | None, form: dict[str, str]) -> Session | Response:
    browser = _browser(session)
    if browser is None:
        return RedirectResponse("/signin?next=/account", status_code=303)
    if not browser.csrf_matches(form.get("csrf")):
        return _missing(request, browser, "Not changed", EXPIRED, 403)
    return browser


@router.post("/account/privacy")
async def privacy(request: Request, session: Caller, people: PeopleDep) -> Response:
    form = await _form(request)
    browser = _changing(request, session, form)
    if not isinstance(browser, Session):
        return browser
    await in_thread(lambda: people.accounts.set_privacy(browser.account.id, show_games="show_games" in form,
                                                        show_ratings="show_ratings" in form))
    return RedirectResponse("/account", status_code=303)


@router.post("/classes")
async def open_class(request: Request, session: Caller, people: PeopleDep) -> Response:
    form = await _form(request)
    browser = _changing(request, session, form)
    if not isinstance(browser, Session):
        return browser
    try:
        info = await in_thread(people.classes.open, browser.account, form.get("name", ""))
    except PeopleError as err:
        return _missing(request, browser, "No class opened", str(err), err.status)
    return RedirectResponse(f"/class/{info.code}", status_code=303)


# -- profiles and leaderboards ------------------------------------------------------------------------

@router.get("/@/{name}", response_class=HTMLResponse)
def profile_page(request: Request, name: str, session: Caller, people: PeopleDep) -> Response:
    browser = _browser(session)
    account = people.accounts.find(name) if len(name) <= 40 else None
    if account is None or account.disabled:
        return _missing(request, browser, "No such player", "Nobody here plays under that name.")
    view = profile(people.db, people.ratings, account, browser.account if browser else None)
    titles = {s.id: s.title for s in all_specs()}
    return people_page(request, "profile.html", browser, title=account.name, profile=view, titles=titles)


@router.get("/leaderboard", response_class=HTMLResponse)
def leaderboards(request: Request, session: Caller) -> Response:
    return people_page(request, "leaderboards.html", _browser(session), title="Leaderboards")


@router.get("/leaderboard/{game}", response_class=HTMLResponse)
def leaderboard_page(request: Request, game: str, session: Caller, people: PeopleDep) -> Response:
    browser = _browser(session)
    try:
        spec = get_spec(game)
    except UnknownGame:
        return _missing(request, browser, "No such game", "There is no game of that name here.")
    rows = people.ratings.leaderboard(spec.id)
    return people_page(request, "leaderboard.html", browser, title=f"Leaderboard: {spec.title}", spec=spec,
                       rows=rows)


# -- classes --------------------------------------------------------------------------------------------

@router.get("/join", response_class=HTMLResponse)
def join_page(request: Request, code: str = "") -> Response:
    shown = read_code(code) or ""
    return anonymous_form(request, "join.html", title="Join a class", code=shown)


@router.post("/join", response_class=HTMLResponse)
async def join(request: Request, people: PeopleDep) -> Response:
    form = await _form(request)
    code, name = form.get("code", "")[:40], form.get("name", "")[:100]
    if not form_token_ok(request, form.get("csrf")):
        return anonymous_form(request, "join.html", 403, title="Join a class", code=code, name=name,
                              error=EXPIRED)
    try:
        await in_thread(people.limits.check_misses, address(request))
        await in_thread(people.limits.joining, address(request))
        _, token = await in_thread(people.classes.join, code, name)
    except PeopleError as err:
        if isinstance(err, NotFound):
            await in_thread(people.limits.missed, address(request))
        return anonymous_form(request, "join.html", err.status, title="Join a class", code=code, name=name,
                              error=str(err))
    normal = read_code(code) or ""
    response = RedirectResponse(f"/class/{normal}/play", status_code=303)
    set_student_cookie(response, request, normal, token)
    return response


@router.get("/class/{code}", response_class=HTMLResponse)
def dashboard_page(request: Request, code: str, session: Caller, people: PeopleDep) -> Response:
    browser = _browser(session)
    normal = read_code(code)
    if normal is not None and request.cookies.get(f"ion_student_{normal}") and browser is None:
        return RedirectResponse(f"/class/{normal}/play", status_code=303)
    try:
        if browser is None:
            raise NotFound("sign in as the class's teacher to see its dashboard")
        info = teacher_class(request, code, browser, people)
    except PeopleError as err:
        return _missing(request, browser, "No such class", str(err), err.status)
    return people_page(request, "dashboard.html", browser, title=f"Class {info.name}", info=info,
                       spoken=spoken(info.code), body_class="dashboard")


@router.get("/class/{code}/play", response_class=HTMLResponse)
def student_page(request: Request, code: str, people: PeopleDep) -> Response:
    try:
        info, student = class_student(request, code, people)
    except PeopleError as err:
        if err.status == 429:
            return _missing(request, None, "Too many tries", str(err), 429)
        return RedirectResponse(f"/join?code={url_quote(read_code(code) or '')}", status_code=303)
    return people_page(request, "student.html", None, title=f"{student.name} · {info.name}", info=info,
                       student=student, body_class="class-student")


@router.get("/class/{code}/report", response_class=HTMLResponse)
def report_page(request: Request, code: str, session: Caller, people: PeopleDep) -> Response:
    browser = _browser(session)
    try:
        if browser is None:
            raise NotFound("sign in as the class's teacher to see its report")
        info = teacher_class(request, code, browser, people)
    except PeopleError as err:
        return _missing(request, browser, "No such class", str(err), err.status)
    report = class_report(people.db, info, people.classes.students(info), people.classes.tables(info))
    titles = {s.id: s.title for s in all_specs()}
    return people_page(request, "report.html", browser, title=f"Report: {info.name}", info=info,
                       report=report, titles=titles)


__all__ = ["router"]
