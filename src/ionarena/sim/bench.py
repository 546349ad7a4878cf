"""Throughput benchmarks of the kernel, its games and search (`ion bench <game>`), never timed tests.

Figures: random-play games/s, steps/s and µs a step (a step is `legal_actions` + a random choice
+ `apply`), the cost of `legal_actions`, `clone` and `determinize` on states sampled along random
games and of `apply` on the moves of recorded random games, ISMCTS iterations/s (and the moves per
second played inside the search), and, when the optional `bench` extra (RLCard) is installed,
RLCard's UNO engine run the same way in the same process.

`apply` is timed as random play calls it: the recorded games are replayed move by move on states
made from their seeds (making a state is not timed), so every call is on a live state that has
applied the moves before it, never the first move of a fresh clone (which also pays for what the
clone shares copy-on-write, such as the game's generator). The call costs are timed with the
garbage collector paused (each timing then collects what it left): they are the calls' own cost,
while random play's steps/s includes the collector's pauses. `apply` being a part of a step, its
µs/call comes out below the µs a step of random play takes (`ion bench` prints `apply / random
play step`, slice by slice).

Every measurement is split into `repeats` slices that take turns (A B C A B C ...), so a change in
the machine's load falls on all of them alike; a figure is the median of its slices with their
spread (lowest and highest). A ratio of two figures is taken slice by slice, then its median.
"""

from __future__ import annotations

import gc
import importlib
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..agents import check_spec, make_agent
from ..core import Action, State, get_spec
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


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off inside (as it was after), then what was left collected: a timing
    inside measures the code, not a collection that the benchmark's own objects set off."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
    gc.collect()


def per_call_micros(states: list[State], operation: Callable[[State], object], repeat: int) -> float:
    """Mean microseconds of `operation` over `states`, `repeat` rounds (the collector paused)."""
    with collector_paused():
        start = time.perf_counter()
        for _ in range(repeat):
            for state in states:
                operation(state)
        elapsed = time.perf_counter() - start
    return elapsed / (repeat * len(states)) * 1e6


Moves = list[tuple[int, Action]]
"""The (seat, action) pairs of one game, in order."""


def recorded_games(make: Callable[[int], State], moves: int, seed: int = 0) -> list[tuple[int, Moves]]:
    """(seed, moves) of uniformly random untimed games made by `make(seed)`, played to the end,
    until they hold at least `moves` moves in all."""
    rng = random.Random(seed)
    games: list[tuple[int, Moves]] = []
    total = 0
    game_seed = seed * 1_000_003
    while total < moves:
        state = make(game_seed)
        played: Moves = []
        while not state.is_over():
            player = state.actors()[0]
            legal = state.legal_actions(player)
            action = legal[rng.randrange(len(legal))]
            state.apply(player, action)
            played.append((player, action))
        games.append((game_seed, played))
        total += len(played)
        game_seed += 1
    return games


def apply_micros(make: Callable[[int], State], games: Sequence[tuple[int, Moves]],
                 clock: Callable[[], float] = time.perf_counter) -> float:
    """Mean microseconds of `apply` replaying `games` (from `recorded_games`), the collector paused:
    each game's state is made from its seed untimed, then its moves applied in one timed run."""
    elapsed = 0.0
    calls = 0
    with collector_paused():
        for game_seed, moves in games:
            state = make(game_seed)
            apply = state.apply
            start = clock()
            for player, action in moves:
                apply(player, action)
            elapsed += clock() - start
            calls += len(moves)
    return elapsed / calls * 1e6 if calls else float("nan")


def play_measure(game: str, players: int, variant: str | None = None) -> Measure:
    """Random play of `game` at `players` players: games/s and steps/s."""
    spec = get_spec(game)
    tag = f"{game} {players}p"
    slices = [0]

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        slices[0] += 1
        games_s, steps_s = random_play(lambda i: spec.make(players=players, seed=i, variant=variant), seconds,
                                       seed=slices[0])
        return {(f"{tag} random play", "games/s"): games_s, (f"{tag} random play", "steps/s"): steps_s,
                (f"{tag} random play", "us/step"): 1e6 / steps_s if steps_s else float("nan")}
    return measure


def calls_measure(game: str, players: int, variant: str | None = None) -> Measure | None:
    """The cost of `legal_actions`, `clone` and `determinize` on 300 sampled states, and of `apply`
    on the 1,500 or more moves of recorded random games (None for timed games, whose states sample
    only along bot play)."""
    spec = get_spec(game)
    if spec.timed:
        return None

    def make(seed: int) -> State:
        return spec.make(players=players, seed=seed, variant=variant)
    states = sample_states(make, 300)
    if not states:
        return None
    games = recorded_games(make, 1500)
    tag = f"{game} {players}p"
    rng = random.Random(0)

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        repeat = 5
        legal_us = per_call_micros(states, lambda s: s.legal_actions(s.actors()[0]), repeat)
        apply_us = apply_micros(make, games)
        clone_us = per_call_micros(states, lambda s: s.clone(), repeat)
        determinize_us = per_call_micros(states, lambda s: s.determinize(s.actors()[0], rng), 1)
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
    choices; None when RLCard is not installed (`pip install ionarena[bench]`). The engine class
    deals any number of players; RLCard's UNO env (`rlcard.make("uno")`) plays only 2."""
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
