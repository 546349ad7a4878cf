"""Agent specs: the one text form that names a bot everywhere (`ion play --bots`, `ion simulate
--agents`, table seats, records).

A spec is `name[:key=value,...]`: `random`, `greedy`, `greedy:eps=0.3`, `ismcts`, `ismcts:ms=200`,
`ismcts:iters=2000,c=0.7`. A level (`easy`, `medium`, `hard`, see `levels.py`) stands for the spec it
is mapped to, and takes parameters the same way (`hard:ms=500` overrides that spec's budget).

`parse_spec` checks the syntax, the name and every parameter (known key, value of the right type
within its bounds); `check_spec` also checks that the agent exists for a game. Both raise
`BadAgentSpec` (an `UnknownGame`, so an `IonError`) with one sentence naming the bad part, before a
game starts.
"""

from __future__ import annotations

import functools
import importlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import UnknownGame, quote
from .levels import GAME_LEVELS, LEVELS, level_spec

MAX_SPEC_TEXT = 200
"""Longer text is never a spec; refusing it early keeps error messages short."""


class BadAgentSpec(UnknownGame):
    """An agent spec that names no agent, or a parameter that agent does not take or cannot use."""


@dataclass(frozen=True)
class Param:
    """One parameter an agent takes in its spec."""

    key: str
    kind: type
    """int, float or str."""
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def read(self, agent: str, text: str) -> int | float | str:
        """The value `text` means, or `BadAgentSpec` saying what this parameter takes."""
        where = f"{agent} parameter {self.key}"
        if self.kind is str:
            if text not in self.choices:
                raise BadAgentSpec(f"{where} is one of {', '.join(self.choices)}, not {quote(text)}")
            return text
        try:
            value: int | float = int(text) if self.kind is int else float(text)
        except ValueError:
            noun = "a whole number" if self.kind is int else "a number"
            raise BadAgentSpec(f"{where} is {noun}, not {quote(text)}") from None
        if not math.isfinite(value) or (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            raise BadAgentSpec(f"{where} must be from {_number(self.low)} to {_number(self.high)}, "
                               f"not {quote(text)}")
        return value

    def describe(self) -> str:
        """`key=...` with its meaning and range, for help texts and docs."""
        if self.kind is str:
            return f"{self.key}={'|'.join(self.choices)}: {self.help}"
        return f"{self.key}: {self.help} ({_number(self.low)} to {_number(self.high)})"


def _number(value: float | None) -> str:
    if value is None:
        return "any"
    return f"{int(value):,}".replace(",", "_") if float(value).is_integer() else f"{value:g}"


EPS = Param("eps", float, "share of moves chosen uniformly at random instead", 0.0, 1.0)
PARAMS: dict[str, tuple[Param, ...]] = {
    "random": (),
    "greedy": (EPS,),
    "ismcts": (
        Param("iters", int, "iterations a move (deterministic for a seed)", 1, 10_000_000),
        Param("ms", float, "milliseconds a move (wall clock: for people, not reproducible)", 1, 600_000),
        Param("c", float, "exploration constant of the tree's UCB", 0.0, 10.0),
        Param("eps", float, "randomness of the rollout policy", 0.0, 1.0),
        Param("cutoff", int, "rollout moves before the game's evaluation judges the position "
                             "(0: play every rollout to the end)", 0, 1_000_000),
        Param("rollout", str, "policy of rollouts and of other seats' simultaneous choices: the game's "
                              "fast greedy policy, its greedy agent, or random play (default: fast "
                              "where the game has a greedy agent)",
              choices=("fast", "greedy", "random")),
        Param("opp", str, "other seats' turns in turn-based games: searched in the tree, or played "
                          "by the rollout policy", choices=("tree", "policy")),
        Param("root", str, "how the root's move is chosen: sequential halving with common random "
                           "numbers, or UCB like the rest of the tree", choices=("halving", "ucb")),
        Param("keep", float, "halving keeps the rollout policy's own move unless another beat it by "
                             "more than this many standard errors (0: the best mean wins)", 0.0, 10.0),
        Param("pace", str, "timed games: move when the game's pace rule says (bank: most of the move "
                           "clock while the bot's team leads), or always after the reaction time",
              choices=("on", "off")),
    ),
}
"""Every agent name and the parameters its spec may give."""
AGENT_NAMES = tuple(PARAMS)


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: the agent's name and its parameters (levels already resolved)."""

    name: str
    params: Mapping[str, int | float | str]
    text: str
    """The spec as given (a level's name stays visible here: `hard`, `hard:ms=500`)."""

    def __str__(self) -> str:
        return self.text


def _split(text: str) -> tuple[str, dict[str, str]]:
    name, _, rest = text.partition(":")
    name = name.strip()
    pairs: dict[str, str] = {}
    if rest.strip():
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key or not value:
                raise BadAgentSpec(f"agent spec {quote(text)}: {quote(part.strip())} is not key=value")
            if key in pairs:
                raise BadAgentSpec(f"agent spec {quote(text)} gives {key} twice")
            pairs[key] = value
    elif rest or text.endswith(":"):
        raise BadAgentSpec(f"agent spec {quote(text)} has a ':' but no key=value after it")
    return name, pairs


def _read_params(name: str, pairs: Mapping[str, str]) -> dict[str, int | float | str]:
    schema = {p.key: p for p in PARAMS[name]}
    values: dict[str, int | float | str] = {}
    for key, text in pairs.items():
        param = schema.get(key)
        if param is None:
            known = ", ".join(schema) or "none"
            raise BadAgentSpec(f"{name} has no parameter {quote(key)}; parameters: {known}")
        values[key] = param.read(name, text)
    return values


def parse_spec(text: object, game_id: str | None = None) -> AgentSpec:
    """The spec `text` names (a level resolved to its spec, in `game_id` where given: a game may map
    a level to its own spec); `BadAgentSpec` naming the bad part."""
    if not isinstance(text, str):
        raise BadAgentSpec(f"an agent spec is text such as 'greedy' or 'ismcts:ms=200', not {quote(text)}")
    if len(text) > MAX_SPEC_TEXT:
        raise BadAgentSpec(f"agent spec {quote(text)} is too long")
    name, pairs = _split(text)
    if name in LEVELS:
        base_name, base_pairs = _split(level_spec(name, game_id))
        name, pairs = base_name, {**base_pairs, **pairs}
    elif name not in PARAMS:
        known = ", ".join((*AGENT_NAMES, *LEVELS))
        raise BadAgentSpec(f"no agent called {quote(name)}; agents: {known}")
    return AgentSpec(name=name, params=_read_params(name, pairs), text=text.strip())


def check_spec(text: object, game_id: str | None = None) -> AgentSpec:
    """`parse_spec`, and when `game_id` is given, that the agent can play that game (the specs
    checked lately are remembered: a table's bot is checked at each of its moves)."""
    if not isinstance(text, str) or len(text) > MAX_SPEC_TEXT or not isinstance(game_id, str | None):
        return _checked.__wrapped__(text, game_id)  # (refused, as any text that is not a spec)
    return _checked(text, game_id)


@functools.lru_cache(maxsize=512)
def _checked(text: object, game_id: str | None) -> AgentSpec:
    spec = parse_spec(text, game_id)
    if game_id is not None:
        from ..core import get_spec
        get_spec(game_id)
        rollout = spec.params.get("rollout")
        if spec.name == "greedy" or (spec.name == "ismcts" and rollout in ("fast", "greedy")):
            greedy_module(game_id)
    return spec


def greedy_module(game_id: str) -> Any:
    """The module of `game_id`'s greedy agent; `BadAgentSpec` if it has none."""
    try:
        return importlib.import_module(f"{__package__}.greedy.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__package__}.greedy.{game_id}":
            raise
        raise BadAgentSpec(f"there is no greedy agent for {game_id} yet") from None


def has_greedy(game_id: str) -> bool:
    """True if `game_id` has a greedy agent."""
    try:
        greedy_module(game_id)
    except BadAgentSpec:
        return False
    return True


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, where a `key=value` piece continues the spec before it:
    `"ismcts:iters=500,c=0.7,greedy"` -> `["ismcts:iters=500,c=0.7", "greedy"]`."""
    specs: list[str] = []
    for part in text.split(","):
        piece = part.strip()
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece.split("=", 1)[0]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    if not specs:
        raise BadAgentSpec("give at least one agent, e.g. greedy or ismcts:ms=200")
    return specs


def describe_agents() -> list[str]:
    """One line per agent and level with its parameters (for help texts)."""
    lines = [f"{name}: {'; '.join(p.describe() for p in params) or 'no parameters'}"
             for name, params in PARAMS.items()]
    lines += [f"{level} = {spec}" for level, spec in LEVELS.items()]
    lines += [f"{level} in {game} = {spec}" for game, levels in GAME_LEVELS.items()
              for level, spec in levels.items()]
    return lines
