"""Two hubs of one process, each with its own store connections and its own part of a cluster,
over NATS (the servers' tests, `test_servers.py`, run over Redis): a table made at one is
mirrored at the other, a move made at the other is relayed to its owner, and the owner's move
reaches a subscriber of the mirror."""

from __future__ import annotations

import asyncio

from ionarena import games
from ionarena.cluster import Cluster
from ionarena.host import Update
from ionarena.store import Store
from ionarena.web.hub import Hub, SeatPlan


def test_over_nats_a_move_is_relayed_to_the_owner_and_followed_by_the_mirror(pg_url: str,
                                                                           nats_url: str) -> None:
    games.load_all()

    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        hubs = [Hub(store, cluster=Cluster(store, nats_url)) for store in stores]
        for hub in hubs:
            await hub.open()
        try:
            owner, other = hubs
            hosted, tokens = await owner.create("dots", players=2, variant=None,
                                                seats=[SeatPlan("human"), SeatPlan("human")])
            mirror = await other.find(hosted.id)
            assert mirror.remote == owner.cluster.node if owner.cluster else False
            heard: asyncio.Queue[Update] = asyncio.Queue()
            loop = asyncio.get_running_loop()
            mirror.table.subscribe(0, lambda update: loop.call_soon_threadsafe(heard.put_nowait, update))
            assert (await heard.get()).version == 0

            seat = mirror.table.update(None).actors[0]  # a move at the mirror: made at the owner
            text = mirror.table.update(seat).legal[0]
            update = await other.submit(mirror, seat, text, 0)
            assert update.version == 1 and hosted.table.version == 1
            assert (await asyncio.wait_for(heard.get(), 30)).version == 1

            seat = hosted.table.update(None).actors[0]  # a move at the owner: followed by the mirror
            await owner.submit(hosted, seat, hosted.table.update(seat).legal[0], 1)
            while (got := await asyncio.wait_for(heard.get(), 30)).version < 2:
                pass
            assert got.version == 2 and mirror.table.version == 2
            assert [e.text for e in stores[1].log(hosted.id)][0] == text
            assert tokens
        finally:
            for hub in hubs:
                await hub.close()
            for store in stores:
                store.close()

    asyncio.run(scenario())
