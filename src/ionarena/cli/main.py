"""The `ion` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .. import games as game_registry
from ..core import IonError, get_spec
from ..core.options import parse_assignments
from ..sim.runner import SimConfig
from .accounts import app as accounts_app
from .analyze import analyze
from .common import check_workers, errors, fail, seed_option, split_names
from .helptext import hide_flag_types
from .irc import irc
from .tables import tables_app
from .tournament import AddressOption, BackendOption, choose_backend, tournament

hide_flag_types()
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
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="Game id, e.g. dots (not with --resume).")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players (you included).")] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0-based.")] = 0,
    bots: Annotated[str, typer.Option(help="Bots for the other seats, comma-separated, cycled over the "
                                           "seats: random, greedy, ismcts, easy, medium, hard.")] = "greedy",
    seed: Annotated[int | None, typer.Option(help="Game seed, 0 to 2**64-1 (default: 64 random bits).",
                                             callback=seed_option)] = None,
    variant: Annotated[str | None, typer.Option(help="Game variant (see `ion games`).")] = None,
    move_time: Annotated[float | None, typer.Option(help="Timed games (bank): seconds to make a move "
                                                         "(the rulebook's 3 by default).")] = None,
    option: Annotated[list[str] | None, typer.Option(help="A game option as name=value (repeatable); "
                                                         "`ion games` lists them.")] = None,
    db: Annotated[str | None, typer.Option(help="Where games are saved: a SQLAlchemy URL "
                                                "(postgresql://…) or a file (default: $ION_DB or "
                                                "the user's data folder).")] = None,
    name: Annotated[str | None, typer.Option(help="Your name at the table.")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="Line by line instead of the full-screen table "
                                                         "(screen readers, pipes; also used when stdin or "
                                                         "stdout is not a terminal).")] = False,
    seats: Annotated[str | None, typer.Option(help="Hot-seat: several people at this keyboard, e.g. 0,2 "
                                                   "(full-screen only; replaces --seat).")] = None,
    resume: Annotated[str | None, typer.Option(
        help="Take back your seat in a saved game whose terminal went away (its table id: `ion saved` "
             "lists them).")] = None,
) -> None:
    """Play GAME at the terminal against bots (bank in real time); every game is saved."""
    from ..agents import split_specs
    from .play_main import play_game, resume_game
    try:
        if resume is not None:
            given = [f"--{name.replace('_', '-')}" for name in ("players", "seat", "bots", "seed", "variant",
                                                                "move_time", "option", "name", "seats")
                     if given_on_command_line(ctx, name)]
            if game is not None or given:
                what = ", ".join(["GAME"] * (game is not None) + given)
                raise fail(f"--resume goes on with the game as it was saved: leave out {what}")
            resume_game(resume, db, plain=plain)
            return
        if game is None:
            raise fail("name the game to play (e.g. ion play dots), or --resume a saved one")
        people = parse_seats(seats) if seats is not None else None
        play_game(game, players, seat, split_specs(bots), seed, variant, option or [], move_time, db, name,
                  plain=plain, seats=people)
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
    seed: Annotated[int, typer.Option(help="Run seed, 0 to 2**64-1: game i uses a seed derived from it.",
                                      callback=seed_option)] = 0,
    variant: Annotated[str | None, typer.Option(help="Game variant.")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (results are identical for "
                                              "any number).")] = 1,
    records: Annotated[Path | None, typer.Option(help="Write every game record to this "
                                                      "JSON Lines file.")] = None,
    reaction_time: Annotated[str, typer.Option(help="Timed games: bot reaction seconds by seat, "
                                                    "comma-separated, cycled.")] = "0.5",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: Annotated[list[str] | None, typer.Option(help="A game option as name=value (repeatable); "
                                                         "`ion games` lists them.")] = None,
) -> None:
    """Simulate many seeded bot games of GAME and report statistics."""
    from .simulate import print_json, print_summary, run_simulation
    try:
        spec = get_spec(game)
        times = parse_reaction_times(reaction_time)
        if games_ < 1:
            raise fail("--games must be at least 1")
        check_workers(workers)
        if records is not None and not records.parent.is_dir():
            raise fail(f"--records: the folder {str(records.parent)!r} does not exist")
        config = SimConfig(game=game, players=spec.default_players if players is None else players,
                           agents=tuple(split_names(agents)), games=games_, seed=seed,
                           variant=spec.default_variant if variant is None else variant,
                           reaction_times=times, keep_records=records is not None,
                           options=parse_assignments(option or [], spec.options, spec.id))
        spec.make(players=config.players, seed=0, variant=variant, **config.options)  # validate first
        from ..agents import make_agent
        for name in config.agents:
            make_agent(name, game)
        chosen = choose_backend(backend, workers, address)
        summary = run_simulation(config, workers, records, show_progress=not as_json, backend=chosen)
    except IonError as err:
        raise fail(str(err)) from None
    if as_json:
        print_json(summary)
    else:
        print_summary(summary)


@app.command()
def replay(
    path: Annotated[Path | None, typer.Argument(help="A JSON Lines file of game records.")] = None,
    game_index: Annotated[int, typer.Option("--game", help="Which record (0-based game number).")] = 0,
    quiet: Annotated[bool, typer.Option(help="Only verify; print one line.")] = False,
    every: Annotated[bool, typer.Option("--all", help="Verify every game of the file; one line per "
                                                      "bad record, the good ones still verified.")] = False,
    table: Annotated[str | None, typer.Option(help="Replay the saved game with this table id "
                                                   "(`ion saved` lists them).")] = None,
    db: Annotated[str | None, typer.Option(help="The store of --table (default: $ION_DB or the "
                                                "user's data folder).")] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Step through the game on the full-screen "
                                                         "table (a terminal only).")] = False,
) -> None:
    """Replay one recorded game turn by turn and verify it (or every game with --all), from a
    file or, with --table, from the games `ion play` saved."""
    from .replay import pick_record, verify_all, watch_or_print
    if watch and every:
        raise fail("--watch shows one game: leave out --all")
    if table is not None or path is None:
        if table is None or path is not None:
            raise fail("give a records file, or --table ID for a saved game (see `ion saved`)")
        from .saved import saved_record
        try:
            record = saved_record(db, table)
            state = watch_or_print(record, quiet, watch)
        except IonError as err:
            raise fail(f"game {table}: {err}") from None
        print(json.dumps({"verified": True, "game": record.game, "actions": len(record.actions),
                          "scores": state.scores(), "winners": state.winners()}))
        return
    if every:
        try:
            good, bad = verify_all(path)
        except IonError as err:
            raise fail(str(err)) from None
        for line in bad:
            errors.print(f"bad: {line}", markup=False, soft_wrap=True)
        print(json.dumps({"verified": good, "bad": len(bad)}))
        raise typer.Exit(1 if bad else 0)
    try:
        record = pick_record(path, game_index)
        state = watch_or_print(record, quiet, watch)
    except IonError as err:
        raise fail(f"{path} game {game_index}: {err}") from None
    print(json.dumps({"verified": True, "game": record.game, "actions": len(record.actions),
                      "scores": state.scores(), "winners": state.winners()}))


@app.command()
def saved(
    db: Annotated[str | None, typer.Option(help="The store (default: $ION_DB or the user's data "
                                                "folder).")] = None,
    limit: Annotated[int, typer.Option(help="How many games, newest first.")] = 20,
    status: Annotated[str | None, typer.Option(help="Only games that are waiting, playing, over or "
                                                    "abandoned.")] = None,
) -> None:
    """List the games saved by `ion play` (newest first) with their table ids."""
    from .saved import show_saved
    try:
        show_saved(db, max(1, limit), status)
    except IonError as err:
        raise fail(str(err)) from None


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dots")],
    seconds: Annotated[float, typer.Option(help="Seconds per measurement (split into --repeats "
                                                "interleaved slices).")] = 3.0,
    players: Annotated[str, typer.Option(help="Player counts, comma-separated.")] = "2,4",
    repeats: Annotated[int, typer.Option(help="Slices per measurement, taken in turns; figures are "
                                              "their medians with the spread.")] = 5,
    agent: Annotated[str, typer.Option(help="ISMCTS spec whose search cost is measured, e.g. "
                                            "ismcts:rollout=random; 'none' to skip.")] = "ismcts",
) -> None:
    """Measure GAME's engine: random-play games/s and steps/s, legal_actions, apply, clone and
    determinize costs, and ISMCTS iterations/s."""
    from .bench import run_bench
    try:
        counts = [int(x) for x in players.split(",")]
    except ValueError:
        raise fail(f"--players must be numbers, not {players!r}") from None
    if not 0 < seconds <= 600:
        raise fail(f"--seconds must be more than 0 and at most 600, not {seconds:g}")
    if not 1 <= repeats <= 100:
        raise fail(f"--repeats must be from 1 to 100, not {repeats}")
    try:
        spec = get_spec(game)
        for count in counts:
            spec.check_players(count)
        search = None if agent == "none" else agent
        if search is not None:
            from ..agents import check_spec
            if check_spec(search, game).name != "ismcts":
                raise fail(f"--agent must be an ismcts spec, not {search!r}")
        run_bench(game, seconds, counts, repeats=repeats, agent=search)
    except IonError as err:
        raise fail(str(err)) from None



@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(help="Where games are kept: sqlite:///file, a file path, or "
                                                "postgresql://… (default: $ION_DB or a file in your "
                                                "data folder).")] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
    bot_delay: Annotated[float, typer.Option(help="Seconds bots wait before moving at untimed "
                                                  "tables.", min=0, max=60)] = 0.8,
    ws_rate: Annotated[float, typer.Option(help="Messages a second each WebSocket client may send "
                                                "(bursts of twice as many).", min=1, max=100_000)] = 20.0,
    idle_minutes: Annotated[float, typer.Option(help="A table nobody has been at for this long is "
                                                     "adjourned (kept until a player comes back).",
                                                min=0.01, max=10_080)] = 10.0,
    wait_minutes: Annotated[float, typer.Option(help="A table nobody has sat down at for this long is "
                                                     "closed.", min=0.01, max=10_080)] = 30.0,
    max_tables: Annotated[int, typer.Option(help="Tables hosted at once.", min=10, max=1_000_000)] = 2000,
    table_rate: Annotated[str, typer.Option(help="Tables one client address may make, e.g. "
                                                 "'20/minute;200/hour'.")] = "20/minute;200/hour",
    waiting_per_maker: Annotated[int, typer.Option(help="Tables one client address may have waiting for "
                                                        "players at once.", min=1, max=100_000)] = 20,
    bot_processes: Annotated[int, typer.Option(help="Worker processes searching bots think in (0: "
                                                    "threads; -1: one per core but one, where there are "
                                                    "more than two).", min=-1, max=256)] = -1,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="Behind a reverse proxy: its addresses (comma-separated, or '*'), whose X-Forwarded-For and "
             "X-Forwarded-Proto are believed (client addresses for quotas; https for Secure cookies). "
             "Default: no proxy is believed.")] = None,
    class_retention_days: Annotated[float, typer.Option(
        help="Days a class's students and their games are kept (from when the class was opened).",
        min=1, max=3650)] = 30.0,
    bus: Annotated[str | None, typer.Option(
        help="Run as one of several servers of one site: the message bus they share, redis://host:port "
             "or nats://host:port (needs a PostgreSQL --db; see README, 'Several servers').")] = None,
) -> None:
    """Serve the browser lobby and tables, and the open API for bots (see /docs/api)."""
    from limits import parse_many

    from .serve import serve as run_server
    try:
        if not parse_many(table_rate):
            raise ValueError(table_rate)
    except ValueError:
        raise fail(f"--table-rate must be limits such as '20/minute;200/hour', not {table_rate!r}") from None
    try:
        run_server(host, port, db, open_browser, bot_delay, ws_rate, idle_minutes=idle_minutes,
                   wait_minutes=wait_minutes, max_tables=max_tables, table_rate=table_rate,
                   waiting_per_maker=waiting_per_maker, bot_processes=bot_processes,
                   forwarded_allow_ips=forwarded_allow_ips,
                   class_retention_days=class_retention_days, bus=bus)
    except IonError as err:
        raise fail(str(err)) from None


def given_on_command_line(ctx: typer.Context, name: str) -> bool:
    """The option `name` was given (not left to its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def parse_seats(text: str) -> list[int]:
    """`--seats 0,2` as seat numbers."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise fail(f"--seats must be seat numbers separated by commas, e.g. 0,2, not {text[:40]!r}") from None


def parse_reaction_times(text: str) -> tuple[float, ...]:
    """`--reaction-time 0.5,4` as seconds: each a number from 0.001 to 600."""
    try:
        times = tuple(float(t) for t in text.split(","))
    except ValueError:
        raise fail(f"--reaction-time must be numbers, not {text[:40]!r}") from None
    for t in times:
        if not 0.001 <= t <= 600:
            raise fail(f"--reaction-time must be seconds from 0.001 to 600, not {t:g}")
    return times


app.add_typer(accounts_app, name="accounts")  # people: the server owner's accounts
app.command()(tournament)
app.add_typer(tables_app, name="tables")
app.command()(irc)
app.command()(analyze)


def main() -> None:
    """Entry point of the `ion` console script."""
    app()
