"""Presenters: each game's words for people, kept outside its rules.

A presenter turns a seat's view and its events into plain text (terminal, IRC, the web's log).
It reads only what the seat was given (view + events), so it cannot leak, and it never interprets
markup: a name or anything else a person typed is shown as the characters it is.

Every game has one presenter (`games/<id>/present.py`), registered on its `GameSpec`:

- `describe(event, names)`: one sentence for one event, e.g. "Player 2 plays 5|2."
- `render(view, names)`: the table as plain text lines, for the seat the view belongs to.
- `summary(view, names)`: that seat's table in one short line, for chat (IRC's "Your turn").
- `explain(event)`: for classrooms, the chemistry behind an event (a compound or molecule formed:
  its ions or atoms, their charges or valences summing to zero, formula and name); "" otherwise.
- `catalogue()`: the printed faces of the game's cards (names, kinds, colours, points: public facts
  of the deck), by the text a view shows each card as, so that every surface draws and names a
  card from one place (the web serves it at `/api/games/<id>/cards`).

Presenters are dispatch tables: one small function per event kind in a dict keyed like the game's
`EVENT_FIELDS` (`DESCRIBE`), never one function with a branch per kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .events import Event
from .view import View

Fields = dict[str, Any]
"""An event's fields as data (`Event.data`): JSON-ready values, each game's own per kind."""


Describe = Callable[[Fields, "Names"], str]
"""A presenter's sentence for one event kind: its fields and the reader's names -> one sentence
(the values of a presenter's `DESCRIBE` table)."""


class Names:
    """How people are called in the words a seat reads: display names, the reader marked "(you)".

    Seats without a display name are "Player <n>" (seats count from 0, as everywhere in Ion Arena).
    """

    __slots__ = ("names", "viewer")

    def __init__(self, viewer: int | None = None, names: Sequence[str] | None = None):
        self.viewer = viewer
        self.names = list(names) if names is not None else []

    def __call__(self, seat: int | None) -> str:
        """The name of `seat` as the reader sees it: `Player 2`, `ada`, `Player 0 (you)`."""
        if seat is None or not isinstance(seat, int):
            return "nobody"
        base = self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else f"Player {seat}"
        return f"{base} (you)" if seat == self.viewer else base

    def plain(self, seat: int) -> str:
        """The name of `seat` without the "(you)" mark."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"Player {seat}"

    def possessive(self, seat: int | None) -> str:
        """`Player 2's`, `ada's`; `your` for the reader (never "Player 0 (you)'s")."""
        if seat is not None and seat == self.viewer:
            return "your"
        return self(seat) + "'s"

    def list(self, seats: Sequence[int]) -> str:
        """`Player 1`, `Player 1 and Player 3`, `Player 1, Player 2 and Player 3`."""
        return and_list([self(s) for s in seats]) or "nobody"


class Presenter(Protocol):
    """A game's words for people (see the module docstring)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for the reader `names.viewer`."""
        ...

    def render(self, view: View, names: Names) -> str:
        """The table of `view` as plain text (several lines)."""
        ...

    def summary(self, view: View, names: Names) -> str:
        """The table of `view` in one short line for chat surfaces (IRC's "Your turn" line): what
        that seat needs to choose its move — the cards it holds, what it must answer, the state
        of play that matters now — read from `view` alone, so it shows nothing hidden from that
        seat. No line breaks; a few hundred characters at most (a chat line is 512 bytes). The
        surface adds the legal moves itself. "" when there is nothing to say."""
        ...

    def explain(self, event: Event) -> str:
        """The chemistry behind `event` for a classroom, or "" when there is none."""
        ...

    def catalogue(self) -> Mapping[str, Mapping[str, Any]]:
        """The printed faces of the game's cards, by the text a view shows each card as (a name, a
        kind or category, points, ...: each game's own fields); empty for a game without any."""
        ...


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 card`, `3 cards`, `2 mice` (with `many`)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def and_list(words: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`; "" for no words."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve")


def number_word(count: int) -> str:
    """A count as a word, as a class reads it: `one`, `three`, `no`; digits from 13 on."""
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)


MINUS = "−"
"""The minus sign of charges and valences (U+2212), as a textbook prints it."""


def signed(value: int) -> str:
    """A charge or valence with its sign: `+1`, `−2` (a real minus sign), `0`."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def result_line(view: View, names: Names) -> str:
    """The end of a game in one sentence from its view envelope: who won, or that it was a draw."""
    winners = view.get("winners") or []
    if not view.get("over"):
        return ""
    if not winners:
        return "The game ends without a winner (a draw)."
    if len(winners) == 1:
        return f"{names(winners[0])} wins."
    return f"{names.list(winners)} share the win."
