"""Web fixtures: the app over a fresh store (ASGI test client), a live server, and Chromium.

- `client`: a `TestClient` over `create_app` on a fresh SQLite file, bots moving at once.
- `pg_db`: a fresh PostgreSQL database (skips, or fails under CI=true, where there is none).
- `live_server`: `uvicorn` serving the app in a thread on a free port (for WebSocket clients and
  the browser).
- `browser`: Debian's chromium driven by Playwright (`executable_path`); skips with the reason where
  chromium or Playwright is missing (`scripts/install-browser.sh` installs both), fails under CI=true.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ionarena.web import create_app

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def missing(reason: str) -> None:
    """Skip a test whose system part is missing; under CI=true that is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def db_file(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db_file: str) -> Iterator[TestClient]:
    app = create_app(db_file, bot_delay=0.0, rate=20.0, burst=40.0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def pg_db() -> Iterator[str]:
    """A fresh PostgreSQL database, dropped afterwards."""
    from tests.store.conftest import fresh_database

    yield from fresh_database("ion_web")


def make_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/tables; returns the answer (201 asserted)."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class LiveServer:
    """uvicorn serving an app in a background thread."""

    def __init__(self, app: Any):
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = app
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            ws_max_size=1 << 20,
            ws_per_message_deflate=False,  # as `ion serve`
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture
def live_server(db_file: str) -> Iterator[LiveServer]:
    with LiveServer(create_app(db_file, bot_delay=0.0)) as server:
        yield server


def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        missing("Debian's chromium is not installed (scripts/install-browser.sh installs it)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Playwright for Python is not installed (pip install playwright)")
    assert path is not None
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
