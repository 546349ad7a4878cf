"""Game-specific timings for `ion bench compound`: the RXN optimiser, greedy decisions, clones."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .cards import GOAL_IDS, deck_for, is_charged
from .rules import CompoundState
from .scoring import best_arrangement

ALL_CHARGED = sorted({c for c in deck_for("standard") if is_charged(c)})

WORST_CASES: dict[str, tuple[list[str], list[str]]] = {
    # every transition metal and polyatomic ion at once: the most kinds of compound
    "20 different cards": (["Fe", "Cu", "Co", "Cr", "Mn", "Au", "NH4", "H", "Na", "Mg", "NO3", "ClO3",
                            "CO3", "SO4", "PO4", "F", "Cl", "O", "OH", "Br"],
                           ["neutralization", "hydrohalic_acids", "alk_earth_salts"]),
    "20 cards in pairs": (["H", "H", "Na", "Na", "K", "K", "Mg", "Mg", "Ca", "Ca", "F", "F", "Cl", "Cl",
                           "Br", "Br", "O", "O", "OH", "OH"],
                          ["neutralization", "alkali_salts", "alk_earth_bases"]),
    "20 cards, many repeats": (["H", "H", "H", "Na", "Na", "Mg", "Mg", "Ca", "Fe", "Mn", "Cl", "Cl", "Cl",
                                "OH", "OH", "OH", "O", "O", "SO4", "PO4"],
                               ["neutralization", "alk_earth_bases", "metal_oxides"]),
}


TILES_DOWN = 3
"""Face-down tiles in the timings: all three, the most a refresh can be worth (the slowest search)."""


def time_best(cards: Sequence[str], goals: Sequence[str], extras: Sequence[str], repeat: int = 3) -> float:
    """Milliseconds of the fastest of `repeat` calls of `best_arrangement` (each call starts cold)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        best_arrangement(cards, goals, extras, TILES_DOWN)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def worst_case_ms(extras: Sequence[str] = tuple(ALL_CHARGED)) -> tuple[str, float]:
    """The slowest of the hand-made worst cases, with every charged card offered as the extra."""
    timings = {label: time_best(cards, goals, extras) for label, (cards, goals) in WORST_CASES.items()}
    label = max(timings, key=lambda k: timings[k])
    return label, timings[label]


def random_20_ms(samples: int = 100, seed: int = 0) -> tuple[float, float]:
    """Mean and max milliseconds over random 20-card areas, 3 goals and 8 offered extras."""
    rng = random.Random(seed)
    deck = deck_for("standard")
    times = []
    for _ in range(samples):
        cards = rng.sample(deck, 20)
        times.append(time_best(cards, rng.sample(GOAL_IDS, 3), rng.sample(deck, 8), repeat=1))
    return sum(times) / len(times), max(times)


def typical_area_ms(samples: int = 200, seed: int = 1) -> float:
    """Mean milliseconds for a typical round-end area (10 cards, 3 goals, 6 offered extras)."""
    rng = random.Random(seed)
    deck = deck_for("standard")
    start = time.perf_counter()
    for _ in range(samples):
        best_arrangement(rng.sample(deck, 10), rng.sample(GOAL_IDS, 3), rng.sample(deck, 6), TILES_DOWN)
    return (time.perf_counter() - start) / samples * 1000


def clone_microseconds(players: int, copies: int = 5_000) -> float:
    """Microseconds per clone of a fresh deal."""
    state = CompoundState(players, "standard", 1)
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return (time.perf_counter() - start) / copies * 1e6


def extra_benchmarks() -> list[tuple[str, float, str]]:
    """(label, value, unit) rows printed by `ion bench compound`."""
    label, worst = worst_case_ms()
    mean20, max20 = random_20_ms()
    return [
        (f"best_arrangement worst case ({label}, all 22 extras)", worst, "ms"),
        ("best_arrangement, random 20-card areas: mean", mean20, "ms"),
        ("best_arrangement, random 20-card areas: max", max20, "ms"),
        ("best_arrangement, typical 10-card area", typical_area_ms(), "ms"),
        ("clone, 4 players", clone_microseconds(4), "µs"),
        ("clone, 7 players", clone_microseconds(7), "µs"),
    ]
