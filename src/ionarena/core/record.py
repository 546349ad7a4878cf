"""Game records: `seed + config + action log`, the unit that is stored, replayed and shared.

A record is one JSON object; a file of records is JSON Lines (one record per line).
Actions are stored as `[player, text]` with the game's canonical action text (`player` is null for
host events such as timeouts).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from .errors import IllegalAction, IonError, RecordError
from .registry import get_spec
from .state import State

FORMAT_VERSION = 1


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
        data = asdict(self)
        data["actions"] = [list(a) for a in self.actions]
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Validate the shape of a decoded record; `RecordError` says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        try:
            actions = data["actions"]
            if not isinstance(actions, list):
                raise RecordError("'actions' must be a list")
            pairs: list[tuple[int | None, str]] = []
            for i, item in enumerate(actions):
                if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str)
                        or not (item[0] is None or isinstance(item[0], int))):
                    raise RecordError(f"action {i} is not a [player, text] pair: {item!r}")
                pairs.append((item[0], item[1]))
            record = cls(game=str(data["game"]), players=int(data["players"]), seed=int(data["seed"]),
                         variant=str(data["variant"]), actions=pairs,
                         options=dict(data.get("options") or {}), scores=data.get("scores"),
                         winners=data.get("winners"), agents=data.get("agents"),
                         version=int(data.get("version", FORMAT_VERSION)))
        except KeyError as missing:
            raise RecordError(f"the record has no {missing.args[0]!r} field") from None
        except (TypeError, ValueError) as bad:
            raise RecordError(f"the record has a field of the wrong type ({bad})") from None
        if record.version != FORMAT_VERSION:
            raise RecordError(f"record format version {record.version} is not supported")
        return record


def new_state(record: GameRecord) -> State:
    """The initial state the record starts from."""
    try:
        spec = get_spec(record.game)
        return spec.make(players=record.players, seed=record.seed, variant=record.variant,
                         **record.options)
    except IonError as err:
        raise RecordError(str(err)) from None


def from_state(state: State, agents: list[str] | None = None) -> GameRecord:
    """The record of everything applied to `state` since it was made."""
    actions = [(p, state.format_action(a)) for p, a in state.history()]
    over = state.is_over()
    return GameRecord(game=state.game_id, players=state.num_players, seed=state.seed,
                      variant=state.variant, options=dict(state.options), actions=actions,
                      scores=list(state.scores()) if over else None,
                      winners=list(state.winners()) if over else None, agents=agents)


def replay(record: GameRecord, on_step: Callable[[int, State], None] | None = None) -> State:
    """Re-apply every action of `record` and check the stored result.

    `RecordError` names the first action that does not parse or is illegal, or the mismatch in
    the final scores. `on_step(index, state)` is called after each action (for turn-by-turn display).
    """
    state = new_state(record)
    for index, (player, text) in enumerate(record.actions):
        try:
            state.apply_text(player, text)
        except IllegalAction as err:
            who = "host" if player is None else f"player {player}"
            raise RecordError(f"action {index} ({who}: {text!r}) is not legal: {err}") from None
        if on_step is not None:
            on_step(index, state)
    if record.scores is not None:
        if not state.is_over():
            raise RecordError(f"the record claims a finished game but it is still running after "
                              f"{len(record.actions)} actions")
        if [float(s) for s in state.scores()] != [float(s) for s in record.scores]:
            raise RecordError(f"replayed scores {state.scores()} differ from recorded {record.scores}")
    if record.winners is not None and list(state.winners()) != list(record.winners):
        raise RecordError(f"replayed winners {state.winners()} differ from recorded {record.winners}")
    return state


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


def loads(line: str, where: str = "record") -> GameRecord:
    """Parse one JSON line."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise RecordError(f"{where} is not valid JSON: {err.msg} at column {err.colno}") from None
    return GameRecord.from_dict(data)


def iter_load(source: IO[str] | str | Path) -> Iterator[GameRecord]:
    """Records from a JSON Lines path or stream, lazily; blank lines are skipped."""
    if isinstance(source, (str, Path)):
        try:
            with open(source, encoding="utf-8") as handle:
                yield from iter_load(handle)
        except OSError as err:
            raise RecordError(f"cannot read {source}: {err.strerror}") from None
        return
    for number, line in enumerate(source, start=1):
        if line.strip():
            yield loads(line, where=f"line {number}")


def load(source: IO[str] | str | Path) -> list[GameRecord]:
    """Every record of a JSON Lines path or stream."""
    return list(iter_load(source))
