"""dots: the value of each card kind, read from the spectator's events.

The unit is a **player-deal**: one player in one deal (a quick game is one deal; a tournament game
has several). From the events (`deal`, `play`, `double_joker`, `deal_end`; see `EVENT_FIELDS` in
the dots rules) we know which kinds of card each player played in each deal and who won it with how
many points. A card kind's table row compares the deals a player played it in with the deals they
did not. Playing more cards goes with winning (the winner sheds a whole hand), so every kind shows
some lift; the comparison between kinds is what tells their value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core import State
from ..runner import GameResult
from ..stats import wilson_interval
from .tables import Chart, Column, Section, Table
from .usage import MIN_GROUP


def card_kind(card: str) -> str:
    """The kind of a card as players type it: `gift 3|4` -> `gift`, `3|4` -> `number`."""
    head, space, _ = card.partition(" ")
    return head if space else "number"


def collect(state: State) -> dict[str, Any]:
    """Per deal: the card kinds each player played (counts), the deal's winner and points."""
    deals: list[dict[str, Any]] = []
    for event in state.events(None):
        data = event.data
        if event.kind == "deal":
            deals.append({"played": [{} for _ in range(state.num_players)], "winner": None, "points": 0})
        elif event.kind in ("play", "double_joker"):
            kind = card_kind(data["card"]) if event.kind == "play" else "dj"
            played = deals[-1]["played"][data["player"]]
            played[kind] = played.get(kind, 0) + 1
        elif event.kind == "deal_end":
            deals[-1]["winner"] = data["player"]
            deals[-1]["points"] = data["points"]
    return {"deals": deals}


def card_table(results: Sequence[GameResult]) -> Table:
    """One row per card kind: plays a deal, how often played, win rate when played and when not."""
    deals = [deal for r in results for deal in (r.facts or {}).get("deals", [])]
    kinds = sorted({kind for deal in deals for hand in deal["played"] for kind in hand})
    player_deals = sum(len(deal["played"]) for deal in deals)
    rows = []
    for kind in kinds:
        plays = with_kind = wins_with = wins_without = 0
        points_with: list[int] = []
        for deal in deals:
            for player, hand in enumerate(deal["played"]):
                won = deal["winner"] == player
                if kind in hand:
                    plays += hand[kind]
                    with_kind += 1
                    wins_with += won
                    if won:
                        points_with.append(deal["points"])
                else:
                    wins_without += won
        without = player_deals - with_kind
        rate_with = wins_with / with_kind if with_kind else float("nan")
        rate_without = wins_without / without if without else float("nan")
        lift = rate_with - rate_without if min(with_kind, without) >= MIN_GROUP else math.nan
        rows.append([kind, plays / len(deals) if deals else 0.0,
                     with_kind / player_deals if player_deals else 0.0, with_kind, rate_with,
                     wilson_interval(wins_with, with_kind), rate_without, lift,
                     sum(points_with) / len(points_with) if points_with else float("nan")])
    rows.sort(key=lambda row: (math.isnan(row[7]), -row[7] if not math.isnan(row[7]) else 0.0, row[0]))
    columns = [Column("card kind"), Column("plays a deal", "float"), Column("played in", "pct"),
               Column("n", "int"), Column("win rate if played", "pct"), Column("95% CI", "interval"),
               Column("win rate if not", "pct"), Column("lift", "pp"), Column("points when won", "float")]
    return Table("Value of each card kind", columns, rows,
                 note=f"{len(deals)} deals, {player_deals} player-deals. 'played in' (n): the "
                      "player-deals in which the player played at least one card of the kind; 'lift': "
                      f"win rate if played minus win rate if not (a dash with fewer than {MIN_GROUP} on a "
                      "side); 'points when won': mean points of the deals won by a player who played it. "
                      "dj = Double Joker.")


def sections(results: Sequence[GameResult], players: int) -> list[Section]:
    """dots' own section."""
    deals = [deal for r in results for deal in (r.facts or {}).get("deals", [])]
    undecided = sum(1 for deal in deals if deal["winner"] is None)
    text = (f"{len(deals)} deals in {len(results)} games; {undecided} deals ended by the turn cap without "
            "a winner. Read from the spectator's events: `play` (card), `double_joker`, `deal_end`.")
    table = card_table(results)
    player_deals = sum(len(deal["played"]) for deal in deals)
    overall = (len(deals) - undecided) / player_deals if player_deals else 0.0

    def draw(path: Path) -> Path:
        from .. import plots
        return plots.interval_bars(path, f"Win rate with each card kind played ({len(deals)} deals)",
                                   table.column("card kind"), table.column("win rate if played"),
                                   [ci[0] for ci in table.column("95% CI")],
                                   [ci[1] for ci in table.column("95% CI")], "deals won (%)",
                                   "card kind played at least once in the deal",
                                   reference=overall,
                                   reference_label=f"all player-deals {100 * overall:.1f}%")

    chart = Chart("dots_card_kinds.png", "Win rate when a card kind was played, 95% Wilson intervals", draw)
    return [Section("Card kinds (dots)", text, [table], [chart])]
