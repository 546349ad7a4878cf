"""Replays: a finished game stepped through move by move, from one seat's view or a spectator's.

`frames(record, seat)` replays a record and keeps a frame wherever that seat learns something
(an event it may see), plus the start and the end: each frame is the seat's view then and the new
events in words. A record someone uploads is first verified as `ion replay` verifies one (each
move legal in turn, then the recorded scores and winners: a tampered record is one `RecordError`
saying what differs), and its answer says so (`verified`). Host ticks (bank's `at <t>`) that tell
nobody anything make no frame. A game is only replayed once it is over (or from a record a person
uploads), so the seat's view shows what that player saw, and nothing of a running game leaks.

`frame_chunks(record, seat)` is the same answer as JSON text in pieces of about `CHUNK` bytes,
built as they are sent: a replay's frames hold a whole view each (a 0.8 MB record made a 29 MB
answer), so the server never holds them all at once (`web.replays` streams them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import orjson

from ..core import HOST, IllegalAction, Names, RecordError, get_spec
from ..core.record import GameRecord, new_state
from .payload import event_words

MAX_REPLAY_ACTIONS = 50_000
"""Longer records are not replayed on the server."""
CHUNK = 64 * 1024
"""About how many bytes of a streamed replay are built at a time."""


def frames(record: GameRecord, seat: int | None, names: Sequence[str] | None = None,
           *, checked: bool = False) -> dict[str, Any]:
    """Every frame of `record` as `seat` saw it (see the module docstring); `checked`: the record
    was verified first (`core.record.replay`), and the answer says so (`verified`)."""
    ends: dict[str, Any] = {}
    steps = _steps(record, seat, names, ends, checked)
    head = next(steps)
    return {**head, "frames": list(steps), **ends}


def frame_chunks(record: GameRecord, seat: int | None, names: Sequence[str] | None = None,
                 *, checked: bool = False) -> Iterator[bytes]:
    """`frames(record, seat, names, checked=…)` as JSON text (UTF-8), in pieces of about `CHUNK`
    bytes built one after another as they are asked for."""
    ends: dict[str, Any] = {}
    steps = _steps(record, seat, names, ends, checked)
    buffer = [orjson.dumps(next(steps))[:-1] + b',"frames":[']
    size, first = 0, True
    for frame in steps:
        encoded = orjson.dumps(frame)
        buffer.append(encoded if first else b"," + encoded)
        first = False
        size += len(encoded)
        if size >= CHUNK:
            yield b"".join(buffer)
            buffer, size = [], 0
    buffer.append(b"]," + orjson.dumps(ends)[1:])
    yield b"".join(buffer)


def _steps(record: GameRecord, seat: int | None, names: Sequence[str] | None,
           ends: dict[str, Any], checked: bool) -> Iterator[dict[str, Any]]:
    """The answer's head (game, names, ...), then each frame; then `ends` holds the rest (over,
    scores, winners)."""
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise RecordError(f"the record has more than {MAX_REPLAY_ACTIONS} actions to replay here")
    state = new_state(record)
    if seat is not None:
        state.check_seat(seat)
    spec = get_spec(record.game)
    shown = Names(seat, list(names) if names else None)
    seen = -1
    yield {"game": record.game, "title": spec.title, "variant": record.variant, "players": record.players,
           "seat": seat, "names": [shown.plain(s) for s in range(record.players)]}

    def frame(step: int) -> dict[str, Any]:
        nonlocal seen
        events = state.events(seat, seen)
        seen = state.version
        return {"step": step, "version": state.version, "view": state.view(seat),
                "events": [event_words(spec, e, shown) for e in events]}

    yield frame(0)
    last = len(record.actions)
    for index, (player, text) in enumerate(record.actions, start=1):
        try:
            state.apply_text(HOST if player is None else player, text)
        except IllegalAction as err:
            who = "host" if player is None else f"player {player}"
            raise RecordError(f"action {index} ({who}: {text!r}) is not legal: {err}") from None
        if index == last or state.events(seat, seen):
            yield frame(index)
    ends.update(over=state.is_over(), scores=list(state.scores()),
                winners=list(state.winners()) if state.is_over() else [])
    if checked:
        ends["verified"] = verified(record)


def verified(record: GameRecord) -> str:
    """What a replay page says of a record that was verified as `ion replay` verifies one."""
    if record.scores is None:
        return "Every move replays; the record claims no result to check."
    return "Every move replays and the result matches the record."


__all__ = ["CHUNK", "MAX_REPLAY_ACTIONS", "frame_chunks", "frames", "verified"]
