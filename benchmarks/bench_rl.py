"""The RL envs beside the kernel they wrap, and beside RLCard's UNO env, measured in one run.

For every game at 2 and 4 players (default variants): the kernel's random play (steps/s: a step is
`legal_actions` + a random choice + `apply`; bank's bots and host ticks as `ion bench` runs them),
the PettingZoo AEC env (a step: `last()` — the observation vector and action mask of the agent to
act — then `step(random legal id)`), the Parallel env (decisions/s) and the single-seat Gymnasium
env against `random` (learner steps/s, the bots' moves inside). The ratio kernel / AEC is what the
wrapper costs (the issue's target: at most 2x); for untimed games, the kernel's random play that
also reads the acting seat's `view` at every step (and for dots the events it was shown since it
last looked) shows how much of that reading alone costs (an observation may only be built from
it). Beside them, for untimed games, the floor: `FloorEnv`, a PettingZoo AEC env that does the
least any env must (legal action ids, an action mask, a fresh observation array that reads nothing
of the game, PettingZoo's `agent_iter`/`last()`/`step()`), so kernel / floor is the least wrapper
cost this protocol can have in Python, whatever the encoding. With the `bench` extra (RLCard),
RLCard's UNO env (`rlcard.make("uno")`, whose `step` also encodes the next player's state) runs
the same loop beside its own engine, for scale. RLCard's UNO env plays 2 players only (it ignores
`game_num_players`: RLCard applies game settings to blackjack and hold'em alone), so there is no
4-player UNO env to compare with: UNO is measured at 2 players and compared with dots at 2.

Every measurement, RLCard's too, takes its turn in the same round of slices (A B C … A B C …), so a
change in the machine's load falls on all of them alike; a ratio is taken slice by slice, and the
figures compared (dots' kernel and RLCard's engine, dots' AEC env and RLCard's env) run next to
each other in the round.

Run: `.venv/bin/python benchmarks/bench_rl.py [seconds] [game ...] [--repeats 5]` (figures are
medians of the interleaved slices, `seconds` each; compare only figures measured in one run).
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import count
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv
from rich.console import Console
from rich.table import Table

from ionarena.core import Action, all_specs, get_spec
from ionarena.rl import env as aec_env
from ionarena.rl import parallel_env, single_seat
from ionarena.rl.actions import index_for
from ionarena.rl.config import GameConfig
from ionarena.rl.encoding import encoder_for
from ionarena.sim.bench import (
    Figure,
    Measure,
    interleave,
    play_measure,
    ratio,
    rlcard_available,
    rlcard_uno_measure,
)

PLAYERS = (2, 4)


def reads_events(game: str, players: int) -> bool:
    """True when the game's observation also reads the seat's events (dots' table memory)."""
    return encoder_for(GameConfig.of(game, players)).uses_events


def view_label(game: str, players: int) -> str:
    """`dots 2p random play + view + events` (events only for games whose observations read them)."""
    return f"{game} {players}p random play + view" + (" + events" if reads_events(game, players) else "")


def view_play_measure(game: str, players: int) -> Measure:
    """The kernel's random play reading, at every step, the acting seat's view (and, for games whose
    observation reads events, the events it was shown since it last looked): the least any
    observation built from what the seat may see costs (untimed games)."""
    spec = get_spec(game)
    rng = random.Random(0)
    seeds = count()
    events = reads_events(game, players)
    label = view_label(game, players)

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state = spec.make(players=players, seed=next(seeds))
            since = [-1] * players
            while not state.is_over():
                player = state.actors()[0]
                state.view(player)
                if events:
                    state.events(player, since[player])
                    since[player] = state.version
                legal = state.legal_actions(player)
                state.apply(player, legal[rng.randrange(len(legal))])
                steps += 1
        return {(label, "steps/s"): steps / (time.perf_counter() - start)}
    return measure


def aec_measure(game: str, players: int) -> Measure:
    """AEC env: `last()` then `step(random legal id)`, games played to the end."""
    return aec_loop_measure(aec_env(game, players=players), f"{game} {players}p AEC env")


def aec_loop_measure(env: Any, label: str) -> Measure:
    """An AEC env (ours or the floor) in one loop: `last()` then `step(random legal id)`, games
    played to the end."""
    rng = random.Random(0)
    seeds = count()

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            env.reset(seed=next(seeds))
            for agent in env.agent_iter():
                _obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = env.legal_ids(agent)
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return {(label, "steps/s"): steps / (time.perf_counter() - start)}
    return measure


class FloorEnv(AECEnv):
    """The least an AEC env of an untimed game can do: each `last()` takes the legal actions, gives
    them ids and marks them in a new action mask, and returns a fresh observation array of the
    game's size that reads nothing (zeros); `step(id)` applies the action. No memory, no
    observation of the game, no checks, no rewards: a floor, not an env to train with."""

    metadata: ClassVar[dict[str, Any]] = {"name": "floor_v0"}

    def __init__(self, game: str, players: int):
        super().__init__()
        config = GameConfig.of(game, players)
        self.config = config
        self.index = index_for(config)
        self.zeros = np.zeros(encoder_for(config).layout.size, np.float32)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.state = config.make(0)
        self.legal: dict[int, Action] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state = self.config.make(seed or 0)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.actors()[0]]

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        state, index = self.state, self.index
        legal = self.legal = index.by_id(state, state.legal_actions(int(agent[7:])))
        mask = bytearray(len(index))
        for action_id in legal:
            mask[action_id] = 1
        observation = {"observation": self.zeros.copy(), "action_mask": np.frombuffer(mask, np.int8)}
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def legal_ids(self, agent: str) -> list[int]:
        """The ids the last `last()` marked (the agent's legal actions now)."""
        return list(self.legal)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        state.apply(int(agent[7:]), self.legal[action])
        if state.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.actors()[0]]


def floor_measure(game: str, players: int) -> Measure:
    """`FloorEnv` in the AEC measure's loop: the least wrapper cost (untimed games)."""
    return aec_loop_measure(FloorEnv(game, players), f"{game} {players}p floor env")


def parallel_measure(game: str, players: int) -> Measure:
    """Parallel env: every agent's random legal id (wait for the others), games to the end."""
    env = parallel_env(game, players=players)
    rng = random.Random(0)
    seeds = count()

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        decisions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            env.reset(seed=next(seeds))
            while env.agents:
                actions = {}
                for agent in env.agents:
                    legal = env.legal_ids(agent)
                    actions[agent] = legal[rng.randrange(len(legal))]
                decisions += len(env.episode.deciders)
                env.step(actions)
        return {(f"{game} {players}p Parallel env", "decisions/s"): decisions / (time.perf_counter() - start)}
    return measure


def single_seat_measure(game: str, players: int) -> Measure:
    """Single-seat Gymnasium env against `random` bots: the learner's steps (bots move inside)."""
    env = single_seat(game, opponents="random", players=players)
    rng = random.Random(0)
    seeds = count()

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            env.reset(seed=next(seeds))
            done = False
            while not done:
                legal = env.legal_ids()
                _obs, _reward, terminated, truncated, _info = env.step(legal[rng.randrange(len(legal))])
                done = terminated or truncated
                steps += 1
        return {(f"{game} {players}p single-seat env vs random", "learner steps/s"):
                steps / (time.perf_counter() - start)}
    return measure


UNO_PLAYERS = 2
"""The players of RLCard's UNO env: always 2 (`rlcard.make` passes no game setting to UNO)."""


def rlcard_uno_env_measure() -> Measure:
    """RLCard's UNO env (`rlcard.make("uno")`, 2 players): `step(random legal action)`, games to the
    end."""
    import rlcard
    env = rlcard.make("uno", config={"seed": 0})
    players = env.num_players
    if players != UNO_PLAYERS:
        raise RuntimeError(f"RLCard's UNO env now plays {players} players: update UNO_PLAYERS and docs/rl.md")
    rng = random.Random(0)

    def measure(seconds: float) -> dict[tuple[str, str], float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state, _player = env.reset()
            for _ in range(5000):  # RLCard's UNO can cycle for a very long time; cap a game
                if env.is_over():
                    break
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return {(f"rlcard uno {players}p env", "steps/s"): steps / (time.perf_counter() - start)}
    return measure


def run(seconds: float, games: list[str], repeats: int = 5) -> list[Figure]:
    """Measure every game, and RLCard's UNO when installed, all in one round of interleaved slices
    (each measurement `seconds` in all, in `repeats` slices)."""
    uno: list[Measure] = []
    if rlcard_available():
        engine = rlcard_uno_measure(UNO_PLAYERS)
        assert engine is not None
        uno = [engine, rlcard_uno_env_measure()]
    measures: list[Measure] = []
    for game in games:
        timed = get_spec(game).timed
        for n in PLAYERS:
            kernel, aec = play_measure(game, n), aec_measure(game, n)
            if uno and game == "dots" and n == UNO_PLAYERS:  # each beside the one it is compared with
                measures += [kernel, uno[0], aec, uno[1]]
                uno = uno[2:]
            else:
                measures += [kernel, aec]
            measures += [parallel_measure(game, n), single_seat_measure(game, n)]
            if not timed:
                measures += [view_play_measure(game, n), floor_measure(game, n)]
    measures += uno  # not compared with dots: at the end of the round
    found = interleave(measures, seconds * repeats, repeats)
    by_key = {(f.label, f.unit): f for f in found}
    for game in games:
        for n in PLAYERS:
            kernel = by_key[(f"{game} {n}p random play", "steps/s")]
            wrapped = by_key[(f"{game} {n}p AEC env", "steps/s")]
            found.append(ratio(f"{game} {n}p kernel / AEC env (wrapper cost)", kernel, wrapped))
            floor = by_key.get((f"{game} {n}p floor env", "steps/s"))
            if floor is not None:
                found.append(ratio(f"{game} {n}p kernel / floor env (the least wrapper cost)", kernel, floor))
            viewed = by_key.get((view_label(game, n), "steps/s"))
            if viewed is not None:
                what = view_label(game, n).split(" random play + ")[1]
                found.append(ratio(f"{game} {n}p kernel / kernel + {what}", kernel, viewed))
    tag = f"rlcard uno {UNO_PLAYERS}p"
    if (f"{tag} env", "steps/s") in by_key:
        engine_figure, env_figure = by_key[(f"{tag} engine", "steps/s")], by_key[(f"{tag} env", "steps/s")]
        found.append(ratio(f"{tag} engine / env (its wrapper cost)", engine_figure, env_figure))
        if "dots" in games:  # the closest published game to dots, at the only player count both have
            dots = f"dots {UNO_PLAYERS}p"
            found.append(ratio(f"{dots} kernel / {tag} engine (steps/s)",
                               by_key[(f"{dots} random play", "steps/s")], engine_figure))
            found.append(ratio(f"{dots} AEC env / {tag} env (steps/s)",
                               by_key[(f"{dots} AEC env", "steps/s")], env_figure))
    order = {game: index for index, game in enumerate(games)}
    found.sort(key=lambda f: order.get(f.label.split(" ")[0], len(games)))  # each game's rows together
    return [f for f in found if f.unit not in ("games/s", "us/step")]


def main() -> None:
    """Measure and print a table."""
    known = [spec.id for spec in all_specs()]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0, help="seconds a slice (default 2)")
    parser.add_argument("games", nargs="*", metavar="game",
                        help=f"games to measure (default: all of {', '.join(known)})")
    parser.add_argument("--repeats", type=int, default=5,
                        help="slices of each measurement, taken in turns (default 5): on a busy machine "
                             "more, shorter slices pair the compared figures more closely")
    args = parser.parse_args()
    if not args.seconds > 0:
        parser.error(f"seconds must be more than 0, not {args.seconds:g}")
    if not 1 <= args.repeats <= 100:
        parser.error(f"--repeats must be from 1 to 100, not {args.repeats}")
    unknown = [game for game in args.games if game not in known]
    if unknown:
        parser.error(f"no game {', '.join(map(repr, unknown))}: choose from {', '.join(known)}")
    seconds = args.seconds
    figures = run(seconds, args.games or known, args.repeats)
    table = Table(title=f"RL envs beside the kernel (median of {args.repeats} interleaved slices, "
                        f"{seconds:g} s each)")
    for name, justify in (("measure", "left"), ("median", "right"), ("spread", "right"), ("unit", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for figure in figures:
        table.add_row(figure.label, f"{figure.value:,.2f}", figure.spread(), figure.unit)
    Console().print(table)
    if not rlcard_available():
        Console().print("RLCard is not installed: `pip install -e '.[bench]'` to compare with its UNO env.")


if __name__ == "__main__":
    main()
