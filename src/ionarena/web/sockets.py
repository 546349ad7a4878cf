"""The WebSocket: a seat's states pushed as they change, and its moves sent back.

    GET /api/tables/{id}/ws?token=<seat token>     (no token: the page's seat cookie, else a spectator;
                                                    `?token=` empty: a spectator)

Server to client, one JSON object per message:
- `{"type": "state", ...}` — the seat's state (`payload.state_payload`): the whole game's events
  on connect, then each change with the events since the previous message;
- `{"type": "ok", "id", "version"}` — a move was accepted (its state follows or came first);
- `{"type": "answer", "id", "text"}` — the answer to a question (`ask`);
- `{"type": "error", "id", "code", "detail"}` — 400 malformed, 403 not your seat, 409 stale,
  413 too long, 422 illegal, 429 too fast. An error goes to that client only, changes nothing,
  and the connection stays open.

Client to server: `{"type": "move", "action": "play 3|6", "version": 12, "id": 7}`,
`{"type": "ask", "text": "inv"}`, `{"type": "sync"}` (the whole state again), `{"type": "ping"}`;
chat, presence and rematch messages are `web.social`'s (`{"type": "presence", "away": true}`).
`id` is any short value the client chooses, echoed in the answer.

A bad token closes the connection with code 4403 (after an error message), an unknown table with
4404. A client that does not keep up is dropped (4408, where the close can still be sent; it
reconnects and gets the current state): its messages wait in a `web.outbox.Outbox`, where a newer
state takes the place of one not yet sent (so a slow spectator gets the latest state, not every
one), bounded in bytes (`Limits.ws_queue_bytes`), and a client that has taken nothing of a message
for `Limits.ws_stall_seconds` is dropped as soon as anything more is to be sent to it (`ion serve`
also cuts such a connection at the socket: `web.guard`).

A seat's token resumes its adjourned table (`Hub.attend`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from ..core import IllegalAction, IonError, NoSuchSeat
from ..host import StaleSubmit, Table, Update
from .api import stale_detail
from .deps import SEAT_COOKIE
from .hub import Hosted, Hub, NotFound
from .limits import Limits
from .mover import post
from .outbox import Outbox, Pending
from .payload import decode, encode, state_payload
from .social import Social

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_MESSAGE = 4096
"""Longest message a client may send, in characters."""
SHARED_FOR = 0.05
"""Seconds an update's encoded state is sent as it is to further connections of its seat (its
`clock.deadline_in` is as old as that)."""
CLOSE_WAIT = 1.0
"""Seconds a dropped client's close is waited for (a client that reads nothing never takes it)."""


class RateLimit:
    """A token bucket: `rate` messages a second on average, bursts of up to `burst`."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float = 20.0, burst: float = 40.0):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """True if a message may go through now (and count it)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


BUSY = object()
"""`at_once`'s answer when the table's lock is held elsewhere."""


def at_once(table: Table, fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)` under `table`'s lock if it is free now, else `BUSY` (nothing called)."""
    if not table.lock_now():
        return BUSY
    try:
        return fn(*args)
    finally:
        table.unlock()


def _same_origin(websocket: WebSocket) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


async def table_socket(hub: Hub, websocket: WebSocket, table_id: str, token: str | None,
                       rate: float = 20.0, burst: float = 40.0, social: Social | None = None) -> None:
    """Serve one WebSocket connection to a table (see the module docstring)."""
    await websocket.accept()
    try:
        hosted = await hub.find(table_id)
    except NotFound:
        await _refuse(websocket, 404, "no such table", 4404)
        return
    if token is None and _same_origin(websocket):  # `?token=` (empty): watch, even with a seat's cookie
        token = websocket.cookies.get(SEAT_COOKIE + hosted.id)
    seat = at_once(hosted.table, hosted.table.authenticate, token) if token else None
    if token and (seat is BUSY or seat is None):  # (a token that is no seat token: the hub's finders)
        seat = await hub.authenticate(hosted, token)
    if token and seat is None:
        await _refuse(websocket, 403, "that token is not a seat of this table", 4403)
        return
    await hub.attend(hosted, seat)
    await Connection(hub, hosted, websocket, seat, RateLimit(rate, burst), hub.limits, social).serve()


async def _refuse(websocket: WebSocket, code: int, detail: str, close: int) -> None:
    try:
        await websocket.send_text(encode({"type": "error", "id": None, "code": code, "detail": detail}))
        await websocket.close(close)
    except (WebSocketDisconnect, RuntimeError):
        pass


class Connection:
    """One client at one seat (or a spectator)."""

    def __init__(self, hub: Hub, hosted: Hosted, websocket: WebSocket, seat: int | None, limit: RateLimit,
                 limits: Limits | None = None, social: Social | None = None):
        limits = limits or Limits()
        self.hub = hub
        self.social = social
        """Chat, presence and rematches (`web.social`): told of this connection and its messages."""
        self.hosted = hosted
        self.websocket = websocket
        self.seat = seat
        self.limit = limit
        self.loop = asyncio.get_running_loop()
        self.outbox = Outbox(limits.ws_queue_bytes, limits.ws_stall_seconds, self.loop)
        self.dropped = False
        """The client did not keep up: its connection is being closed."""
        self._sender: asyncio.Task[None] | None = None

    def _push(self, update: Update) -> None:
        """Called by the table (in a worker thread, under its lock) after every change; handed to
        the loop with the rest of the mover's batch when the mover made the change. The table
        builds one update per seat and version; it is encoded once for every connection of that
        seat (spectators, a projector, several tabs)."""
        hosted = self.hosted
        table = hosted.table
        now = table.clock()
        pushed = hosted.pushed
        kept = pushed.get(id(update))
        if kept is not None and kept[0] is update and now - kept[1] < SHARED_FOR:
            text = kept[2]
        else:
            if len(pushed) > 64 or any(old.version != update.version for old, _, _ in pushed.values()):
                pushed.clear()
            text = encode({"type": "state", **state_payload(table, update, now)})
            pushed[id(update)] = (update, now, text)
        post(self.loop, self._queue_state, update, text)

    def _queue_state(self, update: Update, text: str) -> None:
        if not self.dropped and not self.outbox.put_state(update, text, len(text)):
            self._drop()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this client (after the states already queued)."""
        if not self.dropped and not self.outbox.put(encode(message)):
            self._drop()

    def _drop(self) -> None:
        """The client does not keep up: stop sending to it (`serve` closes the connection)."""
        self.dropped = True
        if self._sender is not None:
            self._sender.cancel()

    def error(self, ident: Any, code: int, detail: str) -> None:
        """Tell this client (only) what was wrong with its message."""
        self.send({"type": "error", "id": ident, "code": code, "detail": detail})

    async def _send_all(self) -> None:
        outbox, loop = self.outbox, self.loop
        while True:
            item = await outbox.get()
            text = item if isinstance(item, str) else item.text or await self._build(item)
            outbox.sending_since = loop.time()
            await self.websocket.send_text(text)
            outbox.sending_since = None

    async def _build(self, pending: Pending) -> str:
        """The message of a state that took others' places (every event since the client's)."""
        table = self.hosted.table
        return await self._call(lambda: encode({"type": "state", **state_payload(table, pending.update())}))

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)`, a call into the table that writes nothing: here and now when its lock is
        free (a thread hand-off costs more than such a call), else in the hub's threads."""
        result = at_once(self.hosted.table, fn, *args)
        if result is BUSY:
            return await self.hub.run(fn, *args)
        return cast(T, result)

    async def _read_all(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await self.handle(message.get("text"), message.get("bytes"))

    async def serve(self) -> None:
        """Subscribe, then send the client its messages and read its own until it goes (or is
        dropped for not keeping up)."""
        hub, hosted = self.hub, self.hosted
        hub.watch(hosted, +1)
        subscription = None
        sender = self._sender = asyncio.create_task(self._send_all())
        reader = asyncio.create_task(self._read_all())
        try:
            subscription = await self._call(hosted.table.subscribe, self.seat, self._push, -1)
            if self.social is not None:
                await asyncio.sleep(0)  # the first state, handed to the loop by `subscribe`, is queued first
                await self.social.joined(hosted, self)
            await asyncio.wait((sender, reader), return_when=asyncio.FIRST_COMPLETED)
        finally:
            if self.social is not None and subscription is not None:
                self.social.left(hosted, self)
            if subscription is not None:
                subscription.cancel()
            hub.watch(hosted, -1)
            for task in (sender, reader):
                task.cancel()
            # the server may cancel this connection at the moment it ends (a client gone, a test
            # client closing): its cleanup still finishes, and nothing else is waited for
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.gather(sender, reader, return_exceptions=True)
            # a cancelled task keeps its CancelledError, whose traceback holds `_send_all`'s frame
            # and so this connection: let go of the task, or every closed connection is a cycle
            # left for the garbage collector (web.gc_tuning)
            self._sender = None
            if self.websocket.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(RuntimeError, WebSocketDisconnect, TimeoutError):
                    await asyncio.wait_for(self.websocket.close(4408 if self.dropped else 1000), CLOSE_WAIT)

    async def handle(self, text: str | None, data: bytes | None) -> None:
        """One message from the client."""
        if text is None:
            self.error(None, 400, "send JSON text, not binary data")
            return
        if len(text) > MAX_MESSAGE:
            self.error(None, 413, f"a message is at most {MAX_MESSAGE} characters")
            return
        if not self.limit.allow():
            self.error(None, 429, "too many messages: slow down")
            return
        try:
            message = decode(text)
        except (ValueError, RecursionError):
            self.error(None, 400, "that is not JSON")
            return
        if not isinstance(message, dict):
            self.error(None, 400, "send a JSON object such as {\"type\": \"move\", \"action\": \"draw\"}")
            return
        ident = message.get("id")
        if not (ident is None or (isinstance(ident, (int, str)) and len(str(ident)) <= 64)):
            ident = None
        kind = message.get("type")
        if kind == "move":
            await self.move(ident, message.get("action"), message.get("version"))
        elif kind == "ask":
            await self.ask(ident, message.get("text"))
        elif kind == "sync":
            table, seat = self.hosted.table, self.seat

            def whole() -> tuple[Update, str]:
                update = table.update(seat, -1)
                return update, encode({"type": "state", **state_payload(table, update)})

            update, encoded = await self._call(whole)
            self._queue_state(update, encoded)
        elif kind == "ping":
            self.send({"type": "pong", "id": ident})
        elif self.social is not None and self.social.handles(kind):
            problem = self.social.handle(self.hosted, self, message)
            if problem is not None:
                self.error(ident, 400, problem)
        else:
            self.error(ident, 400, "a message's type is move, ask, sync, ping or presence")

    async def move(self, ident: Any, action: Any, version: Any) -> None:
        """A move from this client's seat."""
        if self.seat is None:
            self.error(ident, 403, "spectators cannot move; take a seat first")
            return
        if not isinstance(action, str):
            self.error(ident, 400, "a move needs its text in 'action'")
            return
        if version is not None and (version.__class__ is not int or version < 0):
            self.error(ident, 400, "'version' is a whole number (or null)")
            return
        if self.hosted.table.status == "adjourned":  # adjourned while this seat's page stayed open
            await self.hub.attend(self.hosted, self.seat)
        try:
            await self.hub.pumps.move(self.hosted, self.seat, action, version,
                                      lambda made: self.send({"type": "ok", "id": ident, "version": made}))
        except StaleSubmit as stale:
            self.error(ident, 409, stale_detail(stale))
            return
        except (IllegalAction, NoSuchSeat) as err:
            self.error(ident, 422, str(err))
            return
        except IonError as err:
            self.error(ident, 503, str(err))

    async def ask(self, ident: Any, text: Any) -> None:
        """A question answered from this seat's view."""
        if not isinstance(text, str) or len(text) > 300:
            self.error(ident, 400, "a question needs its text in 'text'")
            return
        answer = await self._call(self.hosted.table.ask, self.seat, text)
        if answer is None:
            self.error(ident, 422, "that is not a question this game answers")
            return
        self.send({"type": "answer", "id": ident, "text": answer})


__all__ = ["MAX_MESSAGE", "Connection", "RateLimit", "table_socket"]
