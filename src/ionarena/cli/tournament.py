"""`ion tournament`: agents given as specs play fairly seated games; ratings, head to head, plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from ..agents import split_specs
from ..core import IonError, get_spec
from ..core.options import parse_assignments
from ..sim.backends import BACKENDS, Backend, make_backend
from ..sim.tournament import TournamentResult, make_tournament, run_tournament, write_plots
from .common import console, fail, seed_option
from .progress import game_progress

MAX_WORKERS = 256

BackendOption = Annotated[str, typer.Option(help=f"Where games run: {' or '.join(BACKENDS)} "
                                                 "(ray: pip install 'ionarena\\[ray]').")]
AddressOption = Annotated[str | None, typer.Option(help="Ray cluster address (`auto`, `ray://host:10001`); "
                                                        "default: start a local Ray instance.")]
WorkersOption = Annotated[int, typer.Option(help="Local worker processes (results are identical for "
                                                 "any number, and on Ray).")]


def choose_backend(backend: str, workers: int, address: str | None) -> Backend:
    """The backend the options name; `IonError` for a bad combination."""
    if not 1 <= workers <= MAX_WORKERS:
        raise IonError(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}")
    if backend == "ray" and workers != 1:
        raise IonError("--workers is for --backend local; Ray uses every CPU of its cluster")
    return make_backend(backend, workers, address)


def parse_times(text: str) -> tuple[float, ...]:
    """`0.5,4` as reaction seconds (each from 0.001 to 600)."""
    try:
        times = tuple(float(t) for t in text.split(","))
    except ValueError:
        raise IonError(f"--reaction-time must be numbers, not {text[:40]!r}") from None
    if not all(0.001 <= t <= 600 for t in times):
        raise IonError("--reaction-time must be seconds from 0.001 to 600")
    return times


def tournament(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    agents: Annotated[str, typer.Option(help="Agent specs, comma-separated, each once: "
                                             "e.g. greedy,random.")],
    games_: Annotated[int, typer.Option("--games", help="How many games (rounded up to whole fair "
                                                        "seating blocks).")] = 100,
    players: Annotated[int | None, typer.Option(help="Seats per game.")] = None,
    seed: Annotated[int, typer.Option(help="Tournament seed, 0 to 2**64-1.", callback=seed_option)] = 0,
    variant: Annotated[str | None, typer.Option(help="Game variant.")] = None,
    option: Annotated[list[str] | None, typer.Option(help="A game option as name=value "
                                                          "(repeatable).")] = None,
    reaction_time: Annotated[str, typer.Option(help="Timed games: bot reaction seconds by seat, "
                                                    "comma-separated, cycled.")] = "0.5",
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plots: Annotated[Path | None, typer.Option(help="Write PNG charts (ratings, scores, head to "
                                                    "head, seats) into this folder.")] = None,
) -> None:
    """Rate AGENTS at GAME: fair seat rotation, OpenSkill ratings, head-to-head win rates."""
    try:
        spec = get_spec(game)
        if plots is not None:
            from ..sim.plots import require
            require()
            if plots.exists() and not plots.is_dir():
                raise IonError(f"--plots: {str(plots)!r} is a file, not a folder")
        options = parse_assignments(option or [], spec.options, spec.id)
        event = make_tournament(game, split_specs(agents), games_, players, seed, variant,
                                parse_times(reaction_time), options)
        config = event.config
        spec.make(players=config.players, seed=0, variant=config.variant, **options)  # validate first
        from ..agents import make_agent
        for name in config.agents:
            make_agent(name, game)
        chosen = choose_backend(backend, workers, address)
        with game_progress(f"{game} tournament", config.games, show=not as_json) as advance:
            result = run_tournament(event, chosen, on_result=lambda _: advance())
        written = write_plots(result, plots) if plots is not None else []
    except IonError as err:
        raise fail(str(err)) from None
    if as_json:
        data = result.to_dict()
        data["plots"] = [str(p) for p in written]
        print(json.dumps(data, sort_keys=True))
        return
    print_result(result)
    for path in written:
        console.print(f"wrote {path}")


def print_result(result: TournamentResult) -> None:
    """Ratings, head to head and seats as Rich tables, readable in 80 columns: light borders, the
    win rate and its 95% interval in one cell, the meetings once when every pair met as often."""
    title = (f"{result.game} ({result.variant}), {result.players} players, {result.games} games, "
             f"seed {result.seed}")
    console.print(Text(title, style="bold"))
    ratings = _table("ratings (OpenSkill Plackett-Luce, ranked by mu − 3σ; won: the win rate and its 95% CI)")
    seats_differ = any(r.seats != r.games for r in result.ratings)
    columns = ["#", "agent", "mu−3σ", "mu ± σ", "games", *(["seats"] if seats_differ else []), "wins",
               "won", "score"]
    widest = min(16, max((len(r.agent) for r in result.ratings), default=5))
    for column in columns:
        ratings.add_column(column, justify="left" if column == "agent" else "right",
                           no_wrap=column != "agent", overflow="fold",
                           min_width=widest if column == "agent" else None)
    for place, r in enumerate(result.ratings, 1):
        ratings.add_row(str(place), r.agent, f"{r.ordinal:.1f}", f"{r.mu:.1f} ± {r.sigma:.1f}", str(r.games),
                        *([str(r.seats)] if seats_differ else []), str(r.wins),
                        f"{r.win_rate:.0%} ({100 * r.ci_low:.0f}–{100 * r.ci_high:.0f})",
                        f"{r.mean_score:.1f}")
    console.print(ratings)
    order = [r.agent for r in result.ratings]
    cells = {(p.agent, p.opponent): p for p in result.pairings}
    meetings = {p.meetings for p in result.pairings}
    once = len(meetings) == 1
    note = f", {meetings.pop()} meetings each" if once and meetings else ""
    matrix = _table(f"head to head: how often the row finished ahead of the column (ties count half, "
                    f"95% CI{note})")
    matrix.add_column("agent", overflow="fold", min_width=widest)
    for agent in order:
        matrix.add_column(agent, justify="right", overflow="fold")
    for a in order:
        row = []
        for b in order:
            p = cells.get((a, b))
            row.append("—" if p is None else f"{p.win_rate:.0%} ({100 * p.ci_low:.0f}–{100 * p.ci_high:.0f})"
                       + ("" if once else f" n={p.meetings}"))
        matrix.add_row(a, *row)
    console.print(matrix)
    seats = _table("win rate by seat, % (95% CI)")
    seats.add_column("agent", overflow="fold", min_width=widest)
    for seat in range(result.players):
        seats.add_column(f"seat {seat}", justify="right", overflow="fold")
    for agent in order:
        rows = [s for s in result.seats if s.agent == agent]
        seats.add_row(agent, *(f"{100 * s.win_rate:.0f} ({100 * s.ci_low:.0f}–{100 * s.ci_high:.0f})"
                               for s in rows))
    console.print(seats)
    console.print(f"seating: {result.seating}; duplicate deals within each rotation")
    console.print(f"draws {result.draws}, mean steps {result.mean_steps:.1f}, "
                  f"{result.games_per_second:.1f} games/s ({result.seconds:.1f} s)")


def _table(title: str) -> Table:
    """A table with light borders and its title on the left (an 80-column terminal)."""
    return Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1),
                 collapse_padding=True, pad_edge=False, show_edge=False)
