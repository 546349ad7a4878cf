"""Bot levels for people: the one place where `easy`, `medium` and `hard` are mapped to agent specs.

Measured per game with `ion simulate` (seats swapped): hard beats medium beats easy beats random
(figures in docs/bots.md). `hard` is ISMCTS at each game's default budget (at most about a second a
move on a 2-core machine; see `agents/heuristics/<game>.py`).
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    "easy": "greedy:eps=0.5",
    "medium": "greedy",
    "hard": "ismcts",
}
"""Level name -> agent spec."""
