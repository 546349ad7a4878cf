"""The web's fast paths change nothing a client sees: states encoded once (orjson) read back as
`json` would write them; quick bots move a few moves a turn in the mover, and tables it leaves to the
bots' lanes are pumped a few moves at a time, to their end."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from ionarena.core.record import GameRecord
from ionarena.host import Table
from ionarena.host.staged import RIDE_ALONG, Staged
from ionarena.web import create_app
from ionarena.web.payload import decode, encode, state_payload
from ionarena.web.pumps import PUMP_MOVES

from .conftest import make_table


@pytest.mark.parametrize("game", ["dots", "compound", "valence", "bank"])
def test_an_encoded_state_reads_back_as_json_writes_it(game: str) -> None:
    table = Table(game, players=3, bots={1: "random", 2: "random"}, seed=12, clock=lambda: 0.0)
    table.sit(0, "Ada")
    table.start(0.0)
    for when in (0.0, 0.5, 1.0, 2.0):
        table.pump(when)
        for seat in (0, None):
            payload = {"type": "state", **state_payload(table, table.update(seat, since=-1), when)}
            assert decode(encode(payload)) == json.loads(json.dumps(payload))
    assert decode(encode({1: [1.5, None, True], "x": "é\u2028"})) == {"1": [1.5, None, True], "x": "é\u2028"}


def test_a_table_of_quick_bots_moves_a_few_moves_a_turn_in_the_mover_to_its_end(client: TestClient,
                                                                                monkeypatch) -> None:
    staged: list[object] = []
    pumped: list[int | None] = []
    stage_pump, pump = Table.stage_pump, Table.pump

    def counted_stage(self, now=None):
        staged.append(held := stage_pump(self, now))
        return held

    def counted_pump(self, now=None, max_moves=None):
        pumped.append(max_moves)
        return pump(self, now, max_moves)

    monkeypatch.setattr(Table, "stage_pump", counted_stage)
    monkeypatch.setattr(Table, "pump", counted_pump)
    made = make_table(client, game="dots", players=3, seats=["bot:greedy"] * 3, seed=4, bot_delay=0)
    deadline = time.monotonic() + 30
    while not (state := client.get(f"/api/tables/{made['id']}/state").json())["over"]:
        assert time.monotonic() < deadline, "the bots' table did not finish"
        time.sleep(0.02)
    record = GameRecord.from_dict(client.get(f"/api/tables/{made['id']}/record").json())
    moves = [held for held in staged if isinstance(held, Staged)]
    assert sum(len(held.entries) for held in moves) == len(record.actions)
    assert all(1 <= len(held.entries) <= RIDE_ALONG for held in moves) and len(moves) < len(record.actions)
    assert pumped == [] and state["version"] == len(record.actions)


def test_a_table_the_mover_leaves_is_pumped_a_few_moves_at_a_time(client: TestClient, monkeypatch) -> None:
    asked: list[int | None] = []
    pump = Table.pump

    def counted(self, now=None, max_moves=None):
        asked.append(max_moves)
        return pump(self, now, max_moves)

    monkeypatch.setattr(Table, "pump", counted)
    monkeypatch.setattr(Table, "stage_pump", lambda self, now=None: None)  # nothing staged: the lanes
    made = make_table(client, game="dots", players=3, seats=["bot:greedy"] * 3, seed=4, bot_delay=0)
    deadline = time.monotonic() + 30
    while not (state := client.get(f"/api/tables/{made['id']}/state").json())["over"]:
        assert time.monotonic() < deadline, "the bots' table did not finish"
        time.sleep(0.02)
    record = GameRecord.from_dict(client.get(f"/api/tables/{made['id']}/record").json())
    assert set(asked) == {PUMP_MOVES} and len(asked) >= len(record.actions) / PUMP_MOVES
    assert state["version"] == len(record.actions)


def test_serving_freezes_what_is_alive_collects_young_objects_and_hands_the_lock_on_soon(
        db_file: str) -> None:
    import gc
    import sys

    from ionarena.web.gc_tuning import SWITCH_SECONDS, THRESHOLDS

    before, switch = gc.get_threshold(), sys.getswitchinterval()
    with TestClient(create_app(db_file, serving=True)) as served:
        assert gc.get_threshold() == THRESHOLDS != before and gc.get_freeze_count() > 0
        assert sys.getswitchinterval() == pytest.approx(SWITCH_SECONDS) != switch
        assert served.get("/healthz").text == "ok"
        frozen = gc.get_freeze_count()
        kept = [[index] for index in range(5000)]  # survivors of a middle collection: frozen
        for _ in range(100):  # (a collection the app's own thread has under way makes ours a no-op)
            gc.collect(1)
            if gc.get_freeze_count() >= frozen + len(kept):
                break
            time.sleep(0.01)
        assert gc.get_freeze_count() >= frozen + len(kept)
    # the app closed: Python's collector as it was, nothing frozen
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert sys.getswitchinterval() == switch
    gc.collect()
    with TestClient(create_app(db_file)) as plain:  # a test client, a library user: untouched
        assert plain.get("/healthz").text == "ok"
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0
        assert sys.getswitchinterval() == switch


def test_what_every_game_opens_is_matched_before_every_page(tmp_path) -> None:
    """Routes are tried in order, and FastAPI tries an included router's routes one by one: a
    game's WebSockets and the tables API come before the pages and the people's routes (the last
    of them took 100-180 µs a request to reach)."""
    from starlette.routing import Match

    app = create_app(f"sqlite:///{tmp_path / 'routes.sqlite3'}")

    def first_match(kind: str, path: str, method: str | None = None) -> int:
        scope = {"type": kind, "path": path, "root_path": "", "headers": [], "query_string": b"",
                 "app": app, **({"method": method} if method else {})}
        return next(i for i, route in enumerate(app.router.routes) if route.matches(scope)[0] == Match.FULL)

    table = "abcdefgh12345678"
    hot = [first_match("websocket", f"/api/tables/{table}/ws"), first_match("http", "/api/tables", "POST"),
           first_match("http", f"/api/tables/{table}/actions", "POST")]
    cold = [first_match("http", "/", "GET"), first_match("http", "/signin", "GET"),
            first_match("http", "/api/session", "GET"), first_match("http", "/api/classes", "POST")]
    assert max(hot) < min(cold), (hot, cold)


def test_a_new_tables_answer_is_the_documented_model_as_json(client: TestClient) -> None:
    """POST /api/tables writes its answer's JSON itself (not FastAPI's model encoding): it is still
    exactly the `TableMade` its OpenAPI document promises."""
    from ionarena.web.models import TableMade

    asked = {"game": "dots", "players": 3, "seats": ["human", "open", "bot"]}
    answer = client.post("/api/tables", json=asked)
    assert answer.status_code == 201 and answer.headers["content-type"] == "application/json"
    made = TableMade.model_validate_json(answer.content)
    assert made.model_dump() == answer.json()
    assert made.url == f"/t/{made.id}" and [s.seat for s in made.seats] == [0, 1, 2]
    assert made.seats[0].token and made.seats[1].token is None and made.seats[2].token is None
    document = client.get("/api/openapi.json").json()
    promised = document["paths"]["/api/tables"]["post"]["responses"]["201"]["content"]["application/json"]
    assert promised["schema"]["$ref"].endswith("/TableMade")
