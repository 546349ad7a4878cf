"""Refusals shown on the web name people as the page does ("it is not your turn; bob is to move"),
never by engine seat number ("Player 0") — over HTTP and over the WebSocket."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ionarena.core import Names
from ionarena.web.wording import name_people

from .conftest import auth, make_table
from .people import until


def test_seat_numbers_become_the_names_the_page_shows() -> None:
    names = Names(0, ["ada", "<b>bob</b>", "Player 2 (greedy)", ""])
    assert name_people("it is not Player 0's turn; Player 1 is to move", names) == \
        "it is not your turn; <b>bob</b> is to move"
    assert name_people("Player 2 has no open deal", names) == "Player 2 (greedy) has no open deal"
    assert name_people("seat 1 is taken", names) == "<b>bob</b>'s seat is taken"
    assert name_people("seat 3 is taken", names) == "Player 3's seat is taken"  # an open seat, as shown
    assert name_people("there is no seat 7 in a 4-player game (seats 0 to 3)", names) == \
        "there is no seat 7 in a 4-player game (seats 0 to 3)"  # no such seat: left as it is
    assert name_people("play 3|6", names) == "play 3|6"


def test_a_move_out_of_turn_is_refused_in_the_names_on_the_page(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "human"], names=["ada", "bob"], seed=2)
    table, tokens = made["id"], [s["token"] for s in made["seats"]]
    state = client.get(f"/api/tables/{table}/state", headers=auth(tokens[0])).json()
    mover = state["actors"][0]
    waiting = 1 - mover
    names = ["ada", "bob"]
    answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[waiting]),
                         json={"action": "draw", "version": state["version"]})
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert detail == f"it is not your turn; {names[mover]} is to move" and "Player" not in detail
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[waiting]}") as ws:
        until(ws, "state")
        ws.send_json({"type": "move", "action": "draw", "version": state["version"], "id": 1})
        error = until(ws, "error")
        assert error["code"] == 422 and error["detail"] == detail


def test_taking_a_taken_seat_names_who_sits_there(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "open", "bot:easy"], names=["ada"])
    table = made["id"]
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": "bob"}).status_code == 200
    taken = client.post(f"/api/tables/{table}/seats/1", json={"name": "eve"})
    assert taken.status_code == 422 and taken.json()["detail"] == "bob's seat is taken"
