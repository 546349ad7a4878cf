"""Playing a table over HTTP through any server of a cluster, keeping every acknowledged move."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from ionarena.store import Store

from .conftest import Server


@dataclass
class Game:
    """A table of people, each seat's token, and the moves the servers acknowledged."""

    id: str
    tokens: dict[int, str]
    acked: dict[int, tuple[int, str]] = field(default_factory=dict)
    """version -> (seat, the move's text) of every move a server answered 200 to."""


def make(server: Server, game: str = "dots", players: int = 2) -> Game:
    answer = server.post("/api/tables", {"game": game, "seats": ["human"] * players})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return Game(data["id"], {s["seat"]: s["token"] for s in data["seats"]})


def move(server: Server, game: Game, retry_for: float = 0.0) -> dict[str, Any] | None:
    """One move of whichever seat may act (its first legal move), through `server`; the new
    state, or None when the game is over. Retries a 503 (a server changing hands) for `retry_for`
    seconds, as a client does."""
    deadline = time.monotonic() + retry_for
    while True:
        try:
            result = _move(server, game)
        except httpx.HTTPError:
            result = "unavailable"
        if result != "unavailable":
            return result if isinstance(result, dict) else None
        if time.monotonic() > deadline:
            raise AssertionError(f"{server.url} did not take a move for {retry_for} s")
        time.sleep(0.2)


def _move(server: Server, game: Game) -> dict[str, Any] | str | None:
    for seat, token in game.tokens.items():
        answer = server.get(f"/api/tables/{game.id}/state", token)
        if answer.status_code == 503:
            return "unavailable"
        assert answer.status_code == 200, answer.text
        state = answer.json()
        if state["over"]:
            return None
        if not state["legal"]:
            continue
        text = state["legal"][0]
        body = {"action": text, "version": state["version"]}
        made = server.post(f"/api/tables/{game.id}/actions", body, token)
        if made.status_code in (503, 409):
            return "unavailable"  # (409: a move of another seat came first; look again)
        assert made.status_code == 200, made.text
        after = made.json()
        game.acked[after["version"]] = (seat, text)
        return dict(after)
    return "unavailable"  # nobody may act this instant (the state is being followed): look again


def logged(db: str, game: Game) -> dict[int, tuple[int | None, str]]:
    """The table's action log as the store keeps it: version -> (player, text)."""
    return logged_all(db, game.id)


def logged_all(db: str, table: str) -> dict[int, tuple[int | None, str]]:
    """A table's action log as the store keeps it: version -> (player, text)."""
    with Store(db) as store:
        return {e.version: (e.player, e.text) for e in store.log(table)}
