"""What search needs to know about each game, beside the State protocol: its default budget, how far
rollouts go, how to judge a position a rollout stopped in, and where not to search.

`heuristics_for(game_id)` returns `agents/heuristics/<game_id>.py`'s `HEURISTICS`, or `GENERIC` for a
game without a module. Every function here reads only views of the (determinized) state it is given:
a determinized copy holds nothing but what the searching seat knows plus samples of the rest.

Values are per seat, in [0, 1], higher is better for that seat: 1 for a sure win. Final positions
are judged by `outcome`, positions a rollout was cut off in by `evaluate`. Both also get what the
game's `baseline` found in the same iteration's sample before any move was played (None without a
`baseline`), so that a long game can be judged by what changed since rather than by a margin that
drowns what one move does.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core import State, View

Values = list[float]


def win_outcome(state: State, start: object = None) -> Values:
    """A finished game: 1 shared among the winners; with no winner (a capped draw) 1/n each."""
    n = state.num_players
    winners = state.winners()
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    values = [0.0] * n
    for p in winners:
        values[p] = share
    return values


def softmax(strengths: Sequence[float]) -> Values:
    """Shares of 1 proportional to `exp(strength)`: a guess at each seat's chance to win."""
    top = max(strengths)
    weights = [math.exp(s - top) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]


def score_evaluate(state: State, start: object = None) -> Values:
    """A game cut off mid-way, judged by the public scores alone: the leader is likeliest to win."""
    scores = state.view(None)["scores"]
    spread = max(1.0, max(scores) - min(scores))
    return softmax([2.0 * s / spread for s in scores])


@dataclass(frozen=True)
class Heuristics:
    """A game's settings and judgements for search (see the module docstring)."""

    iterations: int = 300
    """Default budget: iterations a move (chosen so a move takes well under a second here)."""
    cutoff: int = 0
    """Rollout moves before `evaluate` judges the position; 0: play rollouts to the end."""
    variant_cutoff: dict[str, int] = field(default_factory=dict)
    """`cutoff` of the variants that need another (e.g. long tournaments)."""
    eps: float = 0.1
    """Randomness of the greedy rollout policy."""
    c: float = 0.7
    """UCB exploration constant."""
    opp: str = "policy"
    """Other seats' turns in turn-based games: `tree` (searched) or `policy` (the rollout policy)."""
    evaluate: Callable[[State, Any], Values] = score_evaluate
    """A non-final position's value per seat: `evaluate(state, start)`."""
    outcome: Callable[[State, Any], Values] = win_outcome
    """A final position's value per seat: `outcome(state, start)`."""
    baseline: Callable[[State], Any] | None = None
    """What `evaluate` and `outcome` compare against (`start`), judged on each iteration's fresh
    sample before any move."""
    keep: float = 0.0
    """Sequential halving keeps the rollout policy's own move unless another beat it by more than
    this many standard errors of their paired difference (0: the best mean wins)."""
    delegate: frozenset[str] = field(default_factory=frozenset)
    """Phases (the view's `phase`) in which the bot plays its rollout policy without searching."""
    pace: Callable[[View, float], float] | None = None
    """Timed games: how long after its turn began the bot moves, from its seat's view and its
    reaction time (bank: most of the move clock while its team leads); None: its reaction time."""
    pointless: frozenset[str] = field(default_factory=frozenset)
    """Texts of moves never worth searching or playing at random while another move is legal (bank's
    `skip`, a 1000-point penalty for nothing)."""

    def worth_trying(self, state: State, legal: list[Any]) -> list[Any]:
        """`legal` without the pointless moves (unless nothing else is left)."""
        if not self.pointless or len(legal) < 2:
            return legal
        kept = [a for a in legal if state.format_action(a) not in self.pointless]
        return kept or legal


    def cutoff_for(self, variant: str) -> int:
        """The default cutoff of `variant`."""
        return self.variant_cutoff.get(variant, self.cutoff)


GENERIC = Heuristics()
"""For a game without a heuristics module: play to the end, win or lose."""


@cache
def heuristics_for(game_id: str) -> Heuristics:
    """`game_id`'s heuristics, or `GENERIC`."""
    if not game_id.isidentifier():
        return GENERIC
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game_id}":
            raise
        return GENERIC
    found: Heuristics = module.HEURISTICS
    return found


__all__ = ["GENERIC", "Heuristics", "Values", "heuristics_for", "score_evaluate", "softmax", "win_outcome"]
