"""The game registry: static facts about each game, and the factory that makes its states."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import UnknownGame
from .state import State

Factory = Callable[[int, str, int, dict[str, Any]], State]
"""`factory(num_players, variant, seed, options) -> State`."""


@dataclass(frozen=True)
class GameSpec:
    """What `ion games` prints about a game, and how to make one.

    `render` turns a view into text for a terminal (Rich markup allowed); `describe_action`
    optionally explains an action to a person (defaults to its text form).
    """

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    variants: tuple[str, ...]
    default_variant: str
    factory: Factory
    render: Callable[[dict[str, Any], int | None], str]
    simultaneous: bool = False
    timed: bool = False
    default_players: int = 4
    variant_notes: dict[str, str] = field(default_factory=dict)
    check_invariants: Callable[[State], None] | None = None
    """Raises AssertionError when a state breaks a game invariant (e.g. cards not all accounted for)."""

    def make(self, players: int | None = None, seed: int = 0, variant: str | None = None,
             **options: Any) -> State:
        """A new game; raises `UnknownGame` for a bad variant or player count."""
        n = self.default_players if players is None else players
        v = self.default_variant if variant is None else variant
        if v not in self.variants:
            raise UnknownGame(f"{self.id} has no variant {v!r}; choose from {', '.join(self.variants)}")
        if not self.min_players <= n <= self.max_players:
            raise UnknownGame(f"{self.id} is for {self.min_players}-{self.max_players} players, not {n}")
        return self.factory(n, v, seed, options)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (idempotent for the same id)."""
    _GAMES[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game from the registry (tests register throwaway games)."""
    _GAMES.pop(game_id, None)


def get_spec(game_id: str) -> GameSpec:
    """The spec of `game_id`; `UnknownGame` names the games there are."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game called {game_id!r}; games: {known}") from None


def all_specs() -> list[GameSpec]:
    """Every registered game, sorted by id."""
    return [_GAMES[k] for k in sorted(_GAMES)]
