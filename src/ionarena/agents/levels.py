"""Bot levels for people: the one place where `easy`, `medium` and `hard` are mapped to agent specs.

Measured per game with `ion tournament` (2 players, seats swapped every game): hard beats medium
beats easy beats random (figures in docs/bots.md). `hard` is ISMCTS at each game's default budget
(at most about a second a move on a 2-core machine; see `agents/heuristics/<game>.py`), except
where a game's own mapping says otherwise (`GAME_LEVELS`).
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    "easy": "greedy:eps=0.5",
    "medium": "greedy",
    "hard": "ismcts",
}
"""Level name -> agent spec."""

GAME_LEVELS: dict[str, dict[str, str]] = {}
"""Game id -> the levels whose spec differs in that game (none today: until ISMCTS learned to pace
itself, bank's hard bot was its greedy bot; docs/bots.md)."""


def level_spec(level: str, game_id: str | None = None) -> str:
    """The agent spec `level` stands for in `game_id` (or in general, without a game)."""
    return GAME_LEVELS.get(game_id or "", {}).get(level, LEVELS[level])
