"""The open API through the ASGI test client: tables, seats, moves (200/409/422/401/403), hidden
information, records and replays, the pages and their offline promise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ionarena.core.record import GameRecord, replay
from ionarena.web.hub import MAX_BOT_ITERS, MAX_BOT_MS

from .conftest import auth, make_table

STATIC = Path(__file__).resolve().parents[2] / "src" / "ionarena" / "web" / "static"


def play_out(client: TestClient, table: str, token: str, limit: int = 3000) -> dict:
    """Play the first legal move until the game is over; return the last state."""
    for _ in range(limit):
        state = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
        if state["over"]:
            return state
        if state["legal"]:
            answer = client.post(
                f"/api/tables/{table}/actions",
                headers=auth(token),
                json={"action": state["legal"][0], "version": state["version"]},
            )
            assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end")


def test_games_lists_every_game_with_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {"dots", "compound", "valence", "bank"}
    assert games["bank"]["timed"] and games["compound"]["simultaneous"]
    assert "medium" in games["dots"]["bots"]
    assert any(o["name"] == "turn_cap" for o in games["dots"]["options"])


def test_new_table_gives_a_token_for_each_human_seat_only(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "bot:greedy", "human"], seed=3)
    assert len(made["id"]) >= 22 and made["url"] == f"/t/{made['id']}"
    tokens = [s["token"] for s in made["seats"]]
    assert tokens[1] is None and tokens[0] and tokens[2] and tokens[0] != tokens[2]
    assert len(tokens[0]) >= 32
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["status"] == "playing" and [s["kind"] for s in info["seats"]] == ["person", "bot", "person"]
    assert "token" not in str(info) and "hash" not in str(info)


def test_state_shows_only_the_seats_own_hand(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "human"], seed=5)
    table, (a, b) = made["id"], [s["token"] for s in made["seats"]]
    mine = client.get(f"/api/tables/{table}/state", headers=auth(a)).json()
    theirs = client.get(f"/api/tables/{table}/state", headers=auth(b)).json()
    watcher = client.get(f"/api/tables/{table}/state").json()
    assert mine["seat"] == 0 and theirs["seat"] == 1 and watcher["seat"] is None
    assert "hand" not in watcher["view"]["table"] and watcher["legal"] == []
    for state in (mine, theirs):
        # a seat learns exactly the spectator's table plus its own hand, nothing of the other's
        own = {k: v for k, v in state["view"]["table"].items() if k not in ("hand", "hand_points")}
        assert own == watcher["view"]["table"]
        assert state["version"] == watcher["version"]
    assert mine["view"]["table"]["hand"] != [] and theirs["view"]["table"]["hand"] != []
    assert mine["events"][0]["text"].startswith("Deal 1:")


def test_moves_answer_200_409_422_401_403(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "human"], seed=8)
    other = make_table(client, game="dots", players=2, seats=["human", "human"], seed=9)
    table, tokens = made["id"], [s["token"] for s in made["seats"]]
    start = client.get(f"/api/tables/{table}/state").json()
    actor = start["actors"][0]
    token, idle = tokens[actor], tokens[1 - actor]
    url = f"/api/tables/{table}/actions"
    legal = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()["legal"]

    refused = client.post(url, headers=auth(token), json={"action": "play 9|9", "version": start["version"]})
    assert refused.status_code == 422 and refused.json()["detail"]
    out_of_turn = client.post(url, headers=auth(idle), json={"action": "draw", "version": start["version"]})
    assert out_of_turn.status_code == 422
    assert client.post(url, json={"action": legal[0], "version": 0}).status_code == 401
    assert (
        client.post(url, headers=auth("x" * 32), json={"action": legal[0], "version": 0}).status_code == 403
    )
    foreign = other["seats"][0]["token"]
    assert client.post(url, headers=auth(foreign), json={"action": legal[0], "version": 0}).status_code == 403
    assert client.get(f"/api/tables/{table}/state").json()["version"] == start["version"]  # nothing changed

    moved = client.post(url, headers=auth(token), json={"action": legal[0], "version": start["version"]})
    assert moved.status_code == 200 and moved.json()["version"] == start["version"] + 1
    stale = client.post(url, headers=auth(token), json={"action": legal[0], "version": start["version"]})
    assert stale.status_code == 409
    assert stale.json()["state"]["version"] == start["version"] + 1 and "moved on" in stale.json()["detail"]


def test_unknown_tables_are_404_everywhere(client: TestClient) -> None:
    ghost = "p" + "A" * 22
    assert client.get(f"/api/tables/{ghost}/state").status_code == 404
    assert client.post(f"/api/tables/{ghost}/actions", json={"action": "draw"}).status_code == 404
    assert client.get(f"/api/tables/{ghost}/record").status_code == 404
    assert client.post(f"/api/tables/{ghost}/seats/0", json={"name": "x"}).status_code == 404
    page = client.get(f"/t/{ghost}")
    assert page.status_code == 404 and "No such table" in page.text


def test_joining_open_seats_starts_the_table(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["open", "bot:easy", "open"], seed=2)
    table = made["id"]
    assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"
    joined = client.post(f"/api/tables/{table}/seats/0", json={"name": "Ada"})
    assert joined.status_code == 200 and joined.json()["seat"] == 0
    assert f"ion_seat_{table}" in joined.headers["set-cookie"] and "HttpOnly" in joined.headers["set-cookie"]
    assert client.post(f"/api/tables/{table}/seats/0", json={"name": "Bob"}).status_code == 422  # taken
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": "Bob"}).status_code == 422  # a bot
    assert client.post(f"/api/tables/{table}/seats/2", json={"name": " "}).status_code == 422
    assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"
    token = client.post(f"/api/tables/{table}/seats/2", json={"name": "Bob"}).json()["token"]
    assert client.get(f"/api/tables/{table}").json()["status"] == "playing"
    state = client.get(f"/api/tables/{table}/state", headers=auth(token)).json()
    assert state["seat"] == 2 and state["names"][2] == "Bob" and state["names"][0] == "Ada"


def test_leaving_hands_the_seat_to_a_bot(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "human"], seed=4)
    table, token = made["id"], made["seats"][1]["token"]
    assert client.post(f"/api/tables/{table}/leave").status_code == 401
    assert client.post(f"/api/tables/{table}/leave", headers=auth(token)).status_code == 204
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[1]["kind"] == "bot"
    assert client.get(f"/api/tables/{table}/state", headers=auth(token)).status_code == 403


def test_only_public_tables_are_listed(client: TestClient) -> None:
    public = make_table(client, game="dots", players=2, seats=["human", "open"], public=True)
    private = make_table(client, game="dots", players=2, seats=["human", "open"], public=False)
    assert client.get(f"/api/tables/{public['id']}").json()["listed"] is True
    assert client.get(f"/api/tables/{private['id']}").json()["listed"] is False
    listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
    assert public["id"] in listed and private["id"] not in listed
    assert client.get(f"/api/tables/{private['id']}").status_code == 200  # the link still works
    # the id says nothing of it: 128 random bits either way, kept in the store as a flag
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rows = {r.id: r.listed for r in hub.store.tables()}
    assert rows[public["id"]] is True and rows[private["id"]] is False
    ids = [make_table(client, game="dots", players=2, seats=["human", "open"], public=k % 2 == 0)["id"]
           for k in range(12)]  # within one maker's quota (web.quota)
    assert all(len(i) == 22 for i in ids) and len({i[0] for i in ids}) > 2


def test_finished_games_are_listed_only_when_public(client: TestClient) -> None:
    made = {public: make_table(client, game="dots", players=2, seats=["human", "bot:greedy"], seed=21,
                               public=public) for public in (True, False)}
    for table in made.values():
        play_out(client, table["id"], table["seats"][0]["token"])
    finished = {row["id"] for row in client.get("/api/tables").json()["finished"]}
    assert made[True]["id"] in finished and made[False]["id"] not in finished


def test_a_seated_person_fills_the_open_seats_with_bots_and_the_table_starts(client: TestClient) -> None:
    made = make_table(client, game="dots", players=3, seats=["human", "open", "open"], seed=7)
    table, token = made["id"], made["seats"][0]["token"]
    other = make_table(client, game="dots", players=2, seats=["human", "open"])["seats"][0]["token"]
    url = f"/api/tables/{table}/seats/1/bot"
    assert client.post(url, json={"bot": "greedy"}).status_code == 401          # a spectator may not
    assert client.post(url, headers=auth(other), json={"bot": "greedy"}).status_code == 403
    for bad in ({"bot": "genius"}, {"bot": "ismcts:ms=999999"}, {"bot": "greedy", "x": 1}):
        assert client.post(url, headers=auth(token), json=bad).status_code == 422, bad
    assert client.post(f"/api/tables/{table}/seats/0/bot", headers=auth(token), json={}).status_code == 422
    assert client.post(f"/api/tables/{table}/seats/9/bot", headers=auth(token), json={}).status_code == 422
    assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"     # nothing changed

    first = client.post(url, headers=auth(token), json={"bot": "easy"})
    assert first.status_code == 200 and first.json()["status"] == "waiting"
    assert first.json()["seats"][1]["kind"] == "bot" and first.json()["seats"][1]["bot"] == "easy"
    assert client.post(url, headers=auth(token), json={}).status_code == 422    # no longer open
    last = client.post(f"/api/tables/{table}/seats/2/bot", headers=auth(token), json={})
    assert last.status_code == 200 and last.json()["status"] == "playing"
    assert [s["kind"] for s in last.json()["seats"]] == ["person", "bot", "bot"]
    final = play_out(client, table, token)
    assert final["over"] and {p for p, _ in GameRecord.from_dict(
        client.get(f"/api/tables/{table}/record").json()).actions} == {0, 1, 2}


def test_a_web_table_holds_its_bots_to_the_servers_thinking_budget(client: TestClient) -> None:
    """Specs the agent itself takes (ms up to 600000) but that think longer than this server
    allows are refused with the limit named, for a new table and for an open seat; the limit
    itself is allowed."""
    over = [f"ismcts:ms={MAX_BOT_MS + 1}", f"ismcts:iters={MAX_BOT_ITERS + 1}"]
    for spec in over:
        body = {"game": "dots", "players": 2, "seats": ["human", f"bot:{spec}"]}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422 and "thinks too long" in answer.json()["detail"], answer.text
    made = make_table(client, game="dots", players=3, seats=["human", "open", "open"])
    url, token = f"/api/tables/{made['id']}/seats/1/bot", made["seats"][0]["token"]
    for spec in over:
        assert client.post(url, headers=auth(token), json={"bot": spec}).status_code == 422, spec
    at_limit = f"ismcts:ms={MAX_BOT_MS},iters={MAX_BOT_ITERS}"
    seated = client.post(url, headers=auth(token), json={"bot": at_limit})  # seat 2 stays open: no game yet
    assert seated.status_code == 200 and seated.json()["seats"][1]["bot"] == at_limit


def test_bad_tables_are_refused_with_a_reason(client: TestClient) -> None:
    cases = [
        {"game": "chess", "seats": ["human"]},
        {"game": "dots", "players": 2, "seats": ["human", "bot:ismcts:ms=999999"]},
        {"game": "dots", "players": 2, "seats": ["human", "robot"]},
        {"game": "dots", "players": 3, "seats": ["human", "open"]},
        {"game": "dots", "players": 2, "seats": ["human", "open"], "options": {"turn_cap": -4}},
        {"game": "dots", "players": 2, "seats": ["human", "open"], "variant": "blitz"},
        {"game": "dots", "players": 2, "seats": ["human", "open"], "seed": -1},
        {"game": "dots", "players": 2, "seats": ["human", "open"], "surprise": 1},
    ]
    for body in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, body
        assert isinstance(answer.json()["detail"], str) and answer.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_whole_game_gives_a_record_that_replays(client: TestClient) -> None:
    made = make_table(client, game="dots", players=2, seats=["human", "bot:greedy"], seed=21)
    table, token = made["id"], made["seats"][0]["token"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get(f"/api/tables/{table}/replay").status_code == 409
    final = play_out(client, table, token)
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    data = GameRecord.from_dict(record.json())
    assert data.seed == 21 and data.scores == final["view"]["scores"]
    assert replay(data).is_over()

    frames = client.get(f"/api/tables/{table}/replay", params={"seat": 0}).json()
    assert frames["frames"][0]["version"] == 0 and frames["frames"][-1]["view"]["over"]
    assert all("hand" in f["view"]["table"] for f in frames["frames"])
    assert [f["version"] for f in frames["frames"]] == sorted({f["version"] for f in frames["frames"]})
    watched = client.get(f"/api/tables/{table}/replay").json()
    assert all("hand" not in f["view"]["table"] for f in watched["frames"])
    uploaded = client.post(
        "/api/replay",
        params={"seat": 0},
        content=record.content,
        headers={"Content-Type": "application/json"},
    ).json()
    assert [f["version"] for f in uploaded["frames"]] == [f["version"] for f in frames["frames"]]
    assert uploaded["frames"][-1]["view"] == frames["frames"][-1]["view"]


def test_uploading_a_bad_record_says_why(client: TestClient) -> None:
    for body in (
        b"{",
        b"[]",
        b'{"game": "dots"}',
        b'{"game":"dots","players":2,"seed":1,"variant":"quick","actions":[[0,"play 9|9"]]}',
    ):
        answer = client.post("/api/replay", content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 422 and answer.json()["detail"], body


def test_bank_questions_are_answered_from_the_seats_view(client: TestClient) -> None:
    made = make_table(client, game="bank", players=2, seats=["human", "bot:random"], seed=1)
    table, token = made["id"], made["seats"][0]["token"]
    answer = client.post(f"/api/tables/{table}/ask", headers=auth(token), json={"text": "help"})
    assert answer.status_code == 200 and len(answer.json()["answer"]) > 20
    assert client.post(f"/api/tables/{table}/ask", headers=auth(token), json={"text": "+"}).status_code == 422


def test_element_cards_carry_their_printed_faces(client: TestClient) -> None:
    cards = client.get("/api/games/compound/cards").json()
    assert cards["Cl"]["charge"] == -1 and cards["Mg"]["charge"] == 2 and cards["Cl"]["points"] == 4
    dots = client.get("/api/games/dots/cards").json()  # served by the game's presenter
    assert dots["block 3|6"] == {"kind": "block", "dots": [3, 6], "name": "Block 3|6", "kind_name": "Block",
                                 "points": 25, "colour": "block", "label": "Block", "short": "Block",
                                 "help": "Block: answers a +1/+3/+5"}
    assert len(dots) == 78 and dots["dj"]["name"] == "Double Joker"
    assert client.get("/api/games/chess/cards").status_code == 422


def test_pages_render_with_a_strict_content_policy(client: TestClient) -> None:
    made = make_table(client, game="compound", players=3, seats=["human", "bot:easy", "bot:easy"])
    for path in (
        "/",
        f"/t/{made['id']}",
        f"/t/{made['id']}/projector",
        f"/t/{made['id']}/replay",
        "/replay",
        "/rules/dots",
        "/rules/compound",
        "/docs/api",
    ):
        page = client.get(path)
        assert page.status_code == 200, path
        policy = page.headers["content-security-policy"]
        assert "script-src 'self' 'nonce-" in policy and "default-src 'self'" in policy
        nonce = re.search(r"'nonce-([^']+)'", policy)
        assert nonce and (f'nonce="{nonce.group(1)}"' in page.text or "<script" not in page.text)
        assert not re.search(r"(src|href)=\"https?://", page.text), path
    assert (
        "Hydrogen" in client.get("/rules/compound").text or "hydrogen" in client.get("/rules/compound").text
    )
    assert client.get("/rules/chess").status_code == 404
    assert "websockets.sync.client" in client.get("/docs/api").text
    assert client.get("/api/openapi.json").json()["info"]["title"] == "Ion Arena"
    assert client.get("/docs").status_code == 404  # FastAPI's docs page would load a CDN


def test_static_files_load_nothing_from_elsewhere(client: TestClient) -> None:
    for path in STATIC.rglob("*"):
        if path.suffix in (".js", ".mjs", ".css", ".html", ".svg"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(import|from)\s*\(?\s*['\"]https?:", text), path
            assert not re.search(r"url\(\s*['\"]?https?:", text), path
            assert not re.search(r"(src|href)\s*=\s*['\"]https?:", text), path
    readme = (STATIC / "vendor" / "README.md").read_text(encoding="utf-8")
    for name in ("preact", "htm"):
        assert name in readme and (STATIC / "vendor" / name / "LICENSE").is_file()
    assert client.get("/static/vendor/preact/preact.mjs").status_code == 200
    assert client.get("/static/js/games/dots.js").status_code == 200


def test_the_docs_bot_example_is_at_most_20_lines() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    lines = [line for line in code.group(1).splitlines() if line.strip()]
    assert len(lines) <= 20
    compile(code.group(1), "docs/api.md", "exec")


def test_a_move_limit_lets_a_bot_move_for_a_slow_person(client: TestClient) -> None:
    import time

    made = make_table(client, game="dots", players=2, seats=["human", "human"], seed=6, move_limit=0.3)
    table = made["id"]
    start = client.get(f"/api/tables/{table}/state").json()
    assert 0 < start["clock"]["deadline_in"] <= 0.3
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{table}/state").json()["version"] == start["version"]:
        assert time.monotonic() < deadline, "nobody moved for the slow person"
        time.sleep(0.05)
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["kind"] for s in seats] == ["person", "person"]  # the seat stays the person's


def test_a_table_changing_servers_is_answered_503_with_its_reason_and_when_to_ask_again(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request for a table whose server is changing (`cluster.ServerAway`: a takeover under way)
    is answered 503 with that reason and `Retry-After`; a store that cannot be used says only
    that, with no promise of when."""
    from ionarena.cluster import ServerAway
    from ionarena.store import StoreError

    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = client.post("/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "open"]}).json()

    async def changing(table_id: str) -> None:
        raise ServerAway("the server playing this table is changing; try again in a moment")

    monkeypatch.setattr(hub, "find", changing)
    answer = client.get(f"/api/tables/{made['id']}")
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
    assert answer.json() == {"detail": "the server playing this table is changing; try again in a moment"}

    async def broken(table_id: str) -> None:
        raise StoreError("postgresql://…: cannot write table x: connection refused")

    monkeypatch.setattr(hub, "find", broken)
    answer = client.get(f"/api/tables/{made['id']}")
    assert answer.status_code == 503 and "retry-after" not in answer.headers
    assert answer.json() == {"detail": "the game store cannot be used right now"}
