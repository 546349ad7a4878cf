"""`ion analyze`: seeded bot games of one game, then a balance report (terminal, or Markdown + HTML + PNG)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table as RichTable

from ..agents import split_specs
from ..core import IonError, get_spec
from ..core.options import parse_assignments
from ..sim.analyze import Report, build_report, run_analysis
from ..sim.runner import SimConfig
from .common import console, fail, seed_option
from .progress import game_progress
from .tournament import AddressOption, BackendOption, WorkersOption, choose_backend, parse_times


def command_line(config: SimConfig, report: Path | None, reaction_time: str) -> str:
    """The `ion analyze` command that reproduces `config` (every choice spelled out)."""
    words = ["ion", "analyze", config.game, "--variant", str(config.variant),
             "--players", str(config.players), "--agents", ",".join(config.agents),
             "--games", str(config.games), "--seed", str(config.seed)]
    for name, value in sorted(config.options.items()):
        words += ["--option", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    if get_spec(config.game).timed:
        words += ["--reaction-time", reaction_time]
    if report is not None:
        words += ["--report", str(report)]
    return shlex.join(words)


def analyze(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    games_: Annotated[int, typer.Option("--games", help="How many games.")] = 1000,
    report: Annotated[Path | None, typer.Option(help="Write report.md, report.html, report.json and "
                                                     "PNG charts into this folder (else: tables "
                                                     "in the terminal).")] = None,
    players: Annotated[int | None, typer.Option(help="Players per game.")] = None,
    variant: Annotated[str | None, typer.Option(help="Game variant.")] = None,
    agents: Annotated[str, typer.Option(help="Agent specs by seat, comma-separated, cycled over the "
                                             "seats (one agent in every seat measures seats).")] = "greedy",
    seed: Annotated[int, typer.Option(help="Run seed, 0 to 2**64-1: game i is the same game as in "
                                           "`ion simulate`.", callback=seed_option)] = 0,
    option: Annotated[list[str] | None, typer.Option(help="A game option as name=value "
                                                          "(repeatable).")] = None,
    reaction_time: Annotated[str, typer.Option(help="Timed games: bot reaction seconds by seat, "
                                                    "comma-separated, cycled.")] = "0.5",
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Play GAMES seeded games of GAME and report its balance: seats, scores, length, its own tables."""
    try:
        spec = get_spec(game)
        if games_ < 1:
            raise IonError("--games must be at least 1")
        if report is not None:
            from ..sim.plots import require
            require()
            if report.exists() and not report.is_dir():
                raise IonError(f"--report: {str(report)!r} is a file, not a folder")
        n = spec.check_players(spec.default_players if players is None else players)
        config = SimConfig(game=game, players=n, agents=tuple(split_specs(agents)), games=games_, seed=seed,
                           variant=spec.default_variant if variant is None else spec.check_variant(variant),
                           reaction_times=parse_times(reaction_time),
                           options=parse_assignments(option or [], spec.options, spec.id))
        spec.make(players=n, seed=0, variant=config.variant, **config.options)  # validate first
        from ..agents import make_agent
        for name in config.agents:
            make_agent(name, game)
        chosen = choose_backend(backend, workers, address)
        with game_progress(f"{game} analysis", games_) as advance:
            results, seconds = run_analysis(config, chosen, on_result=lambda _: advance())
        built = build_report(config, results, seconds, command_line(config, report, reaction_time))
        if report is None:
            print_report(built)
            return
        from ..sim.analyze.report import write_report
        written = write_report(built, report)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"wrote {len(written)} files to {report}: open {report / 'report.html'} "
                  f"or {report / 'report.md'}")


def print_report(report: Report) -> None:
    """The report's tables in the terminal (no charts)."""
    console.print(f"[bold]{report.title}[/]")
    for key, value in report.meta.items():
        console.print(f"{key}: {value}", markup=False)
    for section in report.sections:
        console.rule(section.title)
        if section.text:
            console.print(section.text, markup=False)
        for table in section.tables:
            rich = RichTable(title=table.title, caption=table.note or None)
            for column in table.columns:
                rich.add_column(column.name, justify="left" if column.format == "text" else "right")
            for row in table.text_rows():
                rich.add_row(*row)
            console.print(rich)
