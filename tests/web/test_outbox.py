"""A connection's outbox (`web.outbox`): a newer state takes the place of one not yet sent and
carries every event since what the client had; replies keep their order; the bytes waiting are
bounded, and a send that does not go for `stall` seconds marks the client as not keeping up."""

from __future__ import annotations

import asyncio
from typing import Any

from ionarena.core import Event
from ionarena.host import Update
from ionarena.web.outbox import Outbox, Pending


def update(version: int, since: int) -> Update:
    events = tuple(Event(v, "move", {"n": v}) for v in range(since + 1, version + 1))
    return Update(table="t", seat=None, version=version, since=since, view={"version": version},
                  events=events, legal=(), actors=(), deadline=None, over=False, status="playing", names=(),
                  seats=())


def run(body: Any) -> Any:
    return asyncio.run(body())


def test_a_newer_state_takes_the_place_of_one_not_sent_with_every_event_since_the_clients() -> None:
    async def body() -> list[Any]:
        box = Outbox(10_000, 10.0)
        assert box.put_state(update(3, 0), "s3", 2)
        assert box.put('{"type":"ok"}')
        assert box.put_state(update(5, 3), "s5", 2)  # takes s3's place, before the ok
        assert box.put_state(update(6, 5), "s6", 2)
        first, second = await box.get(), await box.get()
        assert box.put_state(update(7, 6), "s7", 2)  # the one sent is not replaced: a new one waits
        third = await box.get()
        return [first, second, third]

    first, second, third = run(body)
    assert isinstance(first, Pending) and first.text is None  # built again when sent
    merged = first.update()
    assert merged.version == 6 and merged.since == 0
    assert [e.version for e in merged.events] == [1, 2, 3, 4, 5, 6]
    assert second == '{"type":"ok"}'
    assert isinstance(third, Pending) and third.text == "s7" and third.update().since == 6


def test_a_whole_state_again_replaces_the_events_and_an_older_state_changes_nothing() -> None:
    async def body() -> Pending:
        box = Outbox(10_000, 10.0)
        box.put_state(update(4, 2), "s4", 2)
        box.put_state(update(6, -1), "sync", 4)  # `sync`: the whole game
        box.put_state(update(5, 4), "late", 2)   # pushed before the sync was answered: older
        box.put_state(update(7, 6), "s7", 2)
        got = await box.get()
        assert isinstance(got, Pending)
        return got

    pending = run(body)
    merged = pending.update()
    assert merged.since == -1 and merged.version == 7
    assert [e.version for e in merged.events] == list(range(0, 8))


def test_the_bytes_waiting_are_bounded_and_a_stalled_send_is_noticed() -> None:
    async def body() -> tuple[bool, bool, bool, int]:
        box = Outbox(100, 0.05)
        ok = all(box.put_state(update(v, v - 1), "x" * 60, 60) for v in range(1, 50))  # one state waits
        over = box.put("y" * 50)  # 60 + 50 > 100: the client does not keep up
        await box.get()
        box.sending_since = asyncio.get_running_loop().time()
        await asyncio.sleep(0.1)
        return ok, over, box.put("z"), box.waiting_bytes

    ok, over, stalled, waiting = run(body)
    assert ok and not over and not stalled and waiting == 0
