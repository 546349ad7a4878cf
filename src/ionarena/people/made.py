"""What a game's record says each seat formed: compounds (compound) and molecules (valence).

The record is replayed (`core.record.replay`) and its public events read, as a spectator would
read them: compound's `bond` and `form` (a compound with its formula and name) and `rxn_best`
(the compounds an RXN re-formed); valence's `build` (a molecule by formula; its name is the one
the game's presenter gives when it explains the molecule to a class) and `wrong_name` (Science
Ninja: the cards were right but the name was wrong, so the molecule was not made). Each is
`Formed(version, seat, formula, name)`; a wrong name is `Misnamed(version, seat, formula, said,
reason)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..core import Event, State, get_spec
from ..core.record import GameRecord, replay


class Formed(NamedTuple):
    """A compound or molecule a seat formed, by the action that made game version `version`."""

    version: int
    seat: int
    formula: str
    name: str


class Misnamed(NamedTuple):
    """A molecule a seat built with a wrong name (Science Ninja), so it was not made."""

    version: int
    seat: int
    formula: str
    said: str
    reason: str


def _compound(event: Event) -> list[tuple[str, str]]:
    data = event.data
    if event.kind in ("bond", "form"):
        return [(str(data["formula"]), str(data["name"]))]
    if event.kind == "rxn_best":
        return [(str(c["formula"]), str(c["name"])) for c in data.get("compounds", [])]
    return []


def _molecule_name(game: str, event: Event) -> str:
    """The molecule's name as the game's presenter explains it ("Sodium oxide, Na2O, is …")."""
    formula = str(event.data["molecule"])
    text = get_spec(game).presenter.explain(event)
    head, marker, _ = text.partition(f", {formula},")
    if not marker or not head:
        return formula
    return head[:1].lower() + head[1:]


def _valence(event: Event) -> list[tuple[str, str]]:
    if event.kind != "build":
        return []
    return [(str(event.data["molecule"]), _molecule_name("valence", event))]


READERS: dict[str, Callable[[Event], list[tuple[str, str]]]] = {"compound": _compound, "valence": _valence}
"""The games whose records say what was formed, each with its reader of one event."""


def formed(record: GameRecord) -> tuple[list[Formed], list[Misnamed]]:
    """Everything each seat formed in the game of `record` (and misnamed), in game order."""
    reader = READERS.get(record.game)
    if reader is None:
        return [], []
    state: State = replay(record)  # an unfinished game's record replays too (nothing to check)
    made: list[Formed] = []
    wrong: list[Misnamed] = []
    for event in state.events(None, -1):
        seat = event.data.get("player")
        if not isinstance(seat, int):
            continue
        for formula, name in reader(event):
            made.append(Formed(event.version, seat, formula, name))
        if event.kind == "wrong_name":
            formula = str(event.data["molecule"])
            said = str(event.data.get("said", ""))
            wrong.append(Misnamed(event.version, seat, formula, said,
                                  f"named {said!r}: it is {_molecule_name('valence', event)}"))
    return made, wrong


__all__ = ["READERS", "Formed", "Misnamed", "formed"]
