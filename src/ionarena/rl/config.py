"""A game configuration: the game, its player count, variant and options, checked once.

The action index and the observation layout are fixed per configuration, so a configuration is a
hashable value (options as sorted pairs) that caches can key on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import GameSpec, State, get_spec


@dataclass(frozen=True)
class GameConfig:
    """`game` at `players` seats, `variant`, with every option resolved (defaults filled in)."""

    game: str
    players: int
    variant: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, game: str, players: int | None = None, variant: str | None = None,
           options: Mapping[str, Any] | None = None) -> GameConfig:
        """A checked configuration: `UnknownGame` for a bad game, variant or player count,
        `BadOption` for a bad option (the kernel's own checks and messages)."""
        import ionarena  # noqa: F401  (registers the games)

        spec = get_spec(game)
        n = spec.check_players(spec.default_players if players is None else players)
        v = spec.check_variant(spec.default_variant if variant is None else variant)
        resolved = spec.resolve_options(options)
        return cls(spec.id, n, v, tuple(sorted(resolved.items())))

    @property
    def spec(self) -> GameSpec:
        """The game's registered spec."""
        return get_spec(self.game)

    @property
    def option_dict(self) -> dict[str, Any]:
        """The options as a dict."""
        return dict(self.options)

    def make(self, seed: int) -> State:
        """A new game of this configuration with `seed` (the same deal as `ionarena.make`)."""
        return self.spec.make(players=self.players, seed=seed, variant=self.variant, **self.option_dict)

    def label(self) -> str:
        """`dots 2p quick` (options that differ from the defaults added as `name=value`)."""
        defaults = dict(self.spec.resolve_options(None))
        changed = [f"{k}={v}" for k, v in self.options if defaults.get(k) != v]
        return " ".join([self.game, f"{self.players}p", self.variant, *changed])
