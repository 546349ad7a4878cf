"""The pages a person opens: the lobby, a table, the projector view, replays, the rules, API docs.

Each page is a small HTML shell (Jinja2 templates, escaped) that loads the page's script from
`static/js`; the rules and the API docs are Markdown rendered here. Every HTML answer carries a
Content-Security-Policy allowing only this server's own scripts (plus the page's import map,
by nonce), styles and images: nothing comes from a CDN and nothing else may run. The routes are
one module-level `router` (kept out of the OpenAPI document); the hub comes through `Depends`.
"""

from __future__ import annotations

import secrets
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

from ..core import IonError, all_specs, get_spec
from .deps import HubDep
from .hub import Hub, NotFound

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def _asset_version() -> str:
    from .. import __version__
    return str(__version__)


def render_markdown(text: str) -> str:
    """Markdown as HTML (CommonMark with tables; raw HTML in the source is shown as text)."""
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table").render(text)


@lru_cache(maxsize=16)
def rules_html(game: str) -> str:
    """The rules of `game` (docs/rules/<game>.md) as HTML."""
    from ..cli.info import rules_text
    return render_markdown(rules_text(game))


def doc_text(name: str) -> str:
    """`docs/<name>.md` from the installed package or the source tree."""
    packaged = resources.files("ionarena").joinpath("_docs", f"{name}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = HERE.parents[2] / "docs" / f"{name}.md"
    return source.read_text(encoding="utf-8")


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page from `template` with a fresh script nonce and the security headers."""
    nonce = secrets.token_urlsafe(16)
    response = templates.TemplateResponse(request, template, {
        "nonce": nonce, "v": _asset_version(), "games": all_specs(), **context}, status_code=status)
    response.headers["Content-Security-Policy"] = (
        f"default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'self'; form-action 'self'")
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    return page(request, "app.html", title="Lobby", page_name="lobby")


async def table_page(request: Request, hub: Hub, table_id: str, page_name: str, title: str) -> Response:
    """A table's page (`page_name`: table, projector, replay), or the page saying there is none."""
    try:
        hosted = await hub.find(table_id)
    except NotFound:
        return page(request, "missing.html", status=404, title="No such table")
    table = hosted.table
    return page(request, "app.html", title=f"{title}{table.spec.title}", page_name=page_name,
                table_id=table.id, game=table.game,
                body_class="projector" if page_name == "projector" else "")


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table(request: Request, table_id: str, hub: HubDep) -> Response:
    return await table_page(request, hub, table_id, "table", "")


@router.get("/t/{table_id}/projector", response_class=HTMLResponse)
async def projector(request: Request, table_id: str, hub: HubDep) -> Response:
    return await table_page(request, hub, table_id, "projector", "Projector: ")


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay(request: Request, table_id: str, hub: HubDep) -> Response:
    return await table_page(request, hub, table_id, "replay", "Replay: ")


@router.get("/replay", response_class=HTMLResponse)
async def upload(request: Request) -> Response:
    return page(request, "app.html", title="Watch a record", page_name="replay")


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(request: Request, game: str) -> Response:
    try:
        spec = get_spec(game)
        html = rules_html(spec.id)
    except (IonError, FileNotFoundError) as err:
        return page(request, "missing.html", status=404, title="No such rules", detail=str(err))
    return page(request, "doc.html", title=f"Rules: {spec.title}", body=html, body_class="doc")


@router.get("/docs/api", response_class=HTMLResponse)
async def api_docs(request: Request) -> Response:
    return page(request, "doc.html", title="The open API", body=render_markdown(doc_text("api")),
                body_class="doc")


@router.get("/healthz", response_class=PlainTextResponse)
async def healthz() -> str:
    return "ok"


__all__ = ["doc_text", "render_markdown", "router", "rules_html"]
