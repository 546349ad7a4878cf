"""The message bus between the `ion serve` processes of one site: Redis pub/sub or NATS, behind
one small protocol.

    bus = open_bus("redis://127.0.0.1:6379")        # or "nats://127.0.0.1:4222"
    await bus.start()
    await bus.subscribe("ion.t.<table>", handler)    # handler(bytes), called on the event loop
    bus.publish("ion.t.<table>", data)               # queued, sent in order, never waits

Messages are fire-and-forget (no persistence): what must survive is in the store; the bus only
carries what a live process tells the others (`cluster.node` lists them). `publish` may be
called from the event loop only (threads use `loop.call_soon_threadsafe`); messages published
by one process reach each subscriber in the order they were published.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol

from ..core import IonError

log = logging.getLogger(__name__)

Handler = Callable[[bytes], None]


class BusError(IonError):
    """The bus cannot be used (a URL we do not know, a server that does not answer)."""


class Bus(Protocol):
    """Publish and subscribe by subject (see the module docstring)."""

    url: str

    async def start(self) -> None:
        """Connect (`BusError` if the server does not answer)."""
        ...

    async def close(self) -> None:
        """Send what is queued, then disconnect."""
        ...

    def publish(self, subject: str, data: bytes) -> None:
        """Queue a message (on the event loop); sent in order."""
        ...

    async def subscribe(self, subject: str, handler: Handler) -> None:
        """Call `handler(data)` on the loop for each message on `subject` from now on (one
        handler per subject: a second call replaces it)."""
        ...

    async def unsubscribe(self, subject: str) -> None:
        """No more messages on `subject`."""
        ...


class RedisBus:
    """Redis pub/sub (redis-py's asyncio client): one connection publishes (pipelined), one
    listens."""

    def __init__(self, url: str):
        self.url = url
        self._handlers: dict[str, Handler] = {}
        self._queue: asyncio.Queue[tuple[str, bytes] | None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._client: Any = None
        self._pubsub: Any = None

    async def start(self) -> None:
        import redis.asyncio as redis
        from redis.exceptions import RedisError

        self._client = redis.Redis.from_url(self.url, socket_connect_timeout=5)
        try:
            await self._client.ping()
        except (RedisError, OSError) as err:
            await self._client.aclose()
            raise BusError(f"the bus at {self.url} does not answer: {err}") from None
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._queue = asyncio.Queue()
        self._tasks = [asyncio.create_task(self._send()), asyncio.create_task(self._listen())]

    async def close(self) -> None:
        if self._queue is not None:
            self._queue.put_nowait(None)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self._tasks[0], 3)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    def publish(self, subject: str, data: bytes) -> None:
        if self._queue is not None:
            self._queue.put_nowait((subject, data))

    async def _send(self) -> None:
        assert self._queue is not None
        queue = self._queue
        while True:
            item = await queue.get()
            if item is None:
                return
            batch = [item]
            while not queue.empty() and len(batch) < 256:
                more = queue.get_nowait()
                if more is None:
                    queue.put_nowait(None)
                    break
                batch.append(more)
            try:
                if len(batch) == 1:
                    await self._client.publish(*batch[0])
                else:
                    pipe = self._client.pipeline(transaction=False)
                    for subject, data in batch:
                        pipe.publish(subject, data)
                    await pipe.execute()
            except Exception as err:  # the bus is down: these messages are lost (the store is not)
                log.warning("bus %s: %d messages not sent: %s", self.url, len(batch), err)
                await asyncio.sleep(0.5)

    async def _listen(self) -> None:
        while True:
            try:
                if not self._pubsub.subscribed:
                    await asyncio.sleep(0.05)
                    continue
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("bus %s: listening failed: %s", self.url, err)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            handler = self._handlers.get(channel.decode() if isinstance(channel, bytes) else channel)
            if handler is not None:
                try:
                    handler(message["data"])
                except Exception:
                    log.exception("bus %s: a handler failed", self.url)

    async def subscribe(self, subject: str, handler: Handler) -> None:
        self._handlers[subject] = handler
        await self._pubsub.subscribe(subject)

    async def unsubscribe(self, subject: str) -> None:
        if self._handlers.pop(subject, None) is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(subject)


class NatsBus:
    """NATS core pub/sub (nats-py): subjects as they are, no JetStream."""

    def __init__(self, url: str):
        self.url = url
        self._nc: Any = None
        self._subs: dict[str, Any] = {}

    async def start(self) -> None:
        import nats

        async def said(err: Exception) -> None:  # (nats-py's own default prints a traceback each time)
            log.warning("bus %s: %s", self.url, err or type(err).__name__)

        try:  # reconnects for ever once connected; the first connection is given 10 s
            self._nc = await asyncio.wait_for(
                nats.connect(self.url, connect_timeout=3, max_reconnect_attempts=-1, allow_reconnect=True,
                             reconnect_time_wait=0.5, error_cb=said), 10)
        except (Exception, TimeoutError) as err:
            why = str(err) or "no answer in 10 s"
            raise BusError(f"the bus at {self.url} does not answer: {why}") from None

    async def close(self) -> None:
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.drain()

    def publish(self, subject: str, data: bytes) -> None:
        asyncio.get_running_loop().create_task(self._publish(subject, data))

    async def _publish(self, subject: str, data: bytes) -> None:
        # nats-py appends to its pending buffer at once (in call order) and flushes in the background
        try:
            await self._nc.publish(subject, data)
        except Exception as err:
            log.warning("bus %s: a message not sent: %s", self.url, err)

    async def subscribe(self, subject: str, handler: Handler) -> None:
        await self.unsubscribe(subject)

        async def deliver(msg: Any) -> None:
            try:
                handler(msg.data)
            except Exception:
                log.exception("bus %s: a handler failed", self.url)

        self._subs[subject] = await self._nc.subscribe(subject, cb=deliver)

    async def unsubscribe(self, subject: str) -> None:
        sub = self._subs.pop(subject, None)
        if sub is not None:
            with contextlib.suppress(Exception):
                await sub.unsubscribe()


def check_bus(url: str) -> None:
    """Connect to the bus at `url` once and let go (`BusError` if it cannot be used): a server
    says so before it starts listening, not in a traceback."""
    import asyncio

    async def probe() -> None:
        bus = open_bus(url)
        await bus.start()
        await bus.close()

    asyncio.run(probe())


def open_bus(url: str) -> Bus:
    """The bus at `url` (`redis://`, `rediss://`, `nats://`, `tls://`), not yet started;
    `BusError` for any other scheme."""
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in ("redis", "rediss", "unix"):
        return RedisBus(url)
    if scheme in ("nats", "tls"):
        return NatsBus(url)
    raise BusError(f"--bus {url!r}: say redis://host:port or nats://host:port")


__all__ = ["Bus", "BusError", "Handler", "NatsBus", "RedisBus", "check_bus", "open_bus"]
