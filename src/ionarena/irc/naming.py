"""Seats as IRC users read and type them: by name, never by number.

People are their nicks; bots are `bot1`, `bot2` … (numbered among the bots, skipping any name a
player has). The games' own sentences name seats through `Names`, but the kernel's refusals say
`Player 2` (it knows no names): `name_seats` puts the names in at the edge. A deal is accepted
with `ok <nick>` (or `ok <seat>`, as the rulebook's command reads): `ok_command` turns the nick
into the seat number the game takes. Valence's reaction names the player whose stash it reacts
with (`react H 2 OH`): players read and type `react H bob OH` (`named_moves`, `react_command`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_SEAT = re.compile(r"\b(?:Player|seat) (\d{1,3})\b")
_REACT = re.compile(r"^(react \S+ )(\d{1,2})( \S+)$")


def seat_names(nicks: Sequence[str]) -> list[str]:
    """Names by seat: the nick in each seat, `botN` for the others (a name no player has)."""
    taken = {nick.casefold() for nick in nicks if nick}
    names: list[str] = []
    count = 0
    for nick in nicks:
        if nick:
            names.append(nick)
            continue
        while True:
            count += 1
            name = f"bot{count}"
            if name not in taken:
                break
        names.append(name)
    return names


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with `Player 2` / `seat 2` replaced by that seat's name (seats out of range stay)."""
    def named(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) and names[seat] else match.group(0)
    return _SEAT.sub(named, text)


def seat_named(word: str, names: Sequence[str], normalize: Callable[[str], str] = str.casefold) -> int | None:
    """The seat called `word` (a nick or a bot's name), None if nobody is."""
    wanted = normalize(word)
    return next((seat for seat, name in enumerate(names) if name and normalize(name) == wanted), None)


def ok_command(text: str, names: Sequence[str], normalize: Callable[[str], str] = str.casefold) -> str:
    """`ok <nick>` as `ok <seat>` (the game's command); any other text as it is."""
    words = text.split()
    if len(words) == 2 and words[0].lower() == "ok" and not words[1].isdigit():
        seat = seat_named(words[1], names, normalize)
        if seat is not None:
            return f"ok {seat}"
    return text


def named_moves(legal: Sequence[str], names: Sequence[str]) -> list[str]:
    """Legal moves as a player types them: `react H 2 OH` as `react H bob OH`."""
    def named(move: str) -> str:
        found = _REACT.match(move)
        if found is None or not 0 <= int(found.group(2)) < len(names) or not names[int(found.group(2))]:
            return move
        return f"{found.group(1)}{names[int(found.group(2))]}{found.group(3)}"
    return [named(move) for move in legal]


def react_command(text: str, names: Sequence[str], normalize: Callable[[str], str] = str.casefold) -> str:
    """`react <x> <nick> <y>` as `react <x> <seat> <y>` (the game's command); any other text as it is."""
    words = text.split()
    if len(words) == 4 and words[0].lower() == "react" and not words[2].isdigit():
        seat = seat_named(words[2], names, normalize)
        if seat is not None:
            return " ".join([*words[:2], str(seat), words[3]])
    return text


__all__ = ["name_seats", "named_moves", "ok_command", "react_command", "seat_named", "seat_names"]
