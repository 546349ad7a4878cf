"""Ratings and head-to-head results of a tournament: OpenSkill (Plackett-Luce) and a pairwise matrix.

A game's **finishing order** ranks its seats: the winners first, all tied (a shared win is a tie),
then the other seats by final score, highest first (equal scores tie). A game without a winner (a
draw, e.g. a turn cap) ranks every seat by score alone.

Ratings: every game updates an OpenSkill Plackett-Luce model, each seat a team of one, in game order
(so ratings are reproducible from the seed). When an agent holds several seats of one game (more
seats than agents), each of its seats is rated from the agent's rating before the game, and the
agent takes the mean of their updated `mu` and `sigma`. `mu` is the skill estimate, `sigma` its
uncertainty; `ordinal = mu - 3 sigma` is the conservative figure the table is sorted by, and the
plots draw `mu ± 2 sigma`.

Pairwise: for agents A and B, every game in which both sat compares each seat of A with each seat of
B; A beats B when A's seat finished ahead. The win rate counts a tie as half a win and carries a 95%
Wilson interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .stats import wilson_interval


def finishing_ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Rank of each seat (0 is first; equal ranks are ties): winners first, then by score."""
    won = set(winners)
    rest = sorted({scores[s] for s in range(len(scores)) if s not in won}, reverse=True)
    offset = 1 if won else 0
    place = {score: offset + i for i, score in enumerate(rest)}
    return [0 if s in won else place[scores[s]] for s in range(len(scores))]


@dataclass
class Rating:
    """One agent's rating after a tournament."""

    agent: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    """Games the agent sat in."""
    seats: int
    """Seats it held (more than `games` when it held several seats of a game)."""
    wins: int
    """Seats of it that won (a shared win counts for each sharer)."""
    shared_wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


@dataclass
class Pairing:
    """How often `agent` finished ahead of `opponent` where both sat."""

    agent: str
    opponent: str
    meetings: int
    wins: int
    ties: int
    losses: int
    win_rate: float
    ci_low: float
    ci_high: float


class RatingBook:
    """OpenSkill ratings of a fixed set of agents, updated one game at a time."""

    def __init__(self, agents: Sequence[str]):
        try:
            from openskill.models import PlackettLuce
        except ImportError:  # pragma: no cover - openskill is a core dependency
            raise ImportError("ratings need OpenSkill: pip install openskill") from None
        self.model = PlackettLuce()
        self.ratings = {agent: self.model.rating(name=agent) for agent in agents}

    def update(self, seat_agents: Sequence[str], ranks: Sequence[int]) -> None:
        """Rate one game: the agent of each seat and the seat's finishing rank."""
        if len(set(seat_agents)) < 2:
            return  # an agent against only itself learns nothing about its skill
        teams = [[self._copy(self.ratings[agent])] for agent in seat_agents]
        rated = self.model.rate(teams, ranks=list(ranks))
        updated: dict[str, list[tuple[float, float]]] = {}
        for agent, team in zip(seat_agents, rated, strict=True):
            updated.setdefault(agent, []).append((team[0].mu, team[0].sigma))
        for agent, values in updated.items():
            rating = self.ratings[agent]
            rating.mu = sum(mu for mu, _ in values) / len(values)
            rating.sigma = sum(sigma for _, sigma in values) / len(values)

    def _copy(self, rating: Any) -> Any:
        return self.model.rating(mu=rating.mu, sigma=rating.sigma, name=rating.name)

    def mu_sigma(self, agent: str) -> tuple[float, float]:
        """The current `(mu, sigma)` of `agent`."""
        rating = self.ratings[agent]
        return float(rating.mu), float(rating.sigma)


@dataclass
class _Tally:
    games: int = 0
    seats: int = 0
    wins: int = 0
    shared: int = 0
    score: float = 0.0


def rate_games(agents: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[float], Sequence[int]]]
               ) -> list[Rating]:
    """Ratings of `agents` from `(seat agents, scores, winners)` of each game in order, best first."""
    book = RatingBook(agents)
    tallies = {agent: _Tally() for agent in agents}
    for seat_agents, scores, winners in games:
        book.update(seat_agents, finishing_ranks(scores, winners))
        for agent in set(seat_agents):
            tallies[agent].games += 1
        for seat, agent in enumerate(seat_agents):
            tally = tallies[agent]
            tally.seats += 1
            tally.score += scores[seat]
            if seat in winners:
                tally.wins += 1
                tally.shared += len(winners) > 1
    ratings = []
    for agent in agents:
        mu, sigma = book.mu_sigma(agent)
        tally = tallies[agent]
        low, high = wilson_interval(tally.wins, tally.seats)
        ratings.append(Rating(agent=agent, mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, games=tally.games,
                              seats=tally.seats, wins=tally.wins, shared_wins=tally.shared,
                              win_rate=tally.wins / tally.seats if tally.seats else 0.0,
                              ci_low=low, ci_high=high,
                              mean_score=tally.score / tally.seats if tally.seats else 0.0))
    ratings.sort(key=lambda r: (-r.ordinal, r.agent))
    return ratings


def pairwise(agents: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[float], Sequence[int]]]
             ) -> list[Pairing]:
    """Every ordered pair of distinct agents that met, row agent first, in `agents` order."""
    counts: dict[tuple[str, str], list[int]] = {}
    for seat_agents, scores, winners in games:
        ranks = finishing_ranks(scores, winners)
        for s, a in enumerate(seat_agents):
            for t, b in enumerate(seat_agents):
                if a == b:
                    continue
                tally = counts.setdefault((a, b), [0, 0, 0])
                tally[0 if ranks[s] < ranks[t] else 1 if ranks[s] == ranks[t] else 2] += 1
    pairings = []
    for a in agents:
        for b in agents:
            if (a, b) not in counts:
                continue
            wins, ties, losses = counts[a, b]
            meetings = wins + ties + losses
            low, high = wilson_interval(wins + ties / 2, meetings)
            pairings.append(Pairing(agent=a, opponent=b, meetings=meetings, wins=wins, ties=ties,
                                    losses=losses, win_rate=(wins + ties / 2) / meetings,
                                    ci_low=low, ci_high=high))
    return pairings


def to_dicts(items: Sequence[Rating] | Sequence[Pairing]) -> list[dict[str, Any]]:
    """JSON-ready rows."""
    return [asdict(item) for item in items]
