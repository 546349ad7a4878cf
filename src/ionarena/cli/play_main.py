"""The body of `ion play`: open the store, then play full-screen, or line by line (turn by turn or in
real time) — a new game, or one taken up again with `--resume`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import IonError, get_spec
from ..core.options import parse_assignments
from ..store import Store


def play_game(game: str, players: int | None, seat: int, bots: Sequence[str], seed: int | None,
              variant: str | None, option: Sequence[str], move_time: float | None, db: str | None,
              name: str | None, *, plain: bool = False, seats: Sequence[int] | None = None) -> None:
    """Play GAME at the terminal and save it in the store (`db`, `$ION_DB` or the default file):
    full-screen (`ionarena.tui`) at a terminal, line by line with `plain` or when stdin/stdout are
    not a terminal. `seats` (hot-seat: several people at one keyboard) needs the full screen."""
    from ..tui.run import wants_tui
    spec = get_spec(game)
    people = list(seats) if seats else [seat]
    full_screen = wants_tui(plain)
    if len(people) > 1 and not full_screen:
        raise IonError("--seats with several seats (hot-seat) needs the full-screen table: run it in a "
                       "terminal, without --plain")
    options = parse_assignments(option, spec.options, spec.id)
    if move_time is not None:
        options.update(parse_assignments([f"move_time={move_time}"], spec.options, spec.id))
    spec.make(players=players, seed=0, variant=variant, **options)  # bad options fail before the store opens
    with Store(db) as store:
        if full_screen:
            from ..tui.run import play_tui
            play_tui(game, players, people, bots, seed, variant, options=options, store=store,
                     names=[name] if name else None)
            return
        seat = people[0]
        if spec.timed:
            from .play_realtime import play_realtime
            play_realtime(game, players, seat, bots, seed, variant, options=options, store=store, name=name)
        else:
            from .play import play_session
            play_session(game, players, seat, bots, seed, variant, options=options, store=store, name=name)


def resume_game(table_id: str, db: str | None, *, plain: bool = False) -> None:
    """Take back the seats of the unfinished terminal game `table_id` of the store and play on
    (full-screen, or line by line as `play_game`)."""
    from ..tui.run import wants_tui
    full_screen = wants_tui(plain)
    with Store(db) as store:
        if full_screen:
            from ..tui.run import resume_tui
            resume_tui(store, table_id)
            return
        import time

        from .resume import take_back
        table, people = take_back(store, table_id, time.monotonic)
        if len(people) > 1:
            table.set_labels({"terminal": None})
            raise IonError(f"game {table_id} is a hot-seat game ({len(people)} people at one keyboard): "
                           "resume it in a terminal, without --plain")
        seat = people[0]
        if table.spec.timed:
            from .play_realtime import play_realtime
            play_realtime(table.game, None, seat, (), None, None, store=store, table=table)
        else:
            from .play import play_session
            play_session(table.game, None, seat, (), None, None, store=store, table=table)
