"""compound: pick rate and win rate of each card and tile, goal frequency and value, read from the
spectator's events.

Events used (see `EVENT_FIELDS` in the compound rules): `reveal` (the cards each player picked in a
turn and the tiles they used, public once everyone has picked), `center` (a centre card taken),
`round` (the round's goal cards) and `score` (each player's points of a round, `goals` among them).
Cards are counted as the reveal names them (a transition metal without its side). The unit of the
card and tile tables is a player-game; a player "won" when among the game's winners.

A goal's **value** is the mean goal points a player scored in the rounds where that goal was on the
table, minus the mean in the rounds where it was not: what having it in play adds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...core import State
from ..runner import GameResult
from .tables import Column, Section, Table, mean
from .usage import Unit, base_rate, usage_chart, usage_table


def collect(state: State) -> dict[str, Any]:
    """Per player: cards picked and tiles used; per round: its goals and each player's goal points."""
    n = state.num_players
    cards: list[dict[str, int]] = [{} for _ in range(n)]
    tiles: list[dict[str, int]] = [{} for _ in range(n)]
    rounds: list[dict[str, Any]] = []

    def add(counts: dict[str, int], name: str) -> None:
        counts[name] = counts.get(name, 0) + 1

    for event in state.events(None):
        data = event.data
        if event.kind == "reveal":
            for card in data.get("cards") or ():
                add(cards[data["player"]], str(card))
            for tile in data.get("tiles") or ():
                add(tiles[data["player"]], str(tile))
        elif event.kind == "center" and data.get("card") is not None:
            add(cards[data["player"]], str(data["card"]))
        elif event.kind == "round":
            rounds.append({"goals": list(data.get("goals") or ()), "goal_points": [0] * n})
        elif event.kind == "score" and rounds:
            rounds[-1]["goal_points"][data["player"]] = data["goals"]
    return {"cards": cards, "tiles": tiles, "rounds": rounds}


def _units(results: Sequence[GameResult], key: str) -> list[Unit]:
    return [(counts, seat in r.winners) for r in results
            for seat, counts in enumerate((r.facts or {}).get(key, []))]


def goal_table(results: Sequence[GameResult]) -> Table:
    """Per goal card: rounds it was in play, how often, and its value in goal points."""
    rounds = [rnd for r in results for rnd in (r.facts or {}).get("rounds", [])]
    goals = sorted({goal for rnd in rounds for goal in rnd["goals"]})
    rows: list[list[Any]] = []
    for goal in goals:
        with_goal = [p for rnd in rounds if goal in rnd["goals"] for p in rnd["goal_points"]]
        without = [p for rnd in rounds if goal not in rnd["goals"] for p in rnd["goal_points"]]
        appeared = sum(1 for rnd in rounds if goal in rnd["goals"])
        value = mean(with_goal) - mean(without) if with_goal and without else math.nan
        rows.append([goal, appeared, appeared / len(rounds), mean(with_goal), mean(without), value])
    rows.sort(key=lambda row: (math.isnan(row[5]), -row[5] if not math.isnan(row[5]) else 0.0, row[0]))
    return Table("Goal cards", [Column("goal"), Column("rounds", "int"), Column("frequency", "pct"),
                                Column("goal points with it", "float"), Column("without it", "float"),
                                Column("value", "float")], rows,
                 note=f"{len(rounds)} rounds. 'goal points': a player's points from goal cards in a round "
                      "(all goals of the round together); 'value': with it minus without it.")


def sections(results: Sequence[GameResult], players: int) -> list[Section]:
    """compound's own section: cards, tiles, goals."""
    games = len(results)
    card_units = _units(results, "cards")
    cards = usage_table("Cards picked", "card", card_units, games, note="Picks include centre cards taken.")
    tiles = usage_table("Tiles used", "tile", _units(results, "tiles"), games)
    text = (f"{games} games. Read from the spectator's events: `reveal` (picks and tiles), `center`, "
            "`round` (goals), `score`. A card's 'uses' are its picks.")
    rate = base_rate(card_units)
    return [Section("Cards, tiles and goals (compound)", text, [cards, tiles, goal_table(results)],
                    [usage_chart(tiles, "compound_tiles.png", "Tiles used", "tile", rate)])]
