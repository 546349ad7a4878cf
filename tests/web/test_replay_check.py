"""\"Watch a record\" verifies an uploaded record as `ion replay` does — every move in turn, then the
scores and winners it claims — refuses a tampered one with the same sentence, and says so on the
page (in Chromium)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ionarena.core import RecordError
from ionarena.core.record import GameRecord, replay

from .conftest import LiveServer, auth, make_table
from .people import play_out


@pytest.fixture
def record(client: TestClient) -> dict[str, Any]:
    made = make_table(client, game="dots", players=2, seats=["human", "bot:easy"], seed=6)
    play_out(client, made["id"], [made["seats"][0]["token"]])
    data: dict[str, Any] = client.get(f"/api/tables/{made['id']}/record").json()
    return data


def upload(client: TestClient, data: dict[str, Any]) -> Any:
    return client.post("/api/replay", content=json.dumps(data), headers={"Content-Type": "application/json"})


def ion_replay_says(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as refused:
        replay(GameRecord.from_dict(data))
    return str(refused.value)


def test_a_good_record_is_verified(client: TestClient, record: dict[str, Any]) -> None:
    answer = upload(client, record)
    assert answer.status_code == 200
    assert answer.json()["verified"] == "Every move replays and the result matches the record."
    unscored = {**record, "scores": None, "winners": None}
    assert "no result" in upload(client, unscored).json()["verified"]


def test_tampered_scores_winners_and_moves_are_refused_as_ion_replay_refuses_them(
        client: TestClient, record: dict[str, Any]) -> None:
    scores = list(record["scores"])
    scores[0] += 100
    loser = 1 - record["winners"][0] if record["winners"] else 0
    actions = [list(a) for a in record["actions"]]
    actions[3] = [actions[3][0], "play 9|9"]
    for tampered in ({**record, "scores": scores}, {**record, "winners": [loser]},
                     {**record, "actions": actions}):
        answer = upload(client, tampered)
        assert answer.status_code == 422
        assert answer.json()["detail"] == ion_replay_says(tampered)
    assert "differ from the recorded" in upload(client, {**record, "scores": scores}).json()["detail"]


def test_the_page_says_a_tampered_record_does_not_verify(
        browser: Any, live_server: LiveServer, tmp_path: Path) -> None:
    with httpx.Client(base_url=live_server.url, timeout=20) as http:
        made = http.post("/api/tables", json={"game": "dots", "players": 2, "seats": ["human", "bot:easy"],
                                               "seed": 6}).json()
        token = made["seats"][0]["token"]
        for _ in range(3000):
            state = http.get(f"/api/tables/{made['id']}/state", headers=auth(token)).json()
            if state["over"]:
                break
            if state["legal"]:
                http.post(f"/api/tables/{made['id']}/actions", headers=auth(token),
                          json={"action": state["legal"][0], "version": state["version"]})
        good = http.get(f"/api/tables/{made['id']}/record").json()
    bad = {**good, "scores": [s + 50 for s in good["scores"]]}
    (tmp_path / "good.json").write_text(json.dumps(good))
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/replay")
    page.set_input_files("input[type=file]", str(tmp_path / "bad.json"))
    page.wait_for_selector("[data-testid=replay-refused]")
    said = page.inner_text("[data-testid=replay-refused]")
    assert "This record does not verify" in said and "differ from the recorded ones" in said
    assert page.locator(".replay-page").count() == 0  # nothing of it is played
    page.screenshot(path=str(tmp_path / "refused.png"))
    page.goto(f"{live_server.url}/replay")
    page.set_input_files("input[type=file]", str(tmp_path / "good.json"))
    page.wait_for_selector(".replay-page [data-testid=verified]")
    assert "result matches the record" in page.inner_text("[data-testid=verified]")
    page.context.close()
