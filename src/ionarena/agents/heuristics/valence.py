"""Search settings and judgements for Science Ninjas: Valence, from the public view only.

The first to 10 points wins. Rollouts stop after `CUTOFF` moves (a few turns) and the position is
judged by the stash points everyone can see: the closer to 10, the likelier to win. Cooperative
games (everyone wins or loses together) play rollouts to the end.
"""

from __future__ import annotations

from ...core import State
from . import Heuristics, Values, softmax

POINT_WEIGHT = 0.5
"""Log-odds of winning per stash point."""
CUTOFF = 40


def evaluate(state: State, start: object = None) -> Values:
    """Chances to win from the stash points."""
    return softmax([POINT_WEIGHT * s for s in state.view(None)["scores"]])


HEURISTICS = Heuristics(iterations=300, cutoff=CUTOFF, variant_cutoff={"cooperative": 0}, eps=0.1, c=0.7,
                        evaluate=evaluate, delegate=frozenset({"place"}))
