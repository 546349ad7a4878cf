"""`ion games` and `ion rules <game>`."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from rich.markdown import Markdown
from rich.table import Table

from ..core import all_specs, get_spec
from .common import console


def show_games() -> None:
    """Print every game id with its variants and player counts."""
    table = Table(title="Ion Arena games")
    for column in ("game", "title", "players", "variants", "kind"):
        table.add_column(column)
    for spec in all_specs():
        variants = ", ".join(f"{v}*" if v == spec.default_variant else v for v in spec.variants)
        kind = "real-time" if spec.timed else "simultaneous" if spec.simultaneous else "turn-based"
        table.add_row(spec.id, spec.title, f"{spec.min_players}-{spec.max_players}", variants, kind)
    console.print(table)
    console.print("* default variant.  `ion rules <game>` explains a game.")


def rules_text(game: str) -> str:
    """The markdown of `docs/rules/<game>.md`, from the installed package or the source tree."""
    get_spec(game)  # a clear error for an unknown game
    packaged = resources.files("ionarena").joinpath("_docs", "rules", f"{game}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{game}.md"
    if source.is_file():
        return source.read_text(encoding="utf-8")
    raise FileNotFoundError(f"the rules of {game} are not written yet (docs/rules/{game}.md)")


def show_rules(game: str) -> None:
    """Render the rules of `game` in the terminal."""
    console.print(Markdown(rules_text(game)))
