"""Search settings and judgements for the bank game, from views only.

A game is about 1,200 steps and a dump swings thousands of points on the luck of the draw, so
rollouts are short: `CUTOFF` moves (the table answers the bot's move and it is the bot's turn
again), after which the position is judged by what changed since the rollout's sample was drawn
(the same sample of hidden hands and objects on both sides of the comparison):

- each team's margin: the team sums, the held objects and coins at what they cost in the shop
  (`POINTS_PER_COIN` each), and the pot counted for the pole the charge leans to, as far as it
  leans: a charge of c out of a full 10 makes a dump at +10 likelier than one at -10 by c/10 (the
  chances of a fair race between two poles), fading to nothing in the last seconds of a round,
  when the pot is split among everyone (a seat's own score is not counted apart: the rulebook's
  winner is a team, and a split pot must judge as level);

through a logistic curve (`SCALE`). Judging the change rather than the margin keeps a long game's
lead from drowning what one move does. The lobby (picking a team) and the shop are left to the
greedy policy; `skip` (-1000 points) and `:` (more time to think, which a bot does not need) are
never searched.

The bot also chooses when to move (`pace`): while its team leads, it takes most of its move clock
(all but `PACE_MARGIN` seconds of it, at most `PACE_LONGEST`), so the round holds fewer moves, and
fewer dumps, for the trailing team to catch up with; otherwise it moves after its reaction time. A
team's lead is public (the team sums), so this reads nothing hidden. In one-round games of 4
players this rule alone took a greedy team from even to winning 64% of games against a greedy
team (docs/bots.md).
"""

from __future__ import annotations

import math

from ...core import State, View
from ...games.bank.cards import OBJECTS, parse_kind
from . import Heuristics, Values

CUTOFF = 6
SCALE = 400.0
"""Points of margin change worth one unit of log-odds."""
ENDGAME = 20.0
"""Seconds before a round's end over which the pot's lean fades (then it is split evenly)."""
POINTS_PER_COIN = 20.0
"""What a coin (and, at its shop price, an object) is worth in points."""


def object_worth(token: str, units: int) -> float:
    """What `units` held objects of the kind `token` are worth, at their shop price."""
    kind = parse_kind(token)
    price = OBJECTS[kind].price if kind is not None else None
    return units * (price or 0) * POINTS_PER_COIN


def holdings(view: View) -> float:
    """The worth of a seat's coins and objects, from its own view."""
    you = view["table"]
    return you.get("coins", 0) * POINTS_PER_COIN + sum(object_worth(t, u) for t, u in
                                                       you.get("inventory", {}).items())


def standing(state: State) -> tuple[list[float], list[float]]:
    """Per seat: its team's margin over the other team (holdings and the pot's lean included) and its
    own score."""
    public = state.view(None)
    table = public["table"]
    bank = table["bank"]
    time_left = (table["round_ends_at"] or 0.0) - (public["now"] or 0.0)
    fade = max(0.0, min(1.0, time_left / ENDGAME))
    lean = max(-1.0, min(1.0, bank["charge"] / (bank["full_charge"] or 1))) * fade
    teams = table["teams"]
    sign = {"+": 1.0, "-": -1.0}
    plus = bank["pot"] * lean
    for p, team in enumerate(teams):
        if not table["quit"][p]:
            plus += sign.get(team, 0.0) * (public["scores"][p] + holdings(state.view(p)))
    return [sign.get(t, 0.0) * plus for t in teams], list(public["scores"])


def evaluate(state: State, start: object) -> Values:
    """Each seat's value: its team's margin, as changed since `start` (the standing of the
    iteration's sample before any move, from `standing`)."""
    now_margin, now_scores = standing(state)
    assert isinstance(start, tuple), "the standing `start_value` gave at the iteration's start"
    root_margin: list[float] = start[0]
    values = []
    for p in range(len(now_scores)):
        change = now_margin[p] - root_margin[p]
        values.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, change / SCALE)))))
    return values


PACE_MARGIN = 0.5
"""Seconds of the move clock a leading bot leaves unused (the rulebook's move time is 3 s)."""
PACE_LONGEST = 2.5
"""The longest a leading bot takes, however long the move clock (a table may give 6 s or more to
beginners: the bot does not keep them waiting for it)."""


def pace(view: View, reaction_time: float) -> float:
    """Seconds after the game last changed that the bot moves: while its team leads in the play
    phase, all of its move clock but `PACE_MARGIN` (at most `PACE_LONGEST`); else its reaction
    time."""
    table = view["table"]
    seat = view["seat"]
    if view["phase"] != "play" or seat is None or view["deadline"] is None or view["now"] is None:
        return reaction_time
    team = table["teams"][seat]
    other = "-" if team == "+" else "+"
    sums = table["team_scores"]
    if team not in sums or sums[team] <= sums[other]:
        return reaction_time
    return max(reaction_time, min(PACE_LONGEST, view["deadline"] - view["now"] - PACE_MARGIN))


KEEP = 2.0
"""Greedy's own move stays unless the search found another better by two standard errors: a dump
swings thousands of points on the luck of a short rollout, and a move chosen by the best mean of a
few noisy rounds played worse than greedy's (docs/bots.md)."""

HEURISTICS = Heuristics(iterations=150, cutoff=CUTOFF, eps=0.1, c=0.3, keep=KEEP, baseline=standing,
                        evaluate=evaluate,
                        outcome=evaluate, pace=pace,
                        delegate=frozenset({"lobby", "shop"}), pointless=frozenset({"skip", ":"}))
