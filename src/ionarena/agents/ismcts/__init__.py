"""ISMCTS: information-set Monte Carlo tree search, the `ismcts` agent of every game.

`agent.py` holds the bot and its budget, `search.py` one decision's search, `tree.py` the tree.
"""

from __future__ import annotations

from .agent import ISMCTSAgent
from .search import Budget, Search, SearchStats
from .tree import Node

__all__ = ["Budget", "ISMCTSAgent", "Node", "Search", "SearchStats"]
