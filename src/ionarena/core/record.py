"""Game records: `seed + config + action log`, the unit that is stored, replayed and shared.

A record is one JSON object; a file of records is JSON Lines (one record per line).
Actions are stored as `[player, text]` with the game's canonical action text (`player` is null for
host events such as timeouts).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .errors import IllegalAction, IonError, RecordError, quote
from .registry import MAX_SEED, get_spec
from .state import HOST, State

FORMAT_VERSION = 1


MAX_LINE = 32 * 1024 * 1024
"""A record line longer than this (32 MB) is refused before it is parsed."""
MAX_ACTIONS = 1_000_000


def _is_int(value: object) -> bool:
    return value.__class__ is int


def _is_number(value: object) -> bool:
    return (value.__class__ is int or value.__class__ is float) and math.isfinite(value)


@dataclass
class GameRecord:
    """Everything needed to reproduce a game, plus its result for verification."""

    game: str
    players: int
    seed: int
    variant: str
    actions: list[tuple[int | None, str]]
    options: dict[str, Any] = field(default_factory=dict)
    scores: list[float] | None = None
    winners: list[int] | None = None
    agents: list[str] | None = None
    version: int = FORMAT_VERSION

    def to_json(self) -> str:
        """One line of JSON."""
        data = {"game": self.game, "players": self.players, "seed": self.seed, "variant": self.variant,
                "actions": self.actions, "options": self.options, "scores": self.scores,
                "winners": self.winners, "agents": self.agents, "version": self.version}
        # (not `dataclasses.asdict`: it deep-copies every action of a long game first; tuples
        # are written as JSON arrays all the same)
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what `to_json` writes)."""
        data: dict[str, Any] = json.loads(self.to_json())
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Validate the shape of a decoded record; `RecordError` says what is wrong, in one line."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        for name in ("game", "players", "seed", "variant", "actions"):
            if name not in data:
                raise RecordError(f"the record has no {name!r} field")
        game, players, seed, variant = data["game"], data["players"], data["seed"], data["variant"]
        if not isinstance(game, str) or not isinstance(variant, str):
            raise RecordError("'game' and 'variant' must be text")
        if not _is_int(players) or not 1 <= players <= 64:
            raise RecordError(f"'players' must be a whole number of players, not {quote(players)}")
        if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise RecordError(f"'seed' must be a whole number from 0 to 2**64 - 1, not {quote(seed)}")
        pairs = _action_pairs(data["actions"])
        options = data.get("options") or {}
        if not isinstance(options, dict) or not all(
                isinstance(v, (str, bool, int, float)) or v is None for v in options.values()):
            raise RecordError("'options' must be an object of plain values")
        scores, winners, agents = _results(data)
        version = data.get("version", FORMAT_VERSION)
        if version != FORMAT_VERSION:
            raise RecordError(f"record format version {quote(version)} is not supported")
        return cls(game=game, players=players, seed=seed, variant=variant, actions=pairs,
                   options=dict(options), scores=scores, winners=winners, agents=agents)


def _action_pairs(actions: Any) -> list[tuple[int | None, str]]:
    """A record's `actions` as (player, text) pairs, or `RecordError`."""
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record has more than {MAX_ACTIONS} actions")
    pairs: list[tuple[int | None, str]] = []
    for i, item in enumerate(actions):
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str)
                or not (item[0] is None or _is_int(item[0]))):
            raise RecordError(f"action {i} is not a [player, text] pair: {quote(item)}")
        pairs.append((item[0], item[1]))
    return pairs


def _results(data: dict[str, Any]) -> tuple[list[float] | None, list[int] | None, list[str] | None]:
    """A record's optional `scores`, `winners` and `agents`, checked (None when absent)."""
    scores = data.get("scores")
    if scores is not None and (not isinstance(scores, list) or not all(map(_is_number, scores))):
        raise RecordError(f"'scores' must be a list of numbers, not {quote(scores)}")
    winners = data.get("winners")
    if winners is not None and (not isinstance(winners, list) or not all(map(_is_int, winners))):
        raise RecordError(f"'winners' must be a list of seats, not {quote(winners)}")
    agents = data.get("agents")
    if agents is not None and (not isinstance(agents, list) or not all(isinstance(a, str) for a in agents)):
        raise RecordError(f"'agents' must be a list of names, not {quote(agents)}")
    return scores, winners, agents


def new_state(record: GameRecord) -> State[Any]:
    """The initial state the record starts from."""
    try:
        spec = get_spec(record.game)
        return spec.make(players=record.players, seed=record.seed, variant=record.variant,
                         **record.options)
    except IonError as err:
        raise RecordError(str(err)) from None


def from_state(state: State[Any], agents: list[str] | None = None) -> GameRecord:
    """The record of everything applied to `state` since it was made."""
    actions = [(None if p is HOST else p, state.format_action(a)) for p, a in state.history()]
    over = state.is_over()
    return GameRecord(game=state.game_id, players=state.num_players, seed=state.seed,
                      variant=state.variant, options=dict(state.options), actions=actions,
                      scores=list(state.scores()) if over else None,
                      winners=list(state.winners()) if over else None, agents=agents)


def replay(record: GameRecord, on_step: Callable[[int, State[Any]], None] | None = None) -> State[Any]:
    """Re-apply every action of `record` and check the stored result.

    `RecordError` names the first action that does not parse or is illegal, or the mismatch in
    the final scores. `on_step(index, state)` is called after each action (for turn-by-turn display).
    """
    state = new_state(record)
    for index, (player, text) in enumerate(record.actions):
        try:
            state.apply_text(HOST if player is None else player, text)
        except IllegalAction as err:
            who = "host" if player is None else f"Player {player}"
            raise RecordError(f"action {index} ({who}: {quote(text)}) is not legal: {err}") from None
        if on_step is not None:
            on_step(index, state)
    if record.scores is not None:
        if not state.is_over():
            raise RecordError(f"the record claims a finished game but it is still running after "
                              f"{len(record.actions)} actions")
        if [float(s) for s in state.scores()] != [float(s) for s in record.scores]:
            raise RecordError(f"the replayed scores ({_numbers(state.scores())}) differ from the recorded "
                              f"ones ({_numbers(record.scores)})")
    if record.winners is not None and list(state.winners()) != list(record.winners):
        raise RecordError(f"the replayed winners (seats {_numbers(state.winners()) or 'none'}) differ from "
                          f"the recorded ones (seats {_numbers(record.winners) or 'none'})")
    return state


def _numbers(values: Iterable[float]) -> str:
    """`10, 0, 3.5`: numbers as people read them (no brackets, no trailing `.0`)."""
    return ", ".join(f"{v:g}" for v in values)


def dump(records: Iterable[GameRecord], out: IO[str] | str | Path) -> int:
    """Write records as JSON Lines to a path or text stream; return how many were written."""
    if isinstance(out, (str, Path)):
        with open(out, "w", encoding="utf-8") as handle:
            return dump(records, handle)
    count = 0
    for record in records:
        out.write(record.to_json() + "\n")
        count += 1
    return count


def loads(line: str | bytes, where: str = "record") -> GameRecord:
    """Parse one JSON line (text, or bytes that must be UTF-8)."""
    if len(line) > MAX_LINE:
        raise RecordError(f"{where} is longer than {MAX_LINE // (1024 * 1024)} MB")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"{where} is not UTF-8 text (byte {err.start + 1})") from None
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise RecordError(f"{where} is not valid JSON: {err.msg} at column {err.colno}") from None
    except RecursionError:
        raise RecordError(f"{where} is nested too deeply to be a record") from None
    except ValueError as err:
        if "digits" in str(err):  # Python's limit on the length of an integer read from text
            raise RecordError(f"{where} holds a number too long to be read (thousands of digits)") from None
        raise RecordError(f"{where} holds a value JSON cannot carry here ({quote(str(err), 60)})") from None
    try:
        return GameRecord.from_dict(data)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None


def iter_lines(source: IO[bytes] | str | Path) -> Iterator[tuple[int, GameRecord | RecordError]]:
    """`(line number, record or the error that line gave)` for every non-blank line, so that one bad
    line does not stop a reader from using the others."""
    if isinstance(source, (str, Path)):
        try:
            with open(source, "rb") as handle:
                yield from iter_lines(handle)
        except OSError as err:
            raise RecordError(f"cannot read {source}: {err.strerror}") from None
        return
    for number, line in enumerate(source, start=1):
        if line.strip():
            try:
                yield number, loads(line, where=f"line {number}")
            except RecordError as err:
                yield number, err


def iter_load(source: IO[str] | IO[bytes] | str | Path) -> Iterator[GameRecord]:
    """Records from a JSON Lines path or stream, lazily; blank lines are skipped; the first bad line
    raises `RecordError` naming it."""
    if isinstance(source, (str, Path)):
        for _, item in iter_lines(source):
            if isinstance(item, RecordError):
                raise item
            yield item
        return
    lines: Iterable[str | bytes] = source
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield loads(line, where=f"line {number}")


def load(source: IO[str] | str | Path) -> list[GameRecord]:
    """Every record of a JSON Lines path or stream."""
    return list(iter_load(source))
