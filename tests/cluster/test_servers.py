"""Two `ion serve --bus` processes over one PostgreSQL store: one site (issue 29).

A table made through one server is played through the other; a WebSocket on one sees a move made
on the other; a seat taken through the other server is the owner's; the lobby of each lists the
other's tables; a chat line and a person's presence cross too. Each over Redis and over NATS
(`site`)."""

from __future__ import annotations

import asyncio
import json

from .conftest import Server
from .play import logged, make, move


def test_a_table_made_on_one_server_is_played_through_the_other(site: list[Server]) -> None:
    a, b = site
    game = make(a)
    for turn in range(12):
        assert move(b if turn % 3 else a, game, retry_for=10) is not None
    assert logged(a.db, game) == game.acked  # every acknowledged move, at its version, nothing else
    listed = {row["id"] for row in b.get("/api/tables").json()["tables"]}
    assert game.id in listed  # the lobby of B lists A's table


def websocket_sees_move(a: Server, b: Server) -> None:
    """A seat's WebSocket on A gets the state of a move made through B."""
    import websockets

    game = make(a)
    move(a, game)  # B follows a game already going

    async def watch() -> None:
        url = f"ws://127.0.0.1:{a.port}/api/tables/{game.id}/ws?token={game.tokens[0]}"
        async with websockets.connect(url) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert first["type"] == "state"
            made = await asyncio.to_thread(move, b, game, 10.0)
            assert made is not None and made["version"] == first["version"] + 1
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "state" and message["version"] >= made["version"]:
                    assert made["version"] in {e["version"] for e in message["events"]}
                    return

    asyncio.run(watch())


def test_a_websocket_on_one_server_sees_a_move_made_on_the_other(site: list[Server]) -> None:
    a, b = site
    websocket_sees_move(a, b)


def test_a_seat_taken_through_the_other_server_is_the_owners(site: list[Server]) -> None:
    a, b = site
    made = a.post("/api/tables", {"game": "dots", "seats": ["human", "open"]})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    joined = b.post(f"/api/tables/{table}/seats/1", {"name": "Bea"})
    assert joined.status_code == 200, joined.text
    token = joined.json()["token"]
    state = b.get(f"/api/tables/{table}/state", token).json()
    assert state["seat"] == 1 and state["status"] == "playing"
    assert a.get(f"/api/tables/{table}/state", token).json()["seat"] == 1  # the owner knows the seat


def test_a_chat_line_said_through_one_server_reaches_a_page_on_the_other(site: list[Server]) -> None:
    import websockets

    a, b = site
    game = make(a)

    async def listen() -> dict[str, object]:
        url = f"ws://127.0.0.1:{b.port}/api/tables/{game.id}/ws?token={game.tokens[0]}"
        async with websockets.connect(url) as ws:
            while json.loads(await asyncio.wait_for(ws.recv(), 30)).get("history") is not True:
                pass  # (its state, then the chat so far: it listens now)
            said = await asyncio.to_thread(a.post, f"/api/tables/{game.id}/chat", {"text": "good luck"},
                                           game.tokens[1])
            assert said.status_code == 201, said.text
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "chat" and message["lines"]:
                    return dict(message["lines"][0])

    line = asyncio.run(listen())
    assert line["text"] == "good luck" and line["seat"] == 1


def test_a_person_on_one_server_is_present_on_the_others_page(site: list[Server]) -> None:
    import websockets

    a, b = site
    game = make(a)

    async def meet() -> None:
        def url(server: Server, seat: int) -> str:
            return f"ws://127.0.0.1:{server.port}/api/tables/{game.id}/ws?token={game.tokens[seat]}"

        async with websockets.connect(url(a, 0)) as here:
            async def presence_of_seat_1() -> str:
                while True:
                    message = json.loads(await asyncio.wait_for(here.recv(), 30))
                    if message["type"] == "presence":
                        return str({s["seat"]: s["presence"] for s in message["seats"]}[1])

            assert await presence_of_seat_1() == "disconnected"
            async with websockets.connect(url(b, 1)) as there:  # seat 1's page is on B
                while await presence_of_seat_1() != "connected":
                    pass
                await there.send(json.dumps({"type": "presence", "away": True}))
                while await presence_of_seat_1() != "away":
                    pass
            while await presence_of_seat_1() != "disconnected":  # and gone again
                pass

    asyncio.run(meet())


def test_the_spectators_chat_opened_or_closed_through_either_server_reaches_spectators_on_both(
        site: list[Server]) -> None:
    import httpx
    import websockets

    a, b = site
    game = make(a)  # A plays it; a listed table: its spectators may chat

    def put(server: Server, open_: bool) -> httpx.Response:
        return httpx.put(f"{server.url}/api/tables/{game.id}/chat/spectators", json={"open": open_},
                         headers={"Authorization": f"Bearer {game.tokens[0]}"}, timeout=15)

    async def setting(ws: websockets.ClientConnection) -> bool:
        """Whether the spectators may chat, as the next chat history sent to a page says."""
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "chat" and message.get("history"):
                return bool(message["spectators"])

    async def watch() -> None:
        def url(server: Server) -> str:
            return f"ws://127.0.0.1:{server.port}/api/tables/{game.id}/ws"  # a spectator: no token

        async with websockets.connect(url(a)) as on_a, websockets.connect(url(b)) as on_b:
            assert [await setting(on_a), await setting(on_b)] == [True, True]  # as they arrive
            for server, open_ in ((a, False), (b, True), (b, False)):  # at the owner; relayed to it
                said = await asyncio.to_thread(put, server, open_)
                assert said.status_code == 200 and said.json() == {"spectators": open_}, said.text
                assert [await setting(on_a), await setting(on_b)] == [open_, open_]
            refused = await asyncio.to_thread(b.post, f"/api/tables/{game.id}/chat",
                                              {"text": "psst", "name": "Eve"})
            assert refused.status_code == 403, refused.text  # closed on B too

    asyncio.run(watch())
