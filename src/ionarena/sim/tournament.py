"""Tournaments: agents given as spec strings play seeded games with fair seating, then get rated.

Seating rotates in blocks (`sim.seating`): every agent sits in every seat equally often. The games
of one **rotation** (the `m` games of a block when every agent plays, or the `n` rotations of one
subset of agents) are *duplicate* deals: they share one game seed, so each agent meets the same
shuffle from each seat and luck of the deal cancels out. Game `g` is seeded
`derive_seed(seed, "deal", g // rotation_length)`.

Results come back in game order from any backend (`sim.backends`), so ratings, which depend on the
order of games, are identical for any number of workers and on Ray.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core import IonError, derive_seed, get_spec
from . import seating as seats_mod
from .backends import Backend, LocalBackend
from .ratings import Pairing, Rating, pairwise, rate_games
from .runner import GameResult, SimConfig, play_game
from .stats import SeatStats, wilson_interval

MAX_BLOCK = 100_000
"""A fair block longer than this means far more agents than seats; refuse rather than run forever."""


@dataclass(frozen=True)
class Tournament:
    """A tournament: `config.agents` are the contestants; `config.games` is a whole number of blocks."""

    config: SimConfig

    @property
    def games(self) -> int:
        """How many games are played."""
        return self.config.games

    def rotation_length(self) -> int:
        """Games that share one deal (one rotation of one lineup)."""
        return min(len(self.config.agents), self.config.players)

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: the same for every game of a rotation (duplicate deals)."""
        return derive_seed(self.config.seed, "deal", index // self.rotation_length())

    def seat_agents(self, index: int) -> tuple[str, ...]:
        """Who sits where in game `index`."""
        return seats_mod.seating(self.config.agents, self.config.players, index)

    def play(self, index: int) -> GameResult:
        """Play game `index` (a batch for `sim.backends`)."""
        return play_game(self.config, index, self.game_seed(index), self.seat_agents(index))


def make_tournament(game: str, agents: Sequence[str], games: int, players: int | None = None,
                    seed: int = 0, variant: str | None = None, reaction_times: tuple[float, ...] = (0.5,),
                    options: dict[str, Any] | None = None) -> Tournament:
    """A checked tournament; `games` is rounded up to whole fair blocks. `IonError` for bad input."""
    spec = get_spec(game)
    n = spec.check_players(spec.default_players if players is None else players)
    names = tuple(agents)
    if len(names) < 2:
        raise IonError("a tournament needs at least two agents, e.g. --agents greedy,random")
    if len(set(names)) != len(names):
        raise IonError(f"each agent once, please: {', '.join(names)} names one twice")
    if games < 1:
        raise IonError("--games must be at least 1")
    block = seats_mod.block_size(len(names), n)
    if block > MAX_BLOCK:
        raise IonError(f"{len(names)} agents for {n} seats need blocks of {block} games to seat them "
                       f"fairly; use fewer agents or more players")
    config = SimConfig(game=game, players=n, agents=names,
                       games=seats_mod.games_in_blocks(games, len(names), n), seed=seed,
                       variant=spec.default_variant if variant is None else spec.check_variant(variant),
                       reaction_times=reaction_times, options=dict(options or {}))
    return Tournament(config)


@dataclass
class TournamentResult:
    """Everything `ion tournament` reports."""

    game: str
    variant: str | None
    players: int
    agents: list[str]
    games: int
    seed: int
    seating: str
    ratings: list[Rating]
    pairings: list[Pairing]
    seats: list[SeatStats]
    """Win rate of each agent in each seat."""
    draws: int
    mean_steps: float
    seconds: float
    games_per_second: float
    scores: dict[str, list[float]] = field(default_factory=dict)
    """Every final score of each agent's seats (for the score plot; left out of the JSON)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (without the raw score lists)."""
        data = asdict(self)
        del data["scores"]
        return data


def seat_table(agents: Sequence[str], players: int, results: Sequence[GameResult]) -> list[SeatStats]:
    """Each agent's wins in each seat, with Wilson intervals."""
    rows = []
    for agent in agents:
        for seat in range(players):
            played = [r for r in results if r.agents[seat] == agent]
            wins = sum(1 for r in played if seat in r.winners)
            shared = sum(1 for r in played if seat in r.winners and len(r.winners) > 1)
            low, high = wilson_interval(wins, len(played))
            mean = sum(r.scores[seat] for r in played) / len(played) if played else 0.0
            rows.append(SeatStats(label=f"seat {seat}", agent=agent, games=len(played), wins=wins,
                                  shared_wins=shared, win_rate=wins / len(played) if played else 0.0,
                                  ci_low=low, ci_high=high, mean_score=mean))
    return rows


def summarize(tournament: Tournament, results: Sequence[GameResult], seconds: float) -> TournamentResult:
    """Ratings, pairwise matrix and seat table of a finished tournament."""
    config = tournament.config
    agents = list(config.agents)
    games = [(r.agents, r.scores, r.winners) for r in results]
    scores: dict[str, list[float]] = {agent: [] for agent in agents}
    for r in results:
        for seat, agent in enumerate(r.agents):
            scores[agent].append(r.scores[seat])
    n = len(results)
    return TournamentResult(
        game=config.game, variant=config.variant, players=config.players, agents=agents, games=n,
        seed=config.seed, seating=seats_mod.describe(agents, config.players),
        ratings=rate_games(agents, games), pairings=pairwise(agents, games),
        seats=seat_table(agents, config.players, results), draws=sum(1 for r in results if not r.winners),
        mean_steps=sum(r.steps for r in results) / n if n else 0.0, seconds=seconds,
        games_per_second=n / seconds if seconds > 0 else 0.0, scores=scores)


def run_tournament(tournament: Tournament, backend: Backend | None = None,
                   on_result: Callable[[GameResult], None] | None = None) -> TournamentResult:
    """Play every game (on `backend`, default this process) and summarize."""
    start = time.perf_counter()
    results = []
    source: Iterable[GameResult] = (backend or LocalBackend()).results(tournament)
    for result in source:
        results.append(result)
        if on_result is not None:
            on_result(result)
    return summarize(tournament, results, time.perf_counter() - start)


def write_plots(result: TournamentResult, directory: Path) -> list[Path]:
    """`ratings.png`, `scores.png`, `pairwise.png` and `seats.png` in `directory`."""
    from . import plots
    plots.require()
    label = f"{result.game} ({result.variant}), {result.players} players, {result.games} games"
    order = [r.agent for r in result.ratings]
    paths = [
        plots.ratings_chart(directory / "ratings.png", f"Ratings — {label}", order,
                            [r.mu for r in result.ratings], [r.sigma for r in result.ratings]),
        plots.distributions(directory / "scores.png", f"Final scores by agent — {label}",
                            {agent: result.scores.get(agent, []) for agent in order},
                            "final score of a seat", "agent"),
        plots.matrix(directory / "pairwise.png", f"Head to head — {label}", order,
                     {(p.agent, p.opponent): p.win_rate for p in result.pairings},
                     {(p.agent, p.opponent): (p.ci_low, p.ci_high) for p in result.pairings}),
        plots.interval_bars(directory / "seats.png", f"Win rate by agent and seat — {label}",
                            [f"{s.agent}\n{s.label}" for s in result.seats],
                            [s.win_rate for s in result.seats], [s.ci_low for s in result.seats],
                            [s.ci_high for s in result.seats], "win rate (%)", "agent and seat",
                            reference=1 / result.players,
                            reference_label=f"one in {result.players} (1/players)"),
    ]
    return paths
