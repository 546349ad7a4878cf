"""The ASGI app of `ion serve`: the open API, the WebSocket, the pages and their static files.

    >>> from ionarena.web import create_app
    >>> app = create_app("sqlite:///games.sqlite3")       # uvicorn.run(app) serves it

`create_app` opens the store at once (a bad database is one clear error before the server
listens); the hub resumes every unfinished table when the app starts, and lets go of its threads
when it stops. OpenAPI: `/api/openapi.json`. No page or script comes from outside this server.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request, WebSocket, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from .. import __version__
from .. import games as game_registry
from ..core import IonError
from ..store import Store, StoreError
from . import api, gc_tuning, pages, social_api
from .deps import Denied
from .headers import SafeHeaders
from .hub import Hub, NotFound
from .limits import Limits
from .lobby import Stored
from .pages import HERE
from .people_hooks import PeopleWeb
from .quota import Refused
from .replays import Replays
from .social import Social
from .sockets import table_socket

if TYPE_CHECKING:
    from ..cluster import Cluster

log = logging.getLogger(__name__)

MAX_TOKEN = 200
"""Longest `?token=` a WebSocket may give (a seat token is 32 characters)."""

DESCRIPTION = """Play the four Ion card games with people and bots, from a browser or a bot in any language.

A seat's token (returned once, when the seat is taken) goes in `Authorization: Bearer <token>`;
without one you are a spectator. Moves are text (each state lists its `legal` moves) sent with the
`version` they were chosen at. States are pushed on `GET /api/tables/{id}/ws?token=<token>`.
A 20-line bot: `/docs/api`."""


tune_gc = gc_tuning.tune
"""The garbage collector and interpreter lock of a serving process (`web.gc_tuning`)."""
SWITCH_SECONDS = gc_tuning.SWITCH_SECONDS


def create_app(store: Store | str | None = None, *, workers: int = 4, bot_delay: float = 0.8,
               rate: float | None = None, burst: float | None = None, limits: Limits | None = None,
               serving: bool = False, class_retention_days: float = 30.0,
               bus: str | None = None) -> FastAPI:
    """The app over `store` (a `Store`, a database URL or path, or None for the default file).

    `bot_delay`: seconds bots wait before moving at untimed tables (default for new tables);
    `limits`: every bound the server keeps (`web.limits`; `rate`/`burst`, each WebSocket
    connection's message limit, override its `ws_rate`/`ws_burst`); `workers`: threads for
    people's calls; `serving`: the app is this process's job (`ion serve`): `tune_gc` once it has
    started; `class_retention_days`: how long a class's students and games are kept
    (`people.retention`); `bus`: the message bus of several servers over one PostgreSQL store
    (`ionarena.cluster`; None: this server is the only one)."""
    game_registry.load_all()
    limits = limits or Limits()
    rate = limits.ws_rate if rate is None else rate
    burst = limits.ws_burst if burst is None else burst
    own = not isinstance(store, Store)
    opened = Store(store) if not isinstance(store, Store) else store
    try:
        cluster = _cluster(opened, bus)
    except IonError:
        if own:
            opened.close()
        raise
    hub = Hub(opened, limits=limits, workers=workers, bot_delay=bot_delay, cluster=cluster)
    replays = Replays(limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await people.hold()  # a class's paused tables stay paused: held before they resume
        resumed = await hub.open()
        if resumed:
            log.info("resumed %d unfinished tables from %s", resumed, opened.where)
        await people.open()
        collector = tune_gc() if serving else None
        try:
            yield
        finally:
            if collector is not None:
                collector.stop()
            await people.close()
            await hub.close()
            replays.close()
            if own:
                opened.close()

    app = FastAPI(title="Ion Arena", version=__version__, description=DESCRIPTION, lifespan=lifespan,
                  docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    social = Social(hub)
    app.state.hub = hub  # the shared objects the routes find through `Depends` (`web.deps`)
    app.state.replays = replays
    app.state.social = social
    app.state.lobby = Stored(hub)
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.add_middleware(SafeHeaders)

    @app.exception_handler(Refused)
    async def refused_for_now(request: Request, err: Refused) -> JSONResponse:
        headers = {"Retry-After": str(err.retry_after)} if err.retry_after else None
        return JSONResponse(status_code=err.status, content={"detail": err.detail}, headers=headers)

    async def table_ws(websocket: WebSocket) -> None:
        token = websocket.query_params.get("token")
        if token is not None and len(token) > MAX_TOKEN:
            await websocket.close(code=status.WS_1008_POLICY_VIOLATION,
                                  reason=f"token: at most {MAX_TOKEN} characters")
            return
        await table_socket(hub, websocket, websocket.path_params["table_id"], token, rate=rate, burst=burst,
                           social=social)

    # Routes are matched in order, and FastAPI matches an included router's routes one by one on
    # each request (100-180 µs to reach the last of them): what every game opens comes first —
    # its WebSockets, then the open API (POST /api/tables) — and the pages after.
    # The WebSocket is a plain Starlette route: there is nothing to validate but the token's
    # length, and FastAPI's parameter solving per connection was ~7% of the server's time under load.
    app.router.add_websocket_route("/api/tables/{table_id}/ws", table_ws)

    app.include_router(api.router)
    app.include_router(social_api.router)
    people = PeopleWeb(app, hub, opened, class_retention_days=class_retention_days)  # accounts, classes

    @app.exception_handler(NotFound)
    async def not_found(request: Request, err: NotFound) -> JSONResponse:
        return JSONResponse(status_code=404, content={"detail": "no such table"})

    @app.exception_handler(Denied)
    async def denied(request: Request, err: Denied) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if err.status == 401 else None
        return JSONResponse(status_code=err.status, content={"detail": err.detail}, headers=headers)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, err: StoreError) -> JSONResponse:
        retry_after = getattr(err, "retry_after", None)
        if retry_after is not None:  # a table changing hands between servers (`cluster.ServerAway`)
            log.warning("%s %s: %s", request.method, request.url.path, err)
            return JSONResponse(status_code=503, content={"detail": str(err)},
                                headers={"Retry-After": str(retry_after)})
        log.error("store: %s", err)
        return JSONResponse(status_code=503, content={"detail": "the game store cannot be used right now"})

    @app.exception_handler(IonError)
    async def refused(request: Request, err: IonError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": str(err)})

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, err: RequestValidationError) -> JSONResponse:
        problems = err.errors()
        first = problems[0] if problems else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "the request"
        return JSONResponse(status_code=422, content={"detail": f"{where}: {first.get('msg', 'not valid')}"})

    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    if limits.replay_bytes != Limits().replay_bytes:  # the document says this server's own bound
        api.describe_limits(app.openapi(), limits)

    return app


def _cluster(store: Store, bus: str | None) -> Cluster | None:
    """This server's part of a site of several (`ionarena.cluster`), or None."""
    if bus is None:
        return None
    from ..cluster import Cluster, open_bus
    if store.engine.dialect.name != "postgresql":
        raise StoreError(f"--bus needs a PostgreSQL store that every server shares, not {store.where}")
    return Cluster(store, open_bus(bus))


__all__ = ["create_app", "tune_gc"]
