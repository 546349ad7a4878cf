"""The WebSocket against a live server: pushed states, moves, and bad input answered to that client
only, with the connection still usable afterwards."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from .conftest import LiveServer


def new_table(server: LiveServer, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def ws_url(server: LiveServer, table: str, token: str | None = None) -> str:
    return f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws" + (
        f"?token={token}" if token is not None else ""
    )


def receive(ws: ClientConnection, kind: str, timeout: float = 5.0) -> dict[str, Any]:
    """The next message of type `kind` (others are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == kind:
            return message  # type: ignore[no-any-return]


def state_at(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The next state pushed at `version` (older ones are skipped; a newer one fails)."""
    while True:
        state = receive(ws, "state")
        assert state["version"] <= version, f"the game went past version {version}"
        if state["version"] == version:
            return state


def test_a_seat_gets_its_state_moves_and_the_next_state(live_server: LiveServer) -> None:
    made = new_table(live_server, game="dots", players=2, seats=["human", "bot:greedy"], seed=12)
    with connect(ws_url(live_server, made["id"], made["seats"][0]["token"])) as ws:
        first = receive(ws, "state")
        while not first["legal"]:  # the bot may move first
            first = receive(ws, "state")
        assert first["seat"] == 0 and "hand" in first["view"]["table"]
        assert all(isinstance(e["text"], str) and e["text"] for e in first["events"])
        ws.send(
            json.dumps({"type": "move", "action": first["legal"][0], "version": first["version"], "id": 7})
        )
        versions = []
        while True:
            message = json.loads(ws.recv(timeout=5))
            if message["type"] == "state":
                versions.append(message["version"])
                assert message["since"] >= first["version"]  # only what is new
            if message["type"] == "ok":
                assert message["id"] == 7 and message["version"] == first["version"] + 1
                break
        assert first["version"] + 1 in versions  # the state of the move is pushed before the ok


def test_bad_messages_get_errors_and_the_connection_stays_usable(live_server: LiveServer) -> None:
    made = new_table(live_server, game="dots", players=2, seats=["human", "human"], seed=3)
    token = made["seats"][0]["token"]
    with connect(ws_url(live_server, made["id"], token)) as ws:
        start = receive(ws, "state")
        version = start["version"]
        for text, code in [
            ("not json", 400),
            ("[1, 2]", 400),
            ('{"type": "dance"}', 400),
            ("x" * 5000, 413),
            ('{"type": "move"}', 400),
            (f'{{"type": "move", "action": "play 9|9", "version": {version}}}', 422),
            ('{"type": "move", "action": "draw", "version": -3}', 400),
            (f'{{"type": "move", "action": "draw", "version": {version + 5}}}', 409),  # not a version yet
        ]:
            ws.send(text)
            error = receive(ws, "error")
            assert error["code"] == code, text
        ws.send(b"\x00\x01binary")
        assert receive(ws, "error")["code"] == 400
        ws.send(json.dumps({"type": "ping", "id": "still-here"}))
        assert receive(ws, "pong")["id"] == "still-here"
        ws.send(json.dumps({"type": "sync"}))
        again = receive(ws, "state")
        assert again["version"] == start["version"] and again["since"] == -1  # nothing changed


def test_a_move_chosen_from_an_old_state_is_stale_and_changes_nothing(live_server: LiveServer) -> None:
    """The stale situation made on purpose: one seat moves, then a seat sends a move that was legal
    in the state it last saw, with that state's version. It gets 409 (not 422: the move was not
    wrong, the state moved on), nothing changes, and the same move with the new version is taken."""
    made = new_table(live_server, game="dots", players=2, seats=["human", "human"], seed=3)
    tokens = [s["token"] for s in made["seats"]]
    with (
        connect(ws_url(live_server, made["id"], tokens[0])) as zero,
        connect(ws_url(live_server, made["id"], tokens[1])) as one,
    ):
        sockets = [zero, one]
        seen = [receive(ws, "state") for ws in sockets]
        old = seen[0]["version"]
        assert seen[1]["version"] == old and len(seen[0]["actors"]) == 1
        mover = seen[0]["actors"][0]
        sockets[mover].send(json.dumps({"type": "move", "action": seen[mover]["legal"][0], "version": old,
                                        "id": "first"}))
        states = [state_at(ws, old + 1) for ws in sockets]  # pushed before the ok
        assert receive(sockets[mover], "ok")["version"] == old + 1
        nxt = states[0]["actors"][0]
        move = states[nxt]["legal"][0]
        sockets[nxt].send(json.dumps({"type": "move", "action": move, "version": old, "id": "late"}))
        error = receive(sockets[nxt], "error")
        assert (error["code"], error["id"]) == (409, "late")
        assert f"version {old + 1}" in error["detail"]
        sockets[nxt].send(json.dumps({"type": "sync"}))
        assert receive(sockets[nxt], "state")["version"] == old + 1  # the stale move changed nothing
        sockets[nxt].send(json.dumps({"type": "move", "action": move, "version": old + 1, "id": "again"}))
        assert receive(sockets[nxt], "ok") == {"type": "ok", "id": "again", "version": old + 2}


def test_a_flood_is_slowed_for_that_client_only(live_server: LiveServer) -> None:
    made = new_table(live_server, game="dots", players=2, seats=["human", "human"], seed=3)
    with (
        connect(ws_url(live_server, made["id"], made["seats"][0]["token"])) as flooder,
        connect(ws_url(live_server, made["id"], made["seats"][1]["token"])) as calm,
    ):
        receive(flooder, "state")
        receive(calm, "state")
        for i in range(80):
            flooder.send(json.dumps({"type": "ping", "id": i}))
        answers = [json.loads(flooder.recv(timeout=5)) for _ in range(80)]
        limited = [a for a in answers if a["type"] == "error" and a["code"] == 429]
        assert limited and len(limited) < 80
        calm.send(json.dumps({"type": "ping", "id": "calm"}))
        assert receive(calm, "pong")["id"] == "calm"
        time.sleep(0.3)
        flooder.send(json.dumps({"type": "ping", "id": "later"}))
        assert receive(flooder, "pong")["id"] == "later"


def test_spectators_see_no_hand_and_cannot_move(live_server: LiveServer) -> None:
    made = new_table(live_server, game="dots", players=2, seats=["human", "human"], seed=3)
    with connect(ws_url(live_server, made["id"])) as ws:
        state = receive(ws, "state")
        assert state["seat"] is None and "hand" not in state["view"]["table"] and state["legal"] == []
        ws.send(json.dumps({"type": "move", "action": "draw", "version": state["version"]}))
        assert receive(ws, "error")["code"] == 403


def test_every_socket_gets_its_own_seats_state_even_when_pushed_at_once(live_server: LiveServer) -> None:
    """One update is encoded once and shared by the connections of its seat (several tabs), never
    with another seat's or a spectator's, though the table pushes them all within a moment."""
    made = new_table(live_server, game="dots", players=3, seats=["human"] * 3, seed=7)
    tokens = [s["token"] for s in made["seats"]]
    table = made["id"]

    def hand(seat: int) -> list[Any]:
        answer = httpx.get(f"{live_server.url}/api/tables/{table}/state",
                           headers={"Authorization": f"Bearer {tokens[seat]}"})
        held: list[Any] = answer.json()["view"]["table"]["hand"]
        return held

    readers = [0, 1, 1, 2, None]  # seat 1 in two tabs, and a spectator
    with contextlib.ExitStack() as stack:
        urls = [ws_url(live_server, table, None if seat is None else tokens[seat]) for seat in readers]
        sockets = [stack.enter_context(connect(url)) for url in urls]
        first = [receive(ws, "state") for ws in sockets]
        version = first[0]["version"]
        sockets[0].send(json.dumps({"type": "move", "action": first[0]["legal"][0], "version": version}))
        pushed = [state_at(ws, version + 1) for ws in sockets]  # every push of one change
    hands = {seat: hand(seat) for seat in range(3)}
    assert len({json.dumps(h) for h in hands.values()}) == 3  # the hands differ: a mix-up would show
    for seat, before, after in zip(readers, first, pushed, strict=True):
        for state in (before, after):
            assert state["seat"] == seat and state["view"]["seat"] == seat
            assert ("hand" in state["view"]["table"]) == (seat is not None)
        if seat is not None:
            assert after["view"]["table"]["hand"] == hands[seat]
    assert pushed[1] == pushed[2]  # the two tabs of seat 1 got the same state


def test_a_second_seat_never_receives_the_first_seats_hand(live_server: LiveServer) -> None:
    """Seat 0 gives a card to seat 2 (seed 7 deals seat 0 a Gift to play first): seat 1's socket
    hears of the gift without the card, which seat 2 receives, and never sees another hand."""
    made = new_table(live_server, game="dots", players=3, seats=["human"] * 3, seed=7)
    tokens = [s["token"] for s in made["seats"]]
    table = made["id"]

    def state_of(seat: int) -> dict[str, Any]:
        answer = httpx.get(f"{live_server.url}/api/tables/{table}/state",
                           headers={"Authorization": f"Bearer {tokens[seat]}"})
        data: dict[str, Any] = answer.json()
        return data

    hands = [state_of(seat)["view"]["table"]["hand"] for seat in range(3)]
    with connect(ws_url(live_server, table, tokens[1])) as ws:
        messages = [receive(ws, "state")]
        mover = state_of(0)
        assert mover["actors"] == [0]
        gifts = [m for m in mover["legal"] if " give " in m]
        assert gifts, "seed 7 no longer deals seat 0 a Gift it can play first: choose another seed"
        answer = httpx.post(
            f"{live_server.url}/api/tables/{table}/actions",
            headers={"Authorization": f"Bearer {tokens[0]}"},
            json={"action": gifts[0], "version": mover["version"]},
        )
        assert answer.status_code == 200, answer.text
        messages.append(state_at(ws, mover["version"] + 1))
    for message in messages:
        assert message["seat"] == 1 and message["view"]["seat"] == 1
        assert "hand" not in json.dumps([e for e in message["events"]])
    (told,) = [e for e in messages[1]["events"] if e["kind"] == "gift"]
    assert (told["player"], told["to"]) == (0, 2) and "card" not in told
    (received,) = [e for e in state_of(2)["events"] if e["kind"] == "gift"]
    assert received["card"] and received["card"] not in told["text"]  # the receiver alone has the card
    assert messages[0]["view"]["table"]["hand"] == hands[1]
    assert hands[0] != hands[1]


def test_bad_tokens_and_unknown_tables_close_the_socket(live_server: LiveServer) -> None:
    made = new_table(live_server, game="dots", players=2, seats=["human", "human"], seed=3)
    with connect(ws_url(live_server, made["id"], "not-a-token")) as ws:
        assert receive(ws, "error")["code"] == 403
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    with connect(ws_url(live_server, "p" + "Z" * 22)) as ws:
        assert receive(ws, "error")["code"] == 404
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    with pytest.raises(InvalidStatus):  # an oversized token: refused before the handshake (1008)
        connect(ws_url(live_server, made["id"], "x" * 201), open_timeout=5)
    with connect(ws_url(live_server, made["id"], made["seats"][0]["token"])) as ws:
        assert receive(ws, "state")["seat"] == 0  # the route still takes a good token


def test_the_docs_bot_plays_a_whole_game(live_server: LiveServer) -> None:
    import re
    import subprocess
    import sys
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    program = code.group(1).replace("http://127.0.0.1:8000", live_server.url)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "scores:" in done.stdout and "watch it at" in done.stdout
