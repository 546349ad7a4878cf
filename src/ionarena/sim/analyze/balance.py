"""The sections every game's report has: seat advantage, scores, game length.

All of them read only `GameResult`s (scores, winners, steps, the game's `stats()` figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..runner import GameResult
from ..stats import wilson_interval
from .tables import SPREAD_COLUMNS, Chart, Column, Section, Table, spread_row


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with `df` degrees of freedom."""
    if statistic <= 0 or df <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # the series of the lower incomplete gamma function
        term = total = 1 / a
        k = 1
        while abs(term) > 1e-15 * abs(total) and k < 10_000:
            term *= x / (a + k)
            total += term
            k += 1
        return max(0.0, 1 - total * math.exp(log_front))
    # Lentz's continued fraction of the upper incomplete gamma function
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def seat_wins(results: Sequence[GameResult], players: int) -> list[int]:
    """How many games each seat won (a shared win counts for each sharer)."""
    wins = [0] * players
    for r in results:
        for seat in r.winners:
            wins[seat] += 1
    return wins


def seat_section(results: Sequence[GameResult], players: int, seat_agents: Sequence[str]) -> Section:
    """Win rate of each seat with Wilson intervals, against an even share; a chi-square test."""
    n = len(results)
    wins = seat_wins(results, players)
    shared = [sum(1 for r in results if s in r.winners and len(r.winners) > 1) for s in range(players)]
    total = sum(wins)
    even = total / (n * players) if n else 0.0
    rows: list[list[Any]] = []
    for seat in range(players):
        low, high = wilson_interval(wins[seat], n)
        verdict = "above" if low > even else "below" if high < even else "even"
        rows.append([f"seat {seat}", seat_agents[seat], n, wins[seat], shared[seat],
                     wins[seat] / n if n else 0.0, (low, high), verdict])
    table = Table("Wins by seat", [Column("seat"), Column("agent"), Column("games", "int"),
                                   Column("wins", "int"), Column("shared", "int"), Column("win rate", "pct"),
                                   Column("95% CI", "interval"), Column("vs even share")], rows,
                  note=f"Even share: {100 * even:.1f}% a seat (all wins ÷ seats). 'above'/'below': the "
                       "95% Wilson interval excludes the even share.")
    same_agent = len(set(seat_agents)) == 1
    if total and same_agent and players > 1:
        expected = total / players
        statistic = sum((w - expected) ** 2 / expected for w in wins)
        p = chi_square_sf(statistic, players - 1)
        best = max(range(players), key=lambda s: wins[s])
        worst = min(range(players), key=lambda s: wins[s])
        text = (f"Every seat is played by `{seat_agents[0]}`, so any difference is the seat's. Seat {best} "
                f"wins {100 * wins[best] / n:.1f}% of games, seat {worst} {100 * wins[worst] / n:.1f}% "
                f"(even share {100 * even:.1f}%). Chi-square test that all seats win equally often: "
                f"χ² = {statistic:.1f} on {players - 1} degrees of freedom, p = {p:.2g}"
                f"{' — the seats are not balanced' if p < 0.01 else ''}.")
    elif not same_agent:
        text = ("Seats hold different agents, so a seat's win rate mixes the seat's advantage with its "
                "agent's strength. Run with one agent in every seat (the default) to measure seats.")
    else:
        text = "No game had a winner."
    draws = sum(1 for r in results if not r.winners)
    text += f" {draws} of {n} games ended without a winner."
    labels = [f"seat {s}" for s in range(players)]

    def draw(path: Path) -> Path:
        from .. import plots
        return plots.interval_bars(path, f"Seat advantage ({n} games)", labels,
                                   [row[5] for row in rows], [row[6][0] for row in rows],
                                   [row[6][1] for row in rows], "games won (%)", "seat",
                                   reference=even, reference_label=f"even share {100 * even:.1f}%")

    chart = Chart("seat_advantage.png", "Win rate of each seat, 95% Wilson intervals", draw)
    return Section("Seat advantage", text, [table], [chart])


def score_section(results: Sequence[GameResult], players: int) -> Section:
    """The distribution of final scores by seat, and of the winners' scores."""
    by_seat = {f"seat {s}": [r.scores[s] for r in results] for s in range(players)}
    winning = [r.scores[s] for r in results for s in r.winners]
    rows = [spread_row(label, values) for label, values in by_seat.items()]
    rows.append(spread_row("winners", winning))
    table = Table("Final scores", [Column("who"), *SPREAD_COLUMNS], rows)

    def draw(path: Path) -> Path:
        from .. import plots
        return plots.distributions(path, f"Final scores by seat ({len(results)} games)",
                                   {**by_seat, "winners": winning}, "final score", "seat")

    return Section("Score distributions", "", [table],
                   [Chart("score_distribution.png",
                          "Final scores by seat, and the winners' scores: box = quartiles, whiskers = "
                          "5th–95th percentile, diamond = mean", draw)])


def length_section(results: Sequence[GameResult]) -> Section:
    """How long games last: steps (every applied action) and the game's own figures (turns, rounds)."""
    steps = [float(r.steps) for r in results]
    keys = sorted({key for r in results for key in r.stats})
    rows = [spread_row("steps", steps)]
    rows += [spread_row(key, [float(r.stats.get(key, 0.0)) for r in results]) for key in keys]
    table = Table("Game length", [Column("figure"), *SPREAD_COLUMNS], rows,
                  note="steps: every action applied, host clock ticks included; the other figures are "
                       "the game's own (`State.stats()`).")
    measure = "turns" if "turns" in keys else "steps"
    values = [float(r.stats["turns"]) for r in results] if measure == "turns" else steps

    def draw(path: Path) -> Path:
        from .. import plots
        return plots.histogram(path, f"Game length ({len(results)} games)", values, measure)

    return Section("Game length", "", [table], [Chart("game_length.png", f"Game length in {measure}", draw)])
