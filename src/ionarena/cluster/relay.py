"""Requests from one process to another over the bus, and their answers.

Each process listens on its own subject, `ion.n.<node>`. A request is `{"op", "id", "from", ...}`
sent to the owner's subject; the owner runs it (`serve`, the cluster's handler) and publishes
`{"re": id, ...}` to the asker's subject. `call` waits for that answer at most `timeout`
seconds (`Unanswered`: the owner is gone or the bus is down; the asker's client may retry, by
when another process has taken the table over). A request without an `id` is a notice: nothing
answers it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from .bus import Bus

log = logging.getLogger(__name__)

Message = dict[str, Any]
Serve = Callable[[Message], Awaitable[Message | None]]


def node_subject(node: str) -> str:
    """The subject a process listens on."""
    return f"ion.n.{node}"


class Unanswered(Exception):
    """The other process did not answer in time."""


class Relay:
    """One process's requests and answers (see the module docstring)."""

    def __init__(self, bus: Bus, node: str, serve: Serve):
        self.bus = bus
        self.node = node
        self.serve = serve
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Message]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Listen on this process's subject."""
        await self.bus.subscribe(node_subject(self.node), self._heard)

    async def call(self, node: str, op: str, timeout: float = 4.0, **fields: Any) -> Message:
        """Ask `node` to run `op`; its answer (`Unanswered` after `timeout` seconds)."""
        ident = next(self._ids)
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        request = {"op": op, "id": ident, "from": self.node, **fields}
        self.bus.publish(node_subject(node), orjson.dumps(request))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise Unanswered(f"server {node} did not answer {op} in {timeout:g} s") from None
        finally:
            self._waiting.pop(ident, None)

    def tell(self, node: str, op: str, **fields: Any) -> None:
        """A notice to `node` (no answer)."""
        self.bus.publish(node_subject(node), orjson.dumps({"op": op, "from": self.node, **fields}))

    def _heard(self, data: bytes) -> None:
        try:
            message = orjson.loads(data)
        except orjson.JSONDecodeError:
            log.warning("relay: a message that is not JSON")
            return
        if "re" in message:
            future = self._waiting.get(message["re"])
            if future is not None and not future.done():
                future.set_result(message)
            return
        task = asyncio.get_running_loop().create_task(self._answer(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, message: Message) -> None:
        try:
            answer = await self.serve(message)
        except Exception as err:
            log.exception("relay: %s failed", message.get("op"))
            answer = {"error": "failed", "detail": str(err)}
        ident, asker = message.get("id"), message.get("from")
        if ident is not None and isinstance(asker, str):
            self.bus.publish(node_subject(asker), orjson.dumps({"re": ident, **(answer or {})}))


__all__ = ["Relay", "Unanswered", "node_subject"]
