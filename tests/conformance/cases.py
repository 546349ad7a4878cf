"""The (game, variant, players) cases every registered game is checked on."""

from __future__ import annotations

import ionarena
from ionarena.core import GameSpec


def player_counts(spec: GameSpec) -> list[int]:
    """The smallest, a middle and the largest player count."""
    middle = min(max(spec.default_players, spec.min_players), spec.max_players)
    return sorted({spec.min_players, middle, spec.max_players})


def cases() -> list[tuple[str, str, int]]:
    """Every game x variant x representative player count."""
    return [(spec.id, variant, n)
            for spec in ionarena.all_specs()
            for variant in spec.variants
            for n in player_counts(spec)]


def golden_cases() -> list[tuple[str, str]]:
    """One golden playthrough per game and variant."""
    return [(spec.id, variant) for spec in ionarena.all_specs() for variant in spec.variants]
