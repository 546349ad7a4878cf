"""`ISMCTSAgent`: the `ismcts` bot of every game (spec `ismcts[:iters=...,ms=...,c=...,...]`).

Budget: `iters` iterations a move (deterministic for the agent's seed: simulations and tests), or
`ms` milliseconds of wall clock (for people: not reproducible), or both (the first reached stops);
neither: the game's default iterations (`agents/heuristics/<game>.py`). At a table, where a timed
game runs on the wall clock (`realtime`, set by the table's host), the search also stops at 90% of
the seconds left on the move clock once the bot is due, so that a bot playing people always answers
inside its clock; simulations run in game time, where only the budget counts.

In a timed game the bot also chooses when to move (`delay`): after its reaction time, or as the
game's pace rule says (`Heuristics.pace`; bank: most of the move clock while its team leads), unless
`pace=off`.

The agent keeps only its settings and its own generator, so it pickles (for worker processes); it
builds a fresh tree for every decision.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import Action, State, derive_seed, get_spec
from ..base import Agent
from ..heuristics import Heuristics, heuristics_for
from ..policy import make_policy
from ..spec import has_greedy
from .search import Budget, Search, SearchStats

CLOCK_SHARE = 0.9
"""Share of the move clock's time left that a timed game's search may use (wall clock)."""


class ISMCTSAgent:
    """Information-set Monte Carlo tree search over determinizations (see `search.py`)."""

    name = "ismcts"

    def __init__(self, game_id: str, seed: int = 0, *, iters: int | None = None, ms: float | None = None,
                 c: float | None = None, eps: float | None = None, cutoff: int | None = None,
                 rollout: str | None = None, opp: str | None = None, root: str = "halving",
                 keep: float | None = None, pace: str = "on", reaction_time: float = 0.5):
        self.game_id = game_id
        self.rng = random.Random(seed)
        h = self.heuristics
        self.iters = iters if iters is not None or ms is not None else h.iterations
        self.ms = ms
        self.c = h.c if c is None else c
        self.eps = h.eps if eps is None else eps
        self.cutoff = cutoff
        self.rollout = rollout or ("fast" if has_greedy(game_id) else "random")
        self.opp = h.opp if opp is None else opp
        self.root = root
        self.keep = h.keep if keep is None else keep
        self.pace = pace
        self.reaction_time = reaction_time
        self.realtime = False
        """The game runs on the wall clock (a table): keep the search inside the move clock."""
        self.last: SearchStats | None = None
        """What the last search did."""
        self._policy: Agent | None = None

    @property
    def heuristics(self) -> Heuristics:
        """The game's search settings and judgements."""
        return heuristics_for(self.game_id)

    def settings(self) -> dict[str, Any]:
        """The effective settings (defaults filled in), for reports."""
        return {"iters": self.iters, "ms": self.ms, "c": self.c, "eps": self.eps, "cutoff": self.cutoff,
                "rollout": self.rollout, "opp": self.opp, "root": self.root, "keep": self.keep,
                "pace": self.pace}

    def act(self, state: State, player: int) -> Action | None:
        """The searched move of `player` (forced moves, the only move worth trying and the game's
        delegated phases: no search)."""
        h = self.heuristics
        legal = h.worth_trying(state, state.legal_actions(player))
        if len(legal) <= 1:
            return legal[0] if legal else None
        if h.delegate and state.view(player)["phase"] in h.delegate:
            return self.policy().act(state, player)
        search = self.search(state, player)
        action = search.run(self.budget(state, player))
        self.last = search.stats
        return action

    def search(self, state: State, player: int) -> Search:
        """A new search for `player`'s decision in `state` (not run yet)."""
        h = self.heuristics
        rt = self.reaction_time
        rollout, game_id, eps, n = self.rollout, self.game_id, self.eps, state.num_players

        def policies(seed: int) -> list[Agent]:
            return [make_policy(rollout, game_id, eps, derive_seed(seed, q), rt) for q in range(n)]
        cutoff = h.cutoff_for(state.variant) if self.cutoff is None else self.cutoff
        tree_opponents = self.opp == "tree" and not get_spec(self.game_id).simultaneous
        return Search(state, player, h, policies, random.Random(self.rng.getrandbits(64)), c=self.c,
                      cutoff=cutoff, tree_opponents=tree_opponents, reaction_time=rt, root=self.root,
                      keep=self.keep, default=self.policy() if self.keep else None)

    def delay(self, state: State, player: int) -> float:
        """Timed games: seconds after the game last changed that the bot moves (its reaction time,
        or the game's pace rule on `player`'s view)."""
        rule = self.heuristics.pace
        if rule is None or self.pace == "off":
            return self.reaction_time
        return rule(state.view(player), self.reaction_time)

    def budget(self, state: State, player: int | None = None) -> Budget:
        """This decision's budget: iterations and/or seconds (see the module docstring); `player`
        (the seat deciding) lets a real-time search count its clock from the moment it is due."""
        seconds = None if self.ms is None else self.ms / 1000
        deadline = state.deadline()
        if deadline is not None and self.realtime:
            due = state.now() + (self.delay(state, player) if player is not None else self.reaction_time)
            clock = max(0.01, CLOCK_SHARE * (deadline - due))
            seconds = clock if seconds is None else min(seconds, clock)
        return Budget(iterations=self.iters, seconds=seconds)

    def policy(self) -> Agent:
        """The agent's own rollout policy (for delegated phases)."""
        if self._policy is None:
            self._policy = make_policy(self.rollout, self.game_id, 0.0, self.rng.getrandbits(62),
                                       self.reaction_time)
        return self._policy
