"""Game-specific timings for `ion bench bank`: moves per second in virtual time, clone and view cost.

The bank is real-time, but simulations never sleep: the loop below plays uniform random bots that
move `reaction` game seconds after the game last changed (the host's `at`/`timeout` actions move the
clock), exactly as `sim.driver` does, and measures wall-clock throughput.
"""

from __future__ import annotations

import random
import time

from ...core import HOST
from .actions import At, Word
from .rules import BankState

TIMEOUT = Word("timeout")


def virtual_time_run(players: int, games: int = 3, seed: int = 0,
                     reaction: float = 0.5) -> tuple[float, float]:
    """(player moves per wall second, game seconds per wall second) of random play in virtual time."""
    rng = random.Random(seed)
    moves = 0
    game_seconds = 0.0
    start = time.perf_counter()
    for game in range(games):
        state = BankState(players, "standard", seed + game, {})
        while not state.is_over():
            deadline = state.deadline()
            assert deadline is not None
            when = round(state.now() + reaction, 3)
            actors = state.actors()
            if when < deadline and actors:
                player = actors[0]
                actions = state.legal_actions(player)
                state.apply(HOST, At(when))
                state.apply(player, actions[rng.randrange(len(actions))])
                moves += 1
            else:
                state.apply(HOST, TIMEOUT)
        game_seconds += state.now()
    elapsed = time.perf_counter() - start
    return moves / elapsed, game_seconds / elapsed


def clone_microseconds(players: int, copies: int = 20_000) -> float:
    """Microseconds per clone of a started game."""
    state = BankState(players, "standard", 1, {"lobby": False})
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return (time.perf_counter() - start) / copies * 1e6


def view_microseconds(players: int, views: int = 20_000) -> float:
    """Microseconds per seat view of a started game."""
    state = BankState(players, "standard", 1, {"lobby": False})
    start = time.perf_counter()
    for k in range(views):
        state.view(k % players)
    return (time.perf_counter() - start) / views * 1e6


def extra_benchmarks() -> list[tuple[str, float, str]]:
    """(label, value, unit) rows printed by `ion bench bank`."""
    rows: list[tuple[str, float, str]] = []
    for players in (2, 6, 16):
        moves, seconds = virtual_time_run(players)
        rows.append((f"random moves in virtual time, {players} players", moves, "moves/s"))
        rows.append((f"game clock simulated, {players} players", seconds, "game s/s"))
    rows.append(("clone, 6 players", clone_microseconds(6), "µs"))
    rows.append(("view, 6 players", view_microseconds(6), "µs"))
    return rows
