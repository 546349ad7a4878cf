"""The tables the crash test hosts: the same configuration in the child and for the reference."""

from __future__ import annotations

from typing import Any

from ionarena.host import Journal, Table, TableSettings
from ionarena.host.table import Clock


def bank_plays() -> bool:
    """True when the bank game can be played out by its greedy bots (it is being migrated)."""
    try:
        import ionarena
        from ionarena.agents import make_agent
        from ionarena.sim.driver import bot_step
        state = ionarena.make("bank", players=4, seed=1)
        agents = [make_agent("greedy", "bank", k, 1) for k in range(4)]
        for _ in range(60):
            bot_step(state, agents)
        return True
    except Exception:
        return False


CONFIGS: dict[str, dict[str, Any]] = {
    "dots-a": {"game": "dots", "players": 4, "seed": 101, "bots": "greedy"},
    "dots-b": {"game": "dots", "players": 3, "seed": 202, "bots": "random"},
    "ticker": {"game": "ticker", "players": 3, "seed": 303, "bots": "random@0.6",
               "options": {"turns": 40}},
    "bank": {"game": "bank", "players": 4, "seed": 404, "bots": "greedy",
             "options": {"rounds": 2, "round_time": 10.0, "shop_time": 3.0}},
}
GAMES = [name for name in CONFIGS if name != "bank" or bank_plays()]


def make_table(name: str, prefix: str, clock: Clock, journal: Journal | None = None) -> Table:
    """Table `name` of the crash test (bots in every seat; untimed bots wait 0.5 fake seconds)."""
    config = CONFIGS[name]
    return Table(config["game"], players=config["players"], seed=config["seed"],
                 bots={k: config["bots"] for k in range(config["players"])}, options=config.get("options"),
                 table_id=f"{prefix}-{name}", clock=clock, journal=journal,
                 settings=TableSettings(bot_delay=0.5))
