"""The body of `ion play`: open the store, then play turn by turn or in real time."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import get_spec
from ..core.options import parse_assignments
from ..store import Store


def play_game(game: str, players: int | None, seat: int, bots: Sequence[str], seed: int | None,
              variant: str | None, option: Sequence[str], move_time: float | None, db: str | None,
              name: str | None) -> None:
    """Play GAME at the terminal and save it in the store (`db`, `$ION_DB` or the default file)."""
    spec = get_spec(game)
    options = parse_assignments(option, spec.options, spec.id)
    if move_time is not None:
        options.update(parse_assignments([f"move_time={move_time}"], spec.options, spec.id))
    spec.make(players=players, seed=0, variant=variant, **options)  # bad options fail before the store opens
    with Store(db) as store:
        if spec.timed:
            from .play_realtime import play_realtime
            play_realtime(game, players, seat, bots, seed, variant, options=options, store=store, name=name)
        else:
            from .play import play_session
            play_session(game, players, seat, bots, seed, variant, options=options, store=store, name=name)
