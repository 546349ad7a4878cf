"""Headers every HTTP answer of `ion serve` carries, and `HEAD` for every page.

- `X-Content-Type-Options: nosniff` on every answer: a browser takes a file as the type the server
  says (a record served as JSON is never run as a script).
- `HEAD` is answered as `GET` without the body (same status and headers), for every page, API
  read and `/healthz` (monitors and link checkers ask with `HEAD`); FastAPI's routes know only the
  methods they are declared with.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class SafeHeaders:
    """ASGI middleware (see the module docstring)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def answer(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=list(message.get("headers", [])))
                headers["X-Content-Type-Options"] = "nosniff"
                message = {**message, "headers": headers.raw}
            elif head and message["type"] == "http.response.body" and message.get("body"):
                message = {**message, "body": b""}
            await send(message)

        await self.app(scope, receive, answer)


__all__ = ["SafeHeaders"]
