"""Replays (`web.replays`): streamed answers equal to the frames, a finished game's replay kept and
answered with an ETag, uploads held to their size and replayed once to check them (a record whose
scores were tampered with is refused, as `ion replay` refuses it), and each address to its rate."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
from fastapi.testclient import TestClient

from ionarena.core.record import GameRecord
from ionarena.web import create_app
from ionarena.web.limits import Limits
from ionarena.web.replay import frames

from .conftest import make_table
from .test_api import play_out


def finished(client: TestClient) -> tuple[str, bytes]:
    made = make_table(client, game="dots", players=2, seats=["human", "bot:greedy"], seed=21)
    play_out(client, made["id"], made["seats"][0]["token"])
    return made["id"], client.get(f"/api/tables/{made['id']}/record").content


def test_a_finished_games_replay_is_built_once_and_then_answered_from_the_cache(client: TestClient) -> None:
    table, record = finished(client)
    desk = client.app.state.replays  # type: ignore[attr-defined]
    first = client.get(f"/api/tables/{table}/replay", params={"seat": 0})
    assert first.status_code == 200 and desk.built == 1
    expected = frames(GameRecord.from_dict(json.loads(record)), 0, ["Player 0", "Player 1 (greedy)"])
    assert orjson.loads(first.content) == expected
    again = client.get(f"/api/tables/{table}/replay", params={"seat": 0})
    assert again.content == first.content and desk.built == 1
    assert again.headers["ETag"] == first.headers["ETag"]
    unchanged = client.get(f"/api/tables/{table}/replay", params={"seat": 0},
                           headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and not unchanged.content
    other_seat = client.get(f"/api/tables/{table}/replay", params={"seat": 1})
    assert other_seat.status_code == 200 and desk.built == 2 and other_seat.content != first.content


def test_an_uploaded_record_is_replayed_once_to_check_it_before_its_answer_starts(client: TestClient) -> None:
    _, record = finished(client)
    data = json.loads(record)
    data["scores"] = [s + 100 for s in data["scores"]]
    tampered = client.post("/api/replay", content=json.dumps(data),
                           headers={"Content-Type": "application/json"})
    assert tampered.status_code == 422 and "scores" in tampered.json()["detail"]
    fine = client.post("/api/replay", params={"seat": 1}, content=record,
                       headers={"Content-Type": "application/json"})
    assert fine.status_code == 200 and orjson.loads(fine.content)["seat"] == 1
    no_seat = client.post("/api/replay", params={"seat": 5}, content=record,
                          headers={"Content-Type": "application/json"})
    assert no_seat.status_code == 422


def test_replays_are_held_to_a_size_and_a_rate_per_address(db_file: str) -> None:
    limits = Limits(replay_rate="3/minute", replay_bytes=4096)
    with TestClient(create_app(db_file, bot_delay=0.0, limits=limits)) as client:
        _, record = finished(client)
        big = client.post("/api/replay", content=b"[" + b"0," * 3000 + b"0]",
                          headers={"Content-Type": "application/json"})
        assert big.status_code == 413 and "KB" in big.json()["detail"]
        codes = [client.post("/api/replay", content=record, headers={"Content-Type": "application/json"})
                 .status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]


def test_the_api_document_says_the_servers_own_bound_on_a_record(client: TestClient, tmp_path: Path) -> None:
    def said(app_client: TestClient) -> str:
        body = app_client.get("/api/openapi.json").json()["paths"]["/api/replay"]["post"]["requestBody"]
        return str(body["content"]["application/json"]["schema"]["description"])

    assert said(client).endswith(f"at most {Limits().replay_bytes // 1024} KB.")
    small_app = create_app(str(tmp_path / "small.sqlite3"), bot_delay=0.0, limits=Limits(replay_bytes=4096))
    with TestClient(small_app) as small:
        assert said(small).endswith("at most 4 KB.")
