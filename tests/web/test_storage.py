"""The web's games kept in the store, on SQLite and on PostgreSQL: a server stopped mid-game and
started again on the same database goes on where it was, seats keep their tokens, and finished
games keep their records."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ionarena.core.record import GameRecord, replay
from ionarena.web import create_app

from .conftest import auth, make_table
from .test_api import play_out


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    return str(request.getfixturevalue("pg_db"))


def test_a_server_started_again_goes_on_where_it_was(store_url: str) -> None:
    with TestClient(create_app(store_url, bot_delay=0.0)) as first:
        made = make_table(first, game="dots", players=3, seats=["human", "bot:greedy", "human"], seed=44)
        table, tokens = made["id"], [s["token"] for s in made["seats"]]
        for _ in range(6):  # a few moves by whoever of the two people is to move
            deadline = time.monotonic() + 20
            while not {0, 2} & set((watched := first.get(f"/api/tables/{table}/state").json())["actors"]):
                assert time.monotonic() < deadline, "the bot did not move"  # it moves in its own thread
                time.sleep(0.01)
            token = tokens[0] if 0 in watched["actors"] else tokens[2]
            state = first.get(f"/api/tables/{table}/state", headers=auth(token)).json()
            first.post(
                f"/api/tables/{table}/actions",
                headers=auth(token),
                json={"action": state["legal"][0], "version": state["version"]},
            )
        deadline = time.monotonic() + 20
        while not {0, 2} & set(first.get(f"/api/tables/{table}/state").json()["actors"]):
            assert time.monotonic() < deadline, "the bot did not move"  # settled: a person is to move
            time.sleep(0.01)
        before = [first.get(f"/api/tables/{table}/state", headers=auth(t)).json() for t in tokens if t]
    with TestClient(create_app(store_url, bot_delay=0.0)) as second:
        after = [second.get(f"/api/tables/{table}/state", headers=auth(t)).json() for t in tokens if t]
        for old, new in zip(before, after, strict=True):
            assert new["version"] == old["version"] and new["view"] == old["view"]
            assert [e["text"] for e in new["events"]] == [e["text"] for e in old["events"]]
        assert second.get(f"/api/tables/{table}").json()["status"] == "playing"
        # play on to the end (seat 2 leaves: a bot plays for it), then the record replays
        assert second.post(f"/api/tables/{table}/leave", headers=auth(tokens[2])).status_code == 204
        final = play_out(second, table, tokens[0])
        record = GameRecord.from_dict(second.get(f"/api/tables/{table}/record").json())
        assert replay(record).scores() == final["view"]["scores"]
    with TestClient(create_app(store_url)) as third:
        finished = {row["id"] for row in third.get("/api/tables").json()["finished"]}
        assert table in finished
        assert third.get(f"/api/tables/{table}/record").json()["actions"] == [list(a) for a in record.actions]
        assert third.get(f"/api/tables/{table}/replay", params={"seat": 0}).status_code == 200


def test_bot_tables_resume_and_finish(store_url: str) -> None:
    with TestClient(create_app(store_url)) as first:
        made = make_table(
            first, game="dots", players=2, seats=["bot:greedy", "bot:greedy"], seed=5, bot_delay=0.05
        )
        table = made["id"]
        deadline = time.monotonic() + 30  # stopped once the bots have begun (not after a guessed time)
        while (before := first.get(f"/api/tables/{table}/state").json())["version"] == 0:
            assert time.monotonic() < deadline, "the bots did not begin"
            time.sleep(0.02)
    assert before["status"] == "playing" and before["version"] > 0  # stopped mid-game
    with TestClient(create_app(store_url)) as second:
        deadline = time.monotonic() + 60
        while (state := second.get(f"/api/tables/{table}/state").json())["status"] == "playing":
            assert time.monotonic() < deadline, "the resumed table did not finish"
            time.sleep(0.05)
        assert state["over"] and state["version"] > before["version"]
        texts = [e["text"] for e in state["events"]]
        assert texts[: len(before["events"])] == [e["text"] for e in before["events"]]  # nothing lost
        record = GameRecord.from_dict(second.get(f"/api/tables/{table}/record").json())
        assert replay(record).scores() == state["view"]["scores"]


def test_the_server_resumes_only_its_own_tables_and_hosts_no_other_surfaces_game(db_file: str) -> None:
    """A database shared with `ion irc` and `ion play`: their unfinished tables are theirs to play on
    (two processes hosting one table would both write its moves); finished ones may be watched."""
    from ionarena.host import Table
    from ionarena.store import Store

    with Store(db_file) as store:
        others = {}
        for surface in ("irc", "terminal", None):
            table = Table("dots", players=2, bots={1: "greedy"}, seed=3, journal=store, surface=surface,
                          clock=lambda: 0.0)
            table.sit(0, "ada")
            table.start(0.0)
            table.pump(0.0)
            others[surface] = (table.id, table.version)
        over = Table("dots", players=2, bots={0: "greedy", 1: "greedy"}, seed=3, journal=store, surface="irc",
                     clock=lambda: 0.0)
        over.start(0.0)
        over.pump(0.0)
    with TestClient(create_app(db_file, bot_delay=0.0)) as server:
        hub = server.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.tables) == {others[None][0]}  # made before tables named their surface: the web's
        for surface in ("irc", "terminal"):
            assert server.get(f"/api/tables/{others[surface][0]}/state").status_code == 404
        assert server.get(f"/api/tables/{over.id}/record").status_code == 200
    with Store(db_file) as store:
        for surface in ("irc", "terminal"):
            table_id, version = others[surface]
            assert len(store.log(table_id)) == version  # nobody played on for them
