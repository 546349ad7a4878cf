"""What `ion play` shows, for turn-based and real-time games alike: plain lines, never markup.

Everything a person or a game wrote (names, cards like `[===]`, bank's `[:]`) is printed as the
characters it is: Rich's markup, emoji codes and highlighting are off for every line here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import Event, GameSpec, Names, View
from ..core.present import result_line
from ..host import Table, Update
from ..store import Store
from .again import deal_again_command, replay_command

Output = Callable[[str], None]


def plain_printer() -> Output:
    """Print one line (or several) to the terminal as plain text."""
    from .common import console

    def out(text: str) -> None:
        console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)

    return out


def names_for(update: Update) -> Names:
    """How the seat of `update` reads everyone's names."""
    return Names(update.seat, update.names)


def describe_events(spec: GameSpec, events: Sequence[Event], names: Names, out: Output) -> None:
    """Each event as one indented sentence."""
    for event in events:
        out("  " + spec.presenter.describe(event, names))


def render(spec: GameSpec, view: View, names: Names) -> str:
    """The table as the seat of `view` sees it."""
    return spec.presenter.render(view, names)


def header(table: Table, seat: int) -> str:
    """The first line of a game."""
    spec = table.spec
    return (f"{spec.title} — {table.info().variant}, {table.players} players, you are seat {seat} "
            f"({table.seats[seat].name}).")


def end_screen(table: Table, seat: int, store: Store | None, out: Output, *, left: bool = False) -> None:
    """The end of a game, printed once: the final table and scores (when it ended), the seed, and
    how to see the game again."""
    update = table.update(seat, since=table.version)
    names = names_for(update)
    if update.over:
        table_text = render(table.spec, update.view, names)
        out(table_text)
        result = result_line(update.view, names)
        if result not in table_text:  # a presenter that words the end itself is not repeated
            out("Game over. " + result)
        for other, score in enumerate(update.view["scores"]):
            out(f"  {names(other)}: {score:g}")
    elif left:
        out("You left the game.")
    info = table.info()
    out(f"Seed {info.seed}: `{deal_again_command(info, table.spec)}` deals this game again.")
    if store is not None:
        out(f"Saved as game {table.id} in {store.where}: `{replay_command(table.id, store)}` replays it.")


__all__ = ["Output", "describe_events", "end_screen", "header", "names_for", "plain_printer", "render"]
