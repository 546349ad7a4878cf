"""Search settings and judgements for ION: Card Game (dots), from the public view only.

A quick game is short (about 40 greedy moves), so rollouts play to the end. In a tournament a
rollout stops after `TOURNAMENT_CUTOFF` moves and the position is judged by the points scored so far
and the cards each player still holds: fewer cards, likelier to go out and score the others' hands.
"""

from __future__ import annotations

from ...core import State
from . import Heuristics, Values, softmax

CARD_WEIGHT = 0.6
"""How much one card more in hand lowers a player's chances (in log-odds)."""
POINTS_SCALE = 150.0
"""Tournament points worth one unit of log-odds (a game is to 1000)."""
TOURNAMENT_CUTOFF = 60


def evaluate(state: State, start: object = None) -> Values:
    """Chances to win from the hand sizes (and, in a tournament, the points) everyone can see."""
    view = state.view(None)
    sizes = view["table"]["hand_sizes"]
    scores = view["scores"]
    return softmax([s / POINTS_SCALE - CARD_WEIGHT * size for s, size in zip(scores, sizes, strict=True)])


HEURISTICS = Heuristics(iterations=800, cutoff=0, variant_cutoff={"tournament": TOURNAMENT_CUTOFF},
                        eps=0.1, c=0.7, evaluate=evaluate)
