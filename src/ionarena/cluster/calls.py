"""Relayed calls at a table: the owner's side (`serve`), and what the asker makes of an answer.

A process that does not own a table relays people's calls there (`cluster.node.Cluster._call`);
the owner runs the hub's own call — `submit`, `sit`, `seat_bot`, `leave`, `attend`, a class's
`hold`, `unhold` and `abandon`, or one the web added (`Hub.calls`: the rematch's) — and answers
with what the asker's mirror needs to be where the owner is (`snapshot`: version, status, seats),
or the refusal (`raise_refusal` raises it again at the asker: `IllegalAction`, `NoSuchSeat`, or
`ServerAway` where the owner could not do it). `touch` is a notice: people are at the table
through another process (nothing answers it). A call for a table the process does not own (any
more) is answered `moved`: the asker looks up the owner again.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..core import IllegalAction, IonError, NoSuchSeat
from ..host import StaleSubmit, Table
from ..store import StoreError

if TYPE_CHECKING:
    from ..web.hub import Hub

Message = dict[str, Any]


FIND_ATTEMPTS = 4
FIND_PAUSE = 0.1
"""A table not in memory here is looked for `FIND_ATTEMPTS` times (claimed, or its owner followed),
and a relayed call asked of its owner as many times (the owner moved, or changed), pausing
`FIND_PAUSE` seconds times the attempt between them (0.6 s in all) before the request is answered
503: while a dead owner's tables are taken over, the lease may be between two holders."""


async def pause_before(attempt: int) -> None:
    """Before the `attempt`-th look (from 0): no pause the first time, then `FIND_PAUSE` × attempt."""
    if attempt:
        await asyncio.sleep(FIND_PAUSE * attempt)


class ServerAway(StoreError):
    """The process that plays the table did not answer (it may be failing over: try again).
    Answered 503 with its own sentence and `Retry-After` (`web.app`)."""

    retry_after = 1
    """Seconds after which the same request is likely to succeed."""


async def serve(hub: Hub, message: Message) -> Message | None:
    """The owner's side of a relayed call: run it with the hub's own call; the answer."""
    op = message.get("op")
    hosted = hub.tables.get(str(message.get("table")))
    if op == "touch":
        if hosted is not None and hosted.remote is None:
            hub.touch(hosted)
        return None
    if hosted is None or hosted.remote is not None or hosted.gone:
        return {"error": "moved"}
    answer: Message = {}
    try:
        if op == "submit":
            expected = message.get("expected")
            await hub.submit(hosted, int(message["seat"]), str(message["text"]),
                             None if expected is None else int(expected))
        elif op == "sit":
            answer["token"] = await hub.sit(hosted, int(message["seat"]), str(message["name"]))
        elif op == "seat_bot":
            await hub.seat_bot(hosted, int(message["seat"]), str(message["bot"]))
        elif op == "leave":
            await hub.leave(hosted, int(message["seat"]))
        elif op == "attend":
            seat = message.get("seat")
            await hub.attend(hosted, None if seat is None else int(seat))
        elif op == "hold":
            hub.hold(hosted, str(message["reason"]))
        elif op == "unhold":
            hub.unhold(hosted)
        elif op == "abandon":
            await hub.abandon(hosted)
        elif op in hub.calls:
            answer.update(await hub.calls[op](hosted, message))
        else:
            return {"error": "illegal", "detail": f"no such call {op!r}"}
    except StaleSubmit as stale:
        answer.update(stale=True, expected=stale.expected, current=stale.current)
    except NoSuchSeat as err:
        return {"error": "seat", "detail": str(err), **snapshot(hosted.table)}
    except IllegalAction as err:
        return {"error": "illegal", "detail": str(err), **snapshot(hosted.table)}
    except IonError as err:
        return {"error": "unavailable", "detail": str(err)}
    return {**answer, **snapshot(hosted.table)}


def snapshot(table: Table) -> Message:
    """What a mirror needs to be where the owner is after a call: version, status, seats."""
    return {"version": table.version, "status": table.status, "seats": [asdict(s) for s in table.seats]}


def raise_refusal(answer: Message) -> None:
    """Raise the refusal an owner answered (as the error the hub would have raised itself)."""
    error = answer.get("error")
    if error is None:
        return
    detail = str(answer.get("detail") or error)
    if error == "seat":
        raise NoSuchSeat(detail)
    if error == "illegal":
        raise IllegalAction(detail)
    raise ServerAway(detail)



__all__ = ["FIND_ATTEMPTS", "FIND_PAUSE", "ServerAway", "pause_before", "raise_refusal", "serve", "snapshot"]
