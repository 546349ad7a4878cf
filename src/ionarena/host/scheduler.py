"""When bots move and when timeouts fire: the one schedule of `host.Table` and `ion simulate`.

`plan(state, delays, since)` lists what would happen next if nobody else acted, soonest first:

- Timed games (the state reports a `deadline()`): times are game seconds. A bot seat that may act
  moves `delay` (its reaction time) after the game last changed (`state.now()`), in whole
  milliseconds as the `at <t>` text carries them, so a move never rounds onto the deadline it
  was meant to beat; bots due at or after the deadline are dropped, and the host's `timeout`
  comes last, at the deadline.
- Untimed games: times are the caller's clock. A bot seat moves `delay` after `since` (the
  moment the table last changed); with a move `limit`, every other seat that may act (a person,
  or an open seat) is due at `since + limit`, when its takeover bot moves for it.

Ties keep the order of `state.actors()`. Bots never act for a person's seat except through the
move limit. The scheduler only plans: the caller asks the bot, which may decline (return None,
"wait"): the caller then plans again without that seat until the game changes.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..core import HOST, Actor, State
from ..core.millis import to_ms

BOT: Literal["bot"] = "bot"
"""The bot in `seat` moves."""
LIMIT: Literal["limit"] = "limit"
"""The move limit of `seat` (a person or an open seat) passed: its takeover bot moves for it."""
TIMEOUT: Literal["timeout"] = "timeout"
"""The game's deadline passed: the host applies `timeout`."""

DueKind = Literal["bot", "limit", "timeout"]


@dataclass(frozen=True, slots=True)
class Due:
    """One thing the schedule says happens at `when` (game seconds in timed games, else the
    caller's clock)."""

    when: float
    seat: Actor
    kind: DueKind


def plan(state: State[Any], delays: Mapping[int, float], since: float = 0.0, *,
         skip: Collection[int] = (), limit: float | None = None) -> list[Due]:
    """Everything due next in `state`, soonest first (see the module docstring).

    `delays` gives the bot seats and their reaction times (seconds); seats not in it are people's
    or open. `skip` holds bots that declined to move since the game last changed. `since` and
    `limit` matter only while the game has no deadline. Empty when the game is over or nothing
    is scheduled (a person's turn without a move limit).
    """
    return list(schedule(state, delays, since, skip=skip, limit=limit))


def schedule(state: State[Any], delays: Mapping[int, float], since: float = 0.0, *,
             skip: Collection[int] = (), limit: float | None = None) -> Iterator[Due]:
    """`plan`, one `Due` at a time: for a caller that usually takes the first (`sim.driver`), the
    rest are never built. Everything is worked out before the first `Due`: the state may change
    once it is taken."""
    if state.is_over():
        return
    actors = state.actors()
    deadline = state.deadline()
    if deadline is not None:
        now = state.now()
        order = [(to_ms(now + delays[seat]), index, seat) for index, seat in enumerate(actors)
                 if seat in delays and seat not in skip]
        order.sort()
        for when, _, seat in order:
            if when >= deadline:
                break  # the rest are later still
            yield Due(when, seat, BOT)
        yield Due(deadline, HOST, TIMEOUT)
        return
    entries: list[tuple[float, int, int, DueKind]] = []
    for index, seat in enumerate(actors):
        if seat in skip:
            continue
        delay = delays.get(seat)
        if delay is not None:
            entries.append((since + delay, index, seat, BOT))
        elif limit is not None:
            entries.append((since + limit, index, seat, LIMIT))
    entries.sort()
    for when, _, seat, kind in entries:
        yield Due(when, seat, kind)


def clock_text(seconds: float) -> str:
    """The host action text that moves a timed game's clock to `seconds`."""
    return f"at {seconds:.3f}"
