"""A web table's life (`web.lifecycle`): finished tables are let go however the game ended, waiting
tables expire, tables nobody is at are adjourned and resumed by their people, bots never play on
for nobody, and an operator's `ion tables close` reaches a running server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from ionarena.cli.main import app as ion
from ionarena.store import Store, schema
from ionarena.web import create_app
from ionarena.web.hub import Hub, SeatPlan
from ionarena.web.limits import Limits

from .conftest import auth, make_table

CAP = Limits().max_tables


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Poll `condition` until it is true (a deadlock detector, not a timing)."""
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)
    return result


def test_2100_games_that_end_on_a_persons_move_leave_room_for_one_more_table(tmp_path: Path) -> None:
    """Issue: a table whose last move was a person's was never let go, so once 2,000 were hosted
    every new table was refused until a restart. Here 2,100 games end on a person's move (two
    people, one-turn dots deals) on one hub with the real cap of 2,000 tables, and the sweep that
    also lets finished tables go is kept out of it, so only the move itself can free the room."""
    limits = Limits(tables_rate="1000000/minute", sweep_seconds=3600)

    async def play() -> tuple[int, int]:
        with Store(f"sqlite:///{tmp_path / 'many.sqlite3'}") as store:
            hub = Hub(store, limits=limits, bot_delay=0.0)
            await hub.open()
            try:
                for _ in range(CAP + 100):
                    hosted, _tokens = await hub.create("dots", players=2, variant=None,
                                                       seats=[SeatPlan("human"), SeatPlan("human")],
                                                       options={"turn_cap": 1})
                    table = hosted.table
                    while hosted.pumping:  # the table's first pump (nothing due) is over: as in a
                        await asyncio.sleep(0)  # long game, only the last move can see the end
                    while table.status == "playing":
                        seat = table.update(None).actors[0]
                        legal = table.update(seat).legal
                        move = next((m for m in legal if m.startswith("play")), legal[0])
                        await hub.submit(hosted, seat, move, table.version)
                    assert table.status == "over" and table.record().actions[-1][0] is not None
                one_more, _ = await hub.create("dots", players=2, variant=None,
                                               seats=[SeatPlan("human"), SeatPlan("bot")])
                return len(hub.tables), int(one_more.table.status == "playing")
            finally:
                await hub.close()

    hosted, started = asyncio.run(play())
    assert started == 1
    assert hosted <= limits.keep_finished + 1  # the finished tables beyond those kept were let go


class Clock:
    """A clock that only moves when told (the hub's; its timers still run on the loop's)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def on_hub(tmp_path: Path, clock: Clock, body: Callable[[Hub], Any], *, url: str | None = None,
           **limits: Any) -> Any:
    """Run `body(hub)` (a coroutine function) on an open hub over a store in `tmp_path` whose
    sweeps run only when the test asks (`hub.lifecycle.sweep()`)."""
    limits.setdefault("sweep_seconds", 3600)

    async def run() -> Any:
        with Store(url or f"sqlite:///{tmp_path / 'life.sqlite3'}") as store:
            hub = Hub(store, limits=Limits(**limits), bot_delay=0.0, clock=clock)
            await hub.open()
            try:
                return await body(hub)
            finally:
                await hub.close()

    return asyncio.run(run())


def stored_status(tmp_path: Path, table_id: str) -> str:
    with Store(f"sqlite:///{tmp_path / 'life.sqlite3'}") as store:
        return store.table_info(table_id).status


async def idle(hub: Hub) -> None:
    """Until no table's pump is running."""
    while any(h.pumping for h in list(hub.tables.values())):
        await asyncio.sleep(0.01)


def test_a_waiting_table_closes_when_nobody_has_sat_down_for_wait_minutes(tmp_path: Path) -> None:
    clock, wait = Clock(), 30 * 60.0

    async def body(hub: Hub) -> str:
        hosted, _ = await hub.create("dots", players=3, variant=None,
                                     seats=[SeatPlan("human"), SeatPlan("open"), SeatPlan("open")])
        clock.now += 0.6 * wait
        await hub.sit(hosted, 1, "Bea")  # a seat taken: the wait starts again
        clock.now += 0.6 * wait
        await hub.lifecycle.sweep()
        assert hosted.table.status == "waiting" and hosted.id in hub.tables
        clock.now += 0.5 * wait
        await hub.lifecycle.sweep()
        assert hosted.table.status == "abandoned" and hosted.id not in hub.tables
        return hosted.id

    table_id = on_hub(tmp_path, clock, body)
    assert stored_status(tmp_path, table_id) == "abandoned"


def test_waiting_tables_that_expired_while_the_server_was_down_are_not_resumed(tmp_path: Path) -> None:
    clock = Clock()

    async def make(hub: Hub) -> list[str]:
        seats = [SeatPlan("human"), SeatPlan("open")]
        return [(await hub.create("dots", players=2, variant=None, seats=seats, listed=listed))[0].id
                for listed in (True, False, True, True)]

    old, unlisted, older, fresh = on_hub(tmp_path, clock, make)
    with Store(f"sqlite:///{tmp_path / 'life.sqlite3'}") as store:  # two waited 31 minutes, one 20
        now = datetime.now(UTC)
        store.engine.dispose()
        with store.engine.begin() as conn:
            conn.execute(update(schema.tables).where(schema.tables.c.id.in_([old, unlisted]))
                         .values(updated_at=now - timedelta(minutes=31)))
            conn.execute(update(schema.tables).where(schema.tables.c.id == older)
                         .values(updated_at=now - timedelta(minutes=20)))

    async def reopen(hub: Hub) -> tuple[set[str], set[str]]:
        resumed = set(hub.tables)
        clock.now += 11 * 60  # 31 minutes for the one that had waited 20 when the server started
        await hub.lifecycle.sweep()
        return resumed, set(hub.tables)

    assert on_hub(tmp_path, clock, reopen) == ({older, fresh}, {fresh})
    statuses = [stored_status(tmp_path, t) for t in (old, unlisted, older, fresh)]
    assert statuses == ["abandoned", "abandoned", "abandoned", "waiting"]


def test_bots_wait_while_nobody_is_at_their_table_and_move_when_someone_looks(tmp_path: Path) -> None:
    clock = Clock()

    async def body(hub: Hub) -> None:
        hosted, _ = await hub.create("dots", players=2, variant=None, bot_delay=5.0,
                                     seats=[SeatPlan("bot", bot="greedy"), SeatPlan("bot", bot="greedy")])
        await idle(hub)
        table = hosted.table
        assert table.status == "playing" and table.version == 0  # the first bot is due in 5 s
        clock.now += hub.limits.presence_seconds + 5  # nobody came: the bot is due, nobody is there
        hub.kick(hosted)
        await idle(hub)
        assert table.version == 0 and hosted.dormant
        hub.touch(hosted)  # someone looks at the table
        await idle(hub)
        assert table.version >= 1 and not hosted.dormant

    on_hub(tmp_path, clock, body)


def test_a_table_nobody_is_at_is_adjourned_and_only_its_people_resume_it(tmp_path: Path) -> None:
    clock = Clock()

    async def body(hub: Hub) -> tuple[str, int]:
        hosted, tokens = await hub.create("dots", players=3, variant=None, seed=None,
                                          seats=[SeatPlan("human"), SeatPlan("human"), SeatPlan("bot")])
        await idle(hub)
        table = hosted.table
        version = table.version
        clock.now += 9 * 60
        await hub.lifecycle.sweep()
        assert table.status == "playing"  # untimed: ten idle minutes before it is adjourned
        clock.now += 61
        await hub.lifecycle.sweep()
        assert table.status == "adjourned" and hosted.id not in hub.tables
        again = await hub.find(hosted.id)  # read back from the store, still adjourned
        assert again is not hosted and again.table.status == "adjourned" and again.table.version == version
        await hub.attend(again, None)  # a spectator: people hold seats here, they decide
        assert again.table.status == "adjourned"
        seat = await hub.authenticate(again, tokens[1])
        await hub.attend(again, seat)
        assert again.table.status == "playing" and hub.tables[hosted.id] is again
        return hosted.id, version

    table_id, version = on_hub(tmp_path, clock, body)
    with Store(f"sqlite:///{tmp_path / 'life.sqlite3'}") as store:
        assert store.table_info(table_id).status == "playing" and len(store.log(table_id)) == version


def test_a_real_time_game_nobody_is_at_stops_its_clock_at_once(tmp_path: Path) -> None:
    clock = Clock()

    async def body(hub: Hub) -> None:
        hosted, tokens = await hub.create("bank", players=2, variant=None,
                                          seats=[SeatPlan("human"), SeatPlan("human")],
                                          options={"lobby": False, "move_time": 60.0})
        await idle(hub)
        table = hosted.table
        clock.now += 2.0
        frozen = table.game_time(clock.now)
        clock.now += hub.limits.presence_seconds
        await hub.lifecycle.sweep()  # no idle minutes for a game whose clock would run on
        assert table.status == "adjourned"
        clock.now += 3600  # an hour away: no timeout, no penalty
        again = await hub.find(hosted.id)
        await hub.attend(again, await hub.authenticate(again, tokens[0]))
        assert again.table.status == "playing"
        assert again.table.game_time(clock.now) <= frozen and again.table.version == table.version

    on_hub(tmp_path, clock, body)


def test_a_table_without_people_is_resumed_by_whoever_opens_it(tmp_path: Path) -> None:
    clock = Clock()

    async def body(hub: Hub) -> None:
        hosted, _ = await hub.create("dots", players=2, variant=None, bot_delay=60.0,
                                     seats=[SeatPlan("human"), SeatPlan("bot")])
        await hub.leave(hosted, 0)  # everyone left: a bot holds every seat
        clock.now += 11 * 60
        await hub.lifecycle.sweep()
        assert hosted.table.status == "adjourned"
        again = await hub.find(hosted.id)
        await hub.attend(again, None)
        assert again.table.status == "playing"

    on_hub(tmp_path, clock, body)


def test_a_table_an_operator_closes_in_the_store_stops_being_hosted(tmp_path: Path) -> None:
    clock = Clock()
    db = f"sqlite:///{tmp_path / 'life.sqlite3'}"

    async def body(hub: Hub) -> None:
        hosted, _ = await hub.create("dots", players=2, variant=None,
                                     seats=[SeatPlan("human"), SeatPlan("human")])
        listed = CliRunner().invoke(ion, ["tables", "list", "--db", db, "--status", "playing"])
        assert listed.exit_code == 0 and hosted.id in listed.output and "Player 0, Player 1" in listed.output
        closed = CliRunner().invoke(ion, ["tables", "close", hosted.id, "--db", db])
        assert closed.exit_code == 0 and "Closed 1 table" in closed.output
        await hub.lifecycle.sweep()
        assert hosted.table.status == "abandoned"
        again = CliRunner().invoke(ion, ["tables", "close", hosted.id, "--db", db])
        assert again.exit_code == 1 and "Not closed" in again.output

    on_hub(tmp_path, clock, body, url=db)


def test_the_lobby_lists_adjourned_tables_and_a_seats_link_resumes_one(db_file: str) -> None:
    limits = Limits(idle_minutes=0.005, presence_seconds=0.2, sweep_seconds=0.05)
    with TestClient(create_app(db_file, bot_delay=0.0, limits=limits)) as client:
        made = make_table(client, game="dots", players=2, seats=["human", "human"], names=["Ada", "Bea"])
        table, token = made["id"], made["seats"][1]["token"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        wait_for(lambda: table not in hub.tables, "the table adjourned and let go")
        lobby = client.get("/api/tables").json()
        assert table in {t["id"] for t in lobby["adjourned"]}
        assert client.get(f"/api/tables/{table}/state").json()["status"] == "adjourned"  # a spectator
        assert client.get(f"/api/tables/{table}/state", headers=auth(token)).json()["status"] == "playing"


def test_a_seats_chat_line_or_rematch_request_resumes_an_adjourned_table(db_file: str) -> None:
    """A seat's token resumes an adjourned table whatever it asks (api.py's promise): a chat line
    at the table itself, and a rematch request at the last game that hands its person a seat at
    the rematch (which was adjourned while nobody was at it)."""
    from .people import play_out

    limits = Limits(idle_minutes=0.005, presence_seconds=0.2, sweep_seconds=0.05)
    with TestClient(create_app(db_file, bot_delay=0.0, limits=limits)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = make_table(client, game="dots", players=2, seats=["human", "human"], names=["Ada", "Bea"])
        table, ada, bea = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        wait_for(lambda: table not in hub.tables, "the table adjourned and let go")
        said = client.post(f"/api/tables/{table}/chat", headers=auth(bea), json={"text": "back!"})
        assert said.status_code == 201, said.text
        assert client.get(f"/api/tables/{table}/state").json()["status"] == "playing"  # a spectator's look

        play_out(client, table, [ada, bea])
        first = client.post(f"/api/tables/{table}/rematch", headers=auth(ada)).json()
        client.post(f"/api/tables/{table}/rematch", headers=auth(bea))
        rematch = first["id"]
        assert client.get(f"/api/tables/{rematch}").json()["status"] == "playing"  # both came
        wait_for(lambda: rematch not in hub.tables, "the rematch adjourned and let go")
        again = client.post(f"/api/tables/{table}/rematch", headers=auth(ada))
        assert again.status_code == 201 and again.json()["id"] == rematch
        assert client.get(f"/api/tables/{rematch}").json()["status"] == "playing"
