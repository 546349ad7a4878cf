"""Statistics of a batch run: win rates with confidence intervals, mean scores, turns, speed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .runner import GameResult, SimConfig

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


@dataclass
class SeatStats:
    """One seat's (or one agent's, over its seats) results."""

    label: str
    agent: str
    games: int
    wins: int
    shared_wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


@dataclass
class Summary:
    """Everything `ion simulate` reports."""

    game: str
    variant: str | None
    players: int
    games: int
    seed: int
    seats: list[SeatStats]
    agents: list[SeatStats]
    draws: int
    mean_steps: float
    mean_stats: dict[str, float]
    seconds: float
    games_per_second: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def _stats(label: str, agent: str, results: Sequence[GameResult], seats: Sequence[int]) -> SeatStats:
    trials = len(results) * len(seats)
    wins = sum(1 for r in results for s in seats if s in r.winners)
    shared = sum(1 for r in results for s in seats if s in r.winners and len(r.winners) > 1)
    low, high = wilson_interval(wins, trials)
    mean = sum(r.scores[s] for r in results for s in seats) / trials if trials else 0.0
    return SeatStats(label=label, agent=agent, games=trials, wins=wins, shared_wins=shared,
                     win_rate=wins / trials if trials else 0.0, ci_low=low, ci_high=high, mean_score=mean)


def summarize(config: SimConfig, results: Sequence[GameResult], seconds: float) -> Summary:
    """Aggregate `results` of `config`. A game with no winner counts as a draw; shared wins count
    as a win for each sharer and are also reported separately."""
    names = config.seat_agents()
    seats = [_stats(f"seat {k}", names[k], results, [k]) for k in range(config.players)]
    agents = [_stats(name, name, results, [k for k in range(config.players) if names[k] == name])
              for name in dict.fromkeys(names)]
    n = len(results)
    keys = sorted({key for r in results for key in r.stats})
    mean_stats = {key: sum(r.stats.get(key, 0.0) for r in results) / n for key in keys} if n else {}
    return Summary(game=config.game, variant=config.variant, players=config.players, games=n,
                   seed=config.seed, seats=seats, agents=agents,
                   draws=sum(1 for r in results if not r.winners),
                   mean_steps=sum(r.steps for r in results) / n if n else 0.0, mean_stats=mean_stats,
                   seconds=seconds, games_per_second=n / seconds if seconds > 0 else 0.0)
