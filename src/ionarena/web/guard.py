"""The socket-level guards of `ion serve`: uvicorn's own HTTP and WebSocket protocols, with the
timeouts and bounds a public address needs that uvicorn does not keep by itself.

- **Half-sent requests** (slowloris): uvicorn's httptools protocol waits for ever for the rest of a
  request line and its headers. Here a connection has `header_seconds` to send them (a new
  connection too, from its first byte), then `body_seconds` for the body; past that it is answered
  408 and closed. Headers longer than `header_bytes` are answered 431.
- **Clients that take nothing** of what they are sent: once the socket's write buffer is full
  (uvicorn pauses writing) and stays full for `ws_stall_seconds`, the connection is cut
  (`transport.abort()`): an orderly close would wait behind the very bytes the client does not
  take. For WebSockets and plain HTTP answers (a replay read byte by byte) alike.
- Idle kept-alive connections close after `keep_alive_seconds` (uvicorn's `timeout_keep_alive`).

`server_settings(limits)` gives the `uvicorn.run` keyword arguments. Without httptools (uvicorn
installed without its `standard` extra) the server falls back to h11 with its header size limit
(`h11_max_incomplete_event_size`), which has no header timeout.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

from .limits import Limits

log = logging.getLogger(__name__)

TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
             b"content-length: 37\r\nconnection: close\r\n\r\nthe request took too long to arrive\r\n")
TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
             b"content-length: 30\r\nconnection: close\r\n\r\nthe request's head is too long")


class Gathered:
    """A transport whose writes made in one turn of the event loop go out together, in one system
    call, at the start of the next turn (a move's state and the `ok` after it: one write, not two;
    on loopback each write costs the server the kernel's work for both ends). Closing or aborting
    first sends (or drops) what waits; everything else is the transport's own."""

    __slots__ = ("_loop", "_parts", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport = transport
        self._loop = loop
        self._parts: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._parts:
            self._loop.call_soon(self.flush)
        self._parts.append(bytes(data))

    def flush(self) -> None:
        """Write what waits now."""
        parts, self._parts = self._parts, []
        if parts and not self._transport.is_closing():
            self._transport.write(parts[0] if len(parts) == 1 else b"".join(parts))

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._parts = []
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def server_settings(limits: Limits) -> dict[str, Any]:
    """`uvicorn.run`/`uvicorn.Config` keyword arguments that keep `limits` at the socket."""
    settings: dict[str, Any] = {"timeout_keep_alive": limits.keep_alive_seconds,
                                "h11_max_incomplete_event_size": limits.header_bytes}
    try:
        http, ws = protocols(limits)
    except ImportError:  # pragma: no cover - uvicorn without httptools
        log.warning("httptools is missing: half-sent requests are not timed out "
                    "(pip install 'uvicorn[standard]')")
        return {**settings, "http": "h11"}
    return {**settings, "http": http, "ws": ws}


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's httptools and websockets protocols with `limits`' guards."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    stall = limits.ws_stall_seconds

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol; a client that takes nothing for `stall` seconds is cut,
        and the frames sent to a client in one turn of the event loop go out in one write."""

        _stall_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self.transport = cast(asyncio.Transport, Gathered(self.transport, self.loop))

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._stall_timer is None:
                self._stall_timer = self.loop.call_later(stall, self._cut)

        def resume_writing(self) -> None:
            super().resume_writing()
            self._unstall()

        def _unstall(self) -> None:
            if self._stall_timer is not None:
                self._stall_timer.cancel()
                self._stall_timer = None

        def _cut(self) -> None:
            self._stall_timer = None
            log.info("a WebSocket client took nothing for %g s: cut", stall)
            self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            self._unstall()
            super().connection_lost(exc)

    class GuardedHttp(HttpToolsProtocol):
        """uvicorn's httptools protocol with the head and body timeouts, the head size limit and
        the stall cut (see the module docstring)."""

        _timer: asyncio.TimerHandle | None = None
        _stall_timer: asyncio.TimerHandle | None = None
        _head = 0
        _too_large = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(cast(asyncio.Transport, transport))  # a stream's, as uvicorn says
            self._arm(limits.header_seconds)

        def _arm(self, seconds: float) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _expired(self) -> None:
            self._timer = None
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete:  # no answer under way: say why
                self.transport.write(TIMED_OUT)
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._too_large and not self.transport.is_closing():
                self._disarm()
                self.transport.write(TOO_LARGE)
                self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._head = 0
            if self._timer is None:
                self._arm(limits.header_seconds)

        def on_url(self, url: bytes) -> None:
            self._count(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count(len(name) + len(value) + 4)
            super().on_header(name, value)

        def _count(self, size: int) -> None:
            self._head += size
            if self._head > limits.header_bytes:
                self._too_large = True

        def on_headers_complete(self) -> None:
            if self._too_large:
                return
            self._arm(limits.body_seconds)
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            if not self._too_large:
                super().on_body(body)

        def on_message_complete(self) -> None:
            self._disarm()
            if not self._too_large:
                super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            self._unstall()
            super().handle_websocket_upgrade()
            # the connection is the WebSocket protocol's now, and this one is done with; its parser
            # calls back into it, a cycle that would wait for the garbage collector (uvicorn lets
            # go of the parser only when the connection is lost, which this protocol never hears)
            self.parser = None  # type: ignore[assignment]

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._stall_timer is None:
                self._stall_timer = self.loop.call_later(stall, self.transport.abort)

        def resume_writing(self) -> None:
            super().resume_writing()
            self._unstall()

        def _unstall(self) -> None:
            if self._stall_timer is not None:
                self._stall_timer.cancel()
                self._stall_timer = None

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._unstall()
            super().connection_lost(exc)

    return GuardedHttp, GuardedWebSocket


__all__ = ["Gathered", "protocols", "server_settings"]
