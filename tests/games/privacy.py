"""Who may read what in a game's events: each game's test names, kind by kind, the fields the rules
hide and the seats allowed to read them; `audit` checks that on seeded games through the public API
only (`state.events(seat)`), for every seat and the spectator.

The conformance leak check compares determinized worlds: it proves views hide what `determinize`
resamples, but a determinized copy replays its past events as its observer saw them, so an event
that names another seat's card to everyone would pass it. These audits close that gap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest

import ionarena
from ionarena.core import State

from ..conformance.checks import play


@dataclass(frozen=True)
class Private:
    """An event kind that carries hidden information in `fields`, readable by `readers(data)` only."""

    fields: tuple[str, ...]
    readers: Callable[[dict[str, Any]], set[int]]
    others_see_it: bool = True
    """False: the other seats do not get the event at all (a deal of one hand, a tile chosen)."""
    others_check: Callable[[dict[str, Any]], bool] | None = None
    """Also true of the version the other seats read (e.g. a pick they read only once complete)."""


def _empty(value: Any) -> bool:
    return value is None or value == [] or value == ()


def audit(state: State, private: dict[str, Private], public: Iterable[str]) -> Counter[tuple[str, str]]:
    """Check every event every seat (and the spectator) may read in `state`; return how often each
    private kind was read by an allowed reader ("reader") and by anyone else ("other").

    - Every kind is classified, private or public (a new kind must be looked at).
    - A private kind's hidden fields are never set in what a seat outside its readers reads; the
      kinds the others must not see at all never reach them.
    - Public kinds reach every seat and the spectator identically.
    """
    public = set(public)
    seen: Counter[tuple[str, str]] = Counter()
    public_logs = []
    for seat in [*range(state.num_players), None]:
        public_log = []
        for event in state.events(seat):
            kind, data = event.kind, event.data
            assert kind in public or kind in private, f"{state.game_id}: {kind!r} events are not classified"
            if kind in public:
                public_log.append(event)
                continue
            rule = private[kind]
            readers = rule.readers(data)
            if seat is not None and seat in readers:
                seen[kind, "reader"] += 1
                continue
            seen[kind, "other"] += 1
            where = f"{state.game_id} v{event.version}: seat {seat} reads {kind} {data}"
            assert rule.others_see_it, f"{where}, meant for seats {sorted(readers)} only"
            for name in rule.fields:
                assert _empty(data.get(name)), \
                    f"{where}, whose {name!r} only seats {sorted(readers)} may read"
            if rule.others_check is not None:
                assert rule.others_check(data), where
        public_logs.append(public_log)
    assert all(log == public_logs[0] for log in public_logs), \
        f"{state.game_id}: a public event kind reads differently for different seats"
    return seen


def played(game: str, cases: Iterable[tuple[str, int, int]], **options: Any) -> Iterable[State]:
    """Seeded games played to the end by random bots: one per (variant, players, seed)."""
    for variant, players, seed in cases:
        state = ionarena.make(game, players=players, seed=seed, variant=variant, **options)
        yield play(state, seed)


def audit_games(game: str, cases: Iterable[tuple[str, int, int]], private: dict[str, Private],
                public: Iterable[str], **options: Any) -> Counter[tuple[str, str]]:
    """`audit` summed over `played` games."""
    total: Counter[tuple[str, str]] = Counter()
    for state in played(game, cases, **options):
        total += audit(state, private, public)
    return total


def leak(monkeypatch: pytest.MonkeyPatch, cls: type[State], kind: str) -> None:
    """Break a game on purpose: its `kind` events go to everyone, hidden fields and all."""
    emit = cls._emit

    def leaky(self: State, k: str, payload: Any = (), seen_by: Any = None, public: Any = None) -> None:
        if k == kind:
            seen_by = public = None
        emit(self, k, payload, seen_by, public)

    monkeypatch.setattr(cls, "_emit", leaky)
