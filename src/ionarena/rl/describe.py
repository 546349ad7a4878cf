"""The generated parts of docs/rl.md: action index and observation sizes per configuration, and the
observation layout of each game (`python -m ionarena.rl.describe`; a test checks the docs match)."""

from __future__ import annotations

from ..core import all_specs
from .actions import index_for
from .config import GameConfig
from .encoding import encoder_for

LAYOUT_EXAMPLES = (("dots", "quick"), ("valence", "standard"), ("compound", "advanced"), ("bank", "standard"))
"""The configurations whose layouts docs/rl.md shows (at 2 players)."""
SIZE_PLAYERS = (2, 3, 4, 5, 7)


def sizes_table() -> str:
    """Action ids / observation numbers of every game and variant at 2, 3, 4, 5 and 7 players."""
    rows = ["| game | variant | " + " | ".join(f"{n} players" for n in SIZE_PLAYERS) + " |",
            "|---|---|" + "---|" * len(SIZE_PLAYERS)]
    for spec in all_specs():
        for variant in spec.variants:
            cells = []
            for n in SIZE_PLAYERS:
                if spec.min_players <= n <= spec.max_players:
                    config = GameConfig.of(spec.id, n, variant)
                    cells.append(f"{len(index_for(config))} / {encoder_for(config).layout.size}")
                else:
                    cells.append("—")
            rows.append(f"| {spec.id} | {variant} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def layout_section(game: str, variant: str, players: int = 2) -> str:
    """The heading and layout table of one configuration."""
    layout = encoder_for(GameConfig.of(game, players, variant)).layout
    return f"#### {game} ({variant}, {players} players: {layout.size} numbers)\n\n{layout.markdown()}"


def main() -> None:
    """Print the generated sections."""
    print(sizes_table())
    for game, variant in LAYOUT_EXAMPLES:
        print()
        print(layout_section(game, variant))


if __name__ == "__main__":
    main()
