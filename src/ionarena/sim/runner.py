"""Batch runs: thousands of seeded bot games, in one process, many, or on Ray, with identical results.

Game `i` of a run with seed `s` is seeded `derive_seed(s, "game", i)` and seat `k` plays the agent
`agents[k % len(agents)]`, so a run's results depend only on its configuration, never on how many
worker processes (or which backend, see `sim.backends`) shared the work or in what order they finished.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core import State, derive_seed, get_spec
from ..core.record import from_state
from .backends import Backend, LocalBackend
from .driver import play_out

Observer = Callable[[State], dict[str, Any]]
"""Reads a finished game through the public API (its events, its views) into small JSON-ready facts."""


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

    def play(self, index: int) -> GameResult:
        """Play game `index` (a batch for `sim.backends`)."""
        return play_one(self, index)


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
    agents: tuple[str, ...] = ()
    """The agent spec of each seat in this game."""
    facts: dict[str, Any] | None = None
    """What an observer read from the finished game (analysis runs only)."""


def game_seed(config: SimConfig, index: int) -> int:
    """The seed of game `index` of a run."""
    return derive_seed(config.seed, "game", index)


def play_game(config: SimConfig, index: int, seed: int, seat_agents: Sequence[str],
              observe: Observer | None = None) -> GameResult:
    """Play one game of `config`'s game, variant and options with `seed` and these agents by seat."""
    spec = get_spec(config.game)
    state = spec.make(players=config.players, seed=seed, variant=config.variant, **config.options)
    names = list(seat_agents)
    agents = [make_agent(name, config.game, seat, seed, reaction_time=rt)
              for seat, (name, rt) in enumerate(zip(names, config.seat_reaction_times(), strict=True))]
    steps = play_out(state, agents)
    text = from_state(state, agents=names).to_json() if config.keep_records else None
    return GameResult(index=index, seed=seed, scores=list(state.scores()), winners=list(state.winners()),
                      steps=steps, stats=dict(state.stats()), record=text, agents=tuple(names),
                      facts=observe(state) if observe is not None else None)


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game `index` of `config` to the end."""
    return play_game(config, index, game_seed(config, index), config.seat_agents())


def run(config: SimConfig, workers: int = 1,
        on_result: Callable[[GameResult], None] | None = None,
        backend: Backend | None = None) -> list[GameResult]:
    """Play every game of `config`; results in game order whatever `workers` or `backend` is."""
    results = list(iter_results(config, workers, backend=backend))
    if on_result is not None:
        for result in results:
            on_result(result)
    return results


def iter_results(config: SimConfig, workers: int = 1, chunk: int = 0,
                 backend: Backend | None = None) -> Iterator[GameResult]:
    """Yield results in game order as they complete (for progress bars); `backend` defaults to
    `workers` local processes."""
    chosen = backend if backend is not None else LocalBackend(workers, chunk)
    yield from chosen.results(config)
