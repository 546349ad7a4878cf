"""Observation encodings: how a seat's view (and the events it was shown) becomes a float vector.

Each game's RL module defines an `Encoder` whose `layout` names every field of the vector (its
place, length, bounds and meaning: docs/rl.md prints them). Rules every encoder keeps:

- It reads only `state.view(seat)` (the envelope and the game's `table`) and, if it keeps a
  memory, the events `state.events(seat, since)` gave that seat: never the state's fields, so an
  observation cannot hold what the rules hide from the seat.
- Seats are relative: position 0 of every per-seat field is the observing seat itself, position 1
  the next seat (seat + 1), and so on, so one policy can play any seat.
- An encoder may also offer a fast path, `encode_state(state, seat)`, that makes the same vector
  from the seat's observation as the game reads it off the state's fields (`games/<id>/observe.py`:
  what the seat may see, as numbers instead of the view's text; `fast = True`). The encoder never
  reads a state's fields itself. The fast path must give exactly what `encode` gives from the
  seat's view and events, for every position (tests/rl/test_fast_path.py checks both on every
  step of many games, and on copies whose hidden cards were dealt again). The view-based `encode`
  stays the reference and what the tests hold the fast path to.
- Values stay inside the declared bounds (`Layout.bounds`): counts are raw small whole numbers or
  scaled, unbounded amounts (scores, pots) are squashed into (-1, 1) with `squash`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

import numpy as np
from gymnasium import spaces

from ..core import Event, State, View
from .config import GameConfig
from .games import game_module

FLOAT32 = np.dtype(np.float32)
"""The observation's dtype (a dtype object: `np.frombuffer` takes it faster than the type)."""
INT8 = np.dtype(np.int8)
"""The action mask's dtype."""
KEPT_ROWS = 50_000
"""How many values a fast path's cache keeps (`kept`): past that it keeps no new ones."""

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S", bound=State[Any])
"""The state type of an encoder's game (its fast path reads that game's observation)."""


def kept(cache: dict[K, V], key: K, value: V) -> V:
    """`value`, kept in a fast path's `cache` under `key` while the cache holds fewer than
    `KEPT_ROWS` values (caches are by contents: a value is the same for any game it is met in)."""
    if len(cache) < KEPT_ROWS:
        cache[key] = value
    return value


def squash(x: float, scale: float) -> float:
    """`x / (|x| + scale)`: any amount into (-1, 1), monotonic, about `x / scale` when small."""
    return x / (abs(x) + scale)


@dataclass(frozen=True)
class Field:
    """One named part of an observation vector."""

    name: str
    start: int
    size: int
    low: float
    high: float
    doc: str


class Layout:
    """The fields of an observation vector, in order."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str, high: float = 1.0, low: float = 0.0) -> int:
        """Append a field of `size` values in `[low, high]`; return its first position."""
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} declared twice")
        start = self.size
        self.fields.append(Field(name, start, size, low, high, doc))
        self.size += size
        return start

    def field(self, name: str) -> Field:
        """The field called `name`."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The low and high bound of every position."""
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for f in self.fields:
            low[f.start:f.start + f.size] = f.low
            high[f.start:f.start + f.size] = f.high
        return low, high

    def markdown(self) -> str:
        """The layout as a Markdown table (docs/rl.md)."""
        rows = ["| positions | field | values | meaning |", "|---|---|---|---|"]
        for f in self.fields:
            where = f"{f.start}" if f.size == 1 else f"{f.start}–{f.start + f.size - 1}"
            doc = f.doc.replace("|", "\\|")
            rows.append(f"| {where} | `{f.name}` | {f.low:g} to {f.high:g} | {doc} |")
        return "\n".join(rows)


class Encoder(Generic[S]):
    """Base class of the game encoders (`Encoder[DotsState]`: of the states of one game). A subclass
    builds `self.layout` in `__init__` and implements `encode`; one that keeps a per-seat memory of
    events sets `uses_events` and implements `new_memory` and `remember`."""

    uses_events = False
    fast = False
    """True when `encode_state` is implemented (the env then uses it instead of view + events)."""

    def __init__(self, config: GameConfig):
        self.config = config
        self.layout = Layout()
        self._blank: array | None = None

    def new_memory(self) -> Any:
        """A fresh per-seat memory (None for encoders that read the view alone)."""
        return None

    def remember(self, memory: Any, events: Iterable[Event]) -> None:
        """Take in the events the seat was shown since its last observation."""

    def encode(self, view: View, memory: Any) -> np.ndarray:
        """The observation vector of a seat's view (float32, `layout.size` long)."""
        raise NotImplementedError

    def encode_state(self, state: S, seat: int) -> np.ndarray:
        """The vector `encode` makes of `seat`'s view and events, read from the state's fields (only
        those the seat may see); implemented by encoders that set `fast`."""
        raise NotImplementedError

    def space(self) -> spaces.Box:
        """The observation vector's space."""
        low, high = self.layout.bounds()
        return spaces.Box(low, high, dtype=np.float32)

    def blank(self) -> array:
        """A new vector of zeros to fill (a float32 `array.array`: setting items is cheap; an encoder
        may keep one as `self.zeros` once its layout is complete and copy it with `[:]`)."""
        blank = self._blank
        if blank is None or len(blank) != self.layout.size:
            blank = self._blank = array("f", bytes(4 * self.layout.size))
        return blank[:]

    @staticmethod
    def finish(values: array) -> np.ndarray:
        """The filled vector as a numpy array (sharing its memory: no copy)."""
        return np.frombuffer(values, FLOAT32)


@lru_cache(maxsize=64)
def _encoder(config: GameConfig) -> Encoder[Any]:
    encoder: Encoder[Any] = game_module(config.game).Encoder(config)
    return encoder


def encoder_for(config: GameConfig) -> Encoder[Any]:
    """The (shared, stateless) encoder of a configuration; per-seat memories are made by the env."""
    return _encoder(config)


def relative(seat: int, other: int, players: int) -> int:
    """Where `other` sits seen from `seat`: 0 is the seat itself, 1 the next seat, ..."""
    return (other - seat) % players
