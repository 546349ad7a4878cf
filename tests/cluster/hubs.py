"""Two hubs of one site in one test process: each with its own store over one PostgreSQL
database, and a cluster over one bus."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from ionarena.cluster import Cluster
from ionarena.store import Store
from ionarena.web.hub import Hub


@contextlib.asynccontextmanager
async def two_hubs(pg_url: str, bus: str, **cluster: Any) -> AsyncIterator[tuple[list[Store], list[Hub]]]:
    """The stores and the opened hubs; `cluster`: the `Cluster`s' options (`ttl`, `every`).
    Both hubs are closed after (one the test closed already is left as it is), then the stores."""
    stores = [Store(pg_url), Store(pg_url)]
    hubs = [Hub(store, cluster=Cluster(store, bus, **cluster)) for store in stores]
    try:
        for hub in hubs:
            await hub.open()
        yield stores, hubs
    finally:
        for hub in hubs:
            if not hub.closed:
                await hub.close()
        for store in stores:
            store.close()
