"""Replays: a finished game stepped through move by move, from one seat's view or a spectator's.

`frames(record, seat)` replays a record, verified as `ion replay` verifies one (each move legal in
turn, then the recorded scores and winners against the replayed ones: a tampered record is one
`RecordError` saying what differs), and keeps a frame wherever that seat learns something
(an event it may see), plus the start and the end: each frame is the seat's view then and the new
events in words. Host ticks (bank's `at <t>`) that tell nobody anything make no frame. A game is
only replayed once it is over (or from a record a person uploads), so the seat's view shows what
that player saw, and nothing of a running game leaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Names, RecordError, State, get_spec
from ..core.record import GameRecord, new_state, replay
from .payload import event_words

MAX_REPLAY_ACTIONS = 50_000
"""Longer records are not replayed on the server."""


def frames(record: GameRecord, seat: int | None, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Every frame of `record` as `seat` saw it (see the module docstring)."""
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise RecordError(f"the record has more than {MAX_REPLAY_ACTIONS} actions to replay here")
    state = new_state(record)
    if seat is not None:
        state.check_seat(seat)
    spec = get_spec(record.game)
    shown = Names(seat, list(names) if names else None)
    out: list[dict[str, Any]] = []
    seen = -1

    def keep(step: int) -> None:
        nonlocal seen
        events = state.events(seat, seen)
        seen = state.version
        out.append({"step": step, "version": state.version, "view": state.view(seat),
                    "events": [event_words(spec, e, shown) for e in events]})

    keep(0)
    last = len(record.actions)

    def step(index: int, after: State) -> None:
        nonlocal state
        state = after
        if index + 1 == last or after.events(seat, seen):
            keep(index + 1)

    replay(record, on_step=step)  # verified as `ion replay` verifies: each move, then the result
    return {"game": record.game, "title": spec.title, "variant": record.variant, "players": record.players,
            "seat": seat,
            "names": [shown.plain(s) for s in range(record.players)], "over": state.is_over(),
            "scores": list(state.scores()), "winners": list(state.winners()) if state.is_over() else [],
            "frames": out, "verified": verified(record)}


def verified(record: GameRecord) -> str:
    """What a replay page says of a record that replayed (`frames` refuses one that does not)."""
    if record.scores is None:
        return "Every move replays; the record claims no result to check."
    return "Every move replays and the result matches the record."


__all__ = ["MAX_REPLAY_ACTIONS", "frames"]
