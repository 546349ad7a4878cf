"""The search tree of ISMCTS: nodes with visit, reward and availability counts.

A node is reached by a sequence of decisions (the searching seat's, and in turn-based games other
seats' when they are searched too); several determinizations share it. An action legal in some
determinizations and not in others is judged against how often it was *available*, not how often
its parent was visited (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search"), so rarely legal moves are not starved of exploration.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

Key = tuple[int, Hashable]
"""A decision: the seat that makes it, and its action."""


class Node:
    """Statistics of the decision that leads here: how often it was tried, available, and what it
    was worth to the seat that made it."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1

    def untried(self, keys: Sequence[Key]) -> list[Key]:
        """The keys among `keys` that have no child yet."""
        children = self.children
        return [k for k in keys if k not in children]

    def select(self, keys: Sequence[Key], c: float) -> Key:
        """The key with the best UCB score among `keys` (all already children); each one's
        availability goes up by one."""
        children = self.children
        best_key = keys[0]
        best = -math.inf
        log = math.log
        sqrt = math.sqrt
        for key in keys:
            child = children[key]
            child.avail += 1
            score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
            if score > best:
                best, best_key = score, key
        return best_key

    def size(self) -> int:
        """How many nodes the tree below (and including) this one holds."""
        return 1 + sum(child.size() for child in self.children.values())
