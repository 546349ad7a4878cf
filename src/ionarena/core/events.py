"""Events as data: what happened, with the seats that may know it.

A game emits events while it applies an action (and while it sets up): a `kind` and fields, never
prose. Each event is either public (every seat and spectators see it), or private to some seats;
a private event may carry a `public` version that everyone else sees instead (a Gift: giver and
receiver read which card changed hands, the others read that a card did).

The log is an immutable cons list kept by the base `State`, so `clone()` shares it in O(1);
`State.events(seat, since)` reads back every event that seat may see after a version.
Wording lives in each game's presenter, never in the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

Payload = tuple[Any, ...] | dict[str, Any]
"""An event's fields: a dict, or a tuple read through the game's `EVENT_FIELDS[kind]` names."""

Audience = tuple[int, ...] | frozenset[int] | None
"""Who sees an event: None for everyone (spectators too), else exactly these seats."""

EventNode = tuple[Any, int, str, Payload, Audience, Payload | None] | None
"""`(older, version, kind, payload, seen_by, public)`; None is the empty log."""


class Event(NamedTuple):
    """One event as a seat receives it."""

    version: int
    """The game version this event belongs to: 0 for the deal, k for the k-th applied action."""
    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """`{"version": v, "kind": k, **fields}` (fields never use those two names)."""
        return {"version": self.version, "kind": self.kind, **self.data}


def visible_nodes(log: EventNode, seat: int | None, since: int, observer: int | None = None,
                  hidden_before: int = -1) -> list[tuple[int, str, Payload]]:
    """The `(version, kind, payload)` of every event `seat` may see with version > `since`, oldest first.

    Events up to version `hidden_before` are shown as `observer` saw them instead (a determinized
    copy: its past is only what the observer knew).
    """
    found: list[tuple[int, str, Payload]] = []
    node = log
    while node is not None:
        older, version, kind, payload, seen_by, public = node
        if version <= since:
            break
        reader = observer if version <= hidden_before else seat
        if seen_by is None or (reader is not None and reader in seen_by):
            found.append((version, kind, payload))
        elif public is not None:
            found.append((version, kind, public))
        node = older
    found.reverse()
    return found


def flatten(log: EventNode) -> list[tuple[Any, ...]]:
    """The nodes of a log, oldest first, without their links (for pickling long games flat)."""
    items: list[tuple[Any, ...]] = []
    node = log
    while node is not None:
        items.append(node[1:])
        node = node[0]
    items.reverse()
    return items


def rebuild(items: list[tuple[Any, ...]]) -> EventNode:
    """The cons list `flatten` took apart."""
    node: EventNode = None
    for item in items:
        node = (node, *item)
    return node


def iter_all(log: EventNode) -> Iterator[tuple[int, str, Payload, Audience, Payload | None]]:
    """Every node, newest first (for tests and tools that need the audiences)."""
    node = log
    while node is not None:
        yield node[1:]
        node = node[0]
