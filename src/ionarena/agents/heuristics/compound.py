"""Search settings and judgements for Ion: A Compound Building Game, from the public view only.

Rollouts use the fast greedy policy (`agents/rollout/compound.py`) and stop after `CUTOFF` moves
(about three turns of four players). A position is judged by each player's points: the rounds
scored so far, the round being played as it would score now (compounds, noble gases and goal cards,
all face up) and the +2 a face-up Action Tile brings at the end.
"""

from __future__ import annotations

from ...core import State
from ...games.compound.scoring import round_breakdown
from ...games.compound.views import CompoundTable
from . import Heuristics, Values, softmax

POINTS_SCALE = 6.0
"""Points worth one unit of log-odds of winning."""
TILE_POINTS = 2
"""A face-up Action Tile at the end of the game."""
CUTOFF = 24


def standing(table: CompoundTable, scores: list[float], player: int) -> float:
    """`player`'s points if the game ended now (the round in play scored as it stands)."""
    points = scores[player]
    if len(table["round_scores"][player]) < table["round"]:  # this round is not scored yet
        goals = [g["id"] for g in table["goals"]]
        compounds = [c["cards"] for c in table["compounds"][player]]
        points += round_breakdown(goals, compounds, table["unbonded"][player])["total"]
    tiles = table["tiles"][player] if table["tiles"] else {}
    return points + TILE_POINTS * sum(1 for face in tiles.values() if face == "up")


def evaluate(state: State, start: object = None) -> Values:
    """Chances to win from the points each player would have now."""
    view = state.view(None)
    table, scores = view["table"], view["scores"]
    return softmax([standing(table, scores, p) / POINTS_SCALE for p in range(view["players"])])


HEURISTICS = Heuristics(iterations=150, cutoff=CUTOFF, eps=0.1, c=0.7, evaluate=evaluate,
                        delegate=frozenset({"rxn", "refresh"}))
