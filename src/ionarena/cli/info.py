"""`ion games` and `ion rules <game>`."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from ..core import all_specs, get_spec
from .common import console


def show_games() -> None:
    """Print every game id with its variants and player counts."""
    table = Table(title="Ion Arena games")
    for column in ("game", "title", "players", "variants", "kind", "plays for"):
        table.add_column(column)
    for spec in all_specs():
        variants = ", ".join(f"{v}*" if v == spec.default_variant else v for v in spec.variants)
        kind = "real-time" if spec.timed else "simultaneous" if spec.simultaneous else "turn-based"
        table.add_row(escape(spec.id), escape(spec.title), f"{spec.min_players}-{spec.max_players}",
                      escape(variants), kind, "the win" if spec.utility == "win" else "points")
    console.print(table)
    console.print("* default variant.  `ion rules <game>` explains a game.")
    console.print("\nOptions (give them as --option name=value):")
    for spec in all_specs():
        lines = spec.describe_options()
        console.print(f"  {spec.id}: " + ("none" if not lines else ""), markup=False)
        for line in lines:
            console.print(f"    {line}", markup=False)


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
