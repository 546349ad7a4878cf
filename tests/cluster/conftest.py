"""Fixtures of the cluster tests: a fresh PostgreSQL database, a Redis and a NATS server, and
`ion serve --bus` in child processes.

PostgreSQL comes as for the store's tests (`tests/store/conftest.py`). Redis and NATS: the server
on this machine's usual port (127.0.0.1:6379, :4222), else one this fixture starts on a free port
from the installed binary (`scripts/install-bus.sh` installs both with apt-get where `make test`
runs). Without either, the tests that need it skip saying why; under CI=true they fail.
Every test uses tables and processes of its own (random ids), so tests share one bus safely.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving import ServeProcess, free_port
from tests.store.conftest import fresh_database

_started: dict[str, str | None] = {}
_children: list[subprocess.Popen[bytes]] = []


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def _service(name: str, port: int, binary: str, argv: list[str]) -> str:
    """A URL of a running `name` server: the usual one, or one started here."""
    if name in _started:
        url = _started[name]
        if url is None:
            _missing(f"no {name} server here (none on 127.0.0.1:{port} and no {binary} installed)")
        assert url is not None
        return url
    scheme = "redis" if binary.startswith("redis") else "nats"
    if _listening(port):
        url: str | None = f"{scheme}://127.0.0.1:{port}"
    elif shutil.which(binary) or Path(f"/usr/sbin/{binary}").exists() or Path(f"/usr/bin/{binary}").exists():
        own = free_port()
        exe = shutil.which(binary) or (f"/usr/sbin/{binary}" if Path(f"/usr/sbin/{binary}").exists()
                                       else f"/usr/bin/{binary}")
        child = subprocess.Popen([exe, *[a.format(port=own, dir=tempfile.gettempdir()) for a in argv]],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _children.append(child)
        deadline = time.monotonic() + 20
        while not _listening(own) and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
        url = f"{scheme}://127.0.0.1:{own}" if _listening(own) else None
    else:
        url = None
    _started[name] = url
    return _service(name, port, binary, argv)


@pytest.fixture(scope="session", autouse=True)
def _stop_children() -> Iterator[None]:
    yield
    for child in _children:
        child.terminate()
        child.wait(timeout=10)


@pytest.fixture(scope="session")
def redis_url() -> str:
    return _service("Redis", 6379, "redis-server", ["--port", "{port}", "--save", "", "--appendonly", "no"])


@pytest.fixture(scope="session")
def nats_url() -> str:
    return _service("NATS", 4222, "nats-server", ["-a", "127.0.0.1", "-p", "{port}"])


@pytest.fixture(params=["redis", "nats"])
def bus_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(f"{request.param}_url"))


class Server(ServeProcess):
    """`ion serve --bus` in a child process."""

    def __init__(self, db: str, bus: str, port: int | None = None):
        super().__init__(db, port, ("--bus", bus, "--bot-delay", "0.05"))
        self.bus = bus


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from fresh_database("ion_cluster")


def pair(db: str, bus: str) -> list[Server]:
    """Two servers over one store and bus, started at once."""
    made = [Server(db, bus).spawn(), Server(db, bus).spawn()]
    try:
        return [server.ready() for server in made]
    except BaseException:
        for server in made:
            server.stop()
        raise


def _site(bus: str) -> Iterator[list[Server]]:
    for db in fresh_database("ion_cluster"):
        made = pair(db, bus)
        try:
            yield made
        finally:
            for server in made:
                server.stop()


@pytest.fixture(scope="session")
def servers(redis_url: str) -> Iterator[list[Server]]:
    """Two servers over one fresh PostgreSQL database and Redis, shared by the tests (each makes
    tables of its own; one that kills a server starts a third of its own to kill)."""
    yield from _site(redis_url)


@pytest.fixture(scope="session")
def nats_servers(nats_url: str) -> Iterator[list[Server]]:
    """Two servers over a database of their own and NATS (a site has one bus: a server on the
    other bus must never take these servers' tables over)."""
    yield from _site(nats_url)


@pytest.fixture(params=["redis", "nats"])
def site(request: pytest.FixtureRequest) -> list[Server]:
    """The two servers of a site over Redis, then over NATS: the tests of what crosses the bus."""
    made: list[Server] = request.getfixturevalue("servers" if request.param == "redis" else "nats_servers")
    return made
