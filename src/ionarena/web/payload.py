"""What a client receives: a seat's update as JSON, with every event in words.

The same object is the body of `GET /api/tables/{id}/state`, of a 200/409 answer to a move and
of every WebSocket push (`{"type": "state", ...}`):

- `version`, `view` (the kernel's envelope for that seat), `legal` (that seat's moves as text),
  `events` (each event's data plus `text`, the presenter's sentence for that reader, and
  `explain`, the chemistry behind it where there is some), `over`, `status`, `actors`, `seat`,
  `names`, `seats` (who holds each seat, never a token);
- `clock`: `deadline_in` (seconds until the next deadline: a timed game's move clock or an
  untimed table's move limit; None without one) and `game_now` (a timed game's clock, in game
  seconds, at the moment the message was made), so a page can run its clocks without sharing
  the server's clock;
- `practice`: the seed of a practice deal (a seed the table's maker chose, which gives away every
  hand: everyone is shown it), as text; None at a table dealt from a seed nobody chose.

Presenters read only what the seat was given, so a payload cannot hold what its seat may not see.

`encode` turns a message into its JSON text (orjson: several times faster than `json`, and it
writes the same JSON a reader gets back from `json.dumps`, keys that are numbers as strings).
"""

from __future__ import annotations

import logging
from typing import Any, TypedDict

import orjson

from ..core import Event, GameSpec, Names, View
from ..host import Status, Table, Update
from ..host.seats import PublicSeat

log = logging.getLogger(__name__)


PRACTICE = "practice"
"""The label of a table that keeps the seed of a practice deal."""


class Clock(TypedDict):
    """A state's clocks (see the module docstring)."""

    deadline_in: float | None
    game_now: float | None


class StatePayload(TypedDict):
    """What a client receives of a seat's update (see the module docstring); `events` are
    `event_words`."""

    table: str
    game: str
    title: str
    seat: int | None
    version: int
    since: int
    view: View
    legal: list[str]
    events: list[dict[str, Any]]
    actors: list[int]
    over: bool
    status: Status
    names: list[str]
    seats: list[PublicSeat]
    clock: Clock
    practice: str | None


def practice_seed(table: Table) -> str | None:
    """The seed of a practice deal (chosen by whoever made the table), as text; None otherwise."""
    return table.label(PRACTICE)


def event_words(spec: GameSpec, event: Event, names: Names) -> dict[str, Any]:
    """One event as JSON with its sentence (`text`) and, where there is one, its chemistry (`explain`)."""
    data = event.to_json()
    try:
        data["text"] = spec.presenter.describe(event, names)
    except Exception:  # a presenter mid-rework must not take a table down
        log.exception("%s: no words for event %s", spec.id, event.kind)
        data["text"] = f"({event.kind})"
    try:
        explanation = spec.presenter.explain(event)
    except Exception:
        log.exception("%s: no explanation for event %s", spec.id, event.kind)
        explanation = ""
    if explanation:
        data["explain"] = explanation
    return data


def state_payload(table: Table, update: Update, now: float | None = None) -> StatePayload:
    """The JSON a client receives for `update` (see the module docstring); `now` is the table's
    clock when the message is made (default: read it)."""
    now = table.clock() if now is None else now
    names = Names(update.seat, update.names)
    spec = table.spec
    game_now = table.game_time(now) if spec.timed else None
    return {
        "table": update.table,
        "game": spec.id,
        "title": spec.title,
        "seat": update.seat,
        "version": update.version,
        "since": update.since,
        "view": update.view,
        "legal": list(update.legal),
        "events": [event_words(spec, event, names) for event in update.events],
        "actors": list(update.actors),
        "over": update.over,
        "status": update.status,
        "names": [names.plain(seat) for seat in range(len(update.names))],
        "seats": [seat.copy() for seat in update.seats],
        "clock": {"deadline_in": None if update.deadline is None else max(0.0, update.deadline - now),
                  "game_now": game_now},
        "practice": practice_seed(table),
    }


def encode(message: Any) -> str:
    """A message as compact JSON text."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def decode(text: str | bytes) -> Any:
    """A client's message from its JSON text (`ValueError` if it is not JSON)."""
    return orjson.loads(text)


__all__ = ["PRACTICE", "Clock", "StatePayload", "decode", "encode", "event_words", "practice_seed",
           "state_payload"]
