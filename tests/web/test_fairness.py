"""Bots at many tables take turns (`host.botpool`; issue: all untimed tables shared two bot threads,
and with `bot:ismcts:ms=3000` at four tables an unrelated player waited 15-20 s for a greedy
reply). A quick bot never waits behind a searching one, searching tables take turns within the
server's budget of search time, and real-time games' timeouts fire on time meanwhile.

Times on this shared machine stall now and then whatever the server does (load averages of 10-28
while other work runs), so each timing is checked twice: where each decision was thought (no
search ever in the lanes of quick bots and clocks: the structure that makes the times hold), and
the times themselves — the median within the issue's second (bank: half a second), and none as
long as one 3-second search, which is what waiting behind a search costs (before: 12-18 s)."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import ionarena
from ionarena.host import Update, botpool
from ionarena.host.botpool import QUICK, SEARCH, BotPool
from ionarena.host.bots import LATER
from ionarena.store import Store
from ionarena.web.hub import Hosted, Hub, SeatPlan
from ionarena.web.limits import Limits

HEAVY = "ismcts:ms=3000"


def on_hub(tmp_path: Path, body: Any, **limits: Any) -> Any:
    async def run() -> Any:
        with Store(f"sqlite:///{tmp_path / 'fair.sqlite3'}") as store:
            hub = Hub(store, limits=Limits(**limits), bot_delay=0.0)
            await hub.open()
            try:
                return await body(hub)
            finally:
                await hub.close()
    return asyncio.run(run())


async def heavy_tables(hub: Hub, game: str, count: int, players: int, **options: Any) -> list[Hosted]:
    """`count` tables of searching bots only, already thinking."""
    tables = []
    for _ in range(count):
        hosted, _ = await hub.create(game, players=players, variant=None,
                                     seats=[SeatPlan("bot", bot=HEAVY)] * players, options=options)
        tables.append(hosted)
    await asyncio.sleep(1.0)
    return tables


async def moved_past(hosted: Hosted, version: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while hosted.table.version <= version and hosted.table.status == "playing":
        assert time.monotonic() < deadline, "nothing moved"
        await asyncio.sleep(0.005)


@pytest.fixture
def lanes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(thread name, bot) of every bot decision thought from now on."""
    seen: list[tuple[str, str]] = []
    quick, searching = botpool.think, botpool.think_share

    def think(bot: str, *args: Any) -> Any:
        seen.append((threading.current_thread().name, bot))
        return quick(bot, *args)

    def think_share(bot: str, *args: Any) -> Any:
        seen.append((threading.current_thread().name, bot))
        return searching(bot, *args)

    monkeypatch.setattr(botpool, "think", think)
    monkeypatch.setattr(botpool, "think_share", think_share)
    return seen


def searched_only_in_their_lane(lanes: list[tuple[str, str]]) -> bool:
    searches = [name for name, bot in lanes if bot == HEAVY]
    return bool(searches) and all(name.startswith("ion-search") for name in searches)


def test_a_greedy_bot_replies_within_a_second_beside_four_tables_of_3_second_searches(
        tmp_path: Path, lanes: list[tuple[str, str]]) -> None:
    async def body(hub: Hub) -> list[float]:
        heavy = await heavy_tables(hub, "dots", 4, 2)
        before = [h.table.version for h in heavy]

        def took_turns() -> bool:
            return all(h.table.version > v for h, v in zip(heavy, before, strict=True))

        waited: list[float] = []
        give_up = time.monotonic() + 90
        while (len(waited) < 6 or not took_turns()) and time.monotonic() < give_up:
            hosted, _ = await hub.create("dots", players=2, variant=None,
                                         seats=[SeatPlan("human"), SeatPlan("bot", bot="greedy")])
            table = hosted.table
            while table.status == "playing":
                if 0 not in table.update(None).actors:
                    await moved_past(hosted, table.version)  # the greedy bot opened: not timed
                    continue
                version = table.version
                await hub.submit(hosted, 0, table.update(0).legal[0], version)
                started = time.monotonic()
                if 1 in table.update(None).actors:  # the greedy bot's turn (a draw may keep it ours)
                    await moved_past(hosted, version + 1)
                    waited.append(time.monotonic() - started)
        assert took_turns()  # every searching table moved meanwhile: they take turns in their lane
        return waited

    waited = on_hub(tmp_path, body, tables_rate="1000/minute")
    assert searched_only_in_their_lane(lanes)
    assert all(name.startswith(("ion-mover", "ion-quick", "ion-moves"))
               for name, bot in lanes if bot == "greedy")
    assert len(waited) >= 6 and statistics.median(waited) < 1.0 and max(waited) < 3.0, waited


def test_bank_timeouts_fire_on_time_while_bank_tables_of_searching_bots_think(
        tmp_path: Path, lanes: list[tuple[str, str]]) -> None:
    """Before, timed tables were pumped in two threads where their own bots also thought: a bank
    table of searching bots held a thread for most of each move clock."""
    async def body(hub: Hub) -> list[float]:
        await heavy_tables(hub, "bank", 3, 4, lobby=False)
        hosted, _ = await hub.create("bank", players=2, variant=None, seats=[SeatPlan("human")] * 2,
                                     options={"lobby": False, "move_time": 1.0})
        late: list[float] = []
        deadline: list[float | None] = [None]
        loop = asyncio.get_running_loop()

        def seen(update: Update) -> None:  # under the table's lock, at the moment of each change
            now = hub.clock()
            if deadline[0] is not None and any(e.kind == "timeout" for e in update.events):
                late.append(now - deadline[0])
            deadline[0] = update.deadline

        subscription = await loop.run_in_executor(None, hosted.table.subscribe, None, seen)
        give_up = time.monotonic() + 30
        while len(late) < 6 and time.monotonic() < give_up:  # a timeout a second: six, then done
            await asyncio.sleep(0.05)
        subscription.cancel()
        return late

    late = on_hub(tmp_path, body)
    assert searched_only_in_their_lane(lanes)
    assert len(late) >= 6 and statistics.median(late) < 0.5 and max(late) < 3.0, late


def test_the_pool_hands_a_search_to_its_own_lane_and_shares_out_the_search_budget() -> None:
    state = ionarena.make("dots", players=2, seed=3)
    seat = state.actors()[0]
    pool = BotPool(quick=1, clocks=1, slots=1)
    try:
        assert pool.submit(QUICK, pool.think, "ismcts:iters=5", "dots", seat, state, None).result() is LATER
        assert pool.submit(QUICK, pool.think, "greedy", "dots", seat, state, None).result() is not LATER
        assert pool.think("hard", "dots", seat, state, None) is LATER  # not a pool thread: a person's move
        assert pool.handed_on() and not pool.handed_on()
        move = pool.submit(SEARCH, pool.think, "ismcts:iters=5", "dots", seat, state, None).result()
        assert move in state.legal_actions(seat)
        assert pool.share() == 1.0
        pool._searching = 4  # four tables want to search, one slot: each gets a quarter of its budget
        assert pool.share() == 0.25
        pool._searching = 100
        assert pool.share() == 0.125
    finally:
        pool._searching = 0
        pool.close()


def test_searches_may_run_in_worker_processes() -> None:
    state = ionarena.make("dots", players=2, seed=3)
    seat = state.actors()[0]
    pool = BotPool(quick=1, clocks=1, slots=1, processes=1)
    try:
        move = pool.submit(SEARCH, pool.think, "ismcts:iters=5", "dots", seat, state, None)
        assert move.result(timeout=120) in state.legal_actions(seat)
    finally:
        pool.close()
