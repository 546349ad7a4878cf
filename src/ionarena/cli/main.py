"""The `ion` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .. import games as game_registry
from ..core import IonError, get_spec
from ..sim.runner import SimConfig
from .common import fail, split_names

app = typer.Typer(help="Ion Arena: four card games named Ion, against bots, and thousands of "
                       "simulated games to study them.", no_args_is_help=True, add_completion=False)


@app.callback()
def _load_games() -> None:
    game_registry.load_all()


@app.command()
def games() -> None:
    """List every game with its variants and player counts."""
    from .info import show_games
    show_games()


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. dots")]) -> None:
    """Show the rules of GAME as Ion Arena plays them."""
    from .info import show_rules
    try:
        show_rules(game)
    except (IonError, FileNotFoundError) as err:
        raise fail(str(err)) from None


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    players: Annotated[int | None, typer.Option(help="Number of players (you included).")] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0-based.")] = 0,
    bots: Annotated[str, typer.Option(help="Bot names for the other seats, comma-separated, "
                                           "cycled: random, greedy.")] = "greedy",
    seed: Annotated[int | None, typer.Option(help="Game seed (default: random).")] = None,
    variant: Annotated[str | None, typer.Option(help="Game variant (see `ion games`).")] = None,
) -> None:
    """Play GAME at the terminal against bots."""
    import random
    actual_seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    try:
        spec = get_spec(game)
        names = split_names(bots)
        n = spec.default_players if players is None else players
        if spec.timed:
            from .play_bank import play_realtime
            raise typer.Exit(play_realtime(seat=seat, players=n, bots=",".join(names),
                                           seed=actual_seed, variant=variant))
        from .play import play_session
        play_session(game, n, seat, names, actual_seed, variant)
    except IonError as err:
        raise fail(str(err)) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    players: Annotated[int | None, typer.Option(help="Players per game.")] = None,
    games_: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    agents: Annotated[str, typer.Option(help="Agents by seat, comma-separated, cycled over the "
                                             "seats: e.g. greedy,random.")] = "random",
    seed: Annotated[int, typer.Option(help="Run seed: game i uses a seed derived from it.")] = 0,
    variant: Annotated[str | None, typer.Option(help="Game variant.")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (results are identical for "
                                              "any number).")] = 1,
    records: Annotated[Path | None, typer.Option(help="Write every game record to this "
                                                      "JSON Lines file.")] = None,
    reaction_time: Annotated[str, typer.Option(help="Timed games: bot reaction seconds by seat, "
                                                    "comma-separated, cycled.")] = "0.5",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Simulate many seeded bot games of GAME and report statistics."""
    from .simulate import print_json, print_summary, run_simulation
    try:
        spec = get_spec(game)
        try:
            times = tuple(float(t) for t in reaction_time.split(","))
        except ValueError:
            raise fail(f"--reaction-time must be numbers, not {reaction_time!r}") from None
        if games_ < 1:
            raise fail("--games must be at least 1")
        config = SimConfig(game=game, players=spec.default_players if players is None else players,
                           agents=tuple(split_names(agents)), games=games_, seed=seed,
                           variant=spec.default_variant if variant is None else variant,
                           reaction_times=times, keep_records=records is not None)
        spec.make(players=config.players, seed=0, variant=variant)  # validate before starting
        from ..agents import make_agent
        for name in config.agents:
            make_agent(name, game)
        summary = run_simulation(config, max(1, workers), records, show_progress=not as_json)
    except IonError as err:
        raise fail(str(err)) from None
    if as_json:
        print_json(summary)
    else:
        print_summary(summary)


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A JSON Lines file of game records.")],
    game_index: Annotated[int, typer.Option("--game", help="Which record (0-based game number).")] = 0,
    quiet: Annotated[bool, typer.Option(help="Only verify; print one line.")] = False,
) -> None:
    """Replay one recorded game turn by turn and verify it."""
    from .replay import pick_record, replay_verbose
    try:
        record = pick_record(path, game_index)
        state = replay_verbose(record, quiet)
    except IonError as err:
        raise fail(f"{path} game {game_index}: {err}") from None
    print(json.dumps({"verified": True, "game": record.game, "actions": len(record.actions),
                      "scores": state.scores(), "winners": state.winners()}))


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    seconds: Annotated[float, typer.Option(help="Seconds per random-play measurement.")] = 3.0,
    players: Annotated[str, typer.Option(help="Player counts, comma-separated.")] = "2,4",
) -> None:
    """Measure GAME's engine: random-play games/s and steps/s, legal_actions, apply and clone costs."""
    from .bench import run_bench
    try:
        counts = [int(x) for x in players.split(",")]
    except ValueError:
        raise fail(f"--players must be numbers, not {players!r}") from None
    try:
        run_bench(game, seconds, counts)
    except IonError as err:
        raise fail(str(err)) from None


def main() -> None:
    """Entry point of the `ion` console script."""
    app()
