"""Seeded randomness. Every random choice a game makes comes from its own `random.Random`.

`random.Random(int)` (Mersenne Twister) and its `shuffle`, `choice` and `randrange` give the same
results on every platform for the same Python minor series, which is what replay needs.
Seeds for sub-streams (one per simulated game, one per agent) are derived with a hash, never with
the built-in `hash`, which is salted per process.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def make_rng(seed: int) -> random.Random:
    """A fresh generator for `seed`."""
    return random.Random(seed)


def new_seed() -> int:
    """A fresh 64-bit seed from the operating system's secure generator, for games people play.

    A 31-bit seed can be found by brute force from a seat's first view (which rebuilds every hand);
    64 bits cannot.
    """
    return secrets.randbits(64)


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from `seed` and any labels, stable across machines and processes."""
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class SharedRng:
    """A game's generator, shared copy-on-write between a state and its clones.

    `clone()` is the hot path of search agents; copying a Mersenne Twister state (2.5 KB) on every
    clone would dominate it. `fork()` hands the same generator to the copy and marks both sides
    shared; whichever side draws first (`get()`) takes a private copy, so clones stay independent.
    """

    __slots__ = ("_rng", "_shared")

    def __init__(self, seed: int | random.Random):
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._shared = False

    def get(self) -> random.Random:
        """The generator, made private first if a clone still shares it."""
        if self._shared:
            own = random.Random.__new__(random.Random)  # unseeded: setstate fills it at once
            own.setstate(self._rng.getstate())
            self._rng = own
            self._shared = False
        return self._rng

    def fork(self) -> SharedRng:
        """A handle for a clone: same stream, independent from the first draw on either side."""
        other = SharedRng.__new__(SharedRng)
        other._rng = self._rng
        other._shared = self._shared = True
        return other

    def state(self) -> object:
        """The generator's state, for comparing two handles in tests."""
        return self._rng.getstate()
