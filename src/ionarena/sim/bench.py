"""Throughput benchmarks of the kernel, its games and search (`ion bench <game>`), never timed tests.

Figures: random-play games/s and steps/s (a step is `legal_actions` + a random choice + `apply`),
the cost of `legal_actions`, `apply`, `clone` and `determinize` on states sampled along random
games, ISMCTS iterations/s (and the moves per second played inside the search), and, when the
optional `bench` extra (RLCard) is installed, RLCard's UNO engine run the same way in the same
process.

Every measurement is split into `repeats` slices that take turns (A B C A B C ...), so a change in
the machine's load falls on all of them alike; a figure is the median of its slices with their
spread (lowest and highest). A ratio of two figures is taken slice by slice, then its median.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..agents import check_spec, make_agent
from ..core import State, get_spec
from .driver import bot_step


@dataclass
class Figure:
    """One measured figure: the median of its slices, with the lowest and highest."""

    label: str
    value: float
    unit: str
    low: float | None = None
    high: float | None = None
    samples: list[float] = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, label: str, unit: str, samples: Sequence[float]) -> Figure:
        """The figure of these slice values."""
        values = list(samples)
        return cls(label, statistics.median(values), unit, min(values), max(values), values)

    def spread(self) -> str:
        """`low–high`, or '' for a single value."""
        if self.low is None or self.high is None or len(self.samples) < 2:
            return ""
        return f"{self.low:,.2f}–{self.high:,.2f}"


Measure = Callable[[float], dict[tuple[str, str], float]]
"""One slice of a measurement: given seconds, returns {(label, unit): value}."""


def interleave(measures: Sequence[Measure], seconds: float, repeats: int) -> list[Figure]:
    """Run every measure `repeats` times, taking turns, `seconds / repeats` a slice; one figure per
    (label, unit), in the order first met."""
    slice_seconds = seconds / repeats
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(repeats):
        for measure in measures:
            for key, value in measure(slice_seconds).items():
                samples.setdefault(key, []).append(value)
    return [Figure.of(label, unit, values) for (label, unit), values in samples.items()]


def ratio(label: str, top: Figure, bottom: Figure) -> Figure:
    """`top / bottom` slice by slice (they were measured in turns), as a figure in `x`."""
    return Figure.of(label, "x", [a / b for a, b in zip(top.samples, bottom.samples, strict=True) if b])


# -- random play --------------------------------------------------------------------------------


def random_play(make: Callable[[int], State], seconds: float, seed: int = 0) -> tuple[float, float]:
    """(games/s, steps/s) of uniformly random play for about `seconds` of wall time."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = make(games + seed * 1_000_003)
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


def play_measure(game: str, players: int, variant: str | None = None) -> Measure:
    """Random play of `game` at `players` players: games/s and steps/s."""
    spec = get_spec(game)
    tag = f"{game} {players}p"
    slices = [0]

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        slices[0] += 1
        games_s, steps_s = random_play(lambda i: spec.make(players=players, seed=i, variant=variant), seconds,
                                       seed=slices[0])
        return {(f"{tag} random play", "games/s"): games_s, (f"{tag} random play", "steps/s"): steps_s}
    return measure


def calls_measure(game: str, players: int, variant: str | None = None) -> Measure | None:
    """The cost of `legal_actions`, `apply`, `clone` and `determinize` on 300 sampled states
    (None for timed games, whose states sample only along bot play)."""
    spec = get_spec(game)
    if spec.timed:
        return None
    states = sample_states(lambda i: spec.make(players=players, seed=i, variant=variant), 300)
    if not states:
        return None
    tag = f"{game} {players}p"
    firsts = [s.actors()[0] for s in states]
    chosen = [s.legal_actions(p)[0] for s, p in zip(states, firsts, strict=True)]
    rng = random.Random(0)

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        repeat = 5
        legal_us = per_call_micros(states, lambda s: s.legal_actions(s.actors()[0]), repeat)
        clone_us = per_call_micros(states, lambda s: s.clone(), repeat)
        determinize_us = per_call_micros(states, lambda s: s.determinize(s.actors()[0], rng), 1)
        copies = [s.clone() for _ in range(repeat) for s in states]
        start = time.perf_counter()
        for i, copy in enumerate(copies):
            k = i % len(states)
            copy.apply(firsts[k], chosen[k])
        apply_us = (time.perf_counter() - start) / len(copies) * 1e6
        return {(f"{tag} legal_actions", "us/call"): legal_us, (f"{tag} apply", "us/call"): apply_us,
                (f"{tag} clone", "us/call"): clone_us, (f"{tag} determinize", "us/call"): determinize_us}
    return measure


# -- search -------------------------------------------------------------------------------------


def decision_states(game: str, players: int, count: int, variant: str | None = None,
                    seed: int = 0) -> list[tuple[State, int]]:
    """Up to `count` (state, seat) decisions with at least two legal moves that ISMCTS searches (not
    in a phase it leaves to its policy), met along games of the game's greedy agents (random agents
    where it has none), spread over whole games."""
    from ..agents.heuristics import heuristics_for
    spec = get_spec(game)
    agent = "greedy" if _has_greedy(game) else "random"
    delegated = heuristics_for(game).delegate
    found: list[tuple[State, int]] = []
    for index in range(count):
        state = spec.make(players=players, seed=seed + index, variant=variant)
        bots = [make_agent(agent, game, k, seed + index) for k in range(players)]
        rng = random.Random(index)
        stop = rng.random()
        steps = 0
        decisions: list[tuple[State, int]] = []
        while not state.is_over() and steps < 5000:
            for seat in state.actors():
                if len(state.legal_actions(seat)) > 1 and state.view(seat)["phase"] not in delegated:
                    decisions.append((state.clone(), seat))
                    break
            bot_step(state, bots)
            steps += 1
        if decisions:
            found.append(decisions[int(stop * len(decisions))])
    return found


def _has_greedy(game: str) -> bool:
    try:
        check_spec("greedy", game)
    except Exception:  # any failure means: no usable greedy agent
        return False
    return True


def search_measure(game: str, players: int, agent: str = "ismcts", variant: str | None = None,
                   positions: int = 8) -> Measure:
    """ISMCTS `agent` searching decisions sampled along whole games: iterations/s, and the moves
    per second it plays inside the search (tree, rollouts and host steps together)."""
    from ..agents.ismcts import Budget, ISMCTSAgent
    states = decision_states(game, players, positions, variant)
    tag = f"{game} {players}p {agent}"
    turn = [0]

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        iterations = steps = 0
        start = time.perf_counter()
        stop = start + seconds
        while True:
            state, seat = states[turn[0] % len(states)]
            turn[0] += 1
            bot = make_agent(agent, game, seat, turn[0])
            assert isinstance(bot, ISMCTSAgent)
            search = bot.search(state, seat)
            search.run(Budget(iterations=10_000_000, seconds=max(0.0, stop - time.perf_counter())))
            iterations += search.stats.iterations
            steps += search.stats.tree_steps + search.stats.rollout_steps + search.stats.host_steps
            if time.perf_counter() >= stop:
                break
        elapsed = time.perf_counter() - start
        return {(f"{tag} search", "iterations/s"): iterations / elapsed,
                (f"{tag} search", "steps/s"): steps / elapsed}
    if not states:
        raise ValueError(f"{game}: no decision with a choice found to search")
    return measure


# -- others -------------------------------------------------------------------------------------


def game_extra_figures(game: str) -> list[Figure]:
    """Game-specific figures from `ionarena.games.<game>.bench.extra_benchmarks`, if it exists."""
    try:
        module = importlib.import_module(f"ionarena.games.{game}.bench")
    except ModuleNotFoundError:
        return []
    return [Figure(label, value, unit) for label, value, unit in module.extra_benchmarks()]


def rlcard_available() -> bool:
    """True when RLCard (the `bench` extra) is installed."""
    try:
        import numpy  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def rlcard_uno_measure(players: int) -> Measure | None:
    """RLCard's UNO engine loop (`UnoGame`: init_game, get_legal_actions, step) with random
    choices; None when RLCard is not installed (`pip install ionarena[bench]`)."""
    if not rlcard_available():
        return None
    import numpy as np
    from rlcard.games.uno.game import UnoGame
    rng = random.Random(0)
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(0)

    def measure(seconds: float) -> dict[tuple[str, str], float]:
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
        tag = f"rlcard uno {players}p engine"
        return {(tag, "games/s"): games / elapsed, (tag, "steps/s"): steps / elapsed}
    return measure


def kernel_figures(game: str, players: int, seconds: float, variant: str | None = None,
                   repeats: int = 1) -> list[Figure]:
    """The standard figures of `game` at `players` players (random play and call costs)."""
    measures = [play_measure(game, players, variant)]
    calls = calls_measure(game, players, variant)
    if calls is not None:
        measures.append(calls)
    return interleave(measures, seconds * repeats, repeats)
