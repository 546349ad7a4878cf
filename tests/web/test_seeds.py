"""Who may choose the cards (issue: the maker of a table chose its seed, then
`ionarena.make(game, seed=S).view(1)` offline gave away the joiner's hand and the draw order).
A chosen seed makes a practice deal, shown to everyone before they sit; a table made without one
is dealt from 64 random bits nobody chose, never shown while it is played; records keep the seed."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

import ionarena
from ionarena.core.record import GameRecord

from .conftest import auth, make_table

TOP = 2**64 - 1


def hand(view: dict) -> list:
    return sorted(map(str, view["table"]["hand"]))


def test_a_chosen_seed_gives_the_joiners_hand_away_so_everyone_is_shown_it(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "open"], seed=4242)
    table = made["id"]
    # what the maker can work out offline: the joiner's hand
    foreseen = hand(ionarena.make("dots", players=2, seed=4242).view(1))
    # what the joiner is shown before sitting: the table's facts, the lobby, a spectator's state
    assert client.get(f"/api/tables/{table}").json()["practice"] == "4242"
    assert {t["id"]: t["practice"] for t in client.get("/api/tables").json()["tables"]}[table] == "4242"
    assert client.get(f"/api/tables/{table}/state").json()["practice"] == "4242"
    token = client.post(f"/api/tables/{table}/seats/1", json={"name": "Bea"}).json()["token"]
    mine = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
    assert mine["practice"] == "4242" and hand(mine["view"]) == foreseen


def test_a_table_without_a_chosen_seed_shows_no_seed_while_it_is_played_and_its_record_keeps_it(
        client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "bot:greedy"])
    table, token = made["id"], made["seats"][0]["token"]
    facts = client.get(f"/api/tables/{table}").json()
    state = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
    assert facts["practice"] is None and state["practice"] is None
    assert "seed" not in str(facts) and '"seed"' not in client.get(f"/api/tables/{table}/state").text
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seed = hub.tables[table].table.seed
    assert seed.bit_length() > 40  # 64 random bits (one in 2^24 has fewer than 41)
    client.post(f"/api/tables/{table}/leave", headers=auth(token))  # bots play it out
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    assert GameRecord.from_dict(client.get(f"/api/tables/{table}/record").json()).seed == seed


def test_a_seed_of_64_bits_is_kept_exactly_when_sent_as_text(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "open"], seed=str(TOP))
    assert client.get(f"/api/tables/{made['id']}").json()["practice"] == str(TOP)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[made["id"]].table.seed == TOP
    for bad in (str(TOP + 1), "-1", "12a", 1.5, "", " "):
        answer = client.post("/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "open"],
                                                  "seed": bad})
        assert answer.status_code == 422 and "seed" in answer.json()["detail"], bad
