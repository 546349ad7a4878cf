"""What the browser tests of the table pages share: a live server of their own (one per module,
bots moving at once), and the moves a page sends over its WebSocket."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ionarena.web import create_app

from .conftest import LiveServer


def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A live server over a fresh SQLite store (for a module-scoped `server` fixture)."""
    db = tmp_path_factory.mktemp("browser") / "web.sqlite3"
    with LiveServer(create_app(f"sqlite:///{db}", bot_delay=0.0)) as live:
        yield live


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shots_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: the README's folder with ION_UPDATE_SCREENSHOTS=1, else a temporary one."""
    if os.environ.get("ION_UPDATE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")


def moves_sent(page: Any) -> list[str]:
    """The moves `page` sends over its WebSocket from now on (the list fills as it goes)."""
    sent: list[str] = []

    def frame(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "move":
            sent.append(message["action"])

    page.on("websocket", lambda ws: ws.on("framesent", frame))
    return sent
