"""`ion replay`: replay one stored game turn by turn and verify it, or verify every game of a file."""

from __future__ import annotations

from pathlib import Path

from ..core import IonError, Names, RecordError, State, get_spec, quote
from ..core.record import GameRecord, iter_lines, replay
from .common import console


def pick_record(path: Path, index: int) -> GameRecord:
    """Record number `index` (0-based, the game number of `ion simulate`) of a JSON Lines file.

    Other lines may be bad: only the chosen one has to be a good record.
    """
    if index < 0:
        raise RecordError("--game must be 0 or more")
    for number, (_, item) in enumerate(iter_lines(path)):
        if number == index:
            if isinstance(item, RecordError):
                raise item
            return item
    raise RecordError(f"{path} has no game {index}")


def replay_verbose(record: GameRecord, quiet: bool) -> State:
    """Replay with each action and the events it caused printed (as a spectator reads them);
    the final table at the end; raises RecordError on a bad record."""
    spec = get_spec(record.game)
    names = Names(None)

    def show(index: int, state: State) -> None:
        player, text = record.actions[index]
        who = "host" if player is None else names(player)
        console.print(f"{index:>5} {who}: {text}", markup=False, highlight=False)
        for event in state.events(None, since=state.version - 1):
            console.print(f"        {spec.presenter.describe(event, names)}", markup=False, highlight=False)

    state = replay(record, on_step=None if quiet else show)
    if not quiet:
        console.print(spec.presenter.render(state.view(None), names), markup=False, highlight=False)
    return state


def watch_or_print(record: GameRecord, quiet: bool, watch: bool) -> State:
    """`--watch`: verify the record, then step through it full-screen (`ionarena.tui`); else
    `replay_verbose`. RecordError for a bad record, IonError when --watch has no terminal."""
    if not watch:
        return replay_verbose(record, quiet)
    from ..tui.run import wants_tui, watch_record
    if not wants_tui(False):
        raise IonError("--watch needs a terminal (stdin and stdout); without it, leave --watch out")
    state = replay(record)
    watch_record(record)
    return state


def verify_all(path: Path) -> tuple[int, list[str]]:
    """Replay every record of `path`; return how many verified and one line per bad one."""
    good, bad = 0, []
    for number, (line, item) in enumerate(iter_lines(path)):
        if isinstance(item, RecordError):
            bad.append(f"game {number}: {item}")  # the error names its line
            continue
        try:
            replay(item)
            good += 1
        except RecordError as err:
            bad.append(f"game {number} (line {line}): {quote(str(err), 300)[1:-1]}")
    return good, bad
