"""Refusals in the names the page shows: "it is not your turn; ada is to move", never "Player 0".

The rules and the table speak of seats by number (`it is not Player 0's turn`, `seat 1 is taken`):
they know no names, and the terminal and IRC word seats their own way. A refusal shown on the web
names people as the table page does — the seat's display name (`ada`, `Player 2 (greedy)` for a
bot, `Player 1` for an open seat), and `your` for the reader's own seat — so a person never has
to work out which engine number they are.

    >>> name_people("it is not Player 0's turn; Player 1 is to move", Names(0, ["ada", "bob"]))
    "it is not your turn; bob is to move"
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from ..core import IllegalAction, Names
from ..host import Table

_SEAT = re.compile(r"\b(?:(Player|player) (\d+)('s)?|seat (\d+))\b('s)?")


def name_people(text: str, names: Names) -> str:
    """`text` with every `Player <n>` (`Player <n>'s`) and `seat <n>` of a seat that exists
    worded as `names` words it (see the module docstring); other numbers stay as they are."""
    count = len(names.names)

    def word(match: re.Match[str]) -> str:
        number = match.group(2) or match.group(4)
        seat = int(number)
        if not 0 <= seat < count:
            return match.group(0)
        if match.group(4) is not None:  # "seat 1" -> "bob's seat"
            return f"{names.possessive(seat)} seat" + (match.group(5) or "")
        if match.group(3) or match.group(5):
            return names.possessive(seat)
        return names.plain(seat)

    return _SEAT.sub(word, text)


@contextmanager
def named_refusals(table: Table, reader: int | None) -> Iterator[None]:
    """Reword an `IllegalAction` raised inside (and re-raise it, its class kept) in the names of
    `table`'s seats as `reader` reads them."""
    try:
        yield
    except IllegalAction as err:
        if len(err.args) == 1 and isinstance(err.args[0], str):
            names = Names(reader, [info.display_name() for info in table.seats])
            err.args = (name_people(err.args[0], names),)
        raise


__all__ = ["name_people", "named_refusals"]
