"""A brute-force RXN optimiser for small hands: every set partition, every transition metal side, every
extra card RXN may take."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ionarena.games.compound.cards import card_of, is_charged, tokens_of
from ionarena.games.compound.chemistry import match
from ionarena.games.compound.scoring import refreshes, round_breakdown

TILE_POINTS = 2
"""Rulebook: "players receive 2 points for each unused Action Tile"."""


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of `items` into non-empty blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in set_partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1:]]


def _readings(cards: list[str]) -> list[tuple[str, ...] | None]:
    """A block is loose (None) or one of the compounds its cards make with some choice of sides."""
    found: list[tuple[str, ...] | None] = [None]
    options = [tokens_of(c) or (c,) for c in cards]
    for tokens in itertools.product(*options):
        if match(list(tokens)) is not None:
            found.append(tuple(tokens))
    return found


def brute_force_best(cards: list[str], goals: list[str], extras: list[str], tiles_down: int = 0) -> int:
    """The most any arrangement is worth at the end of the game: its round score (compounds + noble
    gases + goals) plus 2 for each of the `tiles_down` face-down tiles its compounds refresh. The extra
    card is one charged card of `extras` (RXN takes a card "to use in forming your compounds") or none."""
    best = -1
    for extra in [None, *(e for e in extras if is_charged(card_of(e)))]:
        held = [card_of(c) for c in cards] + ([extra] if extra else [])
        for part in set_partitions(list(range(len(held)))):
            blocks = [[held[i] for i in block] for block in part]
            for reading in itertools.product(*(_readings(b) for b in blocks)):
                compounds = [r for r in reading if r is not None]
                loose = [c for b, r in zip(blocks, reading, strict=True) if r is None for c in b]
                total = round_breakdown(goals, compounds, loose)["total"]
                best = max(best, total + TILE_POINTS * min(refreshes(compounds), tiles_down))
    return best
