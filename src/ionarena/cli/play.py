"""`ion play <game>`: a person at a terminal prompt against bots, on a `host.Table`.

Turn-based and simultaneous games are played here (line by line: between your turns you read
every event of your seat, then the table and your numbered moves); timed games (bank) run in real
time in `play_realtime`. Every game is saved in the store (`--db`, `$ION_DB` or the default file)
and the end screen says its seed and how to replay it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import IllegalAction, get_spec
from ..host import TERMINAL, StaleSubmit, Table, TableSettings
from ..host.table import Clock
from ..store import Store
from .play_text import Output, describe_events, end_screen, header, names_for, plain_printer, render

Prompt = Callable[[str], str]

QUIT = ("q", "quit", "exit")
LIST = ("?", "help", "list")


def seat_bots(players: int, seat: int, bots: Sequence[str]) -> dict[int, str]:
    """The bot of every seat but `seat`: `bots` cycled over all seats (seat k plays bots[k % n])."""
    if not bots:
        raise IllegalAction("give at least one bot name")
    return {k: bots[k % len(bots)] for k in range(players) if k != seat}


def open_table(game: str, players: int | None, seat: int, bots: Sequence[str], seed: int | None,
               variant: str | None, options: Mapping[str, Any] | None, store: Store | None,
               name: str | None, clock: Clock) -> Table:
    """A table with you in `seat` (checked first) and bots elsewhere, written to `store`."""
    spec = get_spec(game)
    n = spec.check_players(spec.default_players if players is None else players)
    if seat.__class__ is not int or not 0 <= seat < n:
        raise IllegalAction(f"--seat must be from 0 to {n - 1}, not {seat}")
    from .resume import claim
    table = Table(game, n, bots=seat_bots(n, seat, bots), seed=seed, variant=variant, options=options,
                  clock=clock, journal=store, settings=TableSettings(), surface=TERMINAL, labels=claim())
    table.sit(seat, name or f"Player {seat}")
    return table


def list_moves(legal: Sequence[str], out: Output) -> None:
    """Your moves, numbered from 1."""
    out("Your moves:")
    for number, text in enumerate(legal, start=1):
        out(f"  {number:>3}  {text}")


def choose(table: Table, seat: int, ask: Prompt, out: Output) -> bool:
    """Ask for one move until the table accepts it; False when you quit (or input ends)."""
    update = table.update(seat, since=table.version)
    legal = update.legal
    list_moves(legal, out)
    while True:
        try:
            answer = ask("move (number or text, ? to list, q to quit)> ").strip()
        except EOFError:
            return False
        if answer.lower() in QUIT:
            return False
        if answer.lower() in LIST:
            list_moves(legal, out)
            continue
        if not answer:
            continue
        text = answer
        if answer.isdigit():
            index = int(answer) - 1
            if not 0 <= index < len(legal):
                out(f"There is no move {answer}; choose 1 to {len(legal)}.")
                continue
            text = legal[index]
        reply = table.ask(seat, answer)
        if reply is not None:
            out(reply)
            continue
        try:
            table.submit(seat, text, update.version)
            return True
        except StaleSubmit:
            out("The game moved on meanwhile; look again.")
            return True
        except IllegalAction as err:
            out(f"! {err}")


def play_session(game: str, players: int | None, seat: int, bots: Sequence[str], seed: int | None,
                 variant: str | None, ask: Prompt = input, *, options: Mapping[str, Any] | None = None,
                 store: Store | None = None, out: Output | None = None, name: str | None = None,
                 clock: Clock = time.monotonic, table: Table | None = None) -> Table:
    """Play one turn-based game with you in `seat` and bots elsewhere (or go on with `table`, a
    resumed game); return its table (over, or abandoned when you left)."""
    out = out or plain_printer()
    if table is None:
        table = open_table(game, players, seat, bots, seed, variant, options, store, name, clock)
    out(header(table, seat))
    try:
        return _play_turns(table, seat, ask, out, store)
    finally:  # Ctrl-C or a crash: the saved game must not look like one still being played
        if table.status == "playing":
            table.abandon()


def _play_turns(table: Table, seat: int, ask: Prompt, out: Output, store: Store | None) -> Table:
    spec = table.spec
    if table.status == "waiting":
        table.start()
    seen = -1
    while True:
        table.pump()
        update = table.update(seat, since=seen)  # every event of your seat since your last turn
        seen = update.version
        names = names_for(update)
        describe_events(spec, update.events, names, out)
        if update.over:
            break
        if not update.legal:
            raise RuntimeError(f"{spec.id}: the bots are waiting for nobody (version {update.version})")
        out(render(spec, update.view, names))
        if not choose(table, seat, ask, out):
            table.abandon()
            end_screen(table, seat, store, out, left=True)
            return table
    end_screen(table, seat, store, out)
    return table


__all__ = ["choose", "list_moves", "open_table", "play_session", "seat_bots"]
