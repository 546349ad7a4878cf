"""The browser surface of `ion serve`: a lobby, a page per table, the projector view, replays,
and the open API (HTTP + WebSocket) that pages and bots in any language share.

- `app.create_app(store)` — the ASGI app (FastAPI);
- `hub` — every hosted table, driven from the event loop without blocking it; `seating` — who sits
  where at a new table and the bots a web table may seat; `lobby` — what the lobby lists;
- `lifecycle` — a table's life: who is at it, adjourning, expiry, letting go; `quota` — how many
  tables one maker may make; `limits` — every bound of a public server, with its default;
- `api` — the HTTP API; `sockets` — the WebSocket and `outbox`, what waits to be sent to one
  client; `pages` — HTML; `headers` — `HEAD` and `nosniff`; `guard` — the socket-level guards
  of `ion serve` (header timeouts, stalled clients);
- `payload` — a seat's state as JSON with events in words; `replay` — finished games move by move;
  `replays` — replays served in a thread of their own, bounded, streamed and cached;
- `static/` — the pages' scripts (one module per game under `static/js/games/`), styles and the
  vendored front-end libraries (`static/vendor/README.md`).
"""

from .app import create_app

__all__ = ["create_app"]
