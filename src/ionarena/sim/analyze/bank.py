"""bank: win rate by team size, and the usefulness of each object, read from the spectator's events.

Events used (see `EVENT_FIELDS` in the bank rules): `join` and `rebalance` (each player's team),
`game_over` (the winning team), `play` (`times` 2/3: [×2]/[×3]; `wild`), the object events `pass`
[S], `reverse` [R], `move_time` [:], `round_time` [+:]/[-:], `invincible` [*], `swap` [X], `combine`
[&], `take` [T], the received `instant` points and powerdowns and `lose_next` [L], and the penalties
`timeout` and `skip`. The unit is a player-game; a player "won" when they have the highest
individual score (the game's winners).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import State
from ..runner import GameResult
from ..stats import wilson_interval
from .tables import Column, Section, Table
from .usage import Unit, base_rate, usage_chart, usage_table

USES = {"pass": "[S] Skip", "reverse": "[R] Reverse", "move_time": "[:] Move Time",
        "invincible": "[*] Invincible", "swap": "[X] Swap", "combine": "[&] Combine", "take": "[T] Take",
        "lose_next": "[L] lose a turn (received)", "timeout": "timeout (-1000)", "skip": "typed skip (-1000)"}


def object_labels(kind: str, data: dict[str, Any]) -> list[str]:
    """The objects (or penalty) an event shows a player using or receiving: `x2 ?? +` is both a
    [×2] and a [??] Wild."""
    if kind == "play":
        labels = [f"[{'?' * min(3, len(str(data['card'])))}] Wild"] if data["wild"] else []
        multiplier = {2: "[×2] Double", 3: "[×3] Triple"}.get(data["times"])
        return [*labels, multiplier] if multiplier else labels
    if kind == "round_time":
        return ["[+:] Round Time +" if data["seconds"] > 0 else "[-:] Round Time -"]
    if kind == "instant":
        return [f"[{data['object']}] (received)"]
    return [USES[kind]] if kind in USES else []


def collect(state: State) -> dict[str, Any]:
    """Each player's team and object uses, and the winning team."""
    teams: list[str | None] = [None] * state.num_players
    uses: list[dict[str, int]] = [{} for _ in range(state.num_players)]
    winning_team = None
    for event in state.events(None):
        data = event.data
        if event.kind in ("join", "rebalance"):
            teams[data["player"]] = data["team"]
        elif event.kind == "game_over":
            winning_team = data["team"]
        elif data.get("player") is not None:
            for label in object_labels(event.kind, data):
                counts = uses[data["player"]]
                counts[label] = counts.get(label, 0) + 1
    return {"teams": teams, "uses": uses, "winning_team": winning_team}


def team_table(results: Sequence[GameResult], by: str = "size") -> Table:
    """Per team size (`by="size"`) or team (`by="team"`): player-games, individual win rate and team
    win rate, with 95% intervals."""
    tallies: dict[Any, list[int]] = {}
    for r in results:
        facts = r.facts or {}
        teams = facts.get("teams", [])
        for seat, team in enumerate(teams):
            if team is None:
                continue
            key = sum(1 for t in teams if t == team) if by == "size" else team
            tally = tallies.setdefault(key, [0, 0, 0])
            tally[0] += 1
            tally[1] += seat in r.winners
            tally[2] += facts.get("winning_team") == team
    rows: list[list[Any]] = []
    for key in sorted(tallies):
        n, wins, team_wins = tallies[key]
        rows.append([key, n, wins / n, wilson_interval(wins, n), team_wins / n,
                     wilson_interval(team_wins, n)])
    first = Column("team size", "int") if by == "size" else Column("team")
    return Table(f"Win rate by {'team size' if by == 'size' else 'team'}",
                 [first, Column("player-games", "int"), Column("player wins", "pct"),
                  Column("95% CI", "interval"), Column("team wins", "pct"),
                  Column("95% CI (team)", "interval")], rows,
                 note="'player wins': the player had the highest score; 'team wins': the player's team had "
                      "the larger sum (a tie is no team win). Teams as they started (after rebalancing).")


def sections(results: Sequence[GameResult], players: int) -> list[Section]:
    """bank's own sections: teams, then objects."""
    units: list[Unit] = [(uses, seat in r.winners) for r in results
                         for seat, uses in enumerate((r.facts or {}).get("uses", []))]
    objects = usage_table("Usefulness of each object", "object", units, len(results),
                          note="Objects used by choice, bonuses and powerdowns received, and penalties.")
    text = (f"{len(results)} games. Read from the spectator's events: `join`/`rebalance`, `game_over`, "
            "`play` (×2, ×3, wild) and one event per object used or received.")
    tables = [team_table(results), team_table(results, by="team"), objects]
    return [Section("Teams and objects (bank)", text, tables,
                    [usage_chart(objects, "bank_objects.png", "Usefulness of each object", "object",
                                 base_rate(units))])]
