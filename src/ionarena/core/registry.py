"""The game registry: static facts about each game, and the factory that makes its states."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import BadOption, UnknownGame, quote
from .options import Option, resolve
from .present import Presenter
from .state import State
from .view import View

Factory = Callable[[int, str, int, dict[str, Any]], State[Any]]
"""`factory(num_players, variant, seed, options) -> State`; `options` are already checked and complete."""

MAX_SEED = 2**64 - 1
"""Seeds are whole numbers from 0 to 2**64 - 1 (new games get 64 random bits)."""


def check_seed(seed: object) -> int:
    """`seed` as a game seed, or `BadOption` (a bool, a float, negative, or more than 64 bits)."""
    if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
        raise BadOption(f"a seed is a whole number from 0 to 2**64 - 1, not {quote(seed)}")
    return seed


@dataclass(frozen=True)
class GameSpec:
    """What `ion games` prints about a game, and how to make one (OpenSpiel's `GameType` + factory)."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    variants: tuple[str, ...]
    default_variant: str
    factory: Factory
    presenter: Presenter
    """The game's words for people (`describe` events, `render` views, `explain` chemistry)."""
    options: tuple[Option, ...] = ()
    simultaneous: bool = False
    """Several seats may act at once (compound's picks, bank's shop)."""
    timed: bool = False
    """The game has clocks: the host applies `timeout` and `at <t>` actions."""
    utility: Literal["win", "score"] = "win"
    """What a seat plays for: winning (win/loss, shared wins) or its final score."""
    default_players: int = 4
    variant_notes: dict[str, str] = field(default_factory=dict)
    check_invariants: Callable[[State[Any]], None] | None = None
    """Raises AssertionError when a state breaks a game invariant (e.g. cards not all accounted for)."""
    position: Callable[[Mapping[str, Any]], State[Any]] | None = None
    """Builds a position from plain data (tests set up the situations a rulebook sentence describes)."""
    answer: Callable[[View, str], str | None] | None = None
    """Answers a seat's question (bank's `inv`, `help`) from that seat's own view; None if `text` is
    not a question (then it is a move)."""

    def check_players(self, players: object) -> int:
        """`players` as a player count of this game, or `UnknownGame` saying the range."""
        if players.__class__ is not int or not self.min_players <= players <= self.max_players:
            raise UnknownGame(f"{self.id} is for {self.min_players}-{self.max_players} players, "
                              f"not {quote(players)}")
        return players

    def check_variant(self, variant: object) -> str:
        """`variant` as a variant of this game, or `UnknownGame` listing them."""
        if variant not in self.variants:
            raise UnknownGame(f"{self.id} has no variant {quote(variant)}; "
                              f"choose from {', '.join(self.variants)}")
        return variant

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option of this game: `options` checked against the schema, defaults filled in."""
        return resolve(self.options, options, self.id)

    def make(self, players: int | None = None, seed: int = 0, variant: str | None = None,
             **options: Any) -> State[Any]:
        """A new game; `UnknownGame` for a bad variant or player count, `BadOption` for a bad option."""
        n = self.check_players(self.default_players if players is None else players)
        v = self.check_variant(self.default_variant if variant is None else variant)
        return self.factory(n, v, check_seed(seed), self.resolve_options(options))

    def describe_options(self) -> list[str]:
        """One line per option (for `ion games`)."""
        return [option.describe() for option in self.options]


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
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game called {quote(game_id)}; games: {known}") from None


def all_specs() -> list[GameSpec]:
    """Every registered game, sorted by id."""
    return [_GAMES[k] for k in sorted(_GAMES)]


__all__ = ["MAX_SEED", "BadOption", "Factory", "GameSpec", "Option", "all_specs", "check_seed", "get_spec",
           "register", "unregister"]
