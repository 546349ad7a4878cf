"""Several `ion serve` processes as one site: one PostgreSQL store, one message bus.

    ion serve --db postgresql://…/ion --bus redis://127.0.0.1:6379 --port 8001
    ion serve --db postgresql://…/ion --bus redis://127.0.0.1:6379 --port 8002   # any number

Any process accepts any page, API call or WebSocket. Each running table is owned by exactly one
process at a time (`lease`: a row in PostgreSQL, renewed while the owner lives); the others keep
a mirror of it while people there watch it (`host.mirror`), fed by what the owner announces on
the bus after each commit (`journal`); a move, a seat taken, a bot seated at another process is
relayed to the owner (`relay`) and answered once the mirror has caught up. When an owner dies,
its leases run out and the others take its tables over from the store (`node`). The picture
and each failure: docs/architecture.md, "Several servers".
"""

from __future__ import annotations

from .bus import Bus, BusError, open_bus
from .node import Cluster, ServerAway

__all__ = ["Bus", "BusError", "Cluster", "ServerAway", "open_bus"]
