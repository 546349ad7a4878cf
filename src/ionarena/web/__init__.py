"""The browser surface of `ion serve`: a lobby, a page per table, the projector view, replays,
and the open API (HTTP + WebSocket) that pages and bots in any language share.

- `app.create_app(store)` — the ASGI app (FastAPI);
- `hub` — every hosted table, driven from the event loop without blocking it;
- `api` — the HTTP API; `sockets` — the WebSocket; `pages` — HTML;
- `payload` — a seat's state as JSON with events in words; `replay` — finished games move by move;
- `static/` — the pages' scripts (one module per game under `static/js/games/`), styles and the
  vendored front-end libraries (`static/vendor/README.md`).
"""

from .app import create_app

__all__ = ["create_app"]
