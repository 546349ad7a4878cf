"""Helpers of the tests of the people at a table (chat, presence, rematch): games played out
through the API by every seat, and WebSocket reads up to a barrier."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import auth


def play_out(client: TestClient, table: str, tokens: list[str], limit: int = 4000) -> dict[str, Any]:
    """Every seated person plays their first legal move until the game is over; the last state."""
    for _ in range(limit):
        for token in tokens:
            state: dict[str, Any] = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
            if state["over"]:
                return state
            if state["legal"]:
                answer = client.post(f"/api/tables/{table}/actions", headers=auth(token),
                                     json={"action": state["legal"][0], "version": state["version"]})
                assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end")


def until(ws: Any, kind: str, test: Any = None, limit: int = 500) -> dict[str, Any]:
    """The next message of type `kind` (passing `test`, if given) on a TestClient WebSocket."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind and (test is None or test(message)):
            return message
    raise AssertionError(f"no {kind} message came")


def up_to_barrier(ws: Any) -> list[dict[str, Any]]:
    """Every message queued for this connection so far: a ping is sent and everything before its
    pong is returned (the server queues a connection's messages in order)."""
    ws.send_json({"type": "ping", "id": "barrier"})
    seen = []
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "pong" and message.get("id") == "barrier":
            return seen
        seen.append(message)
