"""Batch runs: thousands of seeded bot games, in one process or many, with identical results.

Game `i` of a run with seed `s` is seeded `derive_seed(s, "game", i)` and seat `k` plays the agent
`agents[k % len(agents)]`, so a run's results depend only on its configuration, never on how many
worker processes shared the work or in what order they finished.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core import derive_seed, get_spec
from ..core.record import from_state
from .driver import play_out


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: int = 100
    seed: int = 0
    variant: str | None = None
    reaction_times: tuple[float, ...] = (0.5,)
    options: dict[str, Any] = field(default_factory=dict)
    keep_records: bool = False

    def seat_agents(self) -> list[str]:
        """The agent name of each seat."""
        return [self.agents[k % len(self.agents)] for k in range(self.players)]

    def seat_reaction_times(self) -> list[float]:
        """The reaction time (timed games) of each seat, cycling like the agents."""
        return [self.reaction_times[k % len(self.reaction_times)] for k in range(self.players)]


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    index: int
    seed: int
    scores: list[float]
    winners: list[int]
    steps: int
    stats: dict[str, float]
    record: str | None = None


def game_seed(config: SimConfig, index: int) -> int:
    """The seed of game `index` of a run."""
    return derive_seed(config.seed, "game", index)


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game `index` of `config` to the end."""
    seed = game_seed(config, index)
    spec = get_spec(config.game)
    state = spec.make(players=config.players, seed=seed, variant=config.variant, **config.options)
    names = config.seat_agents()
    agents = [make_agent(name, config.game, seat, seed, reaction_time=rt)
              for seat, (name, rt) in enumerate(zip(names, config.seat_reaction_times(), strict=True))]
    steps = play_out(state, agents)
    text = from_state(state, agents=names).to_json() if config.keep_records else None
    return GameResult(index=index, seed=seed, scores=list(state.scores()), winners=list(state.winners()),
                      steps=steps, stats=dict(state.stats()), record=text)


def _play_chunk(args: tuple[SimConfig, int, int]) -> list[GameResult]:
    config, start, stop = args
    from .. import games  # workers started with "spawn" must register the games too
    games.load_all()
    return [play_one(config, i) for i in range(start, stop)]


def run(config: SimConfig, workers: int = 1,
        on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play every game of `config`; results in game order whatever `workers` is."""
    results = list(iter_results(config, workers))
    if on_result is not None:
        for result in results:
            on_result(result)
    return results


def iter_results(config: SimConfig, workers: int = 1, chunk: int = 0) -> Iterator[GameResult]:
    """Yield results in game order as they complete (for progress bars)."""
    if workers <= 1:
        for i in range(config.games):
            yield play_one(config, i)
        return
    size = chunk or max(1, min(50, config.games // (workers * 8) or 1))
    jobs = [(config, start, min(start + size, config.games)) for start in range(0, config.games, size)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        for batch in pool.imap(_play_chunk, jobs):
            yield from batch
