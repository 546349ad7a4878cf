"""`ion serve` in a child process, as the tests that kill, restart or pair servers need it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServeProcess:
    """`ion serve --db DB` on a port of its own, with any further options; its output in a file."""

    def __init__(self, db: str, port: int | None = None, options: tuple[str, ...] = ("--bot-delay", "0.1")):
        self.db = db
        self.options = options
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="ion-serve-", suffix=".log", delete=False)  # noqa: SIM115

    def spawn(self) -> ServeProcess:
        """Start the process (`ready` waits for it to answer)."""
        command = [sys.executable, "-c", "from ionarena.cli.main import main; main()", "serve",
                   "--port", str(self.port), "--db", self.db, *self.options]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                        env={**os.environ, "COLUMNS": "200"})
        return self

    def start(self) -> ServeProcess:
        return self.spawn().ready()

    def ready(self) -> ServeProcess:
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

    def state(self, table: str, token: str | None = None) -> dict[str, Any]:
        answer = self.get(f"/api/tables/{table}/state", token)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data
