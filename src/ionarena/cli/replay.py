"""`ion replay`: replay one stored game turn by turn and verify it."""

from __future__ import annotations

from pathlib import Path

from ..core import RecordError, State, get_spec
from ..core.record import GameRecord, iter_load, replay
from .common import console


def pick_record(path: Path, index: int) -> GameRecord:
    """Record number `index` (0-based, the game number of `ion simulate`) of a JSON Lines file."""
    if index < 0:
        raise RecordError("--game must be 0 or more")
    for number, record in enumerate(iter_load(path)):
        if number == index:
            return record
    raise RecordError(f"{path} has no game {index}")


def replay_verbose(record: GameRecord, quiet: bool) -> State:
    """Replay with each action printed; the final view at the end; raises RecordError on a bad one."""
    spec = get_spec(record.game) if not quiet else None

    def show(index: int, state: State) -> None:
        player, text = record.actions[index]
        who = "host" if player is None else f"player {player}"
        console.print(f"[dim]{index:>5}[/] {who}: {text}")

    state = replay(record, on_step=None if quiet else show)
    if spec is not None:
        console.print(spec.render(state.view(None), None))
    return state
