"""Throughput benchmarks of the kernel and its games (`ion bench <game>`), never timed tests.

Figures: random-play games/s and steps/s (a step is `legal_actions` + a random choice + `apply`),
the cost of `legal_actions`, `apply` and `clone` on states sampled along random games, and, when the
optional `bench` extra (RLCard) is installed, RLCard's UNO engine run the same way in the same process.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..agents import make_agent
from ..core import State, get_spec
from .driver import bot_step


@dataclass
class Figure:
    """One measured figure."""

    label: str
    value: float
    unit: str


def random_play(make: Callable[[int], State], seconds: float, seed: int = 0) -> tuple[float, float]:
    """(games/s, steps/s) of uniformly random play for about `seconds` of wall time."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = make(games)
        if state.deadline() is None:
            while not state.is_over():
                player = state.actors()[0]
                legal = state.legal_actions(player)
                state.apply(player, legal[rng.randrange(len(legal))])
                steps += 1
        else:
            agents = [make_agent("random", state.game_id, k, games) for k in range(state.num_players)]
            while not state.is_over():
                bot_step(state, agents)
                steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def sample_states(make: Callable[[int], State], count: int, seed: int = 0) -> list[State]:
    """Up to `count` untimed mid-game states (clones) met along random games, with an actor."""
    rng = random.Random(seed)
    states: list[State] = []
    game = 0
    while len(states) < count and game < count:
        state = make(game)
        game += 1
        while not state.is_over() and len(states) < count:
            actors = state.actors()
            if not actors:
                break
            states.append(state.clone())
            legal = state.legal_actions(actors[0])
            state.apply(actors[0], legal[rng.randrange(len(legal))])
    return states


def per_call_micros(states: list[State], operation: Callable[[State], object], repeat: int) -> float:
    """Mean microseconds of `operation` over `states`, `repeat` rounds."""
    start = time.perf_counter()
    for _ in range(repeat):
        for state in states:
            operation(state)
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def kernel_figures(game: str, players: int, seconds: float, variant: str | None = None) -> list[Figure]:
    """The standard figures of `game` at `players` players."""
    spec = get_spec(game)

    def make(i: int) -> State:
        return spec.make(players=players, seed=i, variant=variant)

    games_s, steps_s = random_play(make, seconds)
    tag = f"{players}p"
    figures = [Figure(f"{game} {tag} random play", games_s, "games/s"),
               Figure(f"{game} {tag} random play", steps_s, "steps/s")]
    if spec.timed:
        return figures
    states = sample_states(make, 300)
    if not states:
        return figures
    firsts = [s.actors()[0] for s in states]
    repeat = 20
    legal_us = per_call_micros(states, lambda s: s.legal_actions(s.actors()[0]), repeat)
    clone_us = per_call_micros(states, lambda s: s.clone(), repeat)
    chosen = [s.legal_actions(p)[0] for s, p in zip(states, firsts, strict=True)]
    copies = [s.clone() for _ in range(repeat) for s in states]
    start = time.perf_counter()
    for i, copy in enumerate(copies):
        k = i % len(states)
        copy.apply(firsts[k], chosen[k])
    apply_us = (time.perf_counter() - start) / len(copies) * 1e6
    figures += [Figure(f"{game} {tag} legal_actions", legal_us, "us/call"),
                Figure(f"{game} {tag} apply", apply_us, "us/call"),
                Figure(f"{game} {tag} clone", clone_us, "us/call")]
    return figures


def game_extra_figures(game: str) -> list[Figure]:
    """Game-specific figures from `ionarena.games.<game>.bench.extra_benchmarks`, if it exists."""
    try:
        module = importlib.import_module(f"ionarena.games.{game}.bench")
    except ModuleNotFoundError:
        return []
    return [Figure(label, value, unit) for label, value, unit in module.extra_benchmarks()]


def rlcard_uno_figures(players: int, seconds: float) -> list[Figure] | None:
    """RLCard's UNO engine loop (`UnoGame`: init_game, get_legal_actions, step) with random
    choices; None when RLCard is not installed (`pip install ionarena[bench]`)."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    rng = random.Random(0)
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(0)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game.init_game()
        for _ in range(5000):  # RLCard's UNO can cycle for a very long time; cap a game
            if game.is_over():
                break
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return [Figure(f"rlcard uno {players}p engine", games / elapsed, "games/s"),
            Figure(f"rlcard uno {players}p engine", steps / elapsed, "steps/s")]
