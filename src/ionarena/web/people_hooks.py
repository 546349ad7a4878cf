"""Where the people service meets the web's tables: the few hooks, and the service's life.

- `claim_seats` (`app.state.claim_seats`, which `api.py` calls when a table is made or a seat
  taken): a signed-in caller's
  new seats become their account's from that version on, and carry the account's name.
- The hub's `seat_finders`: a token that is no seat token may still be a seat's — a student's
  token plays the seat the student sits at now, an account's bearer token the seat its account
  owns at that table (as Lichess's tokens let a bot play for an account).
- The hub's `refusal_hooks`: a bond or molecule refused at a class's table is kept
  (`people.attempts`) before the refusal reaches the student.
- The store's `finish_listeners`: a finished table is handed to the ratings worker.
- `PeopleWeb`: the service over the app — routers, the error handler, the hooks above, and on
  start the paused class tables held again (before the hub resumes them), the ratings of tables
  finished while no server ran, and an hourly purge of classes past their retention period.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy import select

from ..core import IllegalAction
from ..people import NotSignedIn, People, PeopleError, Session
from ..people import schema as people_schema
from ..people.attempts import is_attempt
from ..people.owners import claim, last_owner, owners
from ..people.retention import delete_classes, expired
from ..people.sessions import TOKEN
from ..store import Store
from . import accounts_api, classes_api, people_pages
from .class_tables import abandon_tables, hold_if_paused, hold_paused
from .deps import SESSION_COOKIE, current_session, in_thread
from .hub import Hosted, Hub

log = logging.getLogger(__name__)

PURGE_EVERY = 3600.0
"""Seconds between two purges of the classes past their retention period."""


async def claim_seats(request: Request, hosted: Hosted, seats: Iterable[int]) -> None:
    """The caller's new `seats` at `hosted` are their account's, if they are signed in (a session
    cookie or an account's bearer token); they sit under the account's name."""
    people: People | None = getattr(request.app.state, "people", None)
    chosen = list(seats)
    if people is None or not chosen:
        return
    if SESSION_COOKIE not in request.cookies and "authorization" not in request.headers:
        return  # a guest: no database read

    def who() -> Session | None:
        try:
            return current_session(request, people)
        except NotSignedIn:
            return None  # a bearer token that is no account's: a guest

    session = await in_thread(who)
    if session is None:
        return
    account = session.account
    table = hosted.table
    version = table.version

    def note() -> None:
        with people.db.write() as conn:
            for seat in chosen:
                claim(conn, table.id, seat, version, account_id=account.id)

    await in_thread(note)
    hub: Hub = request.app.state.hub
    for seat in chosen:
        if table.seats[seat].name != account.name:
            with contextlib.suppress(IllegalAction):
                await hub.run(table.rename, seat, account.name)


SeatFinder = Callable[[Hosted, str], Awaitable[int | None]]
RefusalHook = Callable[[Hosted, int, str, str], Awaitable[None]]


def seat_finder(people: People) -> SeatFinder:
    """The hub's finder of a student's or an account's seat at a table (see the module docstring)."""
    async def find(hosted: Hosted, token: str) -> int | None:
        def look() -> int | None:
            with people.db.read() as conn:
                held = owners(conn, [hosted.id]).get(hosted.id, {})
            if not held:
                return None  # nobody's table: no query for the token
            student = people.classes.by_token(token)
            session = None if student is not None else people.sessions.find(token, TOKEN)
            for seat, seat_owners in sorted(held.items()):
                owner = last_owner(seat_owners)
                if owner is None or hosted.table.seats[seat].kind != "person":
                    continue
                if student is not None and owner.student_id == student.id:
                    return seat
                if session is not None and owner.account_id == session.account.id:
                    return seat
            return None
        return await in_thread(look)
    return find


def refusal_hook(people: People) -> RefusalHook:
    """The hub's hook that keeps a class table's refused bonds and molecules."""
    async def refused(hosted: Hosted, seat: int, text: str, reason: str) -> None:
        if not is_attempt(hosted.table.game, text):
            return
        try:
            await in_thread(people.attempts.note, hosted.id, seat, hosted.table.version, text, reason)
        except Exception:  # keeping it must never change what the student is told
            log.exception("table %s: could not keep a refused attempt", hosted.id)
    return refused


async def people_error(request: Request, err: Exception) -> JSONResponse:
    """A people refusal as `{"detail"}` with its status (401 asks for a bearer token)."""
    status = getattr(err, "status", 422)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(status_code=status, content={"detail": str(err)}, headers=headers)


class PeopleWeb:
    """The people service on one app (see the module docstring)."""

    def __init__(self, app: FastAPI, hub: Hub, store: Store, *, class_retention_days: float):
        self.hub = hub
        self.store = store
        self.people = People(store, class_retention_days=class_retention_days)
        self._purging: asyncio.Task[None] | None = None
        self._opened = 0
        """Lifespans running now (an app's lifespan may run more than once, even at once)."""
        app.state.people = self.people
        app.state.people_web = self
        app.include_router(accounts_api.router)
        app.include_router(classes_api.router)
        app.include_router(people_pages.router)
        app.add_exception_handler(PeopleError, people_error)
        app.state.claim_seats = claim_seats
        hub.seat_finders.append(seat_finder(self.people))
        hub.refusal_hooks.append(refusal_hook(self.people))
        hub.taking_over.append(lambda hosted: hold_if_paused(hub, self.people, hosted))

    async def hold(self) -> None:
        """Before the hub resumes its tables: the class tables a teacher paused stay held."""
        held = await hold_paused(self.hub, self.people)
        if held:
            log.info("%d class tables stay paused", held)

    async def open(self) -> None:
        """After the hub has resumed its tables: ratings start (catching up) and the hourly purge
        begins."""
        self._opened += 1
        if self._opened > 1:
            return
        self.people.start()
        if self.people.finished not in self.store.finish_listeners:
            self.store.finish_listeners.append(self.people.finished)
        self._purging = asyncio.create_task(self._purge_every(PURGE_EVERY))

    async def close(self) -> None:
        """Stop the purge and the ratings worker (what was handed in is rated first), when the
        last lifespan ends."""
        self._opened -= 1
        if self._opened > 0:
            return
        task, self._purging = self._purging, None
        if task is not None:
            task.get_loop().call_soon_threadsafe(task.cancel)
            if task.get_loop() is asyncio.get_running_loop():
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        with contextlib.suppress(ValueError):
            self.store.finish_listeners.remove(self.people.finished)
        await in_thread(self.people.close)

    async def _purge_every(self, seconds: float) -> None:
        while True:
            try:
                await self.purge()
            except Exception:
                log.exception("could not delete the classes past their retention period")
            await asyncio.sleep(seconds)

    async def purge(self) -> int:
        """Delete the classes past their retention period (their running tables stopped first);
        returns how many."""
        people = self.people
        ids = await in_thread(expired, people.db, people.class_retention_days)
        if not ids:
            await in_thread(people.sessions.forget_expired)
            return 0
        t = people_schema.class_tables

        def tables() -> list[str]:
            with people.db.read() as conn:
                return list(conn.execute(select(t.c.table_id).where(t.c.class_id.in_(ids))).scalars())

        await abandon_tables(self.hub, await in_thread(tables))

        def purge() -> int:
            with people.db.write() as conn:
                return delete_classes(conn, ids).classes

        done = await in_thread(purge)
        await in_thread(people.sessions.forget_expired)
        log.info("deleted %d classes past their retention period (%g days)", done,
                 people.class_retention_days)
        return done


__all__ = ["PURGE_EVERY", "PeopleWeb", "claim_seats", "people_error", "refusal_hook", "seat_finder"]
