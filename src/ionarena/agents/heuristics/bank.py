"""Search settings and judgements for the bank game, from the public view only.

A game is about 1,200 steps, so rollouts stop after `CUTOFF` moves (about fifteen seconds of play)
and the position is judged by what changed since the search began: the seat's team margin (team
sums, and the pot counted for the pole the charge leans to) and, a little, the seat's own score,
through a logistic curve. Judging the change rather than the margin keeps a long game's lead from
drowning what one move does. The lobby (picking a team) and the shop are left to the greedy policy.
`skip` (-1000 points) and `:` (more time to think, which a bot does not need) are never searched.
"""

from __future__ import annotations

import math

from ...core import State, View
from . import Heuristics, Values

CUTOFF = 30
SCALE = 1500.0
"""Points of margin change worth one unit of log-odds."""
OWN_SHARE = 0.25
"""Weight of the seat's own score change beside its team's margin change."""
LEAN = 0.4
"""How much a fully charged lean toward a pole makes the pot count for that pole's team."""


def margins(view: View) -> tuple[list[float], list[float]]:
    """Per seat: its team's margin over the other team (pot counted by the charge's lean), and its
    own score."""
    table = view["table"]
    bank = table["bank"]
    full = bank["full_charge"] or 1
    lean = max(-1.0, min(1.0, bank["charge"] / full))
    pot = bank["pot"]
    sums = table["team_scores"]
    plus = sums["+"] - sums["-"] + pot * 2 * LEAN * lean
    sign = {"+": 1.0, "-": -1.0}
    team_margin = [sign.get(t, 0.0) * plus for t in table["teams"]]
    return team_margin, list(view["scores"])


def evaluate(state: State, root: View) -> Values:
    """Each seat's value: its team's margin and own score, as changed since the search began."""
    now_margin, now_scores = margins(state.view(None))
    root_margin, root_scores = margins(root)
    values = []
    for p in range(len(now_scores)):
        change = (now_margin[p] - root_margin[p]) + OWN_SHARE * (now_scores[p] - root_scores[p])
        values.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, change / SCALE)))))
    return values


HEURISTICS = Heuristics(iterations=150, cutoff=CUTOFF, eps=0.1, c=0.5, evaluate=evaluate, outcome=evaluate,
                        delegate=frozenset({"lobby", "shop"}), pointless=frozenset({"skip", ":"}))
