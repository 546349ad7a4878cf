"""Seeded randomness. Every random choice a game makes comes from its own `random.Random`.

`random.Random(int)` (Mersenne Twister) and its `shuffle`, `choice` and `randrange` give the same
results on every platform for the same Python minor series, which is what replay needs.
Seeds for sub-streams (one per simulated game, one per agent) are derived with a hash, never with
the built-in `hash`, which is salted per process.
"""

from __future__ import annotations

import hashlib
import random


def make_rng(seed: int) -> random.Random:
    """A fresh generator for `seed`."""
    return random.Random(seed)


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from `seed` and any labels, stable across machines and processes."""
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
