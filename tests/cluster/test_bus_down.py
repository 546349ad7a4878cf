"""The bus going down and coming back (issue 29): the owner plays on for its own people, a move
relayed meanwhile is refused (503, to be retried), and once the bus is back the other server
follows again — with what it missed read from the store — and relays again; nothing is lost.

On a Redis and on a NATS server of this test's own (started from the installed `redis-server` or
`nats-server` on a free port), so that it can be stopped and started again."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ionarena import games
from ionarena.cluster import ServerAway
from ionarena.host import StaleSubmit
from ionarena.web.hub import Hub, SeatPlan

from .conftest import _listening, _missing, free_port
from .hubs import two_hubs


class OwnBus:
    """A redis-server or nats-server of our own on a free port, to stop and start again."""

    def __init__(self, kind: str) -> None:
        name = "redis-server" if kind == "redis" else "nats-server"
        places = (Path("/usr/sbin") / name, Path("/usr/bin") / name)
        binary = shutil.which(name) or next((str(path) for path in places if path.exists()), None)
        if binary is None:
            _missing(f"{name} is not installed (scripts/install-bus.sh installs it)")
        assert binary is not None
        self.port = free_port()
        self.url = f"{kind}://127.0.0.1:{self.port}"
        self.command = ([binary, "--port", str(self.port), "--save", "", "--appendonly", "no"]
                        if kind == "redis" else [binary, "-a", "127.0.0.1", "-p", str(self.port)])
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not _listening(self.port):
            assert time.monotonic() < deadline, f"{self.command[0]} did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture(params=["redis", "nats"])
def bus(request: pytest.FixtureRequest) -> Iterator[OwnBus]:
    server = OwnBus(request.param)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_the_bus_down_and_back_loses_nothing(pg_url: str, bus: OwnBus) -> None:
    games.load_all()

    async def scenario() -> None:
        async with two_hubs(pg_url, bus.url) as (stores, hubs):
            owner, other = hubs
            made: dict[int, str] = {}
            hosted, _ = await owner.create("dots", players=2, variant=None, seats=[SeatPlan("human")] * 2)
            mirror = await other.find(hosted.id)
            other.watch(mirror, +1)  # a page is open there
            assert mirror.remote is not None

            async def play(hub: Hub, at: object) -> None:
                table = at.table  # type: ignore[attr-defined]
                seat = table.update(None).actors[0]
                text = table.update(seat).legal[0]
                update = await hub.submit(at, seat, text, table.version)  # type: ignore[arg-type]
                made[update.version] = text

            await play(other, mirror)  # relayed while the bus is up
            bus.stop()
            await play(owner, hosted)  # the owner plays on for its own people
            with pytest.raises(ServerAway):  # a move relayed now is refused, to be retried
                await play(other, mirror)
            bus.start()
            deadline = time.monotonic() + 60
            while True:  # a client retrying: once the bus is back, the move goes through
                try:
                    await play(other, mirror)
                    break
                except (ServerAway, StaleSubmit):  # (stale: it chose on what it had; it looks again)
                    assert time.monotonic() < deadline, "the bus came back but nothing was relayed"
                    await asyncio.sleep(0.2)
            assert mirror.table.version == hosted.table.version == max(made)  # it missed nothing
            await play(owner, hosted)
            while mirror.table.version < hosted.table.version:  # and it follows again
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            assert {e.version: e.text for e in stores[0].log(hosted.id)} == made

    asyncio.run(scenario())
