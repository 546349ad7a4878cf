"""Fixtures of the cluster tests: a fresh PostgreSQL database, a Redis and a NATS server, and
`ion serve --bus` in child processes.

PostgreSQL comes as for the store's tests (`tests/store/conftest.py`). Redis and NATS: the server
on this machine's usual port (127.0.0.1:6379, :4222), else one this fixture starts on a free port
from the installed binary (`scripts/install-redis.sh` installs both with apt-get where `make test`
runs). Without either, the tests that need it skip saying why; under CI=true they fail.
Every test uses tables and processes of its own (random ids), so tests share one bus safely.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.store.conftest import _admin_execute, admin_url

_started: dict[str, str | None] = {}
_children: list[subprocess.Popen[bytes]] = []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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


class Server:
    """`ion serve --bus` in a child process."""

    def __init__(self, db: str, bus: str, port: int | None = None):
        self.db = db
        self.bus = bus
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="ion-cluster-", suffix=".log", delete=False)  # noqa: SIM115

    def spawn(self) -> Server:
        """Start the process (`ready` waits for it to answer)."""
        command = [sys.executable, "-c", "from ionarena.cli.main import main; main()", "serve",
                   "--port", str(self.port), "--db", self.db, "--bus", self.bus, "--bot-delay", "0.05"]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                        env={**os.environ, "COLUMNS": "200"})
        return self

    def start(self) -> Server:
        return self.spawn().ready()

    def ready(self) -> Server:
        assert self.process is not None
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).text == "ok":
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"ion serve did not start: {self.output()}")
            time.sleep(0.05)

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.url + path, json=body, headers=headers, timeout=15)

    def get(self, path: str, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.get(self.url + path, headers=headers, timeout=15)


def fresh_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped afterwards)."""
    admin = admin_url()
    name = f"ion_cluster_{os.getpid()}_{secrets.token_hex(4)}"
    _admin_execute(admin, f'CREATE DATABASE "{name}"')
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        _admin_execute(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from fresh_database()


def pair(db: str, bus: str) -> list[Server]:
    """Two servers over one store and bus, started at once."""
    made = [Server(db, bus).spawn(), Server(db, bus).spawn()]
    try:
        return [server.ready() for server in made]
    except BaseException:
        for server in made:
            server.stop()
        raise


@pytest.fixture(scope="session")
def servers(redis_url: str) -> Iterator[list[Server]]:
    """Two servers over one fresh PostgreSQL database and Redis, shared by the tests (each makes
    tables of its own; one that kills a server starts a third of its own to kill)."""
    for db in fresh_database():
        made = pair(db, redis_url)
        try:
            yield made
        finally:
            for server in made:
                server.stop()
